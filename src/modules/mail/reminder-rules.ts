// Pure rules of overdue reminders: which step of the schedule an invoice
// is due for on the firm's day, and when the daily run is due.
import { addDaysToDate, type DateString, differenceInDays, todayInZone } from "@/lib/dates";

/** The hour (firm's local time) from which the daily reminder run goes out: nobody gets mail at midnight. */
export const REMINDER_RUN_HOUR = 8;

/** The day a step (days after due) falls on: due date + days, across month and year ends. */
export function reminderDate(dueDate: DateString, daysAfterDue: number): DateString {
  return addDaysToDate(dueDate, daysAfterDue);
}

export function daysOverdue(dueDate: DateString, today: DateString): number {
  return Math.max(0, differenceInDays(today, dueDate));
}

export type ReminderDecision = { send: number | null; skip: number[] };

/**
 * On `today` (the firm's day), the step to send and the earlier steps to mark as skipped. When
 * several steps are due at once (reminders switched on late, the worker down for days), only the
 * latest goes out: a client never receives three reminders in one morning, and an earlier step is
 * never sent after a later one.
 */
export function reminderStepsDue(input: {
  dueDate: DateString;
  today: DateString;
  steps: readonly number[];
  done: readonly number[];
}): ReminderDecision {
  const steps = [...new Set(input.steps.filter((step) => Number.isInteger(step) && step > 0))].sort((a, b) => a - b);
  const done = new Set(input.done);
  const reached = steps.filter((step) => reminderDate(input.dueDate, step) <= input.today);
  const pending = reached.filter((step) => !done.has(step));
  if (pending.length === 0) return { send: null, skip: [] };
  const latestDone = Math.max(0, ...input.done);
  const latest = pending[pending.length - 1]!;
  if (latest < latestDone) return { send: null, skip: pending };
  return { send: latest, skip: pending.filter((step) => step !== latest) };
}

/** The hour of `now` on the firm's clock (0–23). */
export function hourInZone(now: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(now);
  return Number(hour);
}

/** The daily run is due once per firm day, from REMINDER_RUN_HOUR on. */
export function isDailyRunDue(input: {
  now: Date;
  timeZone: string;
  lastRunOn: DateString | null;
  hour?: number;
}): boolean {
  const today = todayInZone(input.timeZone, input.now);
  if (input.lastRunOn !== null && input.lastRunOn >= today) return false;
  return hourInZone(input.now, input.timeZone) >= (input.hour ?? REMINDER_RUN_HOUR);
}
