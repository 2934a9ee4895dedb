// When a recurring invoice falls due: pure calendar arithmetic on 'YYYY-MM-DD' days, no database,
// no clock. A day is the firm's timezone's day (todayInZone), so a daylight-saving change never
// moves an occurrence: occurrences are calendar days, and "today" is asked of the timezone.
import { addDaysToDate, differenceInDays, isoDayOfWeek, todayInZone, type DateString } from "@/lib/dates";

export const FREQUENCIES = ["monthly", "quarterly", "yearly", "weekly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const MAX_INTERVAL_WEEKS = 52;
/** Longer than any schedule a person would set; ends a loop over a schedule that never stops. */
const MAX_OCCURRENCES = 10_000;
/** Bureau's calendar ends here (a 'YYYY' year); a schedule stops at it. */
const LAST_DATE = "9999-12-31";

export type Schedule = {
  frequency: Frequency;
  /** Weeks between two invoices, for `weekly` (1–52); ignored otherwise. */
  intervalWeeks: number;
  /**
   * Month-based: the day of the month (1–31; a month without that day uses its last day, so 31
   * bills on the 30th in April and on the 28th or 29th in February). Weekly: the ISO day of the
   * week (1 Monday … 7 Sunday).
   */
  dayOfPeriod: number;
  startDate: DateString;
  /** The last day an invoice may be made, or null. */
  endDate: DateString | null;
  /** How many invoices in all, or null. */
  occurrenceCount: number | null;
};

const MONTH_STEP: Record<Exclude<Frequency, "weekly">, number> = { monthly: 1, quarterly: 3, yearly: 12 };

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one (UTC: no timezone in the way).
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** The day `dayOfMonth` of the month `monthsAfter` months after the start date's month, clamped to its last day. */
function monthDay(startDate: DateString, monthsAfter: number, dayOfMonth: number): DateString {
  const year = Number(startDate.slice(0, 4));
  const month = Number(startDate.slice(5, 7)) - 1 + monthsAfter;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = (month % 12) + 1;
  const day = Math.min(dayOfMonth, daysInMonth(targetYear, targetMonth));
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(day)}`;
}

/**
 * The schedule's occurrences in order, from the first on or after the start date, without the end
 * date or count (callers apply those, since the count is of invoices made, not of dates).
 */
export function* occurrences(schedule: Schedule): Generator<DateString> {
  if (schedule.frequency === "weekly") {
    const shift = (schedule.dayOfPeriod - isoDayOfWeek(schedule.startDate) + 7) % 7;
    // The first chosen weekday may already be past the calendar's last day (a start on 9999-12-31).
    if (differenceInDays(LAST_DATE, schedule.startDate) < shift) return;
    let date = addDaysToDate(schedule.startDate, shift);
    for (let index = 0; index < MAX_OCCURRENCES; index += 1) {
      yield date;
      if (differenceInDays(LAST_DATE, date) < 7 * schedule.intervalWeeks) return;
      date = addDaysToDate(date, 7 * schedule.intervalWeeks);
    }
    return;
  }
  const step = MONTH_STEP[schedule.frequency];
  // Counted from the start month each time (never from the previous date), so a 31st clamped to
  // the 28th in February is the 31st again in March.
  let index = monthDay(schedule.startDate, 0, schedule.dayOfPeriod) < schedule.startDate ? 1 : 0;
  for (let count = 0; count < MAX_OCCURRENCES; count += 1, index += 1) {
    const date = monthDay(schedule.startDate, index * step, schedule.dayOfPeriod);
    if (date.length > LAST_DATE.length || date > LAST_DATE) return;
    yield date;
  }
}

/** The occurrence after `date` by the schedule (whatever the end or count), to close a service period. */
export function occurrenceAfter(schedule: Schedule, date: DateString): DateString | null {
  for (const candidate of occurrences(schedule)) if (candidate > date) return candidate;
  return null;
}

/** The service period an occurrence bills: from its day to the day before the next one. */
export function servicePeriodOf(schedule: Schedule, date: DateString): { start: DateString; end: DateString } {
  const next = occurrenceAfter(schedule, date);
  return { start: date, end: next ? addDaysToDate(next, -1) : date };
}

export type RunState = {
  schedule: Schedule;
  /** The latest occurrence already made (by any schedule this template had), or null. */
  lastRunDate: DateString | null;
  /** Occurrences before this day are not made (created, resumed or rescheduled on it), or null. */
  billsFrom: DateString | null;
  /** How many invoices the template made so far. */
  madeCount: number;
};

function isOpen(state: RunState, date: DateString, made: number): boolean {
  if (state.schedule.endDate && date > state.schedule.endDate) return false;
  if (state.schedule.occurrenceCount !== null && made >= state.schedule.occurrenceCount) return false;
  return true;
}

/**
 * The occurrences still to make up to `today`, oldest first. Only dates after the last one made
 * count, so an edit of the schedule acts on future occurrences only; dates before a resume were
 * paused, and are skipped. Several dates come back when the worker was down (catch-up, decision 060).
 */
export function dueOccurrences(state: RunState, today: DateString): DateString[] {
  const due: DateString[] = [];
  for (const date of occurrences(state.schedule)) {
    if (date > today || !isOpen(state, date, state.madeCount + due.length)) break;
    if (state.lastRunDate && date <= state.lastRunDate) continue;
    if (state.billsFrom && date < state.billsFrom) continue;
    due.push(date);
  }
  return due;
}

/** The same, for an instant: "today" is the firm's timezone's day at that instant. */
export function dueOccurrencesAt(state: RunState, now: Date, timeZone: string): DateString[] {
  return dueOccurrences(state, todayInZone(timeZone, now));
}

/** The next occurrence the worker will make (today or earlier when it is late), or null when the schedule ended. */
export function nextOccurrence(state: RunState): DateString | null {
  for (const date of occurrences(state.schedule)) {
    if (!isOpen(state, date, state.madeCount)) return null;
    if (state.lastRunDate && date <= state.lastRunDate) continue;
    if (state.billsFrom && date < state.billsFrom) continue;
    return date;
  }
  return null;
}

/** Whether a stored day of the period fits its frequency. */
export function isValidDayOfPeriod(frequency: Frequency, day: number): boolean {
  if (!Number.isInteger(day)) return false;
  return frequency === "weekly" ? day >= 1 && day <= 7 : day >= 1 && day <= 31;
}

/** A plain sentence for the list and the page: "Every month on day 31 (the last day in shorter months)". */
export function describeSchedule(schedule: Pick<Schedule, "frequency" | "intervalWeeks" | "dayOfPeriod">): string {
  if (schedule.frequency === "weekly") {
    const day = WEEKDAYS[schedule.dayOfPeriod - 1] ?? "Monday";
    return schedule.intervalWeeks === 1 ? `Every week on ${day}` : `Every ${schedule.intervalWeeks} weeks on ${day}`;
  }
  const every = { monthly: "Every month", quarterly: "Every quarter", yearly: "Every year" }[schedule.frequency];
  const late = schedule.dayOfPeriod > 28 ? " (the last day in shorter months)" : "";
  return `${every} on day ${schedule.dayOfPeriod}${late}`;
}

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
