import "server-only";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { oneRow } from "@/db/one-row";
import { combinedRead, runRead } from "@/db/select-together";
import type { Executor } from "@/db/client";
import { call, callCounts, client, project, timeEntry, user } from "@/db/schema";
import { addDaysToDate, startOfDayInZone } from "@/lib/dates";
import { NotFoundError } from "@/lib/errors";
import { HISTORY_STATUSES, TODO_STATUSES } from "./call-rules";
import type { CallListQuery } from "./call-schemas";
import type { CallFormOptions, CallProjectOption } from "./components/call-form-options";
import { escapeLike } from "@/lib/sql-text";
import type { Actor } from "@/modules/audit/audit-log";

/**
 * When a call happens: when it started, else when it is (or was) planned, else when it was asked
 * for. The To do view sorts on it ascending, History descending; the partial expression indexes
 * of src/db/schema/calls.ts are built on exactly this expression.
 */
export const callAt = sql<Date>`coalesce(${call.startedAt}, ${call.scheduledAt}, ${call.createdAt})`;

const assignee = sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${call.assignedUserId})`;

const listColumns = {
  id: call.id,
  direction: call.direction,
  status: call.status,
  contactName: call.contactName,
  phone: call.phone,
  email: call.email,
  clientId: call.clientId,
  clientName: client.name,
  assignedUserId: call.assignedUserId,
  assignedUserName: assignee,
  createdById: call.createdById,
  scheduledAt: call.scheduledAt,
  startedAt: call.startedAt,
  durationSeconds: call.durationSeconds,
  subject: call.subject,
  notes: call.notes,
  outcome: call.outcome,
  followUpCallId: call.followUpCallId,
  projectId: call.projectId,
  projectName: project.name,
  billable: call.billable,
  timeEntryId: call.timeEntryId,
  timesheetId: timeEntry.timesheetId,
  version: call.version,
  createdAt: call.createdAt,
  updatedAt: call.updatedAt,
};

export type CallRow = Awaited<ReturnType<typeof findCalls>>["rows"][number];

export type FindCallsOptions = {
  view: CallListQuery["view"];
  /** A user id, or "me" (the viewer). */
  person?: string;
  client?: string;
  direction?: CallListQuery["direction"];
  status?: CallListQuery["status"];
  from?: string;
  to?: string;
  q?: string;
  /** To do only: planned for today (or not planned yet), or planned before today. */
  due?: CallListQuery["due"];
  page: number;
  size: number;
  viewerId?: string;
  timeZone: string;
  /** The firm's today, for `due`; the caller passes it so a test can fix it. */
  today?: string;
  /** SEARCH_SCAN_CAP, lowered by a test to reach the ordered read. */
  searchScanCap?: number;
};

/**
 * Digits of a search that looks like a phone number, for a match on the E.164 column. Leading
 * zeros go: a national "020 7946…" (trunk prefix) or "0044 20…" (international prefix) is found
 * inside "+44207946…".
 */
function phoneDigits(q: string): string | null {
  if (!/^[+\d\s().\-/]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, "").replace(/^0+/, "");
  return digits.length >= 3 ? digits : null;
}

/**
 * "Today": planned for today in the firm's timezone, or a callback request not planned yet;
 * "overdue": planned before today. Shared by the To do list's filter and the dashboard's counts.
 */
export function callDueCondition(due: NonNullable<CallListQuery["due"]>, today: string, timeZone: string): SQL {
  return or(...callDueParts(due, today, timeZone))!;
}

/** The disjoint parts of a due filter, each an index range on (status, scheduled_at). */
function callDueParts(due: NonNullable<CallListQuery["due"]>, today: string, timeZone: string): SQL[] {
  const startOfToday = startOfDayInZone(today, timeZone);
  switch (due) {
    case "today":
      return [
        and(
          gte(call.scheduledAt, startOfToday),
          lt(call.scheduledAt, startOfDayInZone(addDaysToDate(today, 1), timeZone)),
        )!,
        isNull(call.scheduledAt),
      ];
    case "overdue":
      return [lt(call.scheduledAt, startOfToday)];
    default: {
      const unreachable: never = due;
      throw new Error(`Unknown due filter ${String(unreachable)}`);
    }
  }
}

export function callFilters(options: Omit<FindCallsOptions, "page" | "size">): SQL[] {
  const filters: SQL[] = [];
  const statuses: readonly string[] = options.view === "history" ? HISTORY_STATUSES : TODO_STATUSES;
  if (options.status && statuses.includes(options.status)) filters.push(eq(call.status, options.status));
  else filters.push(inArray(call.status, [...statuses] as (typeof call.status._.data)[]));
  const person = options.person === "me" ? options.viewerId : options.person;
  if (person) filters.push(eq(call.assignedUserId, person));
  if (options.client) filters.push(eq(call.clientId, options.client));
  if (options.direction) filters.push(eq(call.direction, options.direction));
  if (options.from) filters.push(gte(callAt, startOfDayInZone(options.from, options.timeZone)));
  if (options.to) filters.push(lt(callAt, startOfDayInZone(addDaysToDate(options.to, 1), options.timeZone)));
  if (options.q) {
    const pattern = `%${escapeLike(options.q)}%`;
    const digits = phoneDigits(options.q);
    const matches = [ilike(call.contactName, pattern), ilike(call.subject, pattern)];
    if (digits) matches.push(sql`${call.phone} like ${`%${digits}%`}`);
    filters.push(or(...matches)!);
  }
  if (options.due && options.view !== "history") {
    if (!options.today) throw new Error("The due filter needs the firm's today.");
    filters.push(callDueCondition(options.due, options.today, options.timeZone));
  }
  return filters;
}

/**
 * The total of a view filtered on nothing but its statuses and a person: the sum of a few rows of
 * call_counts instead of a count over every call of the view. Null for any other filter.
 */
function countFromSummary(db: Executor, options: Omit<FindCallsOptions, "page" | "size">) {
  const due = options.due && options.view !== "history";
  if (options.client || options.direction || options.from || options.to || options.q || due) return null;
  const statuses: readonly string[] = options.view === "history" ? HISTORY_STATUSES : TODO_STATUSES;
  const chosen = options.status && statuses.includes(options.status) ? [options.status] : [...statuses];
  const person = options.person === "me" ? options.viewerId : options.person;
  return db
    .select({ value: sql<number>`coalesce(sum(${callCounts.count}), 0)`.mapWith(Number) })
    .from(callCounts)
    .where(and(inArray(callCounts.status, chosen), person ? eq(callCounts.assignedUserId, person) : undefined));
}

/**
 * How many matches a search reads in one scan to take its page and its count from them. Up to
 * this many, the scan costs about what counting them costs, and the page comes with it; past it,
 * the search walks the view in order for its page and counts apart (see callListRead).
 */
export const SEARCH_SCAN_CAP = 5000;

/** One page of the To do or History view, with the total of the filtered set, in one statement. */
export async function findCalls(db: Executor, options: FindCallsOptions) {
  return completeCallList(db, options, await runRead(db, callListRead(db, options)));
}

/**
 * The reads of findCalls, to run with the other reads of a page in one statement (runReadsTogether).
 * Its total is null when a search's one scan could not give the page (more matches than the cap,
 * or a page past what it read): completeCallList reads the list again then, in order and counted.
 */
export function callListRead(db: Executor, options: FindCallsOptions, strategy: "scan" | "ordered" = "scan") {
  const where = and(...callFilters(options));
  const ascending = options.view !== "history";
  const order = ascending ? [asc(callAt), asc(call.id)] : [desc(callAt), desc(call.id)];
  const size = options.size;
  const offset = (options.page - 1) * size;
  const cap = options.searchScanCap ?? SEARCH_SCAN_CAP;
  const summaryCount = countFromSummary(db, options);
  // A search reads its matches anyway to count them: up to the cap, its page comes from the same
  // scan, each row carrying the number of matches read (a window count), instead of a second
  // search walking the calls in order and matching each one's name and subject again. The scan
  // stops one past the cap: a broad search loses that much before its ordered walk and count
  // (figures in decision 017). The scan is a subquery with its own limit, so PostgreSQL takes the
  // matches from the search index instead of walking the ordered index of the whole view.
  const scanned = !summaryCount && Boolean(options.q) && strategy === "scan";
  // The page's calls first, then the joins for those rows only. Joined before the limit, a search
  // matching a few hundred calls had PostgreSQL hash every project and client to join them
  // (decision 017).
  const matches = db
    .select({ id: call.id, at: sql<Date>`${callAt}`.as("at") })
    .from(call)
    .where(where)
    .limit(cap + 1)
    .as("matches");
  const pageOfCalls = scanned
    ? db
        .select({ id: matches.id, matches: sql<number | null>`count(*) over ()`.as("matches") })
        .from(matches)
        .orderBy(...(ascending ? [asc(matches.at), asc(matches.id)] : [desc(matches.at), desc(matches.id)]))
        .limit(size)
        .offset(offset)
        .as("page_of_calls")
    : db
        .select({ id: call.id, matches: sql<number | null>`null::bigint`.as("matches") })
        .from(call)
        .where(where)
        .orderBy(...order)
        .limit(size)
        .offset(offset)
        .as("page_of_calls");
  const rows = db
    .select({ ...listColumns, matches: pageOfCalls.matches })
    .from(pageOfCalls)
    .innerJoin(call, eq(call.id, pageOfCalls.id))
    .leftJoin(client, eq(client.id, call.clientId))
    .leftJoin(project, eq(project.id, call.projectId))
    .leftJoin(timeEntry, eq(timeEntry.id, call.timeEntryId))
    .orderBy(...order);
  const total = summaryCount ?? (scanned ? sql<null>`null` : countOfCalls(db, where));
  return combinedRead({ rows, total }, (results) => {
    const counted = (): number | null => {
      if (results.total !== null) return results.total[0]?.value ?? 0;
      if (results.rows.length > 0) {
        const read = Number(results.rows[0]!.matches);
        return read <= cap ? read : null;
      }
      // No row to carry the count: no match at all (an empty scan), or a page past what the scan
      // read (past the last match or past the cap: unknown here).
      return options.page === 1 ? 0 : null;
    };
    const rows = results.rows.map((row) => {
      const { matches, ...call } = row;
      void matches;
      return call;
    });
    return { rows, total: counted(), page: options.page, size };
  });
}

/** A list callListRead could not complete in its one scan, read again in order and counted. */
export async function completeCallList<List extends { total: number | null }>(
  db: Executor,
  options: FindCallsOptions,
  list: List,
): Promise<List & { total: number }> {
  if (list.total !== null) return list as List & { total: number };
  const ordered = await runRead(db, callListRead(db, options, "ordered"));
  return { ...list, ...ordered, total: ordered.total ?? 0 };
}

export async function getCall(db: Executor, id: string) {
  const [row] = await db
    .select(listColumns)
    .from(call)
    .leftJoin(client, eq(client.id, call.clientId))
    .leftJoin(project, eq(project.id, call.projectId))
    .leftJoin(timeEntry, eq(timeEntry.id, call.timeEntryId))
    .where(eq(call.id, id))
    .limit(1);
  if (!row) throw new NotFoundError("This call does not exist.", "call.not_found");
  return row;
}

/** The calls of one client, latest first (the client page). */
export async function findClientCalls(db: Executor, clientId: string, limit = 20) {
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(call)
      .leftJoin(client, eq(client.id, call.clientId))
      .leftJoin(project, eq(project.id, call.projectId))
      .leftJoin(timeEntry, eq(timeEntry.id, call.timeEntryId))
      .where(eq(call.clientId, clientId))
      .orderBy(desc(callAt), desc(call.id))
      .limit(limit),
    db.select({ value: count() }).from(call).where(eq(call.clientId, clientId)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/**
 * The dashboard's figures: calls to do today (planned for today in the firm's timezone, plus
 * callback requests with no time yet) and overdue ones (planned before today); the totals of the
 * To do list filtered with due=today and due=overdue (and person, when given).
 */
export async function countCallsToDo(db: Executor, options: { userId?: string; today: string; timeZone: string }) {
  const [row] = await db.select(callsToDoCounts(db, options)).from(oneRow);
  return row!;
}

function countOfCalls(db: Executor, where: SQL | undefined) {
  return db.select({ value: count() }).from(call).where(where);
}

/**
 * The two counts of countCallsToDo as scalar subqueries (the dashboard asks them with its other
 * counts in one statement): one count per disjoint part of each due filter, each an index range
 * (one count with OR-ed conditions would read every planned call), added up.
 */
export function callsToDoCounts(db: Executor, options: { userId?: string; today: string; timeZone: string }) {
  const base = callFilters({ view: "todo", person: options.userId, timeZone: options.timeZone });
  const total = (due: "today" | "overdue") => {
    const parts = callDueParts(due, options.today, options.timeZone).map(
      (part) => sql`(${countOfCalls(db, and(...base, part))})`,
    );
    return sql<number>`${sql.join(parts, sql` + `)}`.mapWith(Number);
  };
  return { today: total("today"), overdue: total("overdue") };
}

/** Who can be assigned a call: active users, by name. */
export function findCallAssignees(db: Executor) {
  return db.select({ id: user.id, name: user.name }).from(user).where(eq(user.active, true)).orderBy(asc(user.name));
}

/** What every call dialog needs, sent with the page: who acts, people to assign, the firm's timezone. */
export function findCallFormOptions(db: Executor, viewer: Actor, timeZone: string): Promise<CallFormOptions> {
  return runRead(db, callFormOptionsRead(db, viewer, timeZone));
}

/** The read of findCallFormOptions, to run with the other reads of a page in one statement. */
export function callFormOptionsRead(db: Executor, viewer: Actor, timeZone: string) {
  return combinedRead({ assignees: findCallAssignees(db) }, ({ assignees }): CallFormOptions => ({
    viewer: { id: viewer.id, name: viewer.name, role: viewer.role },
    assignees,
    timeZone,
  }));
}

/** A client's active projects, by name: what a call dialog offers once the client is chosen. */
export function findCallProjects(db: Executor, clientId: string): Promise<CallProjectOption[]> {
  return db
    .select({ id: project.id, name: project.name, billableByDefault: project.billableByDefault })
    .from(project)
    .where(and(eq(project.clientId, clientId), isNull(project.archivedAt)))
    .orderBy(sql`lower(${project.name})`, project.id);
}
