import "server-only";
import { type AnyColumn, and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { bigint as pgBigint, pgTable, text as pgText } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { auditEvent, client, invoice, invoiceLine, payment, timeEntry } from "@/db/schema";
import { NotFoundError } from "@/lib/errors";
import { getSettings } from "@/modules/settings/settings-queries";
import { buildInvoiceDocument, clientSnapshotOf, firmSnapshotOf } from "./invoice-document";
import { deriveDisplayStatus, type InvoiceDisplayStatus } from "./invoice-rules";
import type { InvoiceListFilter, InvoiceSort } from "./invoice-schemas";
import { escapeLike } from "@/lib/sql-text";

export const DEFAULT_PAGE_SIZE = 50;

/**
 * Per currency, kind and stored status: count and sums of every invoice, kept by a trigger in the
 * same transaction as each change (drizzle/0007_invoice_search.sql). Not part of the Drizzle schema
 * on purpose: only the trigger writes it.
 */
const invoiceTotals = pgTable("invoice_totals", {
  currency: pgText("currency").notNull(),
  kind: pgText("kind").notNull(),
  status: pgText("status").notNull(),
  count: pgBigint("count", { mode: "number" }).notNull(),
  total: pgBigint("total", { mode: "number" }).notNull(),
  balance: pgBigint("balance", { mode: "number" }).notNull(),
});

/** Filters the summary table answers exactly: nothing that depends on today, a client, dates or a search. */
function isSummaryFilter(filter: InvoiceListFilter): boolean {
  const storedStatus = filter.status === undefined || filter.status === "draft" || filter.status === "paid" || filter.status === "cancelled";
  return storedStatus && !filter.q && !filter.client && !filter.from && !filter.to;
}

const clientName = sql<string>`coalesce(${invoice.clientSnapshot}->>'name', ${client.name})`;

/** The status a list or page shows: `overdue` is derived for invoices only (credit notes take no payment). */
export function displayStatusOf(row: { kind: "invoice" | "credit_note"; status: InvoiceListRowStatus; dueDate: string }, today: string): InvoiceDisplayStatus {
  return row.kind === "credit_note" ? row.status : deriveDisplayStatus({ status: row.status, dueDate: row.dueDate, today });
}
type InvoiceListRowStatus = (typeof invoice.$inferSelect)["status"];

/**
 * The clients whose name matches the search, looked up first in the small clients table, so the
 * invoice search is "number matches OR client_id in (…)": two index scans, no join to filter.
 */
async function searchClientIds(db: Executor, q: string | undefined): Promise<string[]> {
  if (!q) return [];
  const rows = await db.select({ id: client.id }).from(client).where(sql`${client.name} ilike ${`%${escapeLike(q)}%`}`).limit(500);
  return rows.map((row) => row.id);
}

/** The SQL of a list filter; shared by the page, its totals and the CSV export, so all three agree. */
export function invoiceListWhere(filter: InvoiceListFilter, today: string, matchingClientIds: string[] = []): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(sql`${invoice.number} ilike ${pattern}`, matchingClientIds.length > 0 ? inArray(invoice.clientId, matchingClientIds) : undefined));
  }
  const open = inArray(invoice.status, ["issued", "partially_paid"]);
  switch (filter.status) {
    case undefined:
      break;
    case "overdue":
      // Credit notes take no payment, so they are never overdue.
      conditions.push(and(open, eq(invoice.kind, "invoice"), lt(invoice.dueDate, today)));
      break;
    case "issued":
    case "partially_paid":
      // The list shows these as "Overdue" once past due, so the filter agrees with the badge.
      conditions.push(and(eq(invoice.status, filter.status), or(gte(invoice.dueDate, today), eq(invoice.kind, "credit_note"))));
      break;
    default:
      conditions.push(eq(invoice.status, filter.status));
  }
  if (filter.kind) conditions.push(eq(invoice.kind, filter.kind));
  if (filter.client) conditions.push(eq(invoice.clientId, filter.client));
  if (filter.from) conditions.push(gte(invoice.issueDate, filter.from));
  if (filter.to) conditions.push(lte(invoice.issueDate, filter.to));
  return and(...conditions);
}

function orderOf(sort: InvoiceSort | undefined, dir: "asc" | "desc" | undefined): SQL[] {
  const direction = dir ?? (sort === undefined || sort === "issueDate" || sort === "dueDate" || sort === "total" || sort === "balance" ? "desc" : "asc");
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
export type CurrencyTotals = { currency: string; count: number; total: number; balance: number };

/** One page of the list, its row count, and the totals of the whole filtered set per currency. */
export async function findInvoices(db: Executor, filter: InvoiceListFilter, today: string) {
  const pageSize = filter.size ?? DEFAULT_PAGE_SIZE;
  const page = filter.page ?? 1;
  const where = invoiceListWhere(filter, today, await searchClientIds(db, filter.q));
  const totalsQuery = isSummaryFilter(filter)
    ? db
        .select({
          currency: invoiceTotals.currency,
          count: sql<string>`sum(${invoiceTotals.count})`,
          total: sql<string>`sum(${invoiceTotals.total})`,
          balance: sql<string>`sum(${invoiceTotals.balance})`,
        })
        .from(invoiceTotals)
        .where(and(filter.kind ? eq(invoiceTotals.kind, filter.kind) : undefined, filter.status ? eq(invoiceTotals.status, filter.status) : undefined, sql`${invoiceTotals.count} > 0`))
        .groupBy(invoiceTotals.currency)
        .orderBy(invoiceTotals.currency)
    : db
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
  const [rows, totals] = await Promise.all([
    db
      .select(listColumns)
      .from(invoice)
      .innerJoin(client, eq(client.id, invoice.clientId))
      .where(where)
      .orderBy(...orderOf(filter.sort, filter.dir))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    totalsQuery,
  ]);
  const currencyTotals: CurrencyTotals[] = totals.map((row) => ({ currency: row.currency, count: Number(row.count), total: Number(row.total), balance: Number(row.balance) })).filter((row) => row.count > 0);
  const total = currencyTotals.reduce((sum, row) => sum + row.count, 0);
  return {
    rows: rows.map((row) => ({ ...row, displayStatus: displayStatusOf(row, today) })),
    total,
    page,
    pageSize,
    totals: currencyTotals,
  };
}

function exportBatch(db: Executor, where: SQL | undefined, after: { issueDate: string; id: string } | null, batchSize: number) {
  const keyset: SQL | undefined = after ? sql`(${invoice.issueDate}, ${invoice.id}) < (${after.issueDate}, ${after.id})` : undefined;
  return db
    .select({ ...listColumns, creditedNumber: sql<string | null>`(select c.number from invoices c where c.id = ${invoice.creditedInvoiceId})` })
    .from(invoice)
    .innerJoin(client, eq(client.id, invoice.clientId))
    .where(and(where, keyset))
    .orderBy(desc(invoice.issueDate), desc(invoice.id))
    .limit(batchSize);
}

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
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFoundError("This invoice does not exist.");
  const [row] = await db
    .select({ invoice, client: { id: client.id, name: client.name, archivedAt: client.archivedAt, billingEmail: client.billingEmail } })
    .from(invoice)
    .innerJoin(client, eq(client.id, invoice.clientId))
    .where(eq(invoice.id, id));
  if (!row) throw new NotFoundError("This invoice does not exist.");
  const [lines, entries, payments, creditNotes, credited] = await Promise.all([
    db.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, id)).orderBy(asc(invoiceLine.position)),
    db
      .select({ id: timeEntry.id, lineId: timeEntry.invoiceLineId })
      .from(timeEntry)
      .innerJoin(invoiceLine, eq(invoiceLine.id, timeEntry.invoiceLineId))
      .where(eq(invoiceLine.invoiceId, id)),
    db.select().from(payment).where(eq(payment.invoiceId, id)).orderBy(asc(payment.date), asc(payment.createdAt)),
    db
      .select({ id: invoice.id, number: invoice.number, status: invoice.status, issueDate: invoice.issueDate, total: invoice.total })
      .from(invoice)
      .where(eq(invoice.creditedInvoiceId, id))
      .orderBy(asc(invoice.createdAt)),
    row.invoice.creditedInvoiceId
      ? db.select({ id: invoice.id, number: invoice.number, issueDate: invoice.issueDate, total: invoice.total, creditedTotal: invoice.creditedTotal, status: invoice.status }).from(invoice).where(eq(invoice.id, row.invoice.creditedInvoiceId))
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
    .select({ id: auditEvent.id, action: auditEvent.action, actorName: auditEvent.actorName, summary: auditEvent.summary, createdAt: auditEvent.createdAt })
    .from(auditEvent)
    .where(and(eq(auditEvent.entity, "invoice"), eq(auditEvent.entityId, id)))
    .orderBy(desc(auditEvent.createdAt), desc(auditEvent.id))
    .limit(200);
}

export type ClientOption = {
  id: string;
  name: string;
  currency: string;
  paymentTermsDays: number;
  addressLines: string[];
  country: string | null;
  vatNumber: string | null;
};

/**
 * Clients a draft can be made for. The clients module is to provide findClientOptions; until it
 * does, this minimal query (non-archived clients by name) serves the invoice form.
 */
export async function findInvoiceClientOptions(db: Executor): Promise<ClientOption[]> {
  const rows = await db.select().from(client).where(isNull(client.archivedAt)).orderBy(asc(sql`lower(${client.name})`)).limit(2000);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    currency: row.currency,
    paymentTermsDays: row.paymentTermsDays,
    addressLines: [row.addressLine1, row.addressLine2, [row.postalCode, row.city].filter(Boolean).join(" ")].filter((line): line is string => Boolean(line)),
    country: row.country,
    vatNumber: row.vatNumber,
  }));
}

/** The invoice, its printable document (same for the read view and the PDF) and the firm's settings. */
export async function getInvoiceDocument(db: Executor, id: string) {
  const [detail, settings] = await Promise.all([getInvoice(db, id), getSettings(db)]);
  const [clientRow] = detail.clientSnapshot ? [] : await db.select().from(client).where(eq(client.id, detail.clientId));
  const live = { firm: firmSnapshotOf(settings), client: clientRow ? clientSnapshotOf(clientRow) : { name: detail.client.name, addressLines: [], country: null, vatNumber: null } };
  return { detail, settings, document: buildInvoiceDocument(detail, live, settings.locale) };
}
