import { TZDate } from "@date-fns/tz";
import { dateTimeFormat } from "./intl-cache";

// Date-only values (issue dates, due dates, timesheet days) are 'YYYY-MM-DD' strings
// everywhere: a calendar day has no time zone, and a string cannot drift by a day when it
// crosses a server in another zone. Instants (created_at, scheduled_at) are Date objects.
// "Today" and "which day is this instant" are the firm's timezone's answer.

/** A calendar day written 'YYYY-MM-DD'. */
export type DateString = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function toUtcMidnight(date: DateString): Date {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Expected a date written YYYY-MM-DD (got "${date}").`);
  const [, year = "", month = "", day = ""] = match;
  const value = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  value.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  if (
    value.getUTCFullYear() !== Number(year) ||
    value.getUTCMonth() !== Number(month) - 1 ||
    value.getUTCDate() !== Number(day)
  ) {
    throw new RangeError(`"${date}" is not a real calendar date.`);
  }
  return value;
}

function fromUtcMidnight(value: Date): DateString {
  const year = String(value.getUTCFullYear()).padStart(4, "0");
  const month = String(value.getUTCMonth() + 1).padStart(2, "0");
  const day = String(value.getUTCDate()).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

/** Bureau's calendar: every date typed or read from a URL is from this day on. */
export const FIRST_DATE = "1900-01-01";

/**
 * True for a real calendar day written 'YYYY-MM-DD' ("2026-02-30" is false) from 1900-01-01 to
 * 9999-12-31. No business date of Bureau's comes before 1900, and a year such as 0202 is a typo
 * for 2022; earlier years also break further down (PostgreSQL has no year 0, and the first day of
 * year 1 in Paris is still year 0 in UTC). After 9999 there is no room in 'YYYY'.
 */
export function isValidDateString(value: string): boolean {
  if (!DATE_PATTERN.test(value) || value < FIRST_DATE) return false;
  try {
    toUtcMidnight(value);
    return true;
  } catch {
    return false;
  }
}

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

// One formatter per zone, made once: building an Intl.DateTimeFormat costs far more than using one,
// and these run for every row of a list.
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day and clock time an instant shows in a timezone (month 1–12, hour 0–23). */
export function wallClockInZone(instant: Date, timeZone: string): WallClock {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of formatter.formatToParts(instant)) {
    if (
      part.type === "year" ||
      part.type === "month" ||
      part.type === "day" ||
      part.type === "hour" ||
      part.type === "minute"
    )
      clock[part.type] = Number(part.value);
  }
  return clock;
}

/** The calendar day an instant falls on in a timezone. */
export function dateInZone(instant: Date, timeZone: string): DateString {
  const { year, month, day } = wallClockInZone(instant, timeZone);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Today's date in the firm's timezone; `now` is injectable for tests. */
export function todayInZone(timeZone: string, now: Date = new Date()): DateString {
  return dateInZone(now, timeZone);
}

/** The instant a calendar day starts in a timezone (for "between two days" database filters). */
export function startOfDayInZone(date: DateString, timeZone: string): Date {
  const utc = toUtcMidnight(date);
  const start = new TZDate(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), timeZone);
  return new Date(start.getTime());
}

/** Adds (or with a negative n, subtracts) whole days. */
export function addDaysToDate(date: DateString, days: number): DateString {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Days must be a whole number (got ${String(days)}).`);
  // UTC midnights are exactly 24 h apart: no daylight-saving day can be skipped or doubled.
  return fromUtcMidnight(new Date(toUtcMidnight(date).getTime() + days * DAY_MS));
}

/** Whole days from `earlier` to `later` (negative when later is before earlier). */
export function differenceInDays(later: DateString, earlier: DateString): number {
  return Math.round((toUtcMidnight(later).getTime() - toUtcMidnight(earlier).getTime()) / DAY_MS);
}

/** ISO 8601 day of the week: Monday 1 … Sunday 7. */
export function isoDayOfWeek(date: DateString): number {
  const day = toUtcMidnight(date).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday that starts the ISO 8601 week containing `date` ("the week starts on Monday"). */
export function isoWeekMonday(date: DateString): DateString {
  return addDaysToDate(date, 1 - isoDayOfWeek(date));
}

/** True when `date` is a Monday, the only valid value of a timesheet's week. */
export function isMonday(date: DateString): boolean {
  return isValidDateString(date) && isoDayOfWeek(date) === 1;
}

/** The seven days Monday…Sunday of the week starting on `monday`. */
export function weekDays(monday: DateString): DateString[] {
  if (isoDayOfWeek(monday) !== 1) throw new RangeError(`"${monday}" is not a Monday.`);
  return Array.from({ length: 7 }, (_, index) => addDaysToDate(monday, index));
}

/** ISO 8601 week number and week-numbering year: 2027-01-01 is week 53 of 2026. */
export function isoWeekOf(date: DateString): { year: number; week: number } {
  // The week belongs to the year of its Thursday; week 1 is the week with the year's first Thursday.
  const thursday = toUtcMidnight(addDaysToDate(date, 4 - isoDayOfWeek(date)));
  const year = thursday.getUTCFullYear();
  const januaryFirst = new Date(0);
  januaryFirst.setUTCFullYear(year, 0, 1);
  return { year, week: Math.floor((thursday.getTime() - januaryFirst.getTime()) / DAY_MS / 7) + 1 };
}

export type DateStyle = "short" | "medium" | "long" | "full";

/**
 * Formats a day for display: formatDate("2026-03-12", "en-GB", "Europe/Paris") → "12 Mar 2026".
 * A 'YYYY-MM-DD' string is shown as that very day whatever the zone; a Date is shown as the
 * day it falls on in `timeZone`.
 */
export function formatDate(
  value: DateString | Date,
  locale: string,
  timeZone: string,
  style: DateStyle = "medium",
): string {
  const formatter =
    typeof value === "string"
      ? dateTimeFormat(locale, { dateStyle: style, timeZone: "UTC" })
      : dateTimeFormat(locale, { dateStyle: style, timeZone });
  const instant = typeof value === "string" ? toUtcMidnight(value) : value;
  return style === "long" || style === "full" ? withFrenchFirst(formatter, instant, locale) : formatter.format(instant);
}

/**
 * French writes the first of the month as an ordinal: "1er décembre 2026", "lundi 1er juin 2026"
 * (CLDR's long date says "1 décembre"); every other day and language as Intl writes it.
 */
function withFrenchFirst(formatter: Intl.DateTimeFormat, instant: Date, locale: string): string {
  if (!/^fr(-|$)/i.test(locale)) return formatter.format(instant);
  return formatter
    .formatToParts(instant)
    .map((part) => (part.type === "day" && Number(part.value) === 1 ? "1er" : part.value))
    .join("");
}

/** Formats an instant in the firm's timezone: "12 Mar 2026, 14:30" (en-GB). */
export function formatDateTime(
  value: Date | string,
  locale: string,
  timeZone: string,
  style: DateStyle = "medium",
): string {
  const instant = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a valid instant: ${String(value)}.`);
  return dateTimeFormat(locale, { dateStyle: style, timeStyle: "short", timeZone }).format(instant);
}

/** Formats a time of day in the firm's timezone: "14:30" (en-GB). */
export function formatTime(value: Date, locale: string, timeZone: string): string {
  return dateTimeFormat(locale, { timeStyle: "short", timeZone }).format(value);
}
