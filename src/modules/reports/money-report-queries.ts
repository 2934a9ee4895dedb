// The money report: per month (or per client) and currency, what was invoiced in the period
// (issued invoices and credit notes by issue date, excluding VAT, with the VAT apart: a credit
// note's amounts are negative, so it deducts), what was received (payments by their date), and
// what is still owed on the invoices issued in the period (their balance today, VAT included, as
// the client owes it). Never summed across currencies.
import "server-only";
import { and, eq, gte, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, invoice, payment } from "@/db/schema";
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

const monthKey = (date: SQL | typeof invoice.issueDate | typeof payment.date) =>
  sql<string>`to_char(date_trunc('month', ${date}), 'YYYY-MM')`;

export async function findMoneyReport(
  db: Executor,
  group: MoneyGroup,
  range: DateRange,
): Promise<{ rows: MoneyReportRow[]; totals: MoneyReportTotals[] }> {
  const byClient = group === "client";
  const issuedKey = byClient ? sql<string>`${client.id}::text` : monthKey(invoice.issueDate);
  const paidKey = byClient ? sql<string>`${client.id}::text` : monthKey(payment.date);
  const label = byClient ? sql<string>`${client.name}` : sql<string>`''`;
  const [issued, received] = await Promise.all([
    db
      .select({
        key: issuedKey,
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
      .select({ key: paidKey, label, currency: invoice.currency, amount: sql<string>`sum(${payment.amount})` })
      .from(payment)
      .innerJoin(invoice, eq(invoice.id, payment.invoiceId))
      .innerJoin(client, eq(client.id, invoice.clientId))
      .where(and(gte(payment.date, range.from), lte(payment.date, range.to)))
      .groupBy(sql`1`, sql`2`, invoice.currency),
  ]);
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
