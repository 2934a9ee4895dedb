import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

export const IMPORTED_KINDS = ["client", "project", "time_entry"] as const;

/**
 * What an import of another tool's CSV created, one row per source record (decision 054): the
 * source id (`harvest:…`, `toggl:sha256:…`) is unique, so importing the same file again creates
 * nothing. The row stays when the record it made is later deleted: a re-import does not bring it back.
 */
export const importedRecord = pgTable(
  "imported_records",
  {
    sourceId: text("source_id").primaryKey(),
    kind: text("kind", { enum: IMPORTED_KINDS }).notNull(),
    entityId: uuid("entity_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    index("imported_records_entity_idx").on(table.entityId),
    check("imported_records_kind_check", sql`${table.kind} in ('client', 'project', 'time_entry')`),
  ],
);
