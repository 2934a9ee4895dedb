import "server-only";
import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { alias } from "drizzle-orm/pg-core";
import { auditEvent, client, project, timeEntry, timesheet, user } from "@/db/schema";
import { addDaysToDate, isMonday } from "@/lib/dates";
import { ForbiddenError, NotFoundError } from "@/lib/errors";
import type { Actor } from "@/modules/audit/audit-log";
import { isUuid } from "@/modules/clients/client-queries";
import { can } from "@/modules/users/permissions";
import { TIMESHEET_STATUSES, type TimesheetStatus } from "./timesheet-rules";

export type TimesheetView = "mine" | "all" | "queue";
/** A status, or "open": the weeks still in their owner's hands (draft or rejected). */
export type TimesheetStatusFilter = TimesheetStatus | "open";
export const OPEN_TIMESHEET_STATUSES = ["draft", "rejected"] as const satisfies readonly TimesheetStatus[];

export type TimesheetFilter = {
  view?: TimesheetView;
  userId?: string;
  status?: TimesheetStatusFilter;
  week?: string;
  page?: number;
  pageSize?: number;
};

export function isTimesheetStatus(value: unknown): value is TimesheetStatus {
  return typeof value === "string" && (TIMESHEET_STATUSES as readonly string[]).includes(value);
}

// Per-week totals read through the timesheet index: cheap for a page of 50 rows.
const totalMinutes =
  sql<number>`(select coalesce(sum(te.minutes), 0) from time_entries te where te.timesheet_id = ${timesheet.id})`.mapWith(
    Number,
  );
const billableMinutes =
  sql<number>`(select coalesce(sum(te.minutes), 0) from time_entries te where te.timesheet_id = ${timesheet.id} and te.billable)`.mapWith(
    Number,
  );

/** What a week's row shows of its timesheet, in the list and on its page (the person's name joined). */
const sheetColumns = {
  id: timesheet.id,
  userId: timesheet.userId,
  userName: user.name,
  weekStart: timesheet.weekStart,
  status: timesheet.status,
  version: timesheet.version,
  submittedAt: timesheet.submittedAt,
  decidedAt: timesheet.decidedAt,
  rejectionReason: timesheet.rejectionReason,
};

/**
 * The timesheets list. Staff see their own weeks whatever they ask for; managers and admins see
 * everyone's ("all"), filtered by person, status and week, and the approval queue ("queue":
 * submitted weeks of other people, oldest first).
 */
export async function findTimesheets(db: Executor, viewer: Pick<Actor, "id" | "role">, filter: TimesheetFilter = {}) {
  const pageSize = Math.min(Math.max(Math.trunc(Number(filter.pageSize) || 50), 1), 200);
  const page = Math.max(Math.trunc(Number(filter.page) || 1), 1);
  const { view, where } = timesheetListWhere(viewer, filter);
  const order =
    view === "queue" ? [asc(timesheet.weekStart), asc(user.name)] : [desc(timesheet.weekStart), asc(user.name)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...sheetColumns,
        totalMinutes,
        billableMinutes,
      })
      .from(timesheet)
      .innerJoin(user, eq(user.id, timesheet.userId))
      .where(where)
      .orderBy(...order, asc(timesheet.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(timesheet).where(where),
  ]);
  return { rows, total: total?.value ?? 0, page, pageSize, view };
}

/**
 * The SQL of a list filter for this viewer (staff always get their own weeks); shared by the
 * list and by the dashboard's figures that link to it, so both count the same weeks.
 */
export function timesheetListWhere(
  viewer: Pick<Actor, "id" | "role">,
  filter: Omit<TimesheetFilter, "page" | "pageSize">,
): { view: TimesheetView; where: SQL | undefined } {
  const view: TimesheetView = can(viewer, "timesheet.read_all") ? (filter.view ?? "mine") : "mine";
  const conditions: (SQL | undefined)[] = [];
  switch (view) {
    case "mine":
      conditions.push(eq(timesheet.userId, viewer.id));
      break;
    case "all":
      if (filter.userId && isUuid(filter.userId)) conditions.push(eq(timesheet.userId, filter.userId));
      break;
    case "queue":
      conditions.push(eq(timesheet.status, "submitted"), ne(timesheet.userId, viewer.id));
      if (filter.userId && isUuid(filter.userId)) conditions.push(eq(timesheet.userId, filter.userId));
      break;
  }
  if (view !== "queue" && filter.status === "open")
    conditions.push(inArray(timesheet.status, [...OPEN_TIMESHEET_STATUSES]));
  else if (view !== "queue" && filter.status && isTimesheetStatus(filter.status))
    conditions.push(eq(timesheet.status, filter.status));
  if (filter.week && isMonday(filter.week)) conditions.push(eq(timesheet.weekStart, filter.week));
  return { view, where: and(...conditions) };
}

/** Submitted weeks waiting for this manager (not their own): the approval queue's count. */
export async function countAwaitingApproval(db: Executor, viewer: Pick<Actor, "id" | "role">): Promise<number> {
  if (!can(viewer, "timesheet.decide")) return 0;
  const [row] = await awaitingApprovalCount(db, viewer);
  return row?.value ?? 0;
}

/** The approval queue's count as a query (the dashboard asks it with others, in one statement). */
export function awaitingApprovalCount(db: Executor, viewer: Pick<Actor, "id" | "role">) {
  return db
    .select({ value: count() })
    .from(timesheet)
    .where(timesheetListWhere(viewer, { view: "queue" }).where);
}

/** "Mine" filtered on "Draft or rejected", counted, as a query. */
export function myOpenWeeksCount(db: Executor, viewer: Pick<Actor, "id" | "role">) {
  return db
    .select({ value: count() })
    .from(timesheet)
    .where(timesheetListWhere(viewer, { view: "mine", status: "open" }).where);
}

/** My weeks still to finish (draft or rejected): the count of "Mine" filtered on "Draft or rejected". */
export async function countMyOpenWeeks(db: Executor, viewer: Pick<Actor, "id" | "role">): Promise<number> {
  const [row] = await myOpenWeeksCount(db, viewer);
  return row?.value ?? 0;
}

/**
 * Minutes logged per person in the weeks a list filter keeps (all their entries, whatever the
 * week's status): the sum of the list's "Hours" column. The dashboard's hours of the week, run
 * with its other reads in one statement; minutesByPersonOf reads its rows.
 */
export function timesheetMinutesByPersonSelect(
  db: Executor,
  viewer: Pick<Actor, "id" | "role">,
  filter: Omit<TimesheetFilter, "page" | "pageSize">,
) {
  return db
    .select({ userId: timesheet.userId, minutes: sql<string>`coalesce(sum(${timeEntry.minutes}), 0)` })
    .from(timesheet)
    .innerJoin(timeEntry, eq(timeEntry.timesheetId, timesheet.id))
    .where(timesheetListWhere(viewer, filter).where)
    .groupBy(timesheet.userId);
}

export function minutesByPersonOf(rows: { userId: string; minutes: string | number }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.userId, Number(row.minutes)]));
}

/** People for the "person" filter and the create page's person picker. */
export function findTimesheetPeople(db: Executor) {
  return db
    .select({ id: user.id, name: user.name, active: user.active, weeklyCapacityMinutes: user.weeklyCapacityMinutes })
    .from(user)
    .orderBy(desc(user.active), asc(user.name));
}

const decider = alias(user, "decider");

/** A week is read by its owner, and by managers and admins; staff never see another person's week. */
export function assertMayReadTimesheet(viewer: Pick<Actor, "id" | "role">, ownerId: string): void {
  if (ownerId !== viewer.id && !can(viewer, "timesheet.read_all"))
    throw new ForbiddenError("You can only see your own timesheets.");
}

/** What a week's page shows of each entry (project and client joined), in the grid and the day view. */
export const entryColumns = {
  id: timeEntry.id,
  projectId: timeEntry.projectId,
  projectName: project.name,
  projectArchived: sql<boolean>`(${project.archivedAt} is not null or ${client.archivedAt} is not null)`,
  clientId: client.id,
  clientName: client.name,
  date: timeEntry.date,
  minutes: timeEntry.minutes,
  description: timeEntry.description,
  billable: timeEntry.billable,
  hourlyRate: timeEntry.hourlyRate,
  invoiceLineId: timeEntry.invoiceLineId,
  position: timeEntry.position,
};

/** One week with its owner, its entries (with project and client) and who decided; readable by its owner and by managers. */
export async function getTimesheet(db: Executor, viewer: Pick<Actor, "id" | "role">, id: string) {
  if (!isUuid(id)) throw new NotFoundError("This timesheet does not exist.", "timesheet.not_found");
  const [sheet] = await db
    .select({
      ...sheetColumns,
      decidedByName: decider.name,
      createdAt: timesheet.createdAt,
      updatedAt: timesheet.updatedAt,
    })
    .from(timesheet)
    .innerJoin(user, eq(user.id, timesheet.userId))
    .leftJoin(decider, eq(decider.id, timesheet.decidedById))
    .where(eq(timesheet.id, id))
    .limit(1);
  if (!sheet) throw new NotFoundError("This timesheet does not exist.", "timesheet.not_found");
  assertMayReadTimesheet(viewer, sheet.userId);
  const entries = await db
    .select(entryColumns)
    .from(timeEntry)
    .innerJoin(project, eq(project.id, timeEntry.projectId))
    .innerJoin(client, eq(client.id, project.clientId))
    .where(eq(timeEntry.timesheetId, id))
    .orderBy(asc(timeEntry.position), asc(timeEntry.date), asc(timeEntry.id));
  return { ...sheet, entries };
}

export type TimesheetDetail = Awaited<ReturnType<typeof getTimesheet>>;

/** The week's transitions and saves, oldest first, from the audit events (who and when). */
export async function findTimesheetHistory(db: Executor, id: string) {
  return db
    .select({
      id: auditEvent.id,
      entity: auditEvent.entity,
      entityId: auditEvent.entityId,
      action: auditEvent.action,
      actorName: auditEvent.actorName,
      createdAt: auditEvent.createdAt,
      summary: auditEvent.summary,
    })
    .from(auditEvent)
    .where(and(eq(auditEvent.entity, "timesheet"), eq(auditEvent.entityId, id)))
    .orderBy(asc(auditEvent.createdAt), asc(auditEvent.id));
}

/** The person's timesheet id for a week, if any (the create page opens it instead of a duplicate). */
export async function findTimesheetIdForWeek(db: Executor, userId: string, weekStart: string): Promise<string | null> {
  const [row] = await db
    .select({ id: timesheet.id })
    .from(timesheet)
    .where(and(eq(timesheet.userId, userId), eq(timesheet.weekStart, weekStart)))
    .limit(1);
  return row?.id ?? null;
}

/** "Copy rows from last week": the previous week's rows (project, description, billable), without hours, on active projects. */
export async function findPreviousWeekRows(db: Executor, userId: string, weekStart: string) {
  const rows = await db
    .select({
      projectId: timeEntry.projectId,
      description: timeEntry.description,
      billable: timeEntry.billable,
      position: sql<number>`min(${timeEntry.position})`.mapWith(Number),
    })
    .from(timeEntry)
    .innerJoin(timesheet, eq(timesheet.id, timeEntry.timesheetId))
    .innerJoin(project, eq(project.id, timeEntry.projectId))
    .innerJoin(client, eq(client.id, project.clientId))
    .where(
      and(
        eq(timesheet.userId, userId),
        eq(timesheet.weekStart, addDaysToDate(weekStart, -7)),
        sql`${project.archivedAt} is null and ${client.archivedAt} is null`,
      ),
    )
    .groupBy(timeEntry.projectId, timeEntry.description, timeEntry.billable)
    .orderBy(sql`min(${timeEntry.position})`);
  return rows.map(({ projectId, description, billable }) => ({ projectId, description: description ?? "", billable }));
}

/** Whether this person gets timesheet mails (their account's setting). */
export async function findTimesheetNotifications(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: user.timesheetNotifications }).from(user).where(eq(user.id, userId));
  return row?.enabled ?? false;
}

// ---------------------------------------------------------------------------------------
// Time entries one by one (the API, decision 055)

export type TimeEntryFilter = {
  userId?: string;
  projectId?: string;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
};

const timeEntryRowColumns = {
  id: timeEntry.id,
  timesheetId: timeEntry.timesheetId,
  weekStatus: timesheet.status,
  userId: timeEntry.userId,
  userName: user.name,
  date: timeEntry.date,
  projectId: timeEntry.projectId,
  projectName: project.name,
  clientId: client.id,
  clientName: client.name,
  minutes: timeEntry.minutes,
  description: timeEntry.description,
  billable: timeEntry.billable,
  hourlyRate: timeEntry.hourlyRate,
  invoiced: sql<boolean>`(${timeEntry.invoiceLineId} is not null)`,
};

function selectTimeEntries(db: Executor) {
  return db
    .select(timeEntryRowColumns)
    .from(timeEntry)
    .innerJoin(timesheet, eq(timesheet.id, timeEntry.timesheetId))
    .innerJoin(user, eq(user.id, timeEntry.userId))
    .innerJoin(project, eq(project.id, timeEntry.projectId))
    .innerJoin(client, eq(client.id, project.clientId));
}

/**
 * Time entries, newest day first: staff only their own (asking for someone else's is refused, as
 * for a week); managers and admins everyone's, filtered by person, project and days.
 */
export async function findTimeEntries(
  db: Executor,
  viewer: Pick<Actor, "id" | "role" | "scopes">,
  filter: TimeEntryFilter = {},
) {
  if (filter.userId) assertMayReadTimesheet(viewer, filter.userId);
  const pageSize = Math.min(Math.max(Math.trunc(Number(filter.pageSize) || 50), 1), 200);
  const page = Math.max(Math.trunc(Number(filter.page) || 1), 1);
  const person = can(viewer, "timesheet.read_all") ? filter.userId : viewer.id;
  const where = and(
    person ? eq(timeEntry.userId, person) : undefined,
    filter.projectId ? eq(timeEntry.projectId, filter.projectId) : undefined,
    filter.from ? gte(timeEntry.date, filter.from) : undefined,
    filter.to ? lte(timeEntry.date, filter.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectTimeEntries(db)
      .where(where)
      .orderBy(desc(timeEntry.date), asc(user.name), asc(timeEntry.position), asc(timeEntry.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(timeEntry).where(where),
  ]);
  return { rows, total: total?.value ?? 0, page, pageSize };
}

/** One time entry, for whoever may read its week (else it does not exist for them). */
export async function getTimeEntry(db: Executor, viewer: Pick<Actor, "id" | "role" | "scopes">, id: string) {
  const notFound = () => new NotFoundError("This time entry does not exist.", "timesheet.entry_not_found");
  if (!isUuid(id)) throw notFound();
  const [row] = await selectTimeEntries(db).where(eq(timeEntry.id, id));
  if (!row || (row.userId !== viewer.id && !can(viewer, "timesheet.read_all"))) throw notFound();
  return row;
}
