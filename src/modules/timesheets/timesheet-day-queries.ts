import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, project, timeEntry, timesheet } from "@/db/schema";
import { type DateString, weekDays } from "@/lib/dates";
import { InvalidError, NotFoundError } from "@/lib/errors";
import type { Actor } from "@/modules/audit/audit-log";
import { isUuid } from "@/modules/clients/client-queries";
import { timerRunsOn } from "./timesheet-day-rules";
import { getRunningTimer, type RunningTimer } from "./timer-queries";
import { assertMayReadTimesheet, entryColumns } from "./timesheet-queries";

export type TimesheetDay = {
  date: DateString;
  entries: Awaited<ReturnType<typeof dayEntries>>;
  totalMinutes: number;
  /** The week owner's running timer, when it runs on this day (decision 047); else null. */
  timer: RunningTimer | null;
};

function dayEntries(db: Executor, sheetId: string, date: DateString) {
  return db
    .select(entryColumns)
    .from(timeEntry)
    .innerJoin(project, eq(project.id, timeEntry.projectId))
    .innerJoin(client, eq(client.id, project.clientId))
    .where(and(eq(timeEntry.timesheetId, sheetId), eq(timeEntry.date, date)))
    .orderBy(asc(timeEntry.position), asc(timeEntry.id));
}

/**
 * One day of a week for the day view: its entries (project and client joined, in the grid's row
 * order), their total, and the owner's running timer when it runs on that day. Readable by the
 * week's owner and by managers and admins, as the week is. A fixed number of statements, whatever
 * the number of entries.
 */
export async function getTimesheetDay(
  db: Executor,
  viewer: Pick<Actor, "id" | "role">,
  sheetId: string,
  date: DateString,
  timeZone: string,
  now: Date = new Date(),
): Promise<TimesheetDay> {
  if (!isUuid(sheetId)) throw new NotFoundError("This timesheet does not exist.", "timesheet.not_found");
  const [sheet] = await db
    .select({ userId: timesheet.userId, weekStart: timesheet.weekStart })
    .from(timesheet)
    .where(eq(timesheet.id, sheetId))
    .limit(1);
  if (!sheet) throw new NotFoundError("This timesheet does not exist.", "timesheet.not_found");
  assertMayReadTimesheet(viewer, sheet.userId);
  if (!weekDays(sheet.weekStart).includes(date))
    throw new InvalidError("This day is not in the timesheet's week.", {}, "timesheet.entry_date_outside_week");
  const [entries, running] = await Promise.all([
    dayEntries(db, sheetId, date),
    getRunningTimer(db, sheet.userId, timeZone),
  ]);
  const timer = running && timerRunsOn(date, new Date(running.startedAt), now, timeZone) ? running : null;
  return { date, entries, totalMinutes: entries.reduce((sum, entry) => sum + entry.minutes, 0), timer };
}
