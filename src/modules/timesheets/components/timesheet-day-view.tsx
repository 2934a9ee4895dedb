import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { type DateString, dateInZone, formatDateTime, formatTime } from "@/lib/dates";
import { cn } from "@/lib/utils";
import type { TimesheetDay } from "../timesheet-day-queries";
import type { DayTotal } from "../timesheet-day-rules";
import { formatDuration } from "../timesheet-rules";
import { timesheetPageHref } from "../timesheet-schemas";
import { DayTimer } from "./day-timer";
import type { GridDay } from "./timesheet-grid";

// The day view of a week (decision 047): the seven days with their totals as links, and the chosen
// day's entries and running timer. Read-only: hours are changed in the week grid.

export function TimesheetDayStrip({
  sheetId,
  days,
  totals,
  selected,
  locale,
}: {
  sheetId: string;
  days: GridDay[];
  totals: DayTotal[];
  selected: DateString;
  locale: string;
}) {
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  const week = totals.reduce((sum, day) => sum + day.minutes, 0);
  const t = useTranslations("timesheets.day");
  return (
    <div className="grid gap-2">
      <nav aria-label={t("days")}>
        <ol className="grid grid-cols-7 gap-1">
          {days.map((day, index) => {
            const minutes = totals[index]?.minutes ?? 0;
            const current = day.date === selected;
            return (
              <li key={day.date} className="min-w-0">
                <Link
                  href={timesheetPageHref(sheetId, { view: "day", date: day.date })}
                  aria-current={current ? "date" : undefined}
                  aria-label={`${day.long}: ${hours(minutes)}`}
                  className={cn(
                    "flex flex-col items-center gap-0.5 rounded-md border-b-2 px-0.5 py-2 text-center outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    current
                      ? "border-primary bg-secondary font-semibold text-foreground"
                      : "border-transparent text-muted-foreground hover:bg-muted hover:text-foreground",
                  )}
                >
                  <span className="flex flex-col text-xs sm:flex-row sm:gap-1 sm:text-sm">
                    <span>{day.weekday}</span>
                    <span>{day.dayOfMonth}</span>
                  </span>
                  <span className="text-xs tabular-nums sm:text-sm">{hours(minutes)}</span>
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
      <p className="text-right text-sm text-muted-foreground">
        {t("weekTotal")} <span className="font-medium text-foreground tabular-nums">{hours(week)}</span>
      </p>
    </div>
  );
}

export function TimesheetDayView({
  sheetId,
  day,
  label,
  ownerName,
  isOwner,
  locale,
  timezone,
}: {
  sheetId: string;
  day: TimesheetDay;
  /** The day written out in full ("Tuesday 24 November 2026"). */
  label: string;
  ownerName: string;
  isOwner: boolean;
  locale: string;
  timezone: string;
}) {
  const t = useTranslations("timesheets.day");
  const weekHref = timesheetPageHref(sheetId, {});
  const timer = day.timer;
  const startedAt = timer ? new Date(timer.startedAt) : null;
  const startedLabel = startedAt
    ? dateInZone(startedAt, timezone) === day.date
      ? t("startedAt", { time: formatTime(startedAt, locale, timezone) })
      : t("started", { when: formatDateTime(startedAt, locale, timezone) })
    : "";
  const gridLink = (chunks: React.ReactNode) => (
    <Link href={weekHref} className="text-primary underline underline-offset-4">
      {chunks}
    </Link>
  );
  return (
    <section aria-labelledby="day-heading" className="grid gap-4" data-testid="day-view">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="day-heading" className="text-lg font-semibold">
          {label}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t("dayTotal")}{" "}
          <output className="text-base font-semibold text-foreground tabular-nums" aria-label={t("dayTotal")}>
            {formatDuration(day.totalMinutes, "decimal", locale)}
          </output>
        </p>
      </div>
      {timer ? <DayTimer timer={timer} startedLabel={startedLabel} canStop={isOwner} locale={locale} /> : null}
      {day.entries.length > 0 ? (
        <ul className="divide-y rounded-lg border" aria-label={t("loggedOn", { day: label })}>
          {day.entries.map((entry) => (
            <li key={entry.id} className="flex items-start gap-3 px-3 py-3 sm:px-4">
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="font-medium break-words">
                  {entry.projectName} <span className="font-normal text-muted-foreground">· {entry.clientName}</span>
                </p>
                {entry.description ? (
                  <p className="text-sm break-words">{entry.description}</p>
                ) : (
                  <p className="text-sm text-muted-foreground italic">{t("noDescription")}</p>
                )}
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="font-semibold tabular-nums">{formatDuration(entry.minutes, "decimal", locale)}</span>
                {entry.billable ? (
                  <Badge variant="success">{t("billable")}</Badge>
                ) : (
                  <Badge variant="neutral">{t("notBillable")}</Badge>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState
          titleAs="h3"
          title={t("empty", { day: label })}
          description={isOwner ? t.rich("emptyOwner", { link: gridLink }) : t("emptyOther", { owner: ownerName })}
        />
      )}
      <p className="text-sm text-muted-foreground">{t.rich("readOnly", { link: gridLink })}</p>
    </section>
  );
}
