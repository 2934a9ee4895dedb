// Recurring invoices (decision 060): a template the background worker turns into one invoice per
// period, and one run row per (template, period). The run's unique key is claimed in the same
// transaction that creates (and issues) the invoice, so a period is billed exactly once, whatever
// the number of workers and wherever one of them dies.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { VatCategory } from "@/modules/einvoicing/einvoice-model";
import { user } from "./auth";
import { client } from "./clients";
import { id, timestamps, version } from "./columns";
import { invoice, PAYMENT_MEANS } from "./invoices";

export const RECURRING_FREQUENCIES = ["monthly", "quarterly", "yearly", "weekly"] as const;
export const RECURRING_STATUSES = ["active", "paused", "archived"] as const;
/** "issue": numbered and issued on its day; "draft": left as a draft for someone to check and issue. */
export const RECURRING_ISSUE_MODES = ["issue", "draft"] as const;

/** A line of the template, as the invoice line it becomes (integers: thousandths, minor units, basis points). */
export type RecurringLine = {
  description: string;
  quantityMilli: number;
  unit: string;
  unitPrice: number;
  discountBp: number;
  taxRateBp: number;
  vatCategory: VatCategory | null;
};

export const recurringInvoice = pgTable(
  "recurring_invoices",
  {
    id: id(),
    name: text("name").notNull(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => client.id),
    currency: text("currency").notNull(),
    lines: jsonb("lines").$type<RecurringLine[]>().notNull(),
    notes: text("notes"),
    footer: text("footer"),
    buyerReference: text("buyer_reference"),
    purchaseOrderReference: text("purchase_order_reference"),
    paymentMeans: text("payment_means", { enum: PAYMENT_MEANS }).notNull().default("credit_transfer"),
    frequency: text("frequency", { enum: RECURRING_FREQUENCIES }).notNull(),
    intervalWeeks: integer("interval_weeks").notNull().default(1),
    dayOfPeriod: integer("day_of_period").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    occurrenceCount: integer("occurrence_count"),
    issueMode: text("issue_mode", { enum: RECURRING_ISSUE_MODES }).notNull().default("issue"),
    sendAutomatically: boolean("send_automatically").notNull().default(false),
    status: text("status", { enum: RECURRING_STATUSES }).notNull().default("active"),
    /**
     * No occurrence before this day is made: the day the template was created, last resumed, or its
     * schedule last changed (a pause's periods are skipped; an edit acts on future occurrences only).
     */
    billsFrom: date("bills_from", { mode: "string" }).notNull(),
    /** Why the latest attempt made nothing (e.g. a tax rate no longer configured); cleared by the next success. */
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    createdById: uuid("created_by_id").references(() => user.id, { onDelete: "set null" }),
    version: version(),
    ...timestamps,
  },
  (table) => [
    index("recurring_invoices_status_idx").on(table.status, table.name),
    index("recurring_invoices_client_idx").on(table.clientId),
    check(
      "recurring_invoices_frequency_check",
      sql`${table.frequency} in ('monthly', 'quarterly', 'yearly', 'weekly')`,
    ),
    check("recurring_invoices_status_check", sql`${table.status} in ('active', 'paused', 'archived')`),
    check("recurring_invoices_interval_check", sql`${table.intervalWeeks} between 1 and 52`),
    check("recurring_invoices_count_check", sql`${table.occurrenceCount} is null or ${table.occurrenceCount} >= 1`),
    // Sending needs an issued invoice.
    check("recurring_invoices_send_check", sql`not ${table.sendAutomatically} or ${table.issueMode} = 'issue'`),
  ],
);

export const recurringInvoiceRun = pgTable(
  "recurring_invoice_runs",
  {
    id: id(),
    templateId: uuid("template_id")
      .notNull()
      .references(() => recurringInvoice.id, { onDelete: "cascade" }),
    /** The occurrence this run billed: the key that makes each period's invoice exactly once. */
    periodDate: date("period_date", { mode: "string" }).notNull(),
    /** Null once someone deleted the draft it made (the period stays billed: it is not made again). */
    invoiceId: uuid("invoice_id").references(() => invoice.id, { onDelete: "set null" }),
    issued: boolean("issued").notNull().default(false),
    /** The outbox mail when it was sent automatically. */
    emailId: uuid("email_id"),
    /** What a person should know about this run, e.g. why it was not mailed. */
    note: text("note"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("recurring_invoice_runs_period_unique").on(table.templateId, table.periodDate),
    index("recurring_invoice_runs_invoice_idx").on(table.invoiceId),
  ],
);
