// The invoice list: one page of a filtered list, sorted, with the totals of the whole filtered set.
import "server-only";
import { type AnyColumn, asc, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, invoice } from "@/db/schema";
import { invoiceListWhere, searchClientIds } from "./invoice-list-filter";
import { deriveDisplayStatus, type InvoiceDisplayStatus } from "./invoice-rules";
import type { InvoiceListFilter, InvoiceSort } from "./invoice-schemas";
import { findInvoiceTotals } from "./invoice-totals-queries";

export const DEFAULT_PAGE_SIZE = 50;

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

/** The columns of a list row; the CSV export reads the same ones. */
export const listColumns = {
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
  // Every row the filter keeps, drafts included (the totals count them apart).
  const total = currencyTotals.reduce((sum, row) => sum + row.count + (row.drafts?.count ?? 0), 0);
  return {
    rows: rows.map((row) => ({ ...row, displayStatus: displayStatusOf(row, today) })),
    total,
    page,
    pageSize,
    totals: currencyTotals,
  };
}
