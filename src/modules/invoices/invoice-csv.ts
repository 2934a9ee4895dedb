// The invoice list as CSV: every row of a filtered list, read in batches, written as the columns
// below (decision 010).
import "server-only";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, invoice } from "@/db/schema";
import { type CsvColumn, type CsvFormat, csvStream, PLAIN_CSV } from "@/lib/csv";
import { currencyMinorDigits, minorToDecimalString } from "@/lib/money";
import { invoiceListWhere, searchClientIds } from "./invoice-list-filter";
import { displayStatusOf, listColumns } from "./invoice-list-queries";
import { INVOICE_STATUS_LABELS, type InvoiceDisplayStatus } from "./invoice-rules";
import type { InvoiceListFilter } from "./invoice-schemas";

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

// Intl's resolvedOptions() is slow at this volume: the digits are looked up once per currency
// (a few hundred ISO 4217 codes at most).
const minorDigits = new Map<string, number>();

/** An amount as a plain decimal in major units, from the stored integer ("-300.00"). */
function amount(minor: number, currency: string): string {
  let places = minorDigits.get(currency);
  if (places === undefined) {
    places = currencyMinorDigits(currency);
    minorDigits.set(currency, places);
  }
  return minorToDecimalString(minor, places);
}

const COLUMNS: readonly CsvColumn<InvoiceExportRow>[] = [
  { header: "Number", value: (row) => row.number ?? "" },
  { header: "Kind", value: (row) => (row.kind === "credit_note" ? "Credit note" : "Invoice") },
  { header: "Status", value: (row) => INVOICE_STATUS_LABELS[row.displayStatus] },
  { header: "Client", value: (row) => row.clientName },
  { header: "Issue date", value: (row) => row.issueDate, type: "date" },
  { header: "Due date", value: (row) => row.dueDate, type: "date" },
  { header: "Currency", value: (row) => row.currency },
  { header: "Net", value: (row) => amount(row.netTotal, row.currency), type: "amount" },
  { header: "Tax", value: (row) => amount(row.taxTotal, row.currency), type: "amount" },
  { header: "Total", value: (row) => amount(row.total, row.currency), type: "amount" },
  { header: "Paid", value: (row) => amount(row.paidTotal, row.currency), type: "amount" },
  { header: "Credited", value: (row) => amount(row.creditedTotal, row.currency), type: "amount" },
  { header: "Balance", value: (row) => amount(row.balance, row.currency), type: "amount" },
  { header: "Sent at", value: (row) => (row.sentAt ? row.sentAt.toISOString() : ""), type: "date" },
  { header: "Credits invoice", value: (row) => row.creditedNumber ?? "" },
];

/**
 * The filtered list as CSV (RFC 4180, UTF-8 with a BOM for spreadsheets) in `format` (the plain
 * comma format, or the firm's locale: decision 066), as a stream: a batch of rows is read (keyset
 * pagination) only when the consumer pulls, so memory holds one batch whatever the row count.
 * Amounts are decimals in major units, from the stored integers.
 */
export function invoiceCsvStream(
  db: Executor,
  filter: InvoiceListFilter,
  today: string,
  batchSize = 1000,
  format: CsvFormat = PLAIN_CSV,
): ReadableStream<Uint8Array> {
  return csvStream(COLUMNS, streamInvoiceRows(db, filter, today, batchSize), format);
}
