// Webhooks (decision 052): endpoints an administrator registers, and one delivery row per event and
// endpoint, written in the same transaction as the change that causes it (like the mail outbox).
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { id, timestamps } from "./columns";

export const WEBHOOK_DELIVERY_STATUSES = ["queued", "sending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** One try of a delivery, for the log: when, how it ended (HTTP status or error) and how long it took. */
export type WebhookAttempt = {
  at: string;
  attempt: number;
  status: number | null;
  durationMs: number;
  error: string | null;
};

export const webhookEndpoint = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** The event types it receives (webhook-events.ts). */
    events: text("events").array().notNull(),
    active: boolean("active").notNull().default(true),
    /** The signing secret (`whsec_…`), sealed with a key derived from BETTER_AUTH_SECRET (sealed-secret.ts). */
    secretSealed: text("secret_sealed").notNull(),
    createdById: uuid("created_by_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [index("webhook_endpoints_created_idx").on(table.createdAt)],
);

export const webhookDelivery = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: "cascade" }),
    /** The event's id: the body's `id` and the `Webhook-Id` header, the same on every try. */
    eventId: uuid("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The exact JSON body sent (signed as is on every try). */
    body: text("body").notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastDurationMs: integer("last_duration_ms"),
    lastError: text("last_error"),
    log: jsonb("log").$type<WebhookAttempt[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    index("webhook_deliveries_due_idx").on(table.status, table.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt),
    check("webhook_deliveries_status_check", sql`${table.status} in ('queued', 'sending', 'succeeded', 'failed')`),
  ],
);

/**
 * Events announced once per subject, not caused by a change (invoice.overdue, decision 055): the
 * key lets one pass claim a subject, so two workers never queue the event twice.
 */
export const webhookAnnouncement = pgTable(
  "webhook_announcements",
  {
    eventType: text("event_type").notNull(),
    subjectId: uuid("subject_id").notNull(),
    announcedAt: timestamp("announced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventType, table.subjectId] })],
);
