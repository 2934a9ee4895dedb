import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea, id, timestamps } from "./columns";
import { invoice } from "./invoices";

export const EMAIL_STATUSES = ["queued", "sending", "sent", "failed", "captured"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export type EmailErrorEntry = { at: string; attempt: number; message: string };

/**
 * The outbox: one row per mail, written in the same transaction as the
 * change that causes it. The worker claims rows with FOR UPDATE SKIP LOCKED and a lease
 * (locked_until), so a crashed worker's row is picked up again once the lease has passed.
 */
export const email = pgTable(
  "emails",
  {
    id: id(),
    to: jsonb("to").$type<string[]>().notNull(),
    cc: jsonb("cc").$type<string[]>().notNull().default([]),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    errors: jsonb("errors").$type<EmailErrorEntry[]>().notNull().default([]),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** `<{id}@{domain}>`, fixed when the row is written: every try of this row carries the same one. */
    messageId: text("message_id").notNull(),
    /** The From header, fixed when the row is written (Settings → Mail); null: MAIL_FROM (rows from before). */
    fromHeader: text("from_header"),
    replyTo: text("reply_to"),
    aboutType: text("about_type"),
    aboutId: text("about_id"),
    ...timestamps,
  },
  (table) => [
    index("emails_due_idx").on(table.status, table.nextAttemptAt),
    index("emails_created_idx").on(table.createdAt, table.id),
    index("emails_about_idx").on(table.aboutType, table.aboutId),
    uniqueIndex("emails_message_id_unique").on(table.messageId),
    check("emails_status_check", sql`${table.status} in ('queued', 'sending', 'sent', 'failed', 'captured')`),
  ],
);

export const emailAttachment = pgTable(
  "email_attachments",
  {
    id: id(),
    emailId: uuid("email_id")
      .notNull()
      .references(() => email.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    content: bytea("content").notNull(),
    /** An inline part (the firm's logo), referenced from the HTML as `cid:{content_id}`; null for a file. */
    contentId: text("content_id"),
    ...timestamps,
  },
  (table) => [index("email_attachments_email_idx").on(table.emailId, table.position)],
);

/** Each reminder step (days after due) is sent at most once per invoice: the unique index decides. */
export const invoiceReminder = pgTable(
  "invoice_reminders",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoice.id, { onDelete: "cascade" }),
    step: integer("step").notNull(),
    /** sent, or skipped (a later step was due at the same time, so this earlier one is not sent late). */
    outcome: text("outcome", { enum: ["sent", "skipped"] }).notNull(),
    emailId: uuid("email_id").references(() => email.id, { onDelete: "set null" }),
    runOn: date("run_on", { mode: "string" }).notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex("invoice_reminders_step_unique").on(table.invoiceId, table.step)],
);

/** Periodic jobs (the daily reminders): one row per job, claimed with a lease so only one instance runs it. */
export const backgroundJob = pgTable("background_jobs", {
  name: text("name").primaryKey(),
  lastRunOn: date("last_run_on", { mode: "string" }),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastError: text("last_error"),
  ...timestamps,
});
