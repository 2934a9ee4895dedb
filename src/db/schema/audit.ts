import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { user } from "./auth";

/** One row per change, written in the same transaction as the change it records. */
export const auditEvent = pgTable(
  "audit_events",
  {
    id: id(),
    actorId: uuid("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    action: text("action").notNull(),
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (table) => [
    index("audit_events_entity_idx").on(table.entity, table.entityId, table.createdAt),
    index("audit_events_created_at_idx").on(table.createdAt),
  ],
);
