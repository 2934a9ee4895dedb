import "server-only";
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import type { Executor } from "@/db/client";
import type { PendingSelect } from "@/db/select-together";
import {
  auditEvent,
  client,
  invoice,
  invoiceDayTotals,
  invoiceLine,
  invoiceMonthTotals,
  invoiceOpenBalances,
  invoiceTotals,
  payment,
  paymentDayTotals,
  paymentMonthTotals,
  timeEntry,
} from "@/db/schema";
import { NotFoundError } from "@/lib/errors";
import { getSettings } from "@/modules/settings/settings-queries";
import { addressLinesOf, buildInvoiceDocument, clientSnapshotOf, firmSnapshotOf } from "./invoice-document";
import { deriveDisplayStatus, type InvoiceDisplayStatus } from "./invoice-rules";
import type { InvoiceListFilter, InvoiceSort } from "./invoice-schemas";
import { escapeLike } from "@/lib/sql-text";

export const DEFAULT_PAGE_SIZE = 50;

type StoredStatus = (typeof invoice.$inferSelect)["status"];
const OPEN_STATUSES: StoredStatus[] = ["issued", "partially_paid"];

/** The stored statuses a status filter stands for, when it does not depend on today; else null. */
function storedStatusesOf(status: InvoiceListFilter["status"]): StoredStatus[] | undefined | null {
  switch (status) {
    case undefined:
      return undefined;
    case "draft":
    case "paid":
    case "cancelled":
      return [status];
    case "unpaid":
      return OPEN_STATUSES;
    case "not_draft":
      return ["issued", "partially_paid", "paid", "cancelled"];
    case "issued":
    case "partially_paid":
    case "overdue":
      return null;
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown status filter ${String(unreachable)}`);
    }
  }
}

const hasPaidRange = (filter: InvoiceListFilter) => Boolean(filter.paidFrom || filter.paidTo);

const clientName = sql<string>`coalesce(${invoice.clientSnapshot}->>'name', ${client.name})`;

/** The status a list or page shows: `overdue` is derived for invoices only (credit notes take no payment). */
export function displayStatusOf(
  row: { kind: "invoice" | "credit_note"; status: InvoiceListRowStatus; dueDate: string },
  today: string,
): InvoiceDisplayStatus {
  return row.kind === "credit_note"
    ? row.status
    : deriveDisplayStatus({ status: row.status, dueDate: row.dueDate, today });
}
type InvoiceListRowStatus = (typeof invoice.$inferSelect)["status"];

/**
 * The clients whose name matches the search, looked up first in the small clients table, so the
 * invoice search is "number matches OR client_id in (…)": two index scans, no join to filter.
 */
async function searchClientIds(db: Executor, q: string | undefined): Promise<string[]> {
  if (!q) return [];
  const rows = await db
    .select({ id: client.id })
    .from(client)
    .where(sql`${client.name} ilike ${`%${escapeLike(q)}%`}`)
    .limit(500);
  return rows.map((row) => row.id);
}

/** The SQL of a list filter; shared by the page, its totals and the CSV export, so all three agree. */
export function invoiceListWhere(
  filter: InvoiceListFilter,
  today: string,
  matchingClientIds: string[] = [],
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(
        sql`${invoice.number} ilike ${pattern}`,
        matchingClientIds.length > 0 ? inArray(invoice.clientId, matchingClientIds) : undefined,
      ),
    );
  }
  const open = inArray(invoice.status, OPEN_STATUSES);
  switch (filter.status) {
    case undefined:
      break;
    case "unpaid":
      // A balance is due on invoices only: a credit note's balance is always zero.
      conditions.push(and(open, eq(invoice.kind, "invoice")));
      break;
    case "not_draft":
      conditions.push(ne(invoice.status, "draft"));
      break;
    case "overdue":
      // Credit notes take no payment, so they are never overdue.
      conditions.push(and(open, eq(invoice.kind, "invoice"), lt(invoice.dueDate, today)));
      break;
    case "issued":
    case "partially_paid":
      // The list shows these as "Overdue" once past due, so the filter agrees with the badge.
      conditions.push(
        and(eq(invoice.status, filter.status), or(gte(invoice.dueDate, today), eq(invoice.kind, "credit_note"))),
      );
      break;
    default:
      conditions.push(eq(invoice.status, filter.status));
  }
  if (filter.kind) conditions.push(eq(invoice.kind, filter.kind));
  if (filter.client) conditions.push(eq(invoice.clientId, filter.client));
  if (filter.from) conditions.push(gte(invoice.issueDate, filter.from));
  if (filter.to) conditions.push(lte(invoice.issueDate, filter.to));
  if (hasPaidRange(filter))
    conditions.push(
      sql`exists (select 1 from ${payment} where ${payment.invoiceId} = ${invoice.id} and ${paymentInRange(filter)})`,
    );
  return and(...conditions);
}

/** Payments dated inside the filter's paid range (the days included). */
function paymentInRange(filter: InvoiceListFilter): SQL | undefined {
  return and(
    filter.paidFrom ? gte(payment.date, filter.paidFrom) : undefined,
    filter.paidTo ? lte(payment.date, filter.paidTo) : undefined,
  );
}

function orderOf(sort: InvoiceSort | undefined, dir: "asc" | "desc" | undefined): SQL[] {
  const direction =
    dir ??
    (sort === undefined || sort === "issueDate" || sort === "dueDate" || sort === "total" || sort === "balance"
      ? "desc"
      : "asc");
  const by = (column: SQLWrapper | AnyColumn) => (direction === "asc" ? asc(column) : desc(column));
  const tieBreak = direction === "asc" ? asc(invoice.id) : desc(invoice.id);
  switch (sort) {
    case "number":
      return [sql`${invoice.number} ${sql.raw(direction)} nulls last`, tieBreak];
    case "client":
      return [by(clientName), tieBreak];
    case "dueDate":
      return [by(invoice.dueDate), tieBreak];
    case "total":
      return [by(invoice.total), tieBreak];
    case "balance":
      return [by(invoice.balance), tieBreak];
    case "status":
      return [by(invoice.status), tieBreak];
    case "issueDate":
    case undefined:
      return [by(invoice.issueDate), tieBreak];
    default: {
      const unreachable: never = sort;
      throw new Error(`Unknown sort ${String(unreachable)}`);
    }
  }
}

const listColumns = {
  id: invoice.id,
  kind: invoice.kind,
  number: invoice.number,
  status: invoice.status,
  clientId: invoice.clientId,
  clientName,
  issueDate: invoice.issueDate,
  dueDate: invoice.dueDate,
  currency: invoice.currency,
  netTotal: invoice.netTotal,
  taxTotal: invoice.taxTotal,
  total: invoice.total,
  paidTotal: invoice.paidTotal,
  creditedTotal: invoice.creditedTotal,
  balance: invoice.balance,
  sentAt: invoice.sentAt,
};

export type InvoiceListRow = Awaited<ReturnType<typeof findInvoices>>["rows"][number];
/** Per currency: documents, their totals and balances; with a paid range, what was received in it. */
export type CurrencyTotals = { currency: string; count: number; total: number; balance: number; received?: number };
type TotalsRow = { currency: string; count: string | number; total: string | number; balance: string | number };
type ReceivedRow = { currency: string; amount: string | number };

/**
 * The totals of a filtered list per currency, from the summary table that answers the filter
 * exactly when there is one (no search, no client, no paid range), else from the invoices.
 * `useSummaries: false` forces the invoices (the tests compare both).
 */
function invoiceTotalsQuery(
  db: Executor,
  filter: InvoiceListFilter,
  today: string,
  where: SQL | undefined,
  useSummaries: boolean,
): PendingSelect<TotalsRow[]> {
  const statuses = storedStatusesOf(filter.status);
  const summarisable = useSummaries && !filter.q && !filter.client && !hasPaidRange(filter);
  if (summarisable && statuses !== null && !filter.from && !filter.to) {
    return db
      .select({
        currency: invoiceTotals.currency,
        count: sql<string>`sum(${invoiceTotals.count})`,
        total: sql<string>`sum(${invoiceTotals.total})`,
        balance: sql<string>`sum(${invoiceTotals.balance})`,
      })
      .from(invoiceTotals)
      .where(
        and(
          filter.kind ? eq(invoiceTotals.kind, filter.kind) : undefined,
          statuses ? inArray(invoiceTotals.status, statuses) : undefined,
          filter.status === "unpaid" ? eq(invoiceTotals.kind, "invoice") : undefined,
          sql`${invoiceTotals.count} > 0`,
        ),
      )
      .groupBy(invoiceTotals.currency)
      .orderBy(invoiceTotals.currency);
  }
  if (summarisable && statuses !== null) {
    return db
      .select({
        currency: invoiceDayTotals.currency,
        count: sql<string>`sum(${invoiceDayTotals.count})`,
        total: sql<string>`sum(${invoiceDayTotals.total})`,
        balance: sql<string>`sum(${invoiceDayTotals.balance})`,
      })
      .from(invoiceDayTotals)
      .where(
        and(
          filter.from ? gte(invoiceDayTotals.issueDate, filter.from) : undefined,
          filter.to ? lte(invoiceDayTotals.issueDate, filter.to) : undefined,
          filter.kind ? eq(invoiceDayTotals.kind, filter.kind) : undefined,
          statuses ? inArray(invoiceDayTotals.status, statuses) : undefined,
          filter.status === "unpaid" ? eq(invoiceDayTotals.kind, "invoice") : undefined,
        ),
      )
      .groupBy(invoiceDayTotals.currency)
      .orderBy(invoiceDayTotals.currency);
  }
  if (summarisable && filter.status === "overdue" && !filter.from && !filter.to && filter.kind !== "credit_note") {
    return db
      .select({
        currency: invoiceOpenBalances.currency,
        count: sql<string>`sum(${invoiceOpenBalances.count})`,
        total: sql<string>`sum(${invoiceOpenBalances.total})`,
        balance: sql<string>`sum(${invoiceOpenBalances.balance})`,
      })
      .from(invoiceOpenBalances)
      .where(lt(invoiceOpenBalances.dueDate, today))
      .groupBy(invoiceOpenBalances.currency)
      .orderBy(invoiceOpenBalances.currency);
  }
  return db
    .select({
      currency: invoice.currency,
      count: sql<string>`count(*)`,
      total: sql<string>`coalesce(sum(${invoice.total}), 0)`,
      balance: sql<string>`coalesce(sum(${invoice.balance}), 0)`,
    })
    .from(invoice)
    .where(where)
    .groupBy(invoice.currency)
    .orderBy(invoice.currency);
}

/**
 * Per currency, the payments dated in the filter's paid range on the invoices the other filters
 * keep. Only the range: the payment totals per day; anything else: the payments themselves.
 */
function receivedQuery(
  db: Executor,
  filter: InvoiceListFilter,
  today: string,
  matchingClientIds: string[],
  useSummaries: boolean,
): PendingSelect<ReceivedRow[]> {
  const { paidFrom, paidTo, ...others } = filter;
  const onlyTheRange = !others.q && !others.status && !others.kind && !others.client && !others.from && !others.to;
  if (useSummaries && onlyTheRange) {
    return db
      .select({ currency: paymentDayTotals.currency, amount: sql<string>`sum(${paymentDayTotals.amount})` })
      .from(paymentDayTotals)
      .where(
        and(
          paidFrom ? gte(paymentDayTotals.date, paidFrom) : undefined,
          paidTo ? lte(paymentDayTotals.date, paidTo) : undefined,
          sql`${paymentDayTotals.count} > 0`,
        ),
      )
      .groupBy(paymentDayTotals.currency)
      .orderBy(paymentDayTotals.currency);
  }
  return db
    .select({ currency: invoice.currency, amount: sql<string>`coalesce(sum(${payment.amount}), 0)` })
    .from(payment)
    .innerJoin(invoice, eq(invoice.id, payment.invoiceId))
    .where(
      and(
        paymentInRange(filter),
        invoiceListWhere({ ...others, paidFrom: undefined, paidTo: undefined }, today, matchingClientIds),
      ),
    )
    .groupBy(invoice.currency)
    .orderBy(invoice.currency);
}

/**
 * The totals of the whole filtered set per currency: what the list shows above its rows and what
 * the dashboard's figures are, so both always agree. With a paid range, each currency also
 * carries the amount received in that range.
 */
export async function findInvoiceTotals(
  db: Executor,
  filter: InvoiceListFilter,
  today: string,
  options: { matchingClientIds?: string[]; useSummaries?: boolean } = {},
): Promise<CurrencyTotals[]> {
  const matchingClientIds = options.matchingClientIds ?? (await searchClientIds(db, filter.q));
  const selects = invoiceTotalsSelects(db, filter, today, { matchingClientIds, useSummaries: options.useSummaries });
  const [totals, received] = await Promise.all([selects.totals, selects.received ?? []]);
  return invoiceTotalsOf(filter, totals, received);
}

/**
 * The selects findInvoiceTotals runs, to run with others in one statement (selectTogether);
 * invoiceTotalsOf makes the totals of their rows. `matchingClientIds`: the clients a search
 * matches (searchClientIds); a filter without a search needs none.
 */
export function invoiceTotalsSelects(
  db: Executor,
  filter: InvoiceListFilter,
  today: string,
  options: { matchingClientIds?: string[]; useSummaries?: boolean } = {},
) {
  if (filter.q && !options.matchingClientIds)
    throw new Error("A search's totals need the clients it matches (searchClientIds).");
  const matchingClientIds = options.matchingClientIds ?? [];
  const useSummaries = options.useSummaries ?? true;
  const where = invoiceListWhere(filter, today, matchingClientIds);
  return {
    totals: invoiceTotalsQuery(db, filter, today, where, useSummaries),
    received: hasPaidRange(filter) ? receivedQuery(db, filter, today, matchingClientIds, useSummaries) : null,
  };
}

/** The totals per currency from the rows of invoiceTotalsSelects. */
export function invoiceTotalsOf(
  filter: InvoiceListFilter,
  totals: TotalsRow[],
  received: ReceivedRow[],
): CurrencyTotals[] {
  const receivedBy = new Map(received.map((row) => [row.currency, Number(row.amount)]));
  const rows: CurrencyTotals[] = totals.map((row) => ({
    currency: row.currency,
    count: Number(row.count),
    total: Number(row.total),
    balance: Number(row.balance),
  }));
  return rows
    .filter((row) => row.count > 0)
    .map((row) => (hasPaidRange(filter) ? { ...row, received: receivedBy.get(row.currency) ?? 0 } : row));
}

/** Per currency, the payments received in the filter's paid range (the list's "Received in the period"). */
export async function findReceivedTotals(
  db: Executor,
  filter: InvoiceListFilter,
  today: string,
  options: { useSummaries?: boolean } = {},
): Promise<{ currency: string; amount: number }[]> {
  return receivedTotalsOf(
    await receivedTotalsSelect(db, filter, today, {
      matchingClientIds: await searchClientIds(db, filter.q),
      useSummaries: options.useSummaries,
    }),
  );
}

/** The select findReceivedTotals runs, to run with others in one statement; receivedTotalsOf reads its rows. */
export function receivedTotalsSelect(
  db: Executor,
  filter: InvoiceListFilter,
  today: string,
  options: { matchingClientIds?: string[]; useSummaries?: boolean } = {},
) {
  if (!hasPaidRange(filter)) throw new Error("Received totals need a paid range (paidFrom or paidTo).");
  if (filter.q && !options.matchingClientIds)
    throw new Error("A search's totals need the clients it matches (searchClientIds).");
  return receivedQuery(db, filter, today, options.matchingClientIds ?? [], options.useSummaries ?? true);
}

export function receivedTotalsOf(rows: ReceivedRow[]): { currency: string; amount: number }[] {
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) })).filter((row) => row.amount !== 0);
}

/** One page of the list, its row count, and the totals of the whole filtered set per currency. */
export async function findInvoices(db: Executor, filter: InvoiceListFilter, today: string) {
  const pageSize = filter.size ?? DEFAULT_PAGE_SIZE;
  const page = filter.page ?? 1;
  const matchingClientIds = await searchClientIds(db, filter.q);
  const where = invoiceListWhere(filter, today, matchingClientIds);
  const [rows, currencyTotals] = await Promise.all([
    db
      .select(listColumns)
      .from(invoice)
      .innerJoin(client, eq(client.id, invoice.clientId))
      .where(where)
      .orderBy(...orderOf(filter.sort, filter.dir))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    findInvoiceTotals(db, filter, today, { matchingClientIds }),
  ]);
  const total = currencyTotals.reduce((sum, row) => sum + row.count, 0);
  return {
    rows: rows.map((row) => ({ ...row, displayStatus: displayStatusOf(row, today) })),
    total,
    page,
    pageSize,
    totals: currencyTotals,
  };
}

export type MonthTotals = { month: string; currency: string; invoiced: number; received: number };

/**
 * Per month ('YYYY-MM') and currency, for the whole months from the month of `range.from` to the
 * month of `range.to`: the totals of the issued documents (the list filtered on "Issued, any
 * state" and the month's issue dates) and the payments received (the list filtered on the month's
 * payment dates). The dashboard's chart: one select per month table, run with its other reads in
 * one statement; invoiceMonthTotalsOf makes the totals of their rows.
 */
export function invoiceMonthTotalsSelects(db: Executor, range: { from: string; to: string }) {
  // Whole months: the month rows from the month of `from` to the month of `to`.
  const fromMonth = `${range.from.slice(0, 7)}-01`;
  const monthKey = (month: AnyColumn) => sql<string>`to_char(${month}, 'YYYY-MM')`;
  const statuses = storedStatusesOf("not_draft")!;
  return {
    issued: db
      .select({
        month: monthKey(invoiceMonthTotals.month),
        currency: invoiceMonthTotals.currency,
        amount: sql<string>`sum(${invoiceMonthTotals.total})`,
        count: sql<string>`sum(${invoiceMonthTotals.count})`,
      })
      .from(invoiceMonthTotals)
      .where(
        and(
          gte(invoiceMonthTotals.month, fromMonth),
          lte(invoiceMonthTotals.month, range.to),
          inArray(invoiceMonthTotals.status, statuses),
        ),
      )
      .groupBy(invoiceMonthTotals.month, invoiceMonthTotals.currency),
    paid: db
      .select({
        month: monthKey(paymentMonthTotals.month),
        currency: paymentMonthTotals.currency,
        amount: paymentMonthTotals.amount,
        count: paymentMonthTotals.count,
      })
      .from(paymentMonthTotals)
      .where(and(gte(paymentMonthTotals.month, fromMonth), lte(paymentMonthTotals.month, range.to))),
  };
}

type MonthRow = { month: string; currency: string; amount: string | number; count: string | number };

/** The month totals from the rows of invoiceMonthTotalsSelects. */
export function invoiceMonthTotalsOf(issued: MonthRow[], paid: MonthRow[]): MonthTotals[] {
  const byKey = new Map<string, MonthTotals>();
  const entry = (month: string, currency: string) => {
    const key = `${month}|${currency}`;
    let row = byKey.get(key);
    if (!row) {
      row = { month, currency, invoiced: 0, received: 0 };
      byKey.set(key, row);
    }
    return row;
  };
  for (const row of issued) if (Number(row.count) > 0) entry(row.month, row.currency).invoiced += Number(row.amount);
  for (const row of paid) if (Number(row.count) > 0) entry(row.month, row.currency).received += Number(row.amount);
  return [...byKey.values()].sort((a, b) => a.currency.localeCompare(b.currency) || a.month.localeCompare(b.month));
}

function exportBatch(
  db: Executor,
  where: SQL | undefined,
  after: { issueDate: string; id: string } | null,
  batchSize: number,
) {
  const keyset: SQL | undefined = after
    ? sql`(${invoice.issueDate}, ${invoice.id}) < (${after.issueDate}, ${after.id})`
    : undefined;
  return db
    .select({
      ...listColumns,
      creditedNumber: sql<string | null>`(select c.number from invoices c where c.id = ${invoice.creditedInvoiceId})`,
    })
    .from(invoice)
    .innerJoin(client, eq(client.id, invoice.clientId))
    .where(and(where, keyset))
    .orderBy(desc(invoice.issueDate), desc(invoice.id))
    .limit(batchSize);
}

/** A row of the CSV export: the list's columns, the number of the invoice a credit note credits. */
export type InvoiceExportRow = Awaited<ReturnType<typeof exportBatch>>[number] & {
  displayStatus: InvoiceDisplayStatus;
};

/**
 * Every row of a filtered list in batches, by keyset on (issue date, id) so each batch is an
 * index range scan and memory holds one batch at a time, whatever the row count.
 */
export async function* streamInvoiceRows(db: Executor, filter: InvoiceListFilter, today: string, batchSize = 1000) {
  const where = invoiceListWhere(filter, today, await searchClientIds(db, filter.q));
  let after: { issueDate: string; id: string } | null = null;
  for (;;) {
    const rows = await exportBatch(db, where, after, batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...row, displayStatus: displayStatusOf(row, today) }));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { issueDate: last.issueDate, id: last.id };
  }
}

/** One invoice with its lines (and the time entries each bills), payments and credit notes; or NotFound. */
export async function getInvoice(db: Executor, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFoundError("This invoice does not exist.", "invoice.not_found");
  const [row] = await db
    .select({
      invoice,
      client: { id: client.id, name: client.name, archivedAt: client.archivedAt, billingEmail: client.billingEmail },
    })
    .from(invoice)
    .innerJoin(client, eq(client.id, invoice.clientId))
    .where(eq(invoice.id, id));
  if (!row) throw new NotFoundError("This invoice does not exist.", "invoice.not_found");
  const [lines, entries, payments, creditNotes, credited] = await Promise.all([
    db.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, id)).orderBy(asc(invoiceLine.position)),
    db
      .select({ id: timeEntry.id, lineId: timeEntry.invoiceLineId })
      .from(timeEntry)
      .innerJoin(invoiceLine, eq(invoiceLine.id, timeEntry.invoiceLineId))
      .where(eq(invoiceLine.invoiceId, id)),
    db.select().from(payment).where(eq(payment.invoiceId, id)).orderBy(asc(payment.date), asc(payment.createdAt)),
    db
      .select({
        id: invoice.id,
        number: invoice.number,
        status: invoice.status,
        issueDate: invoice.issueDate,
        total: invoice.total,
      })
      .from(invoice)
      .where(eq(invoice.creditedInvoiceId, id))
      .orderBy(asc(invoice.createdAt)),
    row.invoice.creditedInvoiceId
      ? db
          .select({
            id: invoice.id,
            number: invoice.number,
            issueDate: invoice.issueDate,
            total: invoice.total,
            creditedTotal: invoice.creditedTotal,
            status: invoice.status,
          })
          .from(invoice)
          .where(eq(invoice.id, row.invoice.creditedInvoiceId))
      : Promise.resolve([]),
  ]);
  const entriesByLine = new Map<string, string[]>();
  for (const entry of entries) {
    if (!entry.lineId) continue;
    entriesByLine.set(entry.lineId, [...(entriesByLine.get(entry.lineId) ?? []), entry.id]);
  }
  return {
    ...row.invoice,
    client: row.client,
    lines: lines.map((line) => ({ ...line, timeEntryIds: entriesByLine.get(line.id) ?? [] })),
    payments,
    creditNotes,
    creditedInvoice: credited[0] ?? null,
  };
}
export type InvoiceDetail = Awaited<ReturnType<typeof getInvoice>>;

/** The invoice's history, newest first, from the audit log written with each change. */
export async function findInvoiceEvents(db: Executor, id: string) {
  return db
    .select({
      id: auditEvent.id,
      action: auditEvent.action,
      actorName: auditEvent.actorName,
      summary: auditEvent.summary,
      createdAt: auditEvent.createdAt,
    })
    .from(auditEvent)
    .where(and(eq(auditEvent.entity, "invoice"), eq(auditEvent.entityId, id)))
    .orderBy(desc(auditEvent.createdAt), desc(auditEvent.id))
    .limit(200);
}

/** What the invoice form shows of its client (findInvoiceClient). */
export type InvoiceFormClient = {
  id: string;
  name: string;
  currency: string;
  paymentTermsDays: number;
  addressLines: string[];
  country: string | null;
  vatNumber: string | null;
  archived: boolean;
};

/**
 * What the invoice form shows of its client once chosen (address, currency, payment terms), or
 * null when no such client exists. The form finds clients by name (ClientPicker): a firm may have
 * thousands, too many to send with the page. Archived clients are found too, for a draft made
 * before its client was archived; `archived` says so.
 */
export async function findInvoiceClient(db: Executor, id: string): Promise<InvoiceFormClient | null> {
  const [row] = await db.select().from(client).where(eq(client.id, id)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    paymentTermsDays: row.paymentTermsDays,
    addressLines: addressLinesOf(row),
    country: row.country,
    vatNumber: row.vatNumber,
    archived: row.archivedAt !== null,
  };
}

/** The invoice, its printable document (same for the read view and the PDF) and the firm's settings. */
export async function getInvoiceDocument(db: Executor, id: string) {
  const [detail, settings] = await Promise.all([getInvoice(db, id), getSettings(db)]);
  const [clientRow] = detail.clientSnapshot ? [] : await db.select().from(client).where(eq(client.id, detail.clientId));
  const live = {
    firm: firmSnapshotOf(settings),
    client: clientRow
      ? clientSnapshotOf(clientRow)
      : { name: detail.client.name, addressLines: [], country: null, vatNumber: null },
  };
  return { detail, settings, document: buildInvoiceDocument(detail, live, settings.locale) };
}
