import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { id, timestamps, version } from "./columns";
import { user } from "./auth";
import { project } from "./clients";
import { invoiceLine } from "./invoices";

export const TIMESHEET_STATUSES = ["draft", "submitted", "approved", "rejected"] as const;

/** One per person and ISO week; week_start is the Monday. */
export const timesheet = pgTable(
  "timesheets",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    status: text("status", { enum: TIMESHEET_STATUSES }).notNull().default("draft"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    decidedById: uuid("decided_by_id").references(() => user.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    rejectionReason: text("rejection_reason"),
    version: version(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("timesheets_user_week_unique").on(table.userId, table.weekStart),
    index("timesheets_status_week_idx").on(table.status, table.weekStart),
    index("timesheets_week_idx").on(table.weekStart),
    check("timesheets_status_check", sql`${table.status} in ('draft', 'submitted', 'approved', 'rejected')`),
    check("timesheets_week_monday_check", sql`extract(isodow from ${table.weekStart}) = 1`),
  ],
);

export const timeEntry = pgTable(
  "time_entries",
  {
    id: id(),
    timesheetId: uuid("timesheet_id")
      .notNull()
      .references(() => timesheet.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id),
    projectId: uuid("project_id")
      .notNull()
      .references(() => project.id),
    date: date("date", { mode: "string" }).notNull(),
    minutes: integer("minutes").notNull(),
    description: text("description"),
    billable: boolean("billable").notNull().default(true),
    /** Frozen at approval: project rate, else client rate, else the firm's. */
    hourlyRate: integer("hourly_rate"),
    /** The invoice line that bills this entry; at most one. */
    invoiceLineId: uuid("invoice_line_id").references(() => invoiceLine.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index("time_entries_timesheet_idx").on(table.timesheetId),
    index("time_entries_user_date_idx").on(table.userId, table.date),
    /** The entries of a date range: a period's ends in the reports, the export's keyset batches (0034). */
    index("time_entries_date_idx").on(table.date, table.id),
    index("time_entries_project_idx").on(table.projectId),
    index("time_entries_invoice_line_idx").on(table.invoiceLineId),
    index("time_entries_unbilled_idx")
      .on(table.projectId)
      .where(sql`${table.invoiceLineId} is null and ${table.billable}`),
    check("time_entries_minutes_check", sql`${table.minutes} between 1 and 1440`),
  ],
);

/**
 * A running timer: one row per person at most (the unique index is the rule, so two starts at
 * once leave one timer). Stopping it turns it into time entries and deletes the row.
 */
export const timer = pgTable(
  "timers",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id),
    projectId: uuid("project_id")
      .notNull()
      .references(() => project.id),
    description: text("description"),
    billable: boolean("billable").notNull().default(true),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    version: version(),
    ...timestamps,
  },
  (table) => [uniqueIndex("timers_user_unique").on(table.userId)],
);

/** The timesheet reminders sent: one per person and week, whatever the number of workers or runs. */
export const timesheetReminderSent = pgTable(
  "timesheet_reminders",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.weekStart] })],
);
