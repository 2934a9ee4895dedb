// Personal API tokens (decision 034). Only a SHA-256 hash of the token is stored: the token is
// shown once, when it is made. Its scopes are permission names of the permission map.
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
