import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/dates";
import { formatDuration } from "@/modules/timesheets/timesheet-rules";
import { WEEKLY_TARGET_MINUTES, weekFill } from "../dashboard-rules";
import type { DashboardData } from "../dashboard-queries";
import { FigureTable } from "./figure-table";
import { FigureLink } from "./stat-card";
import { TeamWeekRows, WeekBar } from "./team-week-rows";

function weekBar(minutes: number) {
  return { fillPercent: `${(weekFill(minutes) * 100).toFixed(1)}%`, isOverTarget: minutes > WEEKLY_TARGET_MINUTES };
}

/** Hours logged this week against 40 h: mine, and for managers one row per person. */
export function WeekHoursCard({
  week,
  locale,
  timeZone,
}: {
  week: DashboardData["week"];
  locale: string;
  timeZone: string;
}) {
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  const target = hours(WEEKLY_TARGET_MINUTES);
  const range = `${formatDate(week.monday, locale, timeZone)} to ${formatDate(week.sunday, locale, timeZone)}`;
  return (
    <Card data-testid="week-hours">
      <CardHeader>
        <CardTitle>Hours this week</CardTitle>
        <CardDescription>
          {range}, against {target} a week.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-sm font-medium">Mine</span>
            <span className="text-sm text-muted-foreground">
              <FigureLink
                href={week.mine.href}
                label="logged by me this week"
                className="text-2xl font-semibold text-foreground"
              >
                {hours(week.mine.minutes)}
              </FigureLink>{" "}
              of {target}
            </span>
          </div>
          <WeekBar {...weekBar(week.mine.minutes)} />
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
              columns={[
                { label: "Person" },
                { label: <span className="sr-only">Share of {target}</span>, className: "hidden w-1/3 sm:table-cell" },
                { label: "Hours", numeric: true },
              ]}
            >
              <TeamWeekRows
                rows={week.team.rows.map((row) => ({
                  userId: row.userId,
                  name: row.name,
                  hours: hours(row.minutes),
                  href: row.href,
                  ...weekBar(row.minutes),
                }))}
              />
            </FigureTable>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
