import { useTranslations } from "next-intl";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/dates";
import { formatDuration } from "@/modules/timesheets/timesheet-rules";
import { weekFill } from "../dashboard-rules";
import type { DashboardData } from "../dashboard-queries";
import { FigureTable } from "./figure-table";
import { FigureLink } from "./stat-card";
import { TeamWeekRows, WeekBar } from "./team-week-rows";

function weekBar(minutes: number, target: number) {
  return { fillPercent: `${(weekFill(minutes, target) * 100).toFixed(1)}%`, isOverTarget: minutes > target };
}

/**
 * Hours logged this week against each person's week (their capacity: the profile's, else the
 * firm's in Settings): mine, and for managers one row per person.
 */
export function WeekHoursCard({
  week,
  locale,
  timeZone,
}: {
  week: DashboardData["week"];
  locale: string;
  timeZone: string;
}) {
  const t = useTranslations("dashboard.week");
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  const target = hours(week.firmTargetMinutes);
  const mine = hours(week.mine.targetMinutes);
  const range = t("range", {
    from: formatDate(week.monday, locale, timeZone),
    to: formatDate(week.sunday, locale, timeZone),
  });
  return (
    <Card data-testid="week-hours">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description", { range, target })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-sm font-medium">{t("mine")}</span>
            <span className="text-sm text-muted-foreground">
              <FigureLink
                href={week.mine.href}
                label={t("loggedByMe")}
                className="text-2xl font-semibold text-foreground"
              >
                {hours(week.mine.minutes)}
              </FigureLink>{" "}
              {t("of", { target: mine })}
            </span>
          </div>
          <WeekBar {...weekBar(week.mine.minutes, week.mine.targetMinutes)} />
        </div>
        {week.team ? (
          <div className="grid gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="text-sm font-medium">{t("team")}</h3>
              <FigureLink href={week.team.href} label={t("loggedByTeam")} className="text-sm">
                {hours(week.team.minutes)}
              </FigureLink>
            </div>
            <FigureTable
              caption={t("caption")}
              columns={[
                { label: t("person") },
                {
                  label: <span className="sr-only">{t("share")}</span>,
                  className: "hidden w-1/3 sm:table-cell",
                },
                { label: t("hours"), numeric: true },
              ]}
            >
              <TeamWeekRows
                rows={week.team.rows.map((row) => ({
                  userId: row.userId,
                  name: row.name,
                  hours: hours(row.minutes),
                  target: hours(row.targetMinutes),
                  href: row.href,
                  ...weekBar(row.minutes, row.targetMinutes),
                }))}
              />
            </FigureTable>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
