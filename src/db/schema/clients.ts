import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { VatCategory } from "@/modules/einvoicing/einvoice-model";
import { user } from "./auth";
import { id, timestamps, version } from "./columns";

export const BUDGET_PERIODS = ["total", "month"] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

export const client = pgTable(
  "clients",
  {
    id: id(),
    name: text("name").notNull(),
    billingEmail: text("billing_email"),
    phone: text("phone"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    postalCode: text("postal_code"),
    city: text("city"),
    countrySubdivision: text("country_subdivision"),
    country: text("country"),
    vatNumber: text("vat_number"),
    /** SIREN or SIRET for a French client (checked), else the trade register number. */
    registrationNumber: text("registration_number"),
    /** A business (B2B) or a private person: decides the VAT category proposed for it. */
    isBusiness: boolean("is_business").notNull().default(true),
    /** The VAT category its invoices default to (UNCL5305), overriding the proposal; null: proposed. */
    vatCategory: text("vat_category").$type<VatCategory>(),
    /** The buyer reference its invoices start with (BT-10; a Leitweg-ID for German public buyers). */
    buyerReference: text("buyer_reference"),
    /** Its Peppol participant identifier, "scheme:identifier" (BT-49 with its EAS code); null: from the VAT number. */
    peppolId: text("peppol_id"),
    currency: text("currency").notNull(),
    paymentTermsDays: integer("payment_terms_days").notNull(),
    defaultHourlyRate: integer("default_hourly_rate"),
    notes: text("notes"),
    /** The client's default e-invoice format (factur-x, peppol, xrechnung-cii, xrechnung-ubl); null: none. */
    einvoiceFormat: text("einvoice_format"),
    /** The language of its invoices, credit notes and their mails (a messages/ catalog); null: the firm's. */
    documentLanguage: text("document_language"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (table) => [
    // A client name is unique among non-archived clients, case-insensitive.
    uniqueIndex("clients_name_active_unique")
      .on(sql`lower(${table.name})`)
      .where(sql`${table.archivedAt} is null`),
    index("clients_name_idx").on(sql`lower(${table.name})`),
  ],
);

export const project = pgTable(
  "projects",
  {
    id: id(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => client.id),
    name: text("name").notNull(),
    code: text("code"),
    hourlyRate: integer("hourly_rate"),
    /** An hours budget, in minutes; at most one of budget_minutes and budget_amount is set. */
    budgetMinutes: integer("budget_minutes"),
    /** A money budget, in minor units of the client's currency (time valued as the reports value it). */
    budgetAmount: integer("budget_amount"),
    /** The budget covers all time ("total") or each calendar month in the firm's timezone ("month"). */
    budgetPeriod: text("budget_period", { enum: BUDGET_PERIODS }).notNull().default("total"),
    billableByDefault: boolean("billable_by_default").notNull().default(true),
    /** Staff log time here only when they are among its members (project_members); managers and admins always. */
    membersOnly: boolean("members_only").notNull().default(false),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("projects_client_name_unique").on(table.clientId, sql`lower(${table.name})`),
    check("projects_one_budget_check", sql`${table.budgetMinutes} is null or ${table.budgetAmount} is null`),
    check("projects_budget_period_check", sql`${table.budgetPeriod} in ('total', 'month')`),
  ],
);

/**
 * The budget alerts already sent: one row per project, budget period ("total" or "2026-11") and
 * threshold (80, 100). The unique key is the "exactly once": two saves crossing a threshold at once
 * both try to insert, one row lands and only that transaction writes the mail (decision 045).
 */
export const projectBudgetAlert = pgTable(
  "project_budget_alerts",
  {
    id: id(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => project.id, { onDelete: "cascade" }),
    period: text("period").notNull(),
    threshold: integer("threshold").notNull(),
    /** What was spent and the budget when the threshold was crossed (minutes or minor units). */
    spent: bigint("spent", { mode: "number" }).notNull(),
    budget: bigint("budget", { mode: "number" }).notNull(),
    /** The outbox row that told the managers; null when the alert was covered by a higher one. */
    emailId: uuid("email_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("project_budget_alerts_unique").on(table.projectId, table.period, table.threshold)],
);

/** The people assigned to a project; they matter when the project is `members_only` (decision 046). */
export const projectMember = pgTable(
  "project_members",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => project.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.userId] }),
    index("project_members_user_idx").on(table.userId),
  ],
);
