import "server-only";
import { and, asc, eq, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, project, timeEntry, timesheet, unbilledTimeTotals, user } from "@/db/schema";
import { entryValueMinor } from "./timesheet-rules";

// Unbilled time: approved, billable entries that no invoice line bills yet. Their value is
// minutes × the rate frozen at approval, rounded half-up per entry (entryValueMinor), in the
// client's currency.

const unbilled = (clientId?: string) =>
  and(
    eq(timesheet.status, "approved"),
    eq(timeEntry.billable, true),
    isNull(timeEntry.invoiceLineId),
    clientId ? eq(project.clientId, clientId) : undefined,
  );

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
export async function findUnbilledTime(
  db: Executor,
  { clientId }: { clientId?: string } = {},
): Promise<UnbilledProject[]> {
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
    .groupBy(
      client.id,
      client.name,
      client.currency,
      project.id,
      project.name,
      timeEntry.hourlyRate,
      timeEntry.minutes,
    );
  const byProject = new Map<string, UnbilledProject>();
  for (const group of groups) {
    let row = byProject.get(group.projectId);
    if (!row) {
      row = {
        clientId: group.clientId,
        clientName: group.clientName,
        currency: group.currency,
        projectId: group.projectId,
        projectName: group.projectName,
        entryCount: 0,
        minutes: 0,
        hours: 0,
        valueMinor: 0,
        entriesWithoutRate: 0,
      };
      byProject.set(group.projectId, row);
    }
    row.entryCount += group.entries;
    row.minutes += group.minutes * group.entries;
    if (group.hourlyRate === null) row.entriesWithoutRate += group.entries;
    else row.valueMinor += entryValueMinor(group.minutes, group.hourlyRate) * group.entries;
  }
  return [...byProject.values()]
    .map((row) => ({ ...row, hours: row.minutes / 60 }))
    .sort(
      (a, b) =>
        a.clientName.localeCompare(b.clientName, "en", { sensitivity: "base" }) ||
        a.projectName.localeCompare(b.projectName, "en", { sensitivity: "base" }),
    );
}

// One collator for every comparison: localeCompare with options builds one per call.
const byName = new Intl.Collator("en", { sensitivity: "base" });

export type UnbilledClient = {
  clientId: string;
  clientName: string;
  currency: string;
  entryCount: number;
  minutes: number;
  valueMinor: number;
  entriesWithoutRate: number;
};

/**
 * Per client, the same hours and value as findUnbilledTime({ clientId }) (the client page's
 * "Unbilled time"), for every client at once: the dashboard. Most hours first.
 */
export async function findUnbilledTimeByClient(db: Executor): Promise<UnbilledClient[]> {
  const rows = await db
    .select({
      clientId: client.id,
      clientName: client.name,
      currency: client.currency,
      entryCount: sql<number>`sum(${unbilledTimeTotals.entries})`.mapWith(Number),
      minutes: sql<number>`sum(${unbilledTimeTotals.minutes})`.mapWith(Number),
      valueMinor: sql<number>`sum(${unbilledTimeTotals.value})`.mapWith(Number),
      entriesWithoutRate:
        sql<number>`coalesce(sum(${unbilledTimeTotals.entries}) filter (where ${unbilledTimeTotals.hourlyRate} is null), 0)`.mapWith(
          Number,
        ),
    })
    .from(unbilledTimeTotals)
    .innerJoin(client, eq(client.id, unbilledTimeTotals.clientId))
    .groupBy(client.id, client.name, client.currency)
    .having(sql`sum(${unbilledTimeTotals.entries}) > 0`);
  return rows.sort((a, b) => b.minutes - a.minutes || byName.compare(a.clientName, b.clientName));
}

export type UnbilledCurrencyTotals = { currency: string; minutes: number; valueMinor: number; clients: number };

/**
 * The dashboard's unbilled time: the `listed` clients with the most hours (as
 * findUnbilledTimeByClient gives them, ties by name) and, per currency, the sums over every
 * client. One statement returning a dozen rows, not one row per client with unbilled time.
 */
export async function findUnbilledSummary(
  db: Executor,
  listed: number,
): Promise<{ clients: UnbilledClient[]; totals: UnbilledCurrencyTotals[] }> {
  return unbilledSummaryOf(await unbilledSummarySelect(db, listed), listed);
}

/** The select of findUnbilledSummary, to run with others in one statement; unbilledSummaryOf reads its rows. */
export function unbilledSummarySelect(db: Executor, listed: number) {
  const minutes = sql`sum(${unbilledTimeTotals.minutes})`;
  const order = sql`${minutes} desc, lower(${client.name}), ${client.id}`;
  const perClient = db
    .select({
      clientId: client.id,
      clientName: client.name,
      currency: client.currency,
      entryCount: sql`sum(${unbilledTimeTotals.entries})`.as("entry_count"),
      minutes: sql`${minutes}`.as("minutes"),
      valueMinor: sql`sum(${unbilledTimeTotals.value})`.as("value_minor"),
      entriesWithoutRate:
        sql`coalesce(sum(${unbilledTimeTotals.entries}) filter (where ${unbilledTimeTotals.hourlyRate} is null), 0)`.as(
          "entries_without_rate",
        ),
      rank: sql<number>`row_number() over (order by ${order})`.as("rank"),
      currencyRank: sql<number>`row_number() over (partition by ${client.currency} order by ${order})`.as(
        "currency_rank",
      ),
      currencyClients: sql`count(*) over (partition by ${client.currency})`.as("currency_clients"),
      currencyMinutes: sql`sum(${minutes}) over (partition by ${client.currency})`.as("currency_minutes"),
      currencyValue: sql`sum(sum(${unbilledTimeTotals.value})) over (partition by ${client.currency})`.as(
        "currency_value",
      ),
    })
    .from(unbilledTimeTotals)
    .innerJoin(client, eq(client.id, unbilledTimeTotals.clientId))
    .groupBy(client.id, client.name, client.currency)
    .having(sql`sum(${unbilledTimeTotals.entries}) > 0`)
    .as("per_client");
  const number = (column: SQL.Aliased) => sql<number>`${column}`.mapWith(Number);
  return (
    db
      .select({
        clientId: perClient.clientId,
        clientName: perClient.clientName,
        currency: perClient.currency,
        entryCount: number(perClient.entryCount),
        minutes: number(perClient.minutes),
        valueMinor: number(perClient.valueMinor),
        entriesWithoutRate: number(perClient.entriesWithoutRate),
        rank: number(perClient.rank),
        currencyRank: number(perClient.currencyRank),
        currencyClients: number(perClient.currencyClients),
        currencyMinutes: number(perClient.currencyMinutes),
        currencyValue: number(perClient.currencyValue),
      })
      .from(perClient)
      // The listed clients, and the first client of each currency (it carries the currency's sums).
      .where(or(lte(perClient.rank, listed), eq(perClient.currencyRank, 1)))
      .orderBy(perClient.rank)
  );
}

type UnbilledSummaryRow = UnbilledClient & {
  rank: number;
  currencyRank: number;
  currencyClients: number;
  currencyMinutes: number;
  currencyValue: number;
};

/** The listed clients and the sums per currency, from the rows of unbilledSummarySelect. */
export function unbilledSummaryOf(
  rows: UnbilledSummaryRow[],
  listed: number,
): { clients: UnbilledClient[]; totals: UnbilledCurrencyTotals[] } {
  const clients = rows
    .filter((row) => row.rank <= listed)
    .map(({ clientId, clientName, currency, entryCount, minutes, valueMinor, entriesWithoutRate }) => ({
      clientId,
      clientName,
      currency,
      entryCount,
      minutes,
      valueMinor,
      entriesWithoutRate,
    }));
  const totals = rows
    .filter((row) => row.currencyRank === 1)
    .map((row) => ({
      currency: row.currency,
      minutes: row.currencyMinutes,
      valueMinor: row.currencyValue,
      clients: row.currencyClients,
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
  return { clients, totals };
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
    .orderBy(
      asc(timeEntry.date),
      sql`lower(${project.name})`,
      asc(user.name),
      asc(timeEntry.position),
      asc(timeEntry.id),
    );
}
