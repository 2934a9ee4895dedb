import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, project, timeEntry, timesheet, user } from "@/db/schema";
import { entryValueMinor } from "./timesheet-rules";

// Unbilled time: approved, billable entries that no invoice line bills yet. Their value is
// minutes × the rate frozen at approval, rounded half-up per entry (entryValueMinor), in the
// client's currency.

const unbilled = (clientId?: string) =>
  and(eq(timesheet.status, "approved"), eq(timeEntry.billable, true), isNull(timeEntry.invoiceLineId), clientId ? eq(project.clientId, clientId) : undefined);

export type UnbilledProject = {
  clientId: string;
  clientName: string;
  currency: string;
  projectId: string;
  projectName: string;
  entryCount: number;
  minutes: number;
  hours: number;
  valueMinor: number;
  /** Entries approved without any rate (no project, client or firm rate): worth 0 until priced on the invoice. */
  entriesWithoutRate: number;
};

/** Per client and project: hours and value of the unbilled time, ordered by client then project name. */
export async function findUnbilledTime(db: Executor, { clientId }: { clientId?: string } = {}): Promise<UnbilledProject[]> {
  // Grouped by (project, rate, minutes) so each distinct entry value is computed once with the
  // shared rounding rule; the groups are few even for years of entries.
  const groups = await db
    .select({
      clientId: client.id,
      clientName: client.name,
      currency: client.currency,
      projectId: project.id,
      projectName: project.name,
      hourlyRate: timeEntry.hourlyRate,
      minutes: timeEntry.minutes,
      entries: sql<number>`count(*)`.mapWith(Number),
    })
    .from(timeEntry)
    .innerJoin(timesheet, eq(timesheet.id, timeEntry.timesheetId))
    .innerJoin(project, eq(project.id, timeEntry.projectId))
    .innerJoin(client, eq(client.id, project.clientId))
    .where(unbilled(clientId))
    .groupBy(client.id, client.name, client.currency, project.id, project.name, timeEntry.hourlyRate, timeEntry.minutes);
  const byProject = new Map<string, UnbilledProject>();
  for (const group of groups) {
    let row = byProject.get(group.projectId);
    if (!row) {
      row = { clientId: group.clientId, clientName: group.clientName, currency: group.currency, projectId: group.projectId, projectName: group.projectName, entryCount: 0, minutes: 0, hours: 0, valueMinor: 0, entriesWithoutRate: 0 };
      byProject.set(group.projectId, row);
    }
    row.entryCount += group.entries;
    row.minutes += group.minutes * group.entries;
    if (group.hourlyRate === null) row.entriesWithoutRate += group.entries;
    else row.valueMinor += entryValueMinor(group.minutes, group.hourlyRate) * group.entries;
  }
  return [...byProject.values()]
    .map((row) => ({ ...row, hours: row.minutes / 60 }))
    .sort((a, b) => a.clientName.localeCompare(b.clientName, "en", { sensitivity: "base" }) || a.projectName.localeCompare(b.projectName, "en", { sensitivity: "base" }));
}

export type UnbilledEntry = {
  id: string;
  projectId: string;
  projectName: string;
  userId: string;
  userName: string;
  date: string;
  minutes: number;
  description: string | null;
  hourlyRate: number | null;
};

/** The unbilled entries of one client, oldest first: what "Add unbilled time" on an invoice picks from. */
export async function findUnbilledEntries(db: Executor, { clientId }: { clientId: string }): Promise<UnbilledEntry[]> {
  return db
    .select({
      id: timeEntry.id,
      projectId: project.id,
      projectName: project.name,
      userId: user.id,
      userName: user.name,
      date: timeEntry.date,
      minutes: timeEntry.minutes,
      description: timeEntry.description,
      hourlyRate: timeEntry.hourlyRate,
    })
    .from(timeEntry)
    .innerJoin(timesheet, eq(timesheet.id, timeEntry.timesheetId))
    .innerJoin(project, eq(project.id, timeEntry.projectId))
    .innerJoin(user, eq(user.id, timeEntry.userId))
    .where(unbilled(clientId))
    .orderBy(asc(timeEntry.date), sql`lower(${project.name})`, asc(user.name), asc(timeEntry.position), asc(timeEntry.id));
}
