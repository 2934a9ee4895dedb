import { bigserial, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Sliding-window counters kept in the database so every server instance sees the same counts
 * (sign-in lock-out, public forms, error-report tunnel).
 */
export const rateLimitHit = pgTable(
  "rate_limit_hits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("rate_limit_hits_lookup_idx").on(table.bucket, table.key, table.createdAt)],
);

/**
 * Fixed-window counters, one row per bucket and key (an API token): one upsert per request counts
 * the hit and returns the window's total, on any instance (decision 051).
 */
export const rateLimitWindow = pgTable(
  "rate_limit_windows",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.key] })],
);
