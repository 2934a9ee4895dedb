// Quotes (estimates, decision 064): lines like an invoice's, a validity date, their own gapless
// number series taken when the quote is sent. A sent quote never changes again: a new version is a
// new draft that supersedes it. "Expired" is derived (sent and its last valid day before today),
// never stored, like an invoice's "overdue".
import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, date, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { client } from "./clients";
import { id, timestamps, version } from "./columns";
import { invoice, money, type PartySnapshot, PAYMENT_MEANS, type TaxLine } from "./invoices";
import type { RecurringLine } from "./recurring";

export const QUOTE_STATUSES = ["draft", "sent", "accepted", "declined", "superseded"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** Who recorded the client's answer: the client through a share link, or a manager by hand. */
export const QUOTE_DECISION_SOURCES = ["link", "manager"] as const;

/** A quote's line: the stored shape of a recurring invoice's line (integers only). */
export type QuoteLine = RecurringLine;

export const quote = pgTable(
  "quotes",
  {
    id: id(),
    /** Null while draft; taken from the quote series when it is sent. */
    number: text("number").unique(),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("draft"),
    clientId: uuid("client_id")
      .notNull()
      .references(() => client.id),
    currency: text("currency").notNull(),
    /** The language it is written in: the client's, else the firm's (decision 061); frozen when sent. */
    language: text("language"),
    lines: jsonb("lines").$type<QuoteLine[]>().notNull(),
    notes: text("notes"),
    footer: text("footer"),
    buyerReference: text("buyer_reference"),
    purchaseOrderReference: text("purchase_order_reference"),
    paymentMeans: text("payment_means", { enum: PAYMENT_MEANS }).notNull().default("credit_transfer"),
    /** The quote's date: today while draft, the day it was sent once sent. */
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    /** The last day the client may accept it. */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    netTotal: money("net_total").notNull().default(0),
    taxTotal: money("tax_total").notNull().default(0),
    total: money("total").notNull().default(0),
    taxBreakdown: jsonb("tax_breakdown").$type<TaxLine[]>().notNull().default([]),
    clientSnapshot: jsonb("client_snapshot").$type<PartySnapshot>(),
    firmSnapshot: jsonb("firm_snapshot").$type<PartySnapshot>(),
    /** The earlier version this draft replaces once it is sent. */
    supersedesId: uuid("supersedes_id").references((): AnyPgColumn => quote.id, { onDelete: "set null" }),
    /** The draft invoice made from it ("Convert to invoice"); the invoice page links back through it. */
    invoiceId: uuid("invoice_id")
      .unique()
      .references(() => invoice.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    sentById: uuid("sent_by_id").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    /** The name the person typed when accepting or declining (or the manager's name). */
    decidedByName: text("decided_by_name"),
    /** The address the answer came from (a share link), as the rate limit reads it. */
    decidedFromAddress: text("decided_from_address"),
    decisionSource: text("decision_source", { enum: QUOTE_DECISION_SOURCES }),
    createdById: uuid("created_by_id").references(() => user.id, { onDelete: "set null" }),
    version: version(),
    ...timestamps,
  },
  (table) => [
    index("quotes_status_idx").on(table.status, table.issueDate),
    index("quotes_client_idx").on(table.clientId),
    index("quotes_supersedes_idx").on(table.supersedesId),
    check("quotes_status_check", sql`${table.status} in ('draft', 'sent', 'accepted', 'declined', 'superseded')`),
    check("quotes_number_check", sql`(${table.status} = 'draft') = (${table.number} is null)`),
    check("quotes_validity_check", sql`${table.validUntil} >= ${table.issueDate}`),
  ],
);
