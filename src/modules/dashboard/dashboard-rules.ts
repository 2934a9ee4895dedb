// Pure rules of the dashboard: the periods its figures cover (in the firm's calendar: "today" is
// the firm's timezone's day, a week starts on Monday) and the geometry of the
// invoiced-vs-paid chart. No database, no React: unit-tested in dashboard-rules.test.ts.
import { addDaysToDate, type DateString, isoWeekMonday, isValidDateString } from "@/lib/dates";
import { currencyMinorDigits } from "@/lib/money";

/** The hours a full week is measured against when none is given (users/capacity.ts gives each person's). */
export const WEEKLY_TARGET_MINUTES = 40 * 60;
/** How many months the chart shows, the current one last. */
export const CHART_MONTHS = 12;

/** A calendar month: its key 'YYYY-MM' and its first and last days. */
export type MonthRange = { key: string; from: DateString; to: DateString };

function assertDate(date: DateString) {
  if (!isValidDateString(date)) throw new RangeError(`Expected a date written YYYY-MM-DD (got "${date}").`);
}

/** The month containing `date`: monthOf("2026-02-14") → 2026-02, 2026-02-01 … 2026-02-28. */
export function monthOf(date: DateString): MonthRange {
  assertDate(date);
  const key = date.slice(0, 7);
  const from = `${key}-01`;
  const [year = 0, month = 0] = key.split("-").map(Number);
  // December ends on the 31st: computed as the day before 1 January, December 9999 would need a
  // date of year 10000, which no date here can be (a report to 9999-12-31 failed on it).
  if (month === 12) return { key, from, to: `${key}-31` };
  const nextMonth = `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-01`;
  return { key, from, to: addDaysToDate(nextMonth, -1) };
}

/** The `count` months ending with the one containing `today`, oldest first. */
export function lastMonths(today: DateString, count: number = CHART_MONTHS): MonthRange[] {
  if (!Number.isSafeInteger(count) || count < 1)
    throw new RangeError(`Expected a positive number of months (got ${String(count)}).`);
  const months: MonthRange[] = [monthOf(today)];
  while (months.length < count) months.unshift(monthOf(addDaysToDate(months[0]!.from, -1)));
  return months;
}

/** The firm's week containing `today`: Monday to Sunday. */
export function weekOf(today: DateString): { monday: DateString; sunday: DateString } {
  assertDate(today);
  const monday = isoWeekMonday(today);
  return { monday, sunday: addDaysToDate(monday, 6) };
}

/** How full the bar of a week is: 0 to 1 (more than the target shows a full bar; the text says how much). */
export function weekFill(minutes: number, target: number = WEEKLY_TARGET_MINUTES): number {
  if (target <= 0) throw new RangeError("The target must be positive.");
  return Math.min(Math.max(minutes / target, 0), 1);
}

// Formatters are costly to build and cheap to use: one per locale and style, kept.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, create: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The month's name for an axis ("Mar") or a table ("March 2026"), in the firm's locale. */
export function monthLabel(key: string, locale: string, style: "axis" | "long"): string {
  const [year = 0, month = 1] = key.split("-").map(Number);
  const day = new Date(Date.UTC(2000, month - 1, 1));
  day.setUTCFullYear(year);
  const options: Intl.DateTimeFormatOptions =
    style === "axis" ? { month: "short", timeZone: "UTC" } : { month: "long", year: "numeric", timeZone: "UTC" };
  return cached(`date|${locale}|${style}`, () => new Intl.DateTimeFormat(locale, options)).format(day);
}

/** An axis label: 1234500 EUR → "€12K" (en-GB). For reading a chart, never for an amount due. */
export function formatCompactMoney(minor: number, currency: string, locale: string): string {
  const major = minor / 10 ** currencyMinorDigits(currency);
  return cached(
    `compact|${locale}|${currency}`,
    () => new Intl.NumberFormat(locale, { style: "currency", currency, notation: "compact", maximumFractionDigits: 1 }),
  ).format(major);
}

// ---------------------------------------------------------------------------------------
// The chart: two bars per month, invoiced and paid, on a shared value axis from zero.

/**
 * Round tick values covering [min, max] (both sides of zero when needed), on steps of 1, 2 or 5
 * times a power of ten, at most about `targetCount` of them; zero is always one of them.
 */
export function niceTicks(min: number, max: number, targetCount = 4): number[] {
  const low = Math.min(min, 0);
  const high = Math.max(max, 0);
  if (low === 0 && high === 0) return [0];
  const raw = (high - low) / Math.max(targetCount, 1);
  // Whole minor units: a step below one cent would label fractions of a cent.
  const power = Math.max(10 ** Math.floor(Math.log10(raw)), 1);
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let index = Math.floor(low / step); index <= Math.ceil(high / step); index += 1) ticks.push(index * step);
  return ticks;
}

export type ChartPoint = { key: string; invoiced: number; received: number };
export type ChartBar = {
  series: "invoiced" | "received";
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
};
export type ChartGroup = { key: string; x: number; width: number; labelX: number; bars: [ChartBar, ChartBar] };
export type ChartGeometry = {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  zeroY: number;
  ticks: { value: number; y: number }[];
  groups: ChartGroup[];
};

export type ChartLayout = { width: number; height: number; left: number; right: number; top: number; bottom: number };
export const DEFAULT_CHART_LAYOUT: ChartLayout = { width: 720, height: 220, left: 56, right: 8, top: 12, bottom: 28 };

/**
 * Where each bar goes, in the SVG's own units: months left to right, invoiced then paid in each,
 * heights on a scale from the lowest tick to the highest (a month of credit notes can be negative).
 */
export function chartGeometry(
  points: readonly ChartPoint[],
  layout: ChartLayout = DEFAULT_CHART_LAYOUT,
): ChartGeometry {
  const plot = {
    left: layout.left,
    top: layout.top,
    right: layout.width - layout.right,
    bottom: layout.height - layout.bottom,
  };
  const values = points.flatMap((point) => [point.invoiced, point.received]);
  const tickValues = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const low = tickValues[0]!;
  const high = tickValues.length > 1 ? tickValues[tickValues.length - 1]! : 1;
  const yOf = (value: number) => plot.bottom - ((value - low) / (high - low)) * (plot.bottom - plot.top);
  const zeroY = yOf(0);
  const slot = points.length > 0 ? (plot.right - plot.left) / points.length : 0;
  const barWidth = slot * 0.34;
  const groups = points.map((point, index): ChartGroup => {
    const x = plot.left + index * slot;
    const bar = (series: ChartBar["series"], value: number, offset: number): ChartBar => {
      const top = Math.min(yOf(value), zeroY);
      return { series, value, x: x + offset, y: top, width: barWidth, height: Math.abs(yOf(value) - zeroY) };
    };
    return {
      key: point.key,
      x,
      width: slot,
      labelX: x + slot / 2,
      bars: [
        bar("invoiced", point.invoiced, slot * 0.14),
        bar("received", point.received, slot * 0.14 + barWidth + slot * 0.04),
      ],
    };
  });
  return {
    width: layout.width,
    height: layout.height,
    plot,
    zeroY,
    ticks: tickValues.map((value) => ({ value, y: yOf(value) })),
    groups,
  };
}
