// The timer's pure rules: how a running timer becomes time entries (split by the firm's days,
// rounded to whole minutes) and when it may stop. Decision 030.
import { addDaysToDate, type DateString, dateInZone, startOfDayInZone } from "@/lib/dates";
import { refuse, type RuleResult } from "@/lib/rule-result";
import type { TimesheetCode } from "./timesheet-codes";

/** A timer stops into at most one day's worth of time: a longer one was forgotten. */
export const TIMER_MAX_SECONDS = 24 * 60 * 60;
/** Less than half a minute rounds to nothing: the stop is refused rather than logging 0 or 1 minute. */
export const TIMER_MIN_SECONDS = 30;

export type TimerPart = { date: DateString; minutes: number };

/**
 * The days a timer ran on in the firm's timezone and the whole minutes of each. The day
 * boundaries are the zone's midnights (a day of 23 or 25 hours at a daylight-saving change counts
 * its real length). Rounding is half-up on the running total, so the parts always add up to the
 * timer's rounded length: 23:59:40 → 00:00:50 is 1 minute in all (70 s), on the day where the
 * running total passes half a minute (here the second), never 0 + 1 + a lost second or 1 + 1.
 */
export function splitTimerByDay(startedAt: Date, stoppedAt: Date, timeZone: string): TimerPart[] {
  const start = startedAt.getTime();
  const stop = stoppedAt.getTime();
  if (!(stop > start)) return [];
  const parts: TimerPart[] = [];
  let day = dateInZone(startedAt, timeZone);
  let from = start;
  let roundedSoFar = 0;
  while (from < stop) {
    const nextMidnight = startOfDayInZone(addDaysToDate(day, 1), timeZone).getTime();
    const to = Math.min(stop, nextMidnight);
    const roundedToHere = Math.floor((to - start) / 60_000 + 0.5);
    const minutes = roundedToHere - roundedSoFar;
    if (minutes > 0) parts.push({ date: day, minutes });
    roundedSoFar = roundedToHere;
    from = to;
    day = addDaysToDate(day, 1);
  }
  return parts;
}

/** May a timer that started at `startedAt` be stopped at `stoppedAt`? */
export function canStopTimer(startedAt: Date, stoppedAt: Date): RuleResult<TimesheetCode> {
  const seconds = (stoppedAt.getTime() - startedAt.getTime()) / 1000;
  if (seconds > TIMER_MAX_SECONDS)
    return refuse(
      "timesheet.timer_over_24_hours",
      "This timer has run for more than 24 hours. Correct its start time, or discard it and enter the time in the week.",
      "startedAt",
    );
  if (seconds < TIMER_MIN_SECONDS)
    return refuse(
      "timesheet.timer_under_a_minute",
      "This timer has run for less than a minute. Let it run, or discard it.",
      "startedAt",
    );
  return { ok: true };
}

/** A start time typed while the timer runs: not in the future. */
export function canSetTimerStart(startedAt: Date, now: Date): RuleResult<TimesheetCode> {
  if (startedAt.getTime() > now.getTime())
    return refuse("timesheet.timer_start_in_future", "The start time cannot be in the future.", "startedAt");
  return { ok: true };
}

/** "1:05:09" for a running timer's display. */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return `${hours}:${String(minutes).padStart(2, "0")}:${String(rest).padStart(2, "0")}`;
}
