// The day view of a week (decision 047): which day it shows, and the totals of the strip of days.
// Pure: the page and the day query read them.
import { type DateString, dateInZone, isValidDateString, weekDays } from "@/lib/dates";

/**
 * The day the day view shows: the day asked for when it is in the week, else today when today is
 * in the week, else the week's Monday. An address with a day of another week (or no real day)
 * falls back the same way rather than showing an empty, wrong day.
 */
export function selectDay(weekStart: DateString, asked: string | undefined, today: DateString): DateString {
  const days = weekDays(weekStart);
  if (asked !== undefined && isValidDateString(asked) && days.includes(asked)) return asked;
  if (days.includes(today)) return today;
  return weekStart;
}

export type DayTotal = { date: DateString; minutes: number };

/** The minutes of each of the week's seven days, Monday first (entries of other days are ignored). */
export function dayTotals(
  weekStart: DateString,
  entries: readonly { date: DateString; minutes: number }[],
): DayTotal[] {
  const totals = new Map(weekDays(weekStart).map((date) => [date, 0]));
  for (const entry of entries) {
    const sum = totals.get(entry.date);
    if (sum !== undefined) totals.set(entry.date, sum + entry.minutes);
  }
  return [...totals].map(([date, minutes]) => ({ date, minutes }));
}

/**
 * Whether a timer running since `startedAt` runs on `day` (in the firm's timezone): from the day
 * it started to today. A timer started last night shows on both days, as its stop splits it.
 */
export function timerRunsOn(day: DateString, startedAt: Date, now: Date, timeZone: string): boolean {
  return dateInZone(startedAt, timeZone) <= day && day <= dateInZone(now, timeZone);
}
