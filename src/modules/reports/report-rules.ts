// Pure rules of the reports: the periods a report covers, in the firm's calendar ("today" is the
// firm's timezone's day, a week starts on Monday, a quarter is three calendar months). No database,
// no React: unit-tested in report-rules.test.ts.
import { addDaysToDate, type DateString, isoWeekMonday, isValidDateString } from "@/lib/dates";
import { monthOf } from "@/modules/dashboard/dashboard-rules";

export const REPORT_PERIODS = [
  "this_week",
  "last_week",
  "this_month",
  "last_month",
  "this_quarter",
  "last_quarter",
  "this_year",
  "last_year",
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  this_week: "This week",
  last_week: "Last week",
  this_month: "This month",
  last_month: "Last month",
  this_quarter: "This quarter",
  last_quarter: "Last quarter",
  this_year: "This year",
  last_year: "Last year",
};

export type DateRange = { from: DateString; to: DateString };

function yearOf(date: DateString): number {
  return Number(date.slice(0, 4));
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** The quarter containing `date`: its first and last days. */
function quarterOf(date: DateString): DateRange {
  const year = yearOf(date);
  const firstMonth = Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1;
  const from = `${pad(year, 4)}-${pad(firstMonth)}-01`;
  return { from, to: monthOf(`${pad(year, 4)}-${pad(firstMonth + 2)}-01`).to };
}

/** The days a named period covers, seen from `today` (both ends included). */
export function periodRange(period: ReportPeriod, today: DateString): DateRange {
  if (!isValidDateString(today)) throw new RangeError(`Expected a date written YYYY-MM-DD (got "${today}").`);
  switch (period) {
    case "this_week": {
      const monday = isoWeekMonday(today);
      return { from: monday, to: addDaysToDate(monday, 6) };
    }
    case "last_week": {
      const monday = addDaysToDate(isoWeekMonday(today), -7);
      return { from: monday, to: addDaysToDate(monday, 6) };
    }
    case "this_month": {
      const month = monthOf(today);
      return { from: month.from, to: month.to };
    }
    case "last_month": {
      const month = monthOf(addDaysToDate(monthOf(today).from, -1));
      return { from: month.from, to: month.to };
    }
    case "this_quarter":
      return quarterOf(today);
    case "last_quarter":
      return quarterOf(addDaysToDate(quarterOf(today).from, -1));
    case "this_year":
      return { from: `${pad(yearOf(today), 4)}-01-01`, to: `${pad(yearOf(today), 4)}-12-31` };
    case "last_year":
      return { from: `${pad(yearOf(today) - 1, 4)}-01-01`, to: `${pad(yearOf(today) - 1, 4)}-12-31` };
  }
}

/** The longest range a report reads: ten years (a firm's whole history fits; a typo of 20260 does not run). */
export const MAX_REPORT_DAYS = 3660;

/**
 * The range a report covers: the named period when one is chosen, else `from`/`to` (swapped when
 * reversed, one alone a single day, cut to ten years), else this month.
 */
export function reportRange(
  { period, from, to }: { period?: ReportPeriod; from?: DateString; to?: DateString },
  today: DateString,
): DateRange & { period?: ReportPeriod } {
  if (!period && (from || to)) {
    let start = from ?? to!;
    let end = to ?? from!;
    if (start > end) [start, end] = [end, start];
    const latest = addDaysToDate(start, MAX_REPORT_DAYS - 1);
    return { from: start, to: end > latest ? latest : end };
  }
  const chosen = period ?? "this_month";
  return { ...periodRange(chosen, today), period: chosen };
}

/** The rows of the page asked for: a report's groups are all read (its totals need them), one page shown. */
export function pageOf<Row>(rows: readonly Row[], { page, size }: { page: number; size: number }): Row[] {
  return rows.slice((page - 1) * size, page * size);
}
