"use client";

import { useTranslations } from "next-intl";
import Link from "@/components/app-link";

/** A person's week on the dashboard, the hours already written on the server in the firm's locale. */
export type TeamWeekRow = {
  userId: string;
  name: string;
  hours: string;
  /** Their week (capacity), in the same words. */
  target: string;
  href: string;
  fillPercent: string;
  isOverTarget: boolean;
};

/** A bar for the eye (one element: a team has many rows); the figure next to it says the same in words. */
export function WeekBar({ fillPercent, isOverTarget }: { fillPercent: string; isOverTarget: boolean }) {
  const color = isOverTarget ? "var(--warning)" : "var(--primary)";
  return (
    <div
      aria-hidden="true"
      className="h-2 rounded-full"
      style={{ background: `linear-gradient(to right, ${color} ${fillPercent}, var(--muted) ${fillPercent})` }}
    />
  );
}

/**
 * The team's rows of "Hours this week", one per person. A client component on purpose: the page
 * sends the rows as plain data and they are laid out here, not every cell's tree in the payload.
 */
export function TeamWeekRows({ rows }: { rows: TeamWeekRow[] }) {
  const t = useTranslations("dashboard.week");
  // Cell styles: the `figure-table` rules of globals.css.
  return rows.map((row) => (
    <tr key={row.userId}>
      <th scope="row" className="max-w-40 truncate">
        {row.name}
      </th>
      <td className="hidden sm:table-cell">
        <WeekBar fillPercent={row.fillPercent} isOverTarget={row.isOverTarget} />
      </td>
      <td>
        <Link href={row.href} className="hover:underline">
          {row.hours}
          <span className="sr-only"> {t("loggedBy", { name: row.name })}</span>
        </Link>
        <span className="text-muted-foreground"> {t("of", { target: row.target })}</span>
      </td>
    </tr>
  ));
}
