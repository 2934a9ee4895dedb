import "server-only";
// Reads of quotes (decision 064): the list, one quote with its versions and invoice, its history,
// and the printable document shared by the page, the PDF and the mail.
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "@/db/client";
import { client, invoice, quote } from "@/db/schema";
import { findRecordHistory } from "@/modules/audit/audit-queries";
import { todayInZone } from "@/lib/dates";
import { NotFoundError } from "@/lib/errors";
import { escapeLike } from "@/lib/sql-text";
import { buildInvoiceDocument } from "@/modules/invoices/invoice-document";
import { storedLinesTotals } from "@/modules/invoices/stored-lines";
import { documentContextOf } from "@/modules/invoices/invoice-detail-queries";
import { getSettings } from "@/modules/settings/settings-queries";
import { type QuoteDisplayStatus, quoteDisplayStatus } from "./quote-rules";

type QuoteRow = typeof quote.$inferSelect;

const notFound = () => new NotFoundError("This quote does not exist.", "quote.not_found");

export type QuoteListFilter = {
  timezone: string;
  /** Part of the number or of the client's name. */
  q?: string;
  /** A status as the list shows it: "expired" is a sent quote past its validity date. */
  status?: QuoteDisplayStatus;
  page?: number;
  pageSize?: number;
  now?: Date;
};

function statusCondition(status: QuoteDisplayStatus, today: string): SQL | undefined {
  switch (status) {
    case "sent":
      return and(eq(quote.status, "sent"), gte(quote.validUntil, today));
    case "expired":
      return and(eq(quote.status, "sent"), lt(quote.validUntil, today));
    default:
      return eq(quote.status, status);
  }
}

/** A page of the quotes, newest first, with its client and the status a list shows (expired derived today). */
export async function findQuotes(db: Executor, filter: QuoteListFilter) {
  const today = todayInZone(filter.timezone, filter.now);
  const pageSize = filter.pageSize ?? 50;
  const page = filter.page ?? 1;
  const pattern = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
  const where = and(
    pattern ? or(ilike(quote.number, pattern), ilike(client.name, pattern)) : undefined,
    filter.status ? statusCondition(filter.status, today) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: quote.id,
        number: quote.number,
        status: quote.status,
        clientId: quote.clientId,
        clientName: client.name,
        issueDate: quote.issueDate,
        validUntil: quote.validUntil,
        currency: quote.currency,
        total: quote.total,
        invoiceId: quote.invoiceId,
        createdAt: quote.createdAt,
      })
      .from(quote)
      .innerJoin(client, eq(client.id, quote.clientId))
      .where(where)
      .orderBy(desc(quote.createdAt), desc(quote.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(quote).innerJoin(client, eq(client.id, quote.clientId)).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, displayStatus: quoteDisplayStatus(row, today) })),
    total: total?.value ?? 0,
  };
}

export type QuoteListRow = Awaited<ReturnType<typeof findQuotes>>["rows"][number];

/** One quote, the version it replaces and the one replacing it, the invoice made from it; or NotFound. */
export async function getQuote(db: Executor, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const [row] = await db
    .select({
      quote,
      client: { id: client.id, name: client.name, archivedAt: client.archivedAt, billingEmail: client.billingEmail },
    })
    .from(quote)
    .innerJoin(client, eq(client.id, quote.clientId))
    .where(eq(quote.id, id));
  if (!row) throw notFound();
  const newer = alias(quote, "newer_quote");
  const [previous, next, made] = await Promise.all([
    row.quote.supersedesId
      ? db
          .select({ id: quote.id, number: quote.number, status: quote.status })
          .from(quote)
          .where(eq(quote.id, row.quote.supersedesId))
      : Promise.resolve([]),
    db
      .select({ id: newer.id, number: newer.number, status: newer.status })
      .from(newer)
      .where(eq(newer.supersedesId, id))
      .orderBy(desc(newer.createdAt))
      .limit(1),
    row.quote.invoiceId
      ? db
          .select({ id: invoice.id, number: invoice.number, status: invoice.status, total: invoice.total })
          .from(invoice)
          .where(eq(invoice.id, row.quote.invoiceId))
      : Promise.resolve([]),
  ]);
  return {
    ...row.quote,
    client: row.client,
    previousVersion: previous[0] ?? null,
    newerVersion: next[0] ?? null,
    invoice: made[0] ?? null,
  };
}
export type QuoteDetail = Awaited<ReturnType<typeof getQuote>>;

/** The quote's history, newest first, from the audit log written with each change. */
export async function findQuoteEvents(db: Executor, id: string) {
  return findRecordHistory(db, "quote", id);
}

/** The quotes invoices were made from, for the invoice page's link back. */
export async function findQuotesOfInvoices(db: Executor, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select({ invoiceId: quote.invoiceId, quoteId: quote.id, number: quote.number })
    .from(quote)
    .where(inArray(quote.invoiceId, invoiceIds));
}

/** The printable content of a quote: its frozen details once sent, the current ones for a draft. */
function quoteDocumentOf(
  row: QuoteRow,
  live: Parameters<typeof buildInvoiceDocument>[1],
  language: Parameters<typeof buildInvoiceDocument>[2],
) {
  // The line nets by the one totals function; the totals and breakdown (with each rate's mention)
  // as saved with the lines.
  const totals = storedLinesTotals(row.lines);
  return buildInvoiceDocument(
    {
      kind: "quote",
      number: row.number,
      status: row.status,
      issueDate: row.issueDate,
      dueDate: row.validUntil,
      validUntil: row.validUntil,
      servicePeriodStart: null,
      servicePeriodEnd: null,
      currency: row.currency,
      paymentTermsDays: 0,
      notes: row.notes,
      footer: row.footer,
      buyerReference: row.buyerReference,
      purchaseOrderReference: row.purchaseOrderReference,
      paymentMeans: row.paymentMeans,
      netTotal: row.netTotal,
      taxTotal: row.taxTotal,
      total: row.total,
      taxBreakdown: row.taxBreakdown,
      clientSnapshot: row.clientSnapshot,
      firmSnapshot: row.firmSnapshot,
      lines: row.lines.map((line, index) => ({
        ...line,
        vatCategory: line.vatCategory ?? undefined,
        net: totals.lines[index]?.net ?? 0,
      })),
      creditedInvoice: null,
      language: row.language,
    },
    live,
    language,
  );
}

/** The quote, its printable document (same for the page, the PDF and the mail) and the firm's settings. */
export async function getQuoteDocument(db: Executor, id: string) {
  const [detail, settings] = await Promise.all([getQuote(db, id), getSettings(db)]);
  const { live, brand, language } = await documentContextOf(db, detail, settings);
  return { detail, settings, brand, language, document: quoteDocumentOf(detail, live, language) };
}
