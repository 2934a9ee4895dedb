import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, id, timestamps, version } from "./columns";
import { user } from "./auth";
import { client, project } from "./clients";
import type { VatCategory } from "@/modules/einvoicing/einvoice-model";

export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export const INVOICE_STATUSES = ["draft", "issued", "partially_paid", "paid", "cancelled"] as const;
export const PAYMENT_METHODS = ["bank_transfer", "card", "cash", "cheque", "other"] as const;
/** How the client is asked to pay (BG-16); UNTDID 4461 codes in invoice-rules.ts. */
export const PAYMENT_MEANS = ["credit_transfer", "card", "cheque", "cash", "direct_debit"] as const;

/** Money in minor units: bigint, so a large document's total never overflows (read as a JS number). */
export const money = (name: string) => bigint(name, { mode: "number" });

/** A postal address in fields (EN 16931 BG-5/BG-8): street lines, postal code, city, subdivision, country. */
export type StructuredAddress = {
  lines: string[];
  postalCode: string | null;
  city: string | null;
  countrySubdivision: string | null;
  /** ISO 3166-1 alpha-2, or null when unknown. */
  countryCode: string | null;
};

/**
 * The client's or firm's details frozen when a document is issued. Version 1 (no `version`) kept
 * preformatted `addressLines` only; version 2 adds the structured `address` and the identifiers,
 * and keeps `addressLines` as they were printed.
 */
export type PartySnapshot = {
  version?: 2;
  name: string;
  addressLines: string[];
  country: string | null;
  vatNumber: string | null;
  registrationNumber?: string | null;
  legalForm?: string | null;
  email?: string | null;
  phone?: string | null;
  iban?: string | null;
  bic?: string | null;
  address?: StructuredAddress;
  /** Firm: share capital in minor units of `shareCapitalCurrency`. */
  shareCapital?: number | null;
  shareCapitalCurrency?: string | null;
  /** Firm: the city of its trade register (RCS). */
  rcsCity?: string | null;
  /**
   * Firm: the look frozen at issue (brand colour, logo by the SHA-256 of its bytes in
   * brand_logos), so an issued invoice always renders the same bytes. Absent in snapshots
   * written before it existed: those render with the current look.
   */
  brand?: { color: string; logoSha256: string | null; logoMimeType: string | null };
  /** The Peppol participant ID ("0208:0123456789") when one was given: the e-invoices' electronic address. */
  peppolId?: string | null;
};
/**
 * One row of the VAT breakdown, per (category, rate) as EN 16931 asks (BG-23). Rows saved before
 * categories existed have no `category`: standard above 0 %, zero rated at 0 %.
 */
export type TaxLine = {
  category?: VatCategory;
  rateBp: number;
  base: number;
  tax: number;
  /** The category's legal mention (exemption reason, BT-120), for every category but S. */
  mention?: string | null;
  /** Its VATEX code (BT-121), when there is one. */
  vatexCode?: string | null;
};

export const invoice = pgTable(
  "invoices",
  {
    id: id(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull().default("invoice"),
    number: text("number"),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("draft"),
    clientId: uuid("client_id")
      .notNull()
      .references(() => client.id),
    creditedInvoiceId: uuid("credited_invoice_id").references((): AnyPgColumn => invoice.id),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    servicePeriodStart: date("service_period_start", { mode: "string" }),
    servicePeriodEnd: date("service_period_end", { mode: "string" }),
    currency: text("currency").notNull(),
    clientSnapshot: jsonb("client_snapshot").$type<PartySnapshot>(),
    firmSnapshot: jsonb("firm_snapshot").$type<PartySnapshot>(),
    paymentTermsDays: integer("payment_terms_days").notNull(),
    notes: text("notes"),
    footer: text("footer"),
    /** BT-10: the buyer's reference (a Leitweg-ID for German public buyers). */
    buyerReference: text("buyer_reference"),
    /** BT-13: the buyer's purchase order. */
    purchaseOrderReference: text("purchase_order_reference"),
    paymentMeans: text("payment_means", { enum: PAYMENT_MEANS }).notNull().default("credit_transfer"),
    /**
     * The language it is written in: its client's when it was created, frozen at issue (the guard of
     * issued invoices refuses any change). Null: saved before languages existed, printed in English.
     */
    language: text("language"),
    netTotal: money("net_total").notNull().default(0),
    taxTotal: money("tax_total").notNull().default(0),
    total: money("total").notNull().default(0),
    paidTotal: money("paid_total").notNull().default(0),
    creditedTotal: money("credited_total").notNull().default(0),
    balance: money("balance").notNull().default(0),
    // The day from which nothing is owed any more: the date of the payment or credit note that brought
    // the balance to zero; null while owed (and for drafts and credit notes). Kept by the trigger of
    // drizzle/0040 whenever the money columns are written; the ageing report reads which invoices
    // were open on a past day from it (its GiST index, made there).
    settledOn: date("settled_on", { mode: "string" }),
    taxBreakdown: jsonb("tax_breakdown").$type<TaxLine[]>().notNull().default([]),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    issuedById: uuid("issued_by_id").references(() => user.id),
    createdById: uuid("created_by_id").references(() => user.id),
    version: version(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("invoices_number_unique")
      .on(table.number)
      .where(sql`${table.number} is not null`),
    index("invoices_status_idx").on(table.status, table.dueDate),
    // A client's list (newest first, ties by id) stops after its page instead of sorting all of the
    // client's invoices; the trailing columns let its totals be read from the index alone.
    index("invoices_client_idx").on(
      table.clientId,
      table.issueDate,
      table.id,
      table.currency,
      table.kind,
      table.status,
      table.total,
      table.balance,
    ),
    index("invoices_issue_date_idx").on(table.issueDate, table.id),
    index("invoices_credited_idx").on(table.creditedInvoiceId),
    // Open invoices (what is owed) by due date: the unpaid and overdue lists sorted by due date,
    // their totals when a search or client filter rules out the summary tables (index-only: the
    // amounts are in the key), and the daily reminders. Small: only invoices still owed.
    index("invoices_open_due_idx")
      .on(table.dueDate, table.id, table.currency, table.total, table.balance)
      .where(sql`${table.kind} = 'invoice' and ${table.status} in ('issued', 'partially_paid')`),
    // Issued documents not in euros, which the FEC cannot hold (fec-queries.ts): a few percent of the
    // invoices, read from the index alone by issue date, or whole to match the period's payments.
    // 'EUR' is FEC_CURRENCY, written out: a partial index's condition must be a constant.
    index("invoices_not_in_euros_idx")
      .on(table.issueDate, table.id, table.number, table.currency)
      .where(sql`${table.currency} <> 'EUR' and ${table.status} <> 'draft'`),
    check("invoices_kind_check", sql`${table.kind} in ('invoice', 'credit_note')`),
    check("invoices_status_check", sql`${table.status} in ('draft', 'issued', 'partially_paid', 'paid', 'cancelled')`),
    // Issued means numbered; a draft has no number (VAT Directive art. 226(2): sequential numbers).
    check("invoices_number_when_issued", sql`(${table.status} = 'draft') = (${table.number} is null)`),
  ],
);

export const invoiceLine = pgTable(
  "invoice_lines",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoice.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    quantityMilli: bigint("quantity_milli", { mode: "number" }).notNull(),
    unit: text("unit").notNull(),
    /** UN/ECE Recommendation 20 code of the unit (BT-130), e.g. HUR, DAY, C62. */
    unitCode: text("unit_code").notNull().default("C62"),
    unitPrice: money("unit_price").notNull(),
    discountBp: integer("discount_bp").notNull().default(0),
    taxRateBp: integer("tax_rate_bp").notNull(),
    /** The VAT category of the line's rate (UNCL5305), with its mention and VATEX code as saved. */
    vatCategory: text("vat_category").$type<VatCategory>().notNull().default("S"),
    vatMention: text("vat_mention"),
    vatexCode: text("vatex_code"),
    net: money("net").notNull(),
    /**
     * The project a line that bills no time or expenses is for (a fixed fee, a licence): its net
     * counts as the project's revenue in the profitability report (decision 068). Null on lines of
     * time or expenses, whose project is their entries', and on lines for no project.
     */
    projectId: uuid("project_id").references(() => project.id),
    ...timestamps,
  },
  (table) => [
    index("invoice_lines_invoice_idx").on(table.invoiceId, table.position),
    index("invoice_lines_project_idx")
      .on(table.projectId)
      .where(sql`${table.projectId} is not null`),
  ],
);

export const payment = pgTable(
  "payments",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoice.id),
    amount: money("amount").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    reference: text("reference"),
    createdById: uuid("created_by_id").references(() => user.id),
    ...timestamps,
  },
  (table) => [
    index("payments_invoice_idx").on(table.invoiceId),
    check("payments_amount_positive", sql`${table.amount} > 0`),
  ],
);

/**
 * One row per number series and period: the last sequence number given and the last issue date.
 * Issuing locks the row (SELECT ... FOR UPDATE) inside the issuing transaction, so numbers are
 * unique, gapless and chronological across server instances.
 */
export const numberingCounter = pgTable(
  "numbering_counters",
  {
    series: text("series").notNull(),
    periodKey: text("period_key").notNull(),
    lastSequence: integer("last_sequence").notNull().default(0),
    lastIssueDate: date("last_issue_date", { mode: "string" }),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.series, table.periodKey] })],
);

/**
 * The logos invoices were issued with, by the SHA-256 of their bytes (content-addressed: one row
 * per distinct logo, however many invoices use it). Written when an invoice is issued, never
 * changed or deleted: an issued invoice's snapshot names its logo here (PartySnapshot.brand).
 */
export const brandLogo = pgTable("brand_logos", {
  sha256: text("sha256").primaryKey(),
  mimeType: text("mime_type").notNull(),
  data: bytea("data").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
