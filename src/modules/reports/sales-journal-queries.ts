// The sales journal for the accountant: the issued invoices and credit notes of a period, one row
// per document and VAT rate (from the tax breakdown frozen at issue), with the client's name and
// VAT number as printed on the document (the issued snapshot), and the totals per currency and
// rate. A credit note's amounts are negative. Documents are in number order within their date.
import "server-only";
import { and, gte, lte, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { salesJournalDayTotals } from "@/db/schema";
import type { DateRange } from "./report-rules";

export type SalesJournalRow = {
  id: string;
  number: string;
  kind: "invoice" | "credit_note";
  issueDate: string;
  clientId: string;
  clientName: string;
  clientVatNumber: string | null;
  currency: string;
  rateBp: number;
  net: number;
  tax: number;
};

export type SalesJournalTotal = { currency: string; rateBp: number; documents: number; net: number; tax: number };

type RawRow = {
  id: string;
  number: string;
  kind: "invoice" | "credit_note";
  issue_date: string;
  client_id: string;
  client_name: string;
  client_vat_number: string | null;
  currency: string;
  rate_bp: string | number;
  net: string | number;
  tax: string | number;
};

function journalQuery(range: DateRange, after?: { issueDate: string; number: string; rateBp: number }) {
  const keyset = after
    ? sql`and (i.issue_date, i.number, coalesce((t.line ->> 'rateBp')::integer, 0)) > (${after.issueDate}::date, ${after.number}, ${after.rateBp}::integer)`
    : sql``;
  // A document with no taxed line (an empty tax breakdown) still gets its row, at rate 0.
  return sql`
    select i.id, i.number, i.kind, to_char(i.issue_date, 'YYYY-MM-DD') as issue_date, i.client_id,
      coalesce(i.client_snapshot ->> 'name', c.name) as client_name,
      i.client_snapshot ->> 'vatNumber' as client_vat_number, i.currency,
      coalesce((t.line ->> 'rateBp')::integer, 0) as rate_bp,
      coalesce((t.line ->> 'base')::bigint, i.net_total) as net,
      coalesce((t.line ->> 'tax')::bigint, 0) as tax
    from invoices i
    join clients c on c.id = i.client_id
    left join lateral jsonb_array_elements(i.tax_breakdown) as t(line) on true
    where i.status <> 'draft' and i.issue_date between ${range.from}::date and ${range.to}::date ${keyset}
    order by i.issue_date, i.number, rate_bp`;
}

function toRow(row: RawRow): SalesJournalRow {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    issueDate: row.issue_date,
    clientId: row.client_id,
    clientName: row.client_name,
    clientVatNumber: row.client_vat_number,
    currency: row.currency,
    rateBp: Number(row.rate_bp),
    net: Number(row.net),
    tax: Number(row.tax),
  };
}

export async function rowsOf<Row = RawRow>(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

/**
 * The totals per currency and VAT rate of the period's documents: from the per-day totals the
 * invoices' trigger keeps (drizzle/0034, decision 063), the same sums as the journal's rows.
 */
export async function findSalesJournalTotals(db: Executor, range: DateRange): Promise<SalesJournalTotal[]> {
  const rows = await db
    .select({
      currency: salesJournalDayTotals.currency,
      rateBp: salesJournalDayTotals.rateBp,
      documents: sql<string>`sum(${salesJournalDayTotals.documents})`,
      net: sql<string>`sum(${salesJournalDayTotals.net})`,
      tax: sql<string>`sum(${salesJournalDayTotals.tax})`,
    })
    .from(salesJournalDayTotals)
    .where(and(gte(salesJournalDayTotals.issueDate, range.from), lte(salesJournalDayTotals.issueDate, range.to)))
    .groupBy(salesJournalDayTotals.currency, salesJournalDayTotals.rateBp)
    .having(sql`sum(${salesJournalDayTotals.documents}) <> 0`)
    .orderBy(salesJournalDayTotals.currency, salesJournalDayTotals.rateBp);
  return rows.map((row) => ({
    currency: row.currency,
    rateBp: row.rateBp,
    documents: Number(row.documents),
    net: Number(row.net),
    tax: Number(row.tax),
  }));
}

/** The first rows of the journal (the page shows a preview; the export has them all). */
export async function findSalesJournalRows(db: Executor, range: DateRange, limit: number): Promise<SalesJournalRow[]> {
  return (await rowsOf(db, sql`${journalQuery(range)} limit ${limit}`)).map(toRow);
}

/** Every row of the journal in batches (keyset on date, number, rate): the CSV export. */
export async function* streamSalesJournal(db: Executor, range: DateRange, batchSize = 1000) {
  let after: { issueDate: string; number: string; rateBp: number } | undefined;
  for (;;) {
    const rows = (await rowsOf(db, sql`${journalQuery(range, after)} limit ${batchSize}`)).map(toRow);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { issueDate: last.issueDate, number: last.number, rateBp: last.rateBp };
  }
}
