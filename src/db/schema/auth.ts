// Tables read and written by better-auth (user, session, account, verification), with Bureau's own
// user fields. Field names follow better-auth's expectations; SQL names are snake_case.
import { sql } from "drizzle-orm";
import {
  bigint,
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

import { ROLES } from "@/modules/users/roles";

export { ROLES, type Role } from "@/modules/users/roles";

export const user = pgTable(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role", { enum: ROLES }).notNull().default("staff"),
    active: boolean("active").notNull().default(true),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    defaultHourlyRate: integer("default_hourly_rate"),
    /** What an hour of this person costs the firm, in minor units of the firm's currency (admins only: cost.read). */
    costRate: integer("cost_rate"),
    /** Hours a week this person works, in minutes, where it differs from the firm's (null: the firm's). */
    weeklyCapacityMinutes: integer("weekly_capacity_minutes"),
    /** Timesheet mails (a week to approve, a decision, the reminder); each person can turn them off. */
    timesheetNotifications: boolean("timesheet_notifications").notNull().default(true),
    /** The language of this person's interface and mails, a catalog's code (null: the firm's language). */
    language: text("language"),
    version: version(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    check("users_role_check", sql`${table.role} in ('admin', 'manager', 'staff')`),
  ],
);

export const session = pgTable(
  "sessions",
  {
    id: id(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Signed in with the password of a person who has two-factor on: no use until the code is given. */
    secondFactorPending: boolean("second_factor_pending").notNull().default(false),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "accounts",
  {
    id: id(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verifications",
  {
    id: id(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

export const ACCOUNT_TOKEN_KINDS = ["invitation", "password_reset", "email_change"] as const;
export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];

/**
 * The links Bureau mails about an account (an invitation, a password reset, a new address to
 * confirm). Only the SHA-256 of the token is stored, so a copy of the database opens no account;
 * a link is used once (`used_at`, set by the statement that consumes it) and until `expires_at`.
 */
export const accountToken = pgTable(
  "account_tokens",
  {
    id: id(),
    kind: text("kind", { enum: ACCOUNT_TOKEN_KINDS }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** email_change: the address to confirm. */
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("account_tokens_token_hash_unique").on(table.tokenHash),
    index("account_tokens_user_kind_idx").on(table.userId, table.kind),
    check("account_tokens_kind_check", sql`${table.kind} in ('invitation', 'password_reset', 'email_change')`),
  ],
);

/**
 * A person's authenticator (TOTP, RFC 6238). The secret is stored encrypted with a key derived from
 * BETTER_AUTH_SECRET (two-factor-crypto.ts); `confirmed_at` is null while it is being set up.
 * `last_used_step` is the 30-second step of the last code accepted, so a code works once.
 */
export const totpCredential = pgTable("totp_credentials", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  ...timestamps,
});

/** Single-use recovery codes of the second factor; only their SHA-256 is kept. */
export const recoveryCode = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index("recovery_codes_user_id_idx").on(table.userId),
    uniqueIndex("recovery_codes_code_hash_unique").on(table.codeHash),
  ],
);
