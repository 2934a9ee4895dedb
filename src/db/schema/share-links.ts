// Client share links (decision 059): a link with an unguessable token that shows one issued
// document (an invoice, a credit note or a quote) without signing in. Only the token's
// SHA-256 is stored, so the database never holds a usable link: it is shown once, when made.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { id, timestamps } from "./columns";
import { invoice } from "./invoices";
import { quote } from "./quotes";

/** How the link was made: by hand on the document's page, or put in a mail of the document. */
export const SHARE_LINK_SOURCES = ["manual", "mail"] as const;
export type ShareLinkSource = (typeof SHARE_LINK_SOURCES)[number];

export const shareLink = pgTable(
  "share_links",
  {
    id: id(),
    /**
     * The document shown. One column per kind of document, exactly one of them set (decisions 059
     * and 064), so each stays a real foreign key.
     */
    invoiceId: uuid("invoice_id").references(() => invoice.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id").references(() => quote.id, { onDelete: "cascade" }),
    /** SHA-256 of the token, hex. */
    tokenHash: text("token_hash").notNull().unique(),
    source: text("source", { enum: SHARE_LINK_SOURCES }).notNull().default("manual"),
    /** For a mailed link: whom the mail went to (shown in the list of links). */
    sentTo: text("sent_to"),
    /** The link works until this instant (the end of the chosen day in the firm's timezone); null: no end. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    revokedById: uuid("revoked_by_id").references(() => user.id, { onDelete: "set null" }),
    firstViewedAt: timestamp("first_viewed_at", { withTimezone: true, mode: "date" }),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true, mode: "date" }),
    viewCount: integer("view_count").notNull().default(0),
    createdById: uuid("created_by_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    index("share_links_invoice_idx").on(table.invoiceId, table.createdAt),
    index("share_links_quote_idx").on(table.quoteId, table.createdAt),
    check("share_links_document_check", sql`num_nonnulls(${table.invoiceId}, ${table.quoteId}) = 1`),
    check("share_links_view_count_check", sql`${table.viewCount} >= 0`),
  ],
);
