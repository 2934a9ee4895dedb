// Summary tables: counts and sums kept by row triggers in the same transaction as every change to
// the rows they summarise, so lists and the dashboard read a few rows instead of aggregating
// thousands (decisions 010, 012, 020). Only the triggers write them; the code reads them. They were
// created by hand-written migrations (drizzle/0007, 0008, 0010, 0011, 0034) and are declared here, once,
// exactly as those made them (key names included), so drizzle-kit sees nothing to migrate.
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";

const count = () => bigint("count", { mode: "number" }).notNull().default(0);
const sum = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);

/** Per currency, kind and stored status: every invoice's count, total and balance (0007). */
export const invoiceTotals = pgTable(
  "invoice_totals",
  {
    currency: text("currency").notNull(),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    count: count(),
    total: sum("total"),
    balance: sum("balance"),
  },
  (table) => [primaryKey({ name: "invoice_totals_pkey", columns: [table.currency, table.kind, table.status] })],
);

/**
 * The same per issue date: "invoiced in a period", the list's totals for a date range (0008), and
 * the net and VAT of those documents, the money report's months (0034).
 */
export const invoiceDayTotals = pgTable(
  "invoice_day_totals",
  {
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    count: count(),
    total: sum("total"),
    balance: sum("balance"),
    net: sum("net"),
    tax: sum("tax"),
  },
  (table) => [
    primaryKey({
      name: "invoice_day_totals_pkey",
      columns: [table.issueDate, table.currency, table.kind, table.status],
    }),
  ],
);

/** The same by month (its first day), for the dashboard's 12 months (0010). */
export const invoiceMonthTotals = pgTable(
  "invoice_month_totals",
  {
    month: date("month", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    count: count(),
    total: sum("total"),
    balance: sum("balance"),
  },
  (table) => [
    primaryKey({
      name: "invoice_month_totals_pkey",
      columns: [table.month, table.currency, table.kind, table.status],
    }),
  ],
);

/** Per due date and currency, the invoices still owed (issued or partially paid): receivables, overdue (0008). */
export const invoiceOpenBalances = pgTable(
  "invoice_open_balances",
  {
    dueDate: date("due_date", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    count: count(),
    total: sum("total"),
    balance: sum("balance"),
  },
  (table) => [primaryKey({ name: "invoice_open_balances_pkey", columns: [table.dueDate, table.currency] })],
);

/** Per payment date and invoice currency: "paid in a period" (0008). */
export const paymentDayTotals = pgTable(
  "payment_day_totals",
  {
    date: date("date", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    count: count(),
    amount: sum("amount"),
  },
  (table) => [primaryKey({ name: "payment_day_totals_pkey", columns: [table.date, table.currency] })],
);

/** The same by month (0010). */
export const paymentMonthTotals = pgTable(
  "payment_month_totals",
  {
    month: date("month", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    count: count(),
    amount: sum("amount"),
  },
  (table) => [primaryKey({ name: "payment_month_totals_pkey", columns: [table.month, table.currency] })],
);

/**
 * Approved, billable time on no invoice line, per project and frozen rate (null: approved without
 * a rate), with the project's client: entries, minutes and value, each entry's value rounded on
 * its own like entryValueMinor (0008, 0010).
 */
export const unbilledTimeTotals = pgTable(
  "unbilled_time_totals",
  {
    projectId: uuid("project_id").notNull(),
    hourlyRate: integer("hourly_rate"),
    entries: sum("entries"),
    minutes: sum("minutes"),
    value: sum("value"),
    clientId: uuid("client_id").notNull(),
  },
  (table) => [unique("unbilled_time_totals_key").on(table.projectId, table.hourlyRate).nullsNotDistinct()],
);

/** Calls per status and assignee (null: nobody), for the call log's totals (0011). */
export const callCounts = pgTable(
  "call_counts",
  {
    status: text("status").notNull(),
    assignedUserId: uuid("assigned_user_id"),
    count: count(),
  },
  (table) => [unique("call_counts_key").on(table.status, table.assignedUserId).nullsNotDistinct()],
);

/**
 * Time entries per month of their date, project, person, timesheet status, billable, invoiced (on
 * an invoice line), frozen rate and minutes modulo 60 (the residue that lets unapproved time be
 * priced at today's rate with each entry rounded on its own): entries, minutes and value at the
 * frozen rate. The reports read whole months here (0034, decision 063).
 */
export const timeMonthTotals = pgTable(
  "time_month_totals",
  {
    month: date("month", { mode: "string" }).notNull(),
    projectId: uuid("project_id").notNull(),
    userId: uuid("user_id").notNull(),
    status: text("status").notNull(),
    billable: boolean("billable").notNull(),
    invoiced: boolean("invoiced").notNull(),
    hourlyRate: integer("hourly_rate"),
    residue: integer("residue").notNull(),
    entries: sum("entries"),
    minutes: sum("minutes"),
    value: sum("value"),
  },
  (table) => [
    unique("time_month_totals_key")
      .on(
        table.month,
        table.projectId,
        table.userId,
        table.status,
        table.billable,
        table.invoiced,
        table.hourlyRate,
        table.residue,
      )
      .nullsNotDistinct(),
    // A project's months (its budget's use, all time or this month): without it each budget read
    // scanned the whole summary (35,000 rows on the large data set, 4 ms).
    index("time_month_totals_project_idx").on(table.projectId),
  ],
);

/**
 * Per issue date, currency and VAT rate, the issued documents' journal rows (from the tax breakdown
 * frozen at issue; an empty breakdown at rate 0 with the net total): how many documents carry the
 * rate, their base and VAT. The sales journal's totals (0034, decision 063).
 */
export const salesJournalDayTotals = pgTable(
  "sales_journal_day_totals",
  {
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    rateBp: integer("rate_bp").notNull(),
    documents: sum("documents"),
    net: sum("net"),
    tax: sum("tax"),
  },
  (table) => [
    primaryKey({ name: "sales_journal_day_totals_pkey", columns: [table.issueDate, table.currency, table.rateBp] }),
  ],
);
