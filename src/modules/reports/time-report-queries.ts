// The time report: hours and amounts of time entries for a period, grouped by client, project,
// person, month, week or day, or listed one entry a row. Amounts are in the client's currency and
// never summed across currencies. An approved entry is worth its minutes at the rate frozen at
// approval; an entry not yet approved is shown at the rate it would freeze to (project, else
// client, else the firm's), marked as an estimate. Each entry's value is rounded on its own, half
// up, by bureau_entry_value (drizzle/0008), the SQL twin of entryValueMinor.
import "server-only";
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, invoice, invoiceLine, project, timeEntry, timesheet, user } from "@/db/schema";
import type { Actor } from "@/modules/audit/audit-log";
import { can } from "@/modules/users/permissions";
import type { DateRange } from "./report-rules";
import { rowsOf } from "./sales-journal-queries";
import { factValue, timeFacts } from "./time-facts";
import type { TimeGroup, TimeReportParams } from "./report-schemas";

export type TimeReportFilter = DateRange &
  Partial<Pick<TimeReportParams, "client" | "project" | "person" | "billable" | "status" | "invoiced">>;

export type Viewer = Pick<Actor, "id" | "role">;

/** What the viewer may see: others' time with timesheet.read_all, amounts with billing.read. */
export function timeReportScope(viewer: Viewer) {
  return { everyone: can(viewer, "timesheet.read_all"), amounts: can(viewer, "billing.read") };
}

/** The filter as the viewer may run it: staff see their own time, whatever the address asks. */
export function scopedFilter(viewer: Viewer, filter: TimeReportFilter): TimeReportFilter {
  return timeReportScope(viewer).everyone ? filter : { ...filter, person: viewer.id };
}

function whereOf(filter: TimeReportFilter): SQL | undefined {
  return and(
    gte(timeEntry.date, filter.from),
    lte(timeEntry.date, filter.to),
    filter.client ? eq(project.clientId, filter.client) : undefined,
    filter.project ? eq(timeEntry.projectId, filter.project) : undefined,
    filter.person ? eq(timeEntry.userId, filter.person) : undefined,
    filter.billable ? eq(timeEntry.billable, filter.billable === "yes") : undefined,
    filter.status ? eq(timesheet.status, filter.status) : undefined,
    filter.invoiced === "yes" ? sql`${timeEntry.invoiceLineId} is not null` : undefined,
    filter.invoiced === "no" ? sql`${timeEntry.invoiceLineId} is null` : undefined,
  );
}

/** The rate an entry is worth: frozen when approved, else the one approval would freeze. */
export function rateOf(firmRate: number | null): SQL<number | null> {
  return sql<number | null>`case when ${timesheet.status} = 'approved' then ${timeEntry.hourlyRate}
    else coalesce(${project.hourlyRate}, ${client.defaultHourlyRate}, ${firmRate}::integer) end`;
}

const isApproved = sql`${timesheet.status} = 'approved'`;
const value = (firmRate: number | null) => sql`bureau_entry_value(${timeEntry.minutes}, ${rateOf(firmRate)})`;
const sumWhen = (condition: SQL, what: SQL) =>
  sql<string>`coalesce(sum(case when ${condition} then ${what} else 0 end), 0)`;

function groupKey(group: "week" | "day"): {
  key: SQL<string>;
  label: SQL<string>;
  detail: SQL<string | null>;
} {
  switch (group) {
    case "week":
      return {
        key: sql<string>`to_char(date_trunc('week', ${timeEntry.date}), 'YYYY-MM-DD')`,
        label: sql<string>`to_char(date_trunc('week', ${timeEntry.date}), 'IYYY-"W"IW')`,
        detail: sql<null>`null`,
      };
    case "day":
      return {
        key: sql<string>`to_char(${timeEntry.date}, 'YYYY-MM-DD')`,
        label: sql<string>`to_char(${timeEntry.date}, 'YYYY-MM-DD')`,
        detail: sql<null>`null`,
      };
  }
}

/** One group of the report in one currency (a group spanning clients of two currencies has two rows). */
export type TimeReportRow = {
  key: string;
  label: string;
  /** The client of a project row. */
  detail: string | null;
  currency: string;
  entries: number;
  minutes: number;
  billableMinutes: number;
  /** Approved billable time on an invoice line, at frozen rates. */
  billed: number;
  /** Approved billable time on no invoice line, at frozen rates. */
  unbilled: number;
  /** Billable time of weeks not yet approved, at the rate approval would freeze (an estimate). */
  estimated: number;
};

export type TimeReportTotals = Omit<TimeReportRow, "key" | "label" | "detail">;

type GroupedRow = {
  key: string;
  label: string;
  detail: string | null;
  currency: string;
  entries: string | number;
  minutes: string | number;
  billableMinutes: string | number;
  billed: string | number;
  unbilled: string | number;
  estimated: string | number;
};

/**
 * Grouped by client, project, person or month: from the period's facts (time-facts.ts, whole months
 * from the summary the triggers keep), a few thousand rows for a year instead of every entry.
 */
async function groupedFromFacts(
  db: Executor,
  group: "client" | "project" | "person" | "month",
  filter: TimeReportFilter,
  firmRate: number | null,
): Promise<GroupedRow[]> {
  const columns = {
    client: sql`c.id::text, c.name, null::text`,
    project: sql`p.id::text, p.name, c.name`,
    person: sql`u.id::text, u.name, null::text`,
    month: sql`to_char(f.month, 'YYYY-MM-DD'), to_char(f.month, 'YYYY-MM'), null::text`,
  }[group];
  // Grouped by the keys (names depend on them): hashing ids, not sorting 13,000 facts by their
  // names' text, which the planner chose for a year by project (8 ms of 23 on the large data set).
  const keys = {
    client: sql`c.id`,
    project: sql`p.id, c.id`,
    person: sql`u.id, c.currency`,
    month: sql`f.month, c.currency`,
  }[group];
  const value = factValue(firmRate);
  const sumWhenFact = (condition: SQL, what: SQL) =>
    sql`coalesce(sum(case when ${condition} then ${what} else 0 end), 0)`;
  const approved = sql`f.status = 'approved'`;
  return rowsOf<GroupedRow>(
    db,
    sql`select g.key, g.label, g.detail, g.currency, g.entries, g.minutes, g."billableMinutes", g.billed, g.unbilled, g.estimated
      from (
        select ${columns}, c.currency, sum(f.entries) as entries, sum(f.minutes) as minutes,
          ${sumWhenFact(sql`f.billable`, sql`f.minutes`)} as "billableMinutes",
          ${sumWhenFact(sql`f.billable and ${approved} and f.invoiced`, value)} as billed,
          ${sumWhenFact(sql`f.billable and ${approved} and not f.invoiced`, value)} as unbilled,
          ${sumWhenFact(sql`f.billable and not (${approved})`, value)} as estimated
        from ${timeFacts(filter)} f
        join projects p on p.id = f.project_id
        join clients c on c.id = p.client_id
        ${group === "person" ? sql`join users u on u.id = f.user_id` : sql``}
        ${filter.client ? sql`where p.client_id = ${filter.client}::uuid` : sql``}
        group by ${keys}
        having sum(f.entries) <> 0
      ) g(key, label, detail, currency, entries, minutes, "billableMinutes", billed, unbilled, estimated)
      order by ${group === "month" ? sql`g.key` : sql`lower(g.label)`}, g.key, g.currency`,
  );
}

/** Grouped by day or week: from the entries of the period (a date index range). */
async function groupedFromEntries(
  db: Executor,
  group: "week" | "day",
  filter: TimeReportFilter,
  firmRate: number | null,
): Promise<GroupedRow[]> {
  const { key, label, detail } = groupKey(group);
  const billable = sql`${timeEntry.billable}`;
  return db
    .select({
      key,
      label,
      detail,
      currency: client.currency,
      entries: sql<string>`count(*)`,
      minutes: sql<string>`sum(${timeEntry.minutes})`,
      billableMinutes: sumWhen(billable, sql`${timeEntry.minutes}`),
      billed: sumWhen(sql`${billable} and ${isApproved} and ${timeEntry.invoiceLineId} is not null`, value(firmRate)),
      unbilled: sumWhen(sql`${billable} and ${isApproved} and ${timeEntry.invoiceLineId} is null`, value(firmRate)),
      estimated: sumWhen(sql`${billable} and not (${isApproved})`, value(firmRate)),
    })
    .from(timeEntry)
    .innerJoin(timesheet, eq(timesheet.id, timeEntry.timesheetId))
    .innerJoin(project, eq(project.id, timeEntry.projectId))
    .innerJoin(client, eq(client.id, project.clientId))
    .where(whereOf(filter))
    .groupBy(sql`1`, sql`2`, sql`3`, client.currency)
    .orderBy(sql`1`, client.currency);
}

/** The grouped report, its rows ordered by name (or by date for periods), and the totals per currency. */
export async function findTimeReport(
  db: Executor,
  viewer: Viewer,
  group: Exclude<TimeGroup, "entry">,
  asked: TimeReportFilter,
  firmRate: number | null,
): Promise<{ rows: TimeReportRow[]; totals: TimeReportTotals[]; minutes: number; entries: number }> {
  const filter = scopedFilter(viewer, asked);
  const result =
    group === "week" || group === "day"
      ? await groupedFromEntries(db, group, filter, firmRate)
      : await groupedFromFacts(db, group, filter, firmRate);
  const { amounts } = timeReportScope(viewer);
  const rows: TimeReportRow[] = result.map((row) => ({
    key: row.key,
    label: row.label,
    detail: row.detail,
    currency: row.currency,
    entries: Number(row.entries),
    minutes: Number(row.minutes),
    billableMinutes: Number(row.billableMinutes),
    billed: amounts ? Number(row.billed) : 0,
    unbilled: amounts ? Number(row.unbilled) : 0,
    estimated: amounts ? Number(row.estimated) : 0,
  }));
  // Without amounts there is nothing to keep apart per currency: one row per group.
  const shown = amounts ? rows : mergeCurrencies(rows);
  return { rows: shown, totals: totalsOf(shown), ...sumOf(shown) };
}

function mergeCurrencies(rows: readonly TimeReportRow[]): TimeReportRow[] {
  const byKey = new Map<string, TimeReportRow>();
  for (const row of rows) {
    const merged = byKey.get(row.key);
    if (!merged) {
      byKey.set(row.key, { ...row, currency: "" });
      continue;
    }
    merged.entries += row.entries;
    merged.minutes += row.minutes;
    merged.billableMinutes += row.billableMinutes;
  }
  return [...byKey.values()];
}

function sumOf(rows: readonly { minutes: number; entries: number }[]) {
  return {
    minutes: rows.reduce((sum, row) => sum + row.minutes, 0),
    entries: rows.reduce((sum, row) => sum + row.entries, 0),
  };
}

/** Per currency: every figure of the rows added up. */
export function totalsOf(rows: readonly TimeReportRow[]): TimeReportTotals[] {
  const byCurrency = new Map<string, TimeReportTotals>();
  for (const row of rows) {
    const total = byCurrency.get(row.currency) ?? {
      currency: row.currency,
      entries: 0,
      minutes: 0,
      billableMinutes: 0,
      billed: 0,
      unbilled: 0,
      estimated: 0,
    };
    total.entries += row.entries;
    total.minutes += row.minutes;
    total.billableMinutes += row.billableMinutes;
    total.billed += row.billed;
    total.unbilled += row.unbilled;
    total.estimated += row.estimated;
    byCurrency.set(row.currency, total);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

function entryColumns(firmRate: number | null) {
  return {
    id: timeEntry.id,
    date: timeEntry.date,
    personName: user.name,
    clientName: client.name,
    projectName: project.name,
    description: timeEntry.description,
    minutes: timeEntry.minutes,
    billable: timeEntry.billable,
    status: timesheet.status,
    timesheetId: timesheet.id,
    currency: client.currency,
    rate: rateOf(firmRate).mapWith((value) => (value === null ? null : Number(value))),
    value: sql<string>`case when ${timeEntry.billable} then ${value(firmRate)} else 0 end`.mapWith(Number),
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
  };
}

function entryQuery(db: Executor, filter: TimeReportFilter, firmRate: number | null) {
  return db
    .select(entryColumns(firmRate))
    .from(timeEntry)
    .innerJoin(timesheet, eq(timesheet.id, timeEntry.timesheetId))
    .innerJoin(project, eq(project.id, timeEntry.projectId))
    .innerJoin(client, eq(client.id, project.clientId))
    .innerJoin(user, eq(user.id, timeEntry.userId))
    .leftJoin(invoiceLine, eq(invoiceLine.id, timeEntry.invoiceLineId))
    .leftJoin(invoice, eq(invoice.id, invoiceLine.invoiceId));
}

export type TimeReportEntry = Awaited<ReturnType<ReturnType<typeof entryQuery>["execute"]>>[number];

/** Amounts of an entry as the viewer may see them: none without billing.read. */
function visible(viewer: Viewer) {
  const { amounts } = timeReportScope(viewer);
  return (row: TimeReportEntry): TimeReportEntry => (amounts ? row : { ...row, rate: null, value: 0 });
}

/** One page of the entries, newest first, with the count of all that match. */
export async function findTimeReportEntries(
  db: Executor,
  viewer: Viewer,
  asked: TimeReportFilter,
  firmRate: number | null,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const filter = scopedFilter(viewer, asked);
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    entryQuery(db, filter, firmRate)
      .where(where)
      .orderBy(desc(timeEntry.date), asc(user.name), asc(timeEntry.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ count: count() })
      .from(timeEntry)
      .innerJoin(timesheet, eq(timesheet.id, timeEntry.timesheetId))
      .innerJoin(project, eq(project.id, timeEntry.projectId))
      .innerJoin(client, eq(client.id, project.clientId))
      .where(where),
  ]);
  return { rows: rows.map(visible(viewer)), total: total?.count ?? 0, page, pageSize };
}

/**
 * Every matching entry in batches, by keyset on (date, id), so each batch is one range read and
 * memory holds one batch whatever the count (the CSV export).
 */
export async function* streamTimeReportEntries(
  db: Executor,
  viewer: Viewer,
  asked: TimeReportFilter,
  firmRate: number | null,
  batchSize = 1000,
) {
  const filter = scopedFilter(viewer, asked);
  const where = whereOf(filter);
  const show = visible(viewer);
  let after: { date: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${timeEntry.date}, ${timeEntry.id}) > (${after.date}, ${after.id})`
      : undefined;
    const rows: TimeReportEntry[] = await entryQuery(db, filter, firmRate)
      .where(and(where, keyset))
      .orderBy(asc(timeEntry.date), asc(timeEntry.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(show);
    if (rows.length < batchSize) return;
    const last: TimeReportEntry = rows[rows.length - 1]!;
    after = { date: last.date, id: last.id };
  }
}

/** What the filter bar names: the chosen client's and project's names, the chosen client's projects. */
export async function findTimeReportChoices(db: Executor, filter: { client?: string; project?: string }) {
  const [clientRow, projectRow, projects] = await Promise.all([
    filter.client
      ? db.select({ name: client.name }).from(client).where(eq(client.id, filter.client)).limit(1)
      : Promise.resolve([]),
    filter.project
      ? db.select({ name: project.name }).from(project).where(eq(project.id, filter.project)).limit(1)
      : Promise.resolve([]),
    filter.client
      ? db
          .select({ id: project.id, name: project.name })
          .from(project)
          .where(eq(project.clientId, filter.client))
          .orderBy(sql`lower(${project.name})`, project.id)
      : Promise.resolve([]),
  ]);
  return { clientName: clientRow[0]?.name ?? null, projectName: projectRow[0]?.name ?? null, projects };
}
