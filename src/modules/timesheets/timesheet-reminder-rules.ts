// When the weekly timesheet reminder is due (pure; the I/O is in timesheet-notifications.ts).
import { addDaysToDate, type DateString, isoWeekMonday, type WallClock } from "@/lib/dates";

export type TimesheetReminderSetting = { weekday: number; time: string } | null;

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * The week a reminder is about, or null when none is due: from the reminder's weekday and time
 * (the firm's wall clock) until the end of that ISO week, the week before is due. A worker that
 * was down at that moment catches up later in the week; the sent-reminders key makes it once.
 */
export function reminderWeekDue(reminder: TimesheetReminderSetting, now: WallClock): DateString | null {
  if (!reminder) return null;
  const match = /^(\d{2}):(\d{2})$/.exec(reminder.time);
  if (!match || reminder.weekday < 1 || reminder.weekday > 7) return null;
  const today = `${now.year}-${pad(now.month)}-${pad(now.day)}`;
  const monday = isoWeekMonday(today);
  const weekday = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / 86_400_000) + 1;
  const minuteOfDay = now.hour * 60 + now.minute;
  const reminderMinute = Number(match[1]) * 60 + Number(match[2]);
  if (weekday < reminder.weekday || (weekday === reminder.weekday && minuteOfDay < reminderMinute)) return null;
  return addDaysToDate(monday, -7);
}
