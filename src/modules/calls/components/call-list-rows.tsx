"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import Link from "@/components/app-link";
import { Badge } from "@/components/ui/badge";
import { TableBody, TableCell, TableRow } from "@/components/ui/table";
import type { CallDirection, CallStatus, MissedOutcome } from "../call-rules";
import type { EditableCall } from "./call-form-options";
import { CallActionsButton, CallRowActions } from "./call-row-actions";
import { TakeCallButton } from "./take-call-button";
import { CALL_STATUS_VARIANTS } from "./call-status";

/** A row of a call table, its times, phone and duration already written on the server for the firm. */
export type CallListRow = {
  id: string;
  /** "12 Mar 2026, 14:30" and "12/03/2026, 14:30"; null: as soon as possible. */
  when: string | null;
  isOverdue: boolean;
  contactName: string;
  direction: CallDirection;
  phone: { href: string; label: string } | null;
  subject: string;
  /** The start of the notes: the table shows one line of them. */
  notesPreview: string | null;
  hasFollowUp: boolean;
  client: { id: string; name: string } | null;
  projectName: string | null;
  assigneeName: string | null;
  status: CallStatus;
  outcome: MissedOutcome | null;
  /** The week the call's time entry is on, once logged as time. */
  timesheetId: string | null;
  billable: boolean;
  duration: string | null;
  /** What the row's actions need; null when the viewer may not change this call. */
  editable: EditableCall | null;
  /** A call still to do that nobody has: anyone may take it ("Take it"). */
  takeable: { id: string; version: number } | null;
};

/**
 * The rows of a call table. A client component on purpose: the page sends the rows as plain data
 * and they are laid out here, instead of every cell's tree going into the page's React payload.
 */
export function CallListRows({ rows, showClient }: { rows: CallListRow[]; showClient: boolean }) {
  // Only the row whose actions were opened mounts the menu and its dialogs; the others show a
  // plain button (fifty menus with their state cost every render and every hydration).
  const [active, setActive] = useState<string | null>(null);
  const t = useTranslations("calls");
  return (
    <TableBody>
      {rows.map((row) => (
        <TableRow key={row.id} data-call-id={row.id}>
          <TableCell from="md" className="align-top whitespace-nowrap tabular-nums">
            {/* A date and time stay on one line; "As soon as possible" may take two. */}
            {row.when ? row.when : <span className="whitespace-normal text-muted-foreground">{t("row.asap")}</span>}
            {row.isOverdue ? (
              <div>
                <Badge variant="danger" className="mt-1">
                  {t("row.overdue")}
                </Badge>
              </div>
            ) : null}
          </TableCell>
          {/* Narrower from lg to xl, where the sidebar takes 256 px of the window. */}
          <TableCell className="max-w-40 align-top md:max-w-56 lg:max-w-48 xl:max-w-56">
            <div className="truncate font-medium">{row.contactName}</div>
            {/* Below md the When column moves here: at 640 px a date and time in the American
                form ("Nov 28, 2026, 9:01 AM") held the table 14 px wider than the screen. */}
            <div className="text-xs tabular-nums md:hidden">
              {row.when ?? t("row.asap")}
              {row.isOverdue ? (
                <span className="font-medium text-destructive">
                  {" · "}
                  {t("row.overdue")}
                </span>
              ) : null}
            </div>
            <div className="text-xs text-muted-foreground">
              {t(`direction.${row.direction}`)}
              {row.phone ? (
                <>
                  {" · "}
                  <a
                    href={row.phone.href}
                    className="whitespace-nowrap text-primary underline-offset-4 hover:underline tabular-nums"
                  >
                    {row.phone.label}
                  </a>
                </>
              ) : null}
            </div>
            <div className="truncate text-xs text-muted-foreground md:hidden">{row.subject}</div>
            {showClient && row.client ? (
              <div className="line-clamp-2 text-xs wrap-break-word text-muted-foreground xl:hidden">
                {row.client.name}
              </div>
            ) : null}
          </TableCell>
          {/* The subject and the notes wrap between words (two lines, one line): kept on one line
              they held their whole width while the names beside them were squeezed. */}
          <TableCell from="md" className="max-w-72 align-top">
            <div className="line-clamp-2 wrap-break-word">{row.subject}</div>
            {row.notesPreview ? (
              <div className="line-clamp-1 text-xs wrap-break-word text-muted-foreground">{row.notesPreview}</div>
            ) : null}
            {row.hasFollowUp ? <div className="text-xs text-muted-foreground">{t("row.followUpScheduled")}</div> : null}
          </TableCell>
          {showClient ? (
            // Names wrap between words, never inside one: "anywhere" (the tables' rule) let the
            // table squeeze this column to a few letters a line beside a roomy subject. From xl
            // only: the sidebar takes 256 px from lg, and with this column the table was 829 px
            // wide in 718 at 1024 px; below xl the client's name is under the contact's.
            <TableCell from="xl" className="align-top wrap-break-word">
              {row.client ? (
                <Link href={`/bo/clients/${row.client.id}`} className="text-primary underline-offset-4 hover:underline">
                  {row.client.name}
                </Link>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
              {row.projectName ? <div className="text-xs text-muted-foreground">{row.projectName}</div> : null}
            </TableCell>
          ) : null}
          <TableCell from="sm" className="align-top wrap-break-word">
            {row.assigneeName ?? <span className="text-muted-foreground">{t("row.nobody")}</span>}
          </TableCell>
          <TableCell className="align-top">
            <Badge variant={CALL_STATUS_VARIANTS[row.status]}>{t(`status.${row.status}`)}</Badge>
            {row.outcome ? (
              <div className="mt-1 text-xs text-muted-foreground">{t(`outcome.${row.outcome}`)}</div>
            ) : null}
            {row.timesheetId ? (
              <div className="mt-1 text-xs">
                <Link
                  href={`/bo/timesheets/${row.timesheetId}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {t("row.timeLogged")}
                  <span className="sr-only"> {t("row.forCallWith", { contact: row.contactName })}</span>
                </Link>
              </div>
            ) : row.billable ? (
              <div className="mt-1 text-xs text-muted-foreground">{t("row.billable")}</div>
            ) : null}
            {/* Below xl the Duration column gives its width to the others (see the client's). */}
            {row.duration ? (
              <div className="mt-1 text-xs whitespace-nowrap text-muted-foreground tabular-nums xl:hidden">
                {t("row.duration", { duration: row.duration })}
              </div>
            ) : null}
          </TableCell>
          <TableCell figure from="xl" className="align-top">
            {row.duration ?? <span className="text-muted-foreground">—</span>}
          </TableCell>
          {/* Below xl "Take it" and the menu button may stack: side by side they pushed the menu
              out of the table's view (389 px in 356 at 390 px, 639 in 574 at 640, 723 in 718 at 1024). */}
          <TableCell className="text-right align-top xl:whitespace-nowrap">
            {row.takeable ? <TakeCallButton {...row.takeable} contactName={row.contactName} /> : null}
            {row.editable ? (
              active === row.id ? (
                <CallRowActions key={row.id} call={row.editable} opened />
              ) : (
                <CallActionsButton contactName={row.contactName} onClick={() => setActive(row.id)} />
              )
            ) : null}
          </TableCell>
        </TableRow>
      ))}
    </TableBody>
  );
}
