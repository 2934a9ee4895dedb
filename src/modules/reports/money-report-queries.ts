// The money report: per month (or per client) and currency, what was invoiced in the period
// (issued invoices and credit notes by issue date, excluding VAT, with the VAT apart: a credit
// note's amounts are negative, so it deducts), what was received (payments by their date), and
// what is still owed on the invoices issued in the period (their balance today, VAT included, as
// the client owes it). Never summed across currencies.
import "server-only";
import { and, eq, gte, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, invoice, invoiceDayTotals, payment, paymentDayTotals } from "@/db/schema";
import type { DateRange } from "./report-rules";
import type { MoneyGroup } from "./report-schemas";

export type MoneyReportRow = {
  key: string;
  label: string;
  currency: string;
  /** Issued documents (invoices and credit notes) dated in the group. */
  documents: number;
  /** Net (excluding VAT), VAT and total of those documents; credit notes deducted. */
  net: number;
  tax: number;
  total: number;
  /** Payments received, by payment date. */
  received: number;
  /** What is still owed today on the group's invoices (VAT included). */
  outstanding: number;
};

export type MoneyReportTotals = Omit<MoneyReportRow, "key" | "label">;

const monthKey = (date: SQL | typeof invoiceDayTotals.issueDate | typeof paymentDayTotals.date) =>
  sql<string>`to_char(date_trunc('month', ${date}), 'YYYY-MM')`;

type IssuedPart = {
  key: string;
  label: string;
  currency: string;
  documents: string;
  net: string;
  tax: string;
  total: string;
  outstanding: string;
};
type ReceivedPart = { key: string; label: string; currency: string; amount: string };

/** By client: from the invoices and payments of the period themselves. */
function byClientParts(db: Executor, range: DateRange) {
  const key = sql<string>`${client.id}::text`;
  const label = sql<string>`${client.name}`;
  return Promise.all([
    db
      .select({
        key,
        label,
        currency: invoice.currency,
        documents: sql<string>`count(*)`,
        net: sql<string>`sum(${invoice.netTotal})`,
        tax: sql<string>`sum(${invoice.taxTotal})`,
        total: sql<string>`sum(${invoice.total})`,
        outstanding: sql<string>`coalesce(sum(${invoice.balance}) filter (where ${invoice.kind} = 'invoice' and ${invoice.status} in ('issued', 'partially_paid')), 0)`,
      })
      .from(invoice)
      .innerJoin(client, eq(client.id, invoice.clientId))
      .where(and(ne(invoice.status, "draft"), gte(invoice.issueDate, range.from), lte(invoice.issueDate, range.to)))
      .groupBy(sql`1`, sql`2`, invoice.currency),
    db
      .select({ key, label, currency: invoice.currency, amount: sql<string>`sum(${payment.amount})` })
      .from(payment)
      .innerJoin(invoice, eq(invoice.id, payment.invoiceId))
      .innerJoin(client, eq(client.id, invoice.clientId))
      .where(and(gte(payment.date, range.from), lte(payment.date, range.to)))
      .groupBy(sql`1`, sql`2`, invoice.currency),
  ]);
}

/**
 * By month: from the per-day totals the triggers keep (drizzle/0008, 0034: invoice_day_totals with
 * net and VAT, payment_day_totals), a few hundred rows for a year instead of every document.
 */
function byMonthParts(db: Executor, range: DateRange): Promise<[IssuedPart[], ReceivedPart[]]> {
  return Promise.all([
    db
      .select({
        key: monthKey(invoiceDayTotals.issueDate),
        label: sql<string>`''`,
        currency: invoiceDayTotals.currency,
        documents: sql<string>`sum(${invoiceDayTotals.count})`,
        net: sql<string>`sum(${invoiceDayTotals.net})`,
        tax: sql<string>`sum(${invoiceDayTotals.tax})`,
        total: sql<string>`sum(${invoiceDayTotals.total})`,
        outstanding: sql<string>`coalesce(sum(${invoiceDayTotals.balance}) filter (where ${invoiceDayTotals.kind} = 'invoice' and ${invoiceDayTotals.status} in ('issued', 'partially_paid')), 0)`,
      })
      .from(invoiceDayTotals)
      .where(
        and(
          ne(invoiceDayTotals.status, "draft"),
          gte(invoiceDayTotals.issueDate, range.from),
          lte(invoiceDayTotals.issueDate, range.to),
        ),
      )
      .groupBy(sql`1`, invoiceDayTotals.currency)
      .having(sql`sum(${invoiceDayTotals.count}) <> 0`),
    db
      .select({
        key: monthKey(paymentDayTotals.date),
        label: sql<string>`''`,
        currency: paymentDayTotals.currency,
        amount: sql<string>`sum(${paymentDayTotals.amount})`,
      })
      .from(paymentDayTotals)
      .where(and(gte(paymentDayTotals.date, range.from), lte(paymentDayTotals.date, range.to)))
      .groupBy(sql`1`, paymentDayTotals.currency)
      .having(sql`sum(${paymentDayTotals.count}) <> 0`),
  ]);
}

export async function findMoneyReport(
  db: Executor,
  group: MoneyGroup,
  range: DateRange,
): Promise<{ rows: MoneyReportRow[]; totals: MoneyReportTotals[] }> {
  const byClient = group === "client";
  const [issued, received] = byClient ? await byClientParts(db, range) : await byMonthParts(db, range);
  const rows = new Map<string, MoneyReportRow>();
  const rowOf = (key: string, labelText: string, currency: string) => {
    const id = `${key}\u0000${currency}`;
    let row = rows.get(id);
    if (!row) {
      row = {
        key,
        label: byClient ? labelText : key,
        currency,
        documents: 0,
        net: 0,
        tax: 0,
        total: 0,
        received: 0,
        outstanding: 0,
      };
      rows.set(id, row);
    }
    return row;
  };
  for (const item of issued) {
    const row = rowOf(item.key, item.label, item.currency);
    row.documents = Number(item.documents);
    row.net = Number(item.net);
    row.tax = Number(item.tax);
    row.total = Number(item.total);
    row.outstanding = Number(item.outstanding);
  }
  for (const item of received) rowOf(item.key, item.label, item.currency).received = Number(item.amount);
  const sorted = [...rows.values()].sort(
    (a, b) =>
      (byClient ? a.label.localeCompare(b.label) : a.key.localeCompare(b.key)) ||
      a.key.localeCompare(b.key) ||
      a.currency.localeCompare(b.currency),
  );
  return { rows: sorted, totals: moneyTotalsOf(sorted) };
}

export function moneyTotalsOf(rows: readonly MoneyReportRow[]): MoneyReportTotals[] {
  const byCurrency = new Map<string, MoneyReportTotals>();
  for (const row of rows) {
    const total = byCurrency.get(row.currency) ?? {
      currency: row.currency,
      documents: 0,
      net: 0,
      tax: 0,
      total: 0,
      received: 0,
      outstanding: 0,
    };
    total.documents += row.documents;
    total.net += row.net;
    total.tax += row.tax;
    total.total += row.total;
    total.received += row.received;
    total.outstanding += row.outstanding;
    byCurrency.set(row.currency, total);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
