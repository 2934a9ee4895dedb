// Personal API tokens (decision 034). Only a SHA-256 hash of the token is stored: the token is
// shown once, when it is made. Its scopes are permission names of the permission map.
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { id } from "./columns";

export const apiToken = pgTable(
  "api_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** SHA-256 of the whole token, hex. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The token's first characters, to tell tokens apart in a list. */
    prefix: text("prefix").notNull(),
    scopes: text("scopes").array().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("api_tokens_user_idx").on(table.userId, table.createdAt.desc())],
);

/**
 * Idempotency keys of the API's money POSTs (decision 051): the first request with a key stores its
 * answer in the same transaction as its effect; a repeat with the same key and body gets that
 * answer back instead of a second effect. Scoped per person; ignored and purged after 24 hours.
 */
export const apiIdempotencyKey = pgTable(
  "api_idempotency_keys",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The Idempotency-Key header as sent (1–255 visible ASCII characters). */
    key: text("key").notNull(),
    /** `POST /api/v1/invoices/…`: a key is bound to the operation it was first used on. */
    request: text("request").notNull(),
    /** SHA-256 of the request body as sent, hex. */
    bodyHash: text("body_hash").notNull(),
    status: integer("status").notNull(),
    contentType: text("content_type").notNull(),
    responseBody: text("response_body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("api_idempotency_keys_user_key_idx").on(table.userId, table.key),
    index("api_idempotency_keys_created_idx").on(table.createdAt),
  ],
);
