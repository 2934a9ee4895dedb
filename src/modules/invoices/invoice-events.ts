// What an invoice webhook says of the invoice (decisions 052 and 055): shared by the mutations
// (invoice.issued, invoice.paid) and the overdue pass (invoice.overdue). Pure.
import type { invoice } from "@/db/schema";

type InvoiceRow = typeof invoice.$inferSelect;

/** Amounts in minor units. */
export function invoiceEventData(row: InvoiceRow) {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    status: row.status,
    clientId: row.clientId,
    clientName: row.clientSnapshot?.name ?? null,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    currency: row.currency,
    total: row.total,
    paidTotal: row.paidTotal,
    creditedTotal: row.creditedTotal,
    balance: row.balance,
  };
}
