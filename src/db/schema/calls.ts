import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { id, timestamps, version } from "./columns";
import { user } from "./auth";
import { client, project } from "./clients";
import { timeEntry } from "./timesheets";

export const CALL_DIRECTIONS = ["inbound", "outbound"] as const;
export const CALL_STATUSES = ["requested", "scheduled", "completed", "missed", "cancelled"] as const;
export const MISSED_OUTCOMES = ["no_answer", "busy", "voicemail", "wrong_number"] as const;

export const call = pgTable(
  "calls",
  {
    id: id(),
    direction: text("direction", { enum: CALL_DIRECTIONS }).notNull(),
    status: text("status", { enum: CALL_STATUSES }).notNull(),
    contactName: text("contact_name").notNull(),
    /** E.164. */
    phone: text("phone"),
    email: text("email"),
    clientId: uuid("client_id").references(() => client.id),
    assignedUserId: uuid("assigned_user_id").references(() => user.id),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    durationSeconds: integer("duration_seconds"),
    subject: text("subject").notNull(),
    notes: text("notes"),
    outcome: text("outcome", { enum: MISSED_OUTCOMES }),
    /** The call that followed this one up. */
    followUpCallId: uuid("follow_up_call_id").references((): AnyPgColumn => call.id),
    projectId: uuid("project_id").references(() => project.id),
    billable: boolean("billable").notNull().default(false),
    timeEntryId: uuid("time_entry_id").references(() => timeEntry.id, { onDelete: "set null" }),
    createdById: uuid("created_by_id").references(() => user.id),
    version: version(),
    ...timestamps,
  },
  (table) => [
    index("calls_todo_idx").on(table.status, table.scheduledAt),
    index("calls_assigned_idx").on(table.assignedUserId, table.status, table.scheduledAt),
    index("calls_client_idx").on(table.clientId),
    index("calls_started_idx").on(table.startedAt),
    // The call log's views sort and filter on when a call happens, coalesce(started, scheduled,
    // created) (src/modules/calls/call-queries.ts `callAt`): one index per view, and per person.
    index("calls_todo_at_idx")
      .on(sql`coalesce(${table.startedAt}, ${table.scheduledAt}, ${table.createdAt})`, table.id)
      .where(sql`${table.status} in ('requested', 'scheduled')`),
    index("calls_history_at_idx")
      .on(sql`coalesce(${table.startedAt}, ${table.scheduledAt}, ${table.createdAt})`, table.id)
      .where(sql`${table.status} in ('completed', 'missed', 'cancelled')`),
    index("calls_assigned_at_idx").on(
      table.assignedUserId,
      sql`coalesce(${table.startedAt}, ${table.scheduledAt}, ${table.createdAt})`,
      table.id,
    ),
    // A person's To do ("mine"): without it the per-person index above walks their whole history.
    index("calls_assigned_todo_at_idx")
      .on(table.assignedUserId, sql`coalesce(${table.startedAt}, ${table.scheduledAt}, ${table.createdAt})`, table.id)
      .where(sql`${table.status} in ('requested', 'scheduled')`),
    uniqueIndex("calls_time_entry_unique")
      .on(table.timeEntryId)
      .where(sql`${table.timeEntryId} is not null`),
    check(
      "calls_duration_check",
      sql`${table.durationSeconds} is null or ${table.durationSeconds} between 1 and 86400`,
    ),
    check("calls_completed_has_duration", sql`${table.status} <> 'completed' or ${table.durationSeconds} is not null`),
  ],
);
