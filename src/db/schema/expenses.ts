import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea, id, timestamps, version } from "./columns";
import { user } from "./auth";
import { project } from "./clients";
import { invoiceLine } from "./invoices";

// Expenses (decision 065): approved on their own, not with the week; billed at most once through
// invoice_line_id, set by a conditional update exactly as time entries are.

export const EXPENSE_STATUSES = ["submitted", "approved", "rejected"] as const;
export const EXPENSE_CATEGORIES = [
  "travel",
  "accommodation",
  "meals",
  "mileage",
  "supplies",
  "software",
  "subcontracting",
  "other",
] as const;
export const RECEIPT_KINDS = ["pdf", "png", "jpeg", "webp"] as const;

export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const expense = pgTable(
  "expenses",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id),
    projectId: uuid("project_id")
      .notNull()
      .references(() => project.id),
    date: date("date", { mode: "string" }).notNull(),
    category: text("category", { enum: EXPENSE_CATEGORIES }).notNull(),
    description: text("description"),
    currency: text("currency").notNull(),
    /** Minor units of currency, VAT excluded. */
    netAmount: bigint("net_amount", { mode: "number" }).notNull(),
    /** The VAT paid, minor units (what the receipt shows; a receipt may mix rates). */
    vatAmount: bigint("vat_amount", { mode: "number" }).notNull().default(0),
    billable: boolean("billable").notNull().default(true),
    /** Basis points added to the net when billed (1500 = 15 %). */
    markupBp: integer("markup_bp").notNull().default(0),
    status: text("status", { enum: EXPENSE_STATUSES }).notNull().default("submitted"),
    decidedById: uuid("decided_by_id").references(() => user.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    rejectionReason: text("rejection_reason"),
    /** The invoice line that bills this expense; at most one. */
    invoiceLineId: uuid("invoice_line_id").references(() => invoiceLine.id, { onDelete: "set null" }),
    /** The uploader's file name, sanitised; shown only, never used as a path. */
    receiptName: text("receipt_name"),
    receiptKind: text("receipt_kind", { enum: RECEIPT_KINDS }),
    receiptSize: integer("receipt_size"),
    version: version(),
    ...timestamps,
  },
  (table) => [
    index("expenses_user_date_idx").on(table.userId, table.date),
    index("expenses_status_idx").on(table.status, table.date),
    index("expenses_project_idx").on(table.projectId),
    index("expenses_invoice_line_idx").on(table.invoiceLineId),
    check("expenses_status_check", sql`${table.status} in ('submitted', 'approved', 'rejected')`),
    check("expenses_net_check", sql`${table.netAmount} >= 0 and ${table.netAmount} <= 99999999999`),
    check("expenses_vat_check", sql`${table.vatAmount} >= 0 and ${table.vatAmount} <= ${table.netAmount}`),
    check("expenses_markup_check", sql`${table.markupBp} between 0 and 100000`),
    check("expenses_currency_check", sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** The receipt's bytes, apart from the expense row so lists never load them. */
export const expenseReceipt = pgTable("expense_receipts", {
  expenseId: uuid("expense_id")
    .primaryKey()
    .references(() => expense.id, { onDelete: "cascade" }),
  mimeType: text("mime_type").notNull(),
  content: bytea("content").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
