import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/dates";
import { formatDuration } from "@/modules/timesheets/timesheet-rules";
import { WEEKLY_TARGET_MINUTES, weekFill } from "../dashboard-rules";
import type { DashboardData } from "../dashboard-queries";
import { FigureRow, FigureTable } from "./figure-table";
import { FigureLink } from "./stat-card";

/** A bar for the eye (one element: a team has many rows); the figure next to it says the same in words. */
function WeekBar({ minutes }: { minutes: number }) {
  const percent = `${(weekFill(minutes) * 100).toFixed(1)}%`;
  const color = minutes > WEEKLY_TARGET_MINUTES ? "var(--warning)" : "var(--primary)";
  return <div aria-hidden="true" className="h-2 rounded-full" style={{ background: `linear-gradient(to right, ${color} ${percent}, var(--muted) ${percent})` }} />;
}

/** Hours logged this week against 40 h: mine, and for managers one row per person. */
export function WeekHoursCard({ week, locale, timeZone }: { week: DashboardData["week"]; locale: string; timeZone: string }) {
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  const target = hours(WEEKLY_TARGET_MINUTES);
  const range = `${formatDate(week.monday, locale, timeZone)} to ${formatDate(week.sunday, locale, timeZone)}`;
  return (
    <Card data-testid="week-hours">
      <CardHeader>
        <CardTitle>Hours this week</CardTitle>
        <CardDescription>{range}, against {target} a week.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-sm font-medium">Mine</span>
            <span className="text-sm text-muted-foreground">
              <FigureLink href={week.mine.href} label="logged by me this week" className="text-2xl font-semibold text-foreground">
                {hours(week.mine.minutes)}
              </FigureLink>{" "}
              of {target}
            </span>
          </div>
          <WeekBar minutes={week.mine.minutes} />
        </div>
        {week.team ? (
          <div className="grid gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="text-sm font-medium">The team</h3>
              <FigureLink href={week.team.href} label="logged by the team this week" className="text-sm">
                {hours(week.team.minutes)}
              </FigureLink>
            </div>
            <FigureTable
              caption={`Hours logged this week by each person, against ${target}`}
              columns={[{ label: "Person" }, { label: <span className="sr-only">Share of {target}</span>, className: "hidden w-1/3 sm:table-cell" }, { label: "Hours", numeric: true }]}
            >
              {week.team.rows.map((row) => (
                <FigureRow
                  key={row.userId}
                  name={row.name}
                  nameClassName="max-w-40 truncate"
                  cells={[
                    { content: <WeekBar minutes={row.minutes} />, className: "hidden sm:table-cell" },
                    { content: <FigureLink href={row.href} label={`logged by ${row.name} this week`}>{hours(row.minutes)}</FigureLink> },
                  ]}
                />
              ))}
            </FigureTable>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
