// Totals of the invoice list: per currency, for the whole filtered set (what the list shows above
// its rows and the dashboard's money figures), and per month for the dashboard's chart. A filter
// that a summary table answers exactly reads its few rows; any other aggregates the invoices.
import "server-only";
import { type AnyColumn, and, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import type { PendingSelect } from "@/db/select-together";
import {
  invoice,
  invoiceDayTotals,
  invoiceMonthTotals,
  invoiceOpenBalances,
  invoiceTotals,
  payment,
  paymentDayTotals,
  paymentMonthTotals,
} from "@/db/schema";
import {
  hasPaidRange,
  invoiceListWhere,
  paymentInRange,
  searchClientIds,
  type StoredStatus,
  storedStatusesOf,
} from "./invoice-list-filter";
import type { InvoiceListFilter } from "./invoice-schemas";

/**
 * Per currency: the issued documents, their totals and balances; with a paid range, what was
 * received in it. Drafts are not part of the totals (nothing is owed on them): when the filter
 * keeps some, their count and total are apart, in `drafts`.
 */
export type CurrencyTotals = {
  currency: string;
  count: number;
  total: number;
  balance: number;
  received?: number;
  drafts?: { count: number; total: number };
};
type TotalsRow = {
  currency: string;
  draft: boolean;
  count: string | number;
  total: string | number;
  balance: string | number;
};
type ReceivedRow = { currency: string; amount: string | number };

/** Drafts apart: the totals count issued documents only (defect 8 of issue 20). */
const isDraft = (status: AnyColumn) => sql<boolean>`(${status} = 'draft')`;

/** Whether a summary table can answer the filter: no search, no client, no paid range. */
const answersFromSummaries = (filter: InvoiceListFilter) => !filter.q && !filter.client && !hasPaidRange(filter);

/** The per-day totals' rows a filter of a period, kind and stored statuses keeps. */
function dayTotalsWhere(filter: InvoiceListFilter, statuses: StoredStatus[] | undefined) {
  return and(
    filter.from ? gte(invoiceDayTotals.issueDate, filter.from) : undefined,
    filter.to ? lte(invoiceDayTotals.issueDate, filter.to) : undefined,
    filter.kind ? eq(invoiceDayTotals.kind, filter.kind) : undefined,
    statuses ? inArray(invoiceDayTotals.status, statuses) : undefined,
    filter.status === "unpaid" ? eq(invoiceDayTotals.kind, "invoice") : undefined,
  );
}

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
  const summarisable = useSummaries && answersFromSummaries(filter);
  if (summarisable && statuses !== null && !filter.from && !filter.to) {
    return db
      .select({
        currency: invoiceTotals.currency,
        draft: isDraft(invoiceTotals.status),
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
      .groupBy(invoiceTotals.currency, isDraft(invoiceTotals.status))
      .orderBy(invoiceTotals.currency, isDraft(invoiceTotals.status));
  }
  if (summarisable && statuses !== null) {
    return db
      .select({
        currency: invoiceDayTotals.currency,
        draft: isDraft(invoiceDayTotals.status),
        count: sql<string>`sum(${invoiceDayTotals.count})`,
        total: sql<string>`sum(${invoiceDayTotals.total})`,
        balance: sql<string>`sum(${invoiceDayTotals.balance})`,
      })
      .from(invoiceDayTotals)
      .where(dayTotalsWhere(filter, statuses))
      .groupBy(invoiceDayTotals.currency, isDraft(invoiceDayTotals.status))
      .orderBy(invoiceDayTotals.currency, isDraft(invoiceDayTotals.status));
  }
  if (summarisable && filter.status === "overdue" && !filter.from && !filter.to && filter.kind !== "credit_note") {
    return db
      .select({
        currency: invoiceOpenBalances.currency,
        draft: sql<boolean>`false`,
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
      draft: isDraft(invoice.status),
      count: sql<string>`count(*)`,
      total: sql<string>`coalesce(sum(${invoice.total}), 0)`,
      balance: sql<string>`coalesce(sum(${invoice.balance}), 0)`,
    })
    .from(invoice)
    .where(where)
    .groupBy(invoice.currency, isDraft(invoice.status))
    .orderBy(invoice.currency, isDraft(invoice.status));
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

type NetTaxRow = { currency: string; net: string | number; tax: string | number };

/**
 * Per currency, the net (excluding VAT) and VAT of the documents a filter keeps (credit notes
 * deducted, as in the totals): the dashboard's "Invoiced this month" shows revenue without VAT.
 * A period, kind and stored statuses alone are read from the per-day totals, which keep the net
 * and VAT too (0034): a month of the large data set was 2,500 invoices read for 4 ms on every
 * dashboard view. Any other filter sums the invoices themselves.
 */
export function netAndTaxSelect(
  db: Executor,
  filter: InvoiceListFilter,
  today: string,
  useSummaries = true,
): PendingSelect<NetTaxRow[]> {
  if (filter.q) throw new Error("A search's net and VAT need the clients it matches.");
  const statuses = storedStatusesOf(filter.status);
  if (useSummaries && answersFromSummaries(filter) && statuses !== null)
    return db
      .select({
        currency: invoiceDayTotals.currency,
        net: sql<string>`coalesce(sum(${invoiceDayTotals.net}), 0)`,
        tax: sql<string>`coalesce(sum(${invoiceDayTotals.tax}), 0)`,
      })
      .from(invoiceDayTotals)
      .where(dayTotalsWhere(filter, statuses))
      .groupBy(invoiceDayTotals.currency)
      .orderBy(invoiceDayTotals.currency);
  return db
    .select({
      currency: invoice.currency,
      net: sql<string>`coalesce(sum(${invoice.netTotal}), 0)`,
      tax: sql<string>`coalesce(sum(${invoice.taxTotal}), 0)`,
    })
    .from(invoice)
    .where(invoiceListWhere(filter, today, []))
    .groupBy(invoice.currency)
    .orderBy(invoice.currency);
}

export function netAndTaxOf(rows: NetTaxRow[]): Map<string, { net: number; tax: number }> {
  return new Map(rows.map((row) => [row.currency, { net: Number(row.net), tax: Number(row.tax) }]));
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
  const byCurrency = new Map<string, CurrencyTotals>();
  for (const row of totals) {
    const count = Number(row.count);
    if (count <= 0) continue;
    const entry = byCurrency.get(row.currency) ?? { currency: row.currency, count: 0, total: 0, balance: 0 };
    if (row.draft) entry.drafts = { count, total: Number(row.total) };
    else Object.assign(entry, { count, total: Number(row.total), balance: Number(row.balance) });
    byCurrency.set(row.currency, entry);
  }
  return [...byCurrency.values()]
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map((row) => (hasPaidRange(filter) ? { ...row, received: receivedBy.get(row.currency) ?? 0 } : row));
}

/**
 * Per currency, the payments received in the filter's paid range (the list's "Received in the
 * period"), as a select to run with others in one statement; receivedTotalsOf reads its rows.
 */
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
