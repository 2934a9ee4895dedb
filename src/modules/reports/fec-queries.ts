// The FEC's reads: the period's documents (the sales journal's rows, grouped by document) and its
// payments, each in date order and streamed by keyset, merged and numbered into the file's lines by
// the pure rules of fec-rules.ts; and the documents the file cannot hold (not in euros).
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import {
  FEC_CURRENCY,
  type FecAccounts,
  fecEntries,
  fecHeaderLine,
  fecLineText,
  type FecPayment,
  type FecSource,
  mergeByDate,
  rowsByDocument,
} from "./fec-rules";
import type { DateRange } from "./report-rules";
import { rowsOf, type SalesJournalRow, streamSalesJournal } from "./sales-journal-queries";

/** How many of the period's documents are not in euros, and the first of them by number. */
export type ForeignCurrencyDocuments = { count: number; first: { number: string; currency: string }[] };

/**
 * The period's issued documents not in euros (Bureau keeps no exchange rate for them): those issued
 * in it and those paid in it, each once, counted, and the first `limit` by number. Read from the
 * partial index of documents not in euros (drizzle/0042): a year of a large firm's invoices took
 * 100 ms to scan, on every view of the sales journal.
 */
export async function findForeignCurrencyDocuments(
  db: Executor,
  range: DateRange,
  limit: number,
): Promise<ForeignCurrencyDocuments> {
  // The index's condition is written with FEC_CURRENCY's value: a parameter would not match it.
  const notInEuros = sql.raw(`i.currency <> '${FEC_CURRENCY}' and i.status <> 'draft'`);
  const rows = await rowsOf<{ number: string; currency: string; count: string | number }>(
    db,
    sql`with documents as (
        select i.number, i.currency from invoices i
          where ${notInEuros} and i.issue_date between ${range.from}::date and ${range.to}::date
        union
        select i.number, i.currency from payments p join invoices i on i.id = p.invoice_id
          where ${notInEuros} and p.date between ${range.from}::date and ${range.to}::date
      )
      select d.number, d.currency, (select count(*) from documents) as count
      from documents d order by d.number limit ${limit}`,
  );
  return {
    count: rows.length === 0 ? 0 : Number(rows[0]!.count),
    first: rows.map((row) => ({ number: row.number, currency: row.currency })),
  };
}

/** The period's documents, each with all its journal rows (a document is never split between batches). */
async function* documentSources(db: Executor, range: DateRange, batchSize: number): AsyncGenerator<FecSource> {
  let pending: SalesJournalRow[] = [];
  for await (const batch of streamSalesJournal(db, range, batchSize)) {
    const groups = rowsByDocument([...pending, ...batch]);
    // The last document may go on in the next batch.
    pending = groups.pop() ?? [];
    for (const rows of groups) yield { kind: "document", rows };
  }
  if (pending.length > 0) yield { kind: "document", rows: pending };
}

type RawPayment = {
  id: string;
  date: string;
  amount: string | number;
  currency: string;
  number: string;
  kind: "invoice" | "credit_note";
  client_id: string;
  client_name: string;
  reference: string | null;
};

/** The period's payments by date and id, in batches. */
async function* paymentSources(db: Executor, range: DateRange, batchSize: number): AsyncGenerator<FecSource> {
  let after: { date: string; id: string } | undefined;
  for (;;) {
    const keyset = after ? sql`and (p.date, p.id) > (${after.date}::date, ${after.id}::uuid)` : sql``;
    const rows = await rowsOf<RawPayment>(
      db,
      sql`select p.id, to_char(p.date, 'YYYY-MM-DD') as date, p.amount, i.currency, i.number, i.kind, i.client_id,
          coalesce(i.client_snapshot ->> 'name', c.name) as client_name, p.reference
        from payments p join invoices i on i.id = p.invoice_id join clients c on c.id = i.client_id
        where p.date between ${range.from}::date and ${range.to}::date ${keyset}
        order by p.date, p.id limit ${batchSize}`,
    );
    for (const row of rows) {
      const payment: FecPayment = {
        id: row.id,
        date: row.date,
        amount: Number(row.amount),
        currency: row.currency,
        documentNumber: row.number,
        documentKind: row.kind,
        clientId: row.client_id,
        clientName: row.client_name,
        reference: row.reference,
      };
      yield { kind: "payment", payment };
    }
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { date: last.date, id: last.id };
  }
}

/** The file's text in chunks: the header, then the entries in date order, numbered 1, 2, 3… */
export async function* streamFec(
  db: Executor,
  range: DateRange,
  accounts: FecAccounts,
  batchSize = 1000,
): AsyncGenerator<string, void, unknown> {
  yield fecHeaderLine();
  let sequence = 1;
  let chunk = "";
  let count = 0;
  for await (const source of mergeByDate(documentSources(db, range, batchSize), paymentSources(db, range, batchSize))) {
    for (const line of fecEntries([source], accounts, sequence)) chunk += fecLineText(line);
    sequence++;
    if (++count >= batchSize) {
      yield chunk;
      chunk = "";
      count = 0;
    }
  }
  if (chunk) yield chunk;
}
