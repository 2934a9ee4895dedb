// The SQL of the invoice list's filter: the page, its totals and the CSV export all build their
// WHERE from here, so the three always agree on which invoices a filter keeps.
import "server-only";
import { and, eq, gte, inArray, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, invoice, payment } from "@/db/schema";
import { escapeLike } from "@/lib/sql-text";
import type { InvoiceListFilter } from "./invoice-schemas";

export type StoredStatus = (typeof invoice.$inferSelect)["status"];
const OPEN_STATUSES: StoredStatus[] = ["issued", "partially_paid"];

/** The stored statuses a status filter stands for, when it does not depend on today; else null. */
export function storedStatusesOf(status: InvoiceListFilter["status"]): StoredStatus[] | undefined | null {
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

export const hasPaidRange = (filter: InvoiceListFilter) => Boolean(filter.paidFrom || filter.paidTo);

/**
 * The clients whose name matches the search, looked up first in the small clients table, so the
 * invoice search is "number matches OR client_id in (…)": two index scans, no join to filter.
 */
export async function searchClientIds(db: Executor, q: string | undefined): Promise<string[]> {
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
export function paymentInRange(filter: InvoiceListFilter): SQL | undefined {
  return and(
    filter.paidFrom ? gte(payment.date, filter.paidFrom) : undefined,
    filter.paidTo ? lte(payment.date, filter.paidTo) : undefined,
  );
}
