// Writes of the users domain. Each takes the database first, checks the actor's permission, validates
// with the shared schema, and runs one transaction that also records the audit event.
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { ADVISORY_LOCKS, lockUntilCommit } from "@/db/advisory-locks";
import type { Database, Executor } from "@/db/client";
import { account, session, user, type Role } from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import {
  ConflictError,
  InvalidError,
  NotFoundError,
  RateLimitedError,
  CORRECT_THE_FIELDS,
  invalidFrom,
} from "@/lib/errors";
import { refuse } from "@/lib/rule-result";
import { lockoutMessage } from "@/modules/auth/sign-in-lockout";
import { enqueueWelcomeEmail } from "@/modules/mail/mail-notifications";
import { getRateLimitState, recordRateLimitHit, type RateLimitRule } from "@/modules/rate-limits/rate-limit";
import { type Actor, diffSummary, recordAudit, SYSTEM_ACTOR } from "@/modules/audit/audit-log";
import { isAvailableLanguage } from "@/i18n/catalogs";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./password-policy";
import { can, requirePermission, rolesWith } from "./permissions";
import {
  changeOwnPasswordInput,
  createUserInput,
  ownLanguageInput,
  resetPasswordInput,
  setUserActiveInput,
  updateUserInput,
} from "./user-schemas";

const CURRENT_PASSWORD_FAILURES: RateLimitRule = { bucket: "change-password:user", limit: 5, windowMs: 15 * 60 * 1000 };

export const emailTakenError = () =>
  invalidFrom(refuse("user.email_taken", "A user with this email already exists.", "email"), CORRECT_THE_FIELDS);
const notFound = () => new NotFoundError("This user does not exist.", "user.not_found");
const stale = () => new ConflictError(undefined, "user.stale");
const LAST_ADMIN = "Bureau needs at least one active administrator.";

export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === "23505") return true;
  }
  return false;
}

export const ADMINS_ONLY = "Only administrators can manage users.";

export function assertNotCommon(field: string, password: string) {
  if (isCommonPassword(password))
    throw invalidFrom(refuse("user.password_common", COMMON_PASSWORD_MESSAGE, field), CORRECT_THE_FIELDS);
}

async function emailTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

type NewUser = {
  name: string;
  email: string;
  role: Role;
  defaultHourlyRate: number | null;
  password: string;
  mustChangePassword: boolean;
};

/** Inserts the user and its credential account (better-auth's scrypt hash). */
async function insertUser(tx: Executor, values: NewUser) {
  const [created] = await tx
    .insert(user)
    .values({
      name: values.name,
      email: values.email,
      role: values.role,
      defaultHourlyRate: values.defaultHourlyRate,
      mustChangePassword: values.mustChangePassword,
      emailVerified: true,
    })
    .returning();
  if (!created) throw new Error("insert returned no user");
  await tx.insert(account).values({
    accountId: created.id,
    providerId: "credential",
    userId: created.id,
    password: await hashPassword(values.password),
  });
  return created;
}

export async function createUser(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "user.create", ADMINS_ONLY);
  const values = parseInput(createUserInput, input);
  assertNotCommon("password", values.password);
  return db.transaction(async (tx) => {
    if (await emailTaken(tx, values.email)) throw emailTakenError();
    // The first password is the admin's to know: the new user chooses their own at first sign-in.
    const created = await insertUser(tx, { ...values, mustChangePassword: true }).catch((error: unknown) => {
      // Two admins creating the same email at once: the unique index decides, the form says why.
      if (isUniqueViolation(error)) throw emailTakenError();
      throw error;
    });
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: created.id,
      action: "create",
      summary: { name: created.name, email: created.email, role: created.role },
    });
    await enqueueWelcomeEmail(tx, created);
    return created;
  });
}

/** First run: the administrator from ADMIN_EMAIL/ADMIN_PASSWORD or with a generated password. */
export async function createFirstAdmin(db: Database, values: { email: string; password: string; generated: boolean }) {
  return db.transaction(async (tx) => {
    // Instances starting together on a new database: one creates the administrator, the others
    // wait here, then see it (READ COMMITTED: the count below is read after the lock).
    await lockUntilCommit(tx, ADVISORY_LOCKS.firstRun);
    const [existing] = await tx.select({ value: count() }).from(user);
    if ((existing?.value ?? 0) > 0) return null;
    const created = await insertUser(tx, {
      name: "Administrator",
      email: values.email.toLowerCase(),
      role: "admin",
      defaultHourlyRate: null,
      password: values.password,
      mustChangePassword: values.generated,
    });
    await recordAudit(tx, SYSTEM_ACTOR, {
      entity: "user",
      entityId: created.id,
      action: "create",
      summary: { email: created.email, role: "admin", firstRun: true },
    });
    return created;
  });
}

// The firm always keeps an active administrator, someone who can manage users: without one,
// nobody could give a role back or let anyone in again.
const isAdministrator = (person: { role: Role }) => can(person, "user.update");

async function countOtherActiveAdmins(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(user)
    .where(and(inArray(user.role, [...rolesWith("user.update")]), eq(user.active, true), ne(user.id, userId)));
  return row?.value ?? 0;
}

function sendsCostRate(actor: Actor, input: unknown): boolean {
  return can(actor, "cost.read") && typeof input === "object" && input !== null && "costRate" in input;
}

export async function updateUser(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "user.update", ADMINS_ONLY);
  const values = parseInput(updateUserInput, input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(user).where(eq(user.id, values.id)).for("update");
    if (!before) throw notFound();
    if (before.version !== values.version) throw stale();
    if (isAdministrator(before) && !isAdministrator(values) && (await countOtherActiveAdmins(tx, before.id)) === 0)
      throw invalidFrom(refuse("user.last_admin", LAST_ADMIN, "role"), CORRECT_THE_FIELDS);
    const changes = {
      name: values.name,
      role: values.role,
      defaultHourlyRate: values.defaultHourlyRate,
      // The cost rate changes only when sent, by someone who may see it (cost.read): a form or a
      // caller without the field keeps the rate as it is rather than erasing it.
      ...(sendsCostRate(actor, input) ? { costRate: values.costRate } : {}),
      weeklyCapacityMinutes: values.weeklyHours,
    };
    const [updated] = await tx
      .update(user)
      .set({ ...changes, version: before.version + 1 })
      .where(and(eq(user.id, values.id), eq(user.version, values.version)))
      .returning();
    if (!updated) throw stale();
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: updated.id,
      action: "update",
      summary: diffSummary(before, changes),
    });
    return updated;
  });
}

/** Deactivating ends every session of the user at once; their next request is signed out. */
export async function setUserActive(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "user.deactivate", ADMINS_ONLY);
  const values = parseInput(setUserActiveInput, input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(user).where(eq(user.id, values.id)).for("update");
    if (!before) throw notFound();
    if (!values.active) {
      if (before.id === actor.id)
        throw new InvalidError("You cannot deactivate your own account.", {}, "user.cannot_deactivate_self");
      if (isAdministrator(before) && (await countOtherActiveAdmins(tx, before.id)) === 0)
        throw new InvalidError(LAST_ADMIN, {}, "user.last_admin");
    }
    if (before.active === values.active) return before;
    const [updated] = await tx
      .update(user)
      .set({ active: values.active, version: before.version + 1 })
      .where(eq(user.id, values.id))
      .returning();
    if (!values.active) await tx.delete(session).where(eq(session.userId, values.id));
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: values.id,
      action: values.active ? "reactivate" : "deactivate",
      summary: { email: before.email },
    });
    return updated!;
  });
}

/** An admin sets a new password: the user's sessions end and they choose their own at next sign-in. */
export async function resetUserPassword(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "user.reset_password", ADMINS_ONLY);
  const values = parseInput(resetPasswordInput, input);
  assertNotCommon("password", values.password);
  const hash = await hashPassword(values.password);
  await db.transaction(async (tx) => {
    const [target] = await tx.select().from(user).where(eq(user.id, values.id)).for("update");
    if (!target) throw notFound();
    if (target.id === actor.id)
      throw new InvalidError("Change your own password from My account.", {}, "user.reset_own_password");
    await upsertCredential(tx, target.id, hash);
    await tx
      .update(user)
      .set({ mustChangePassword: true, version: target.version + 1 })
      .where(eq(user.id, target.id));
    await tx.delete(session).where(eq(session.userId, target.id));
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: target.id,
      action: "reset_password",
      summary: { email: target.email },
    });
  });
}

export async function upsertCredential(tx: Executor, userId: string, hash: string) {
  const updated = await tx
    .update(account)
    .set({ password: hash })
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .returning({ id: account.id });
  if (updated.length === 0)
    await tx.insert(account).values({ accountId: userId, providerId: "credential", userId, password: hash });
}

/**
 * The signed-in person's current password, asked again before a change of their account's
 * security. A stolen session must not become a free password-guessing oracle: 5 wrong answers per
 * 15 minutes, as at sign-in.
 */
export async function checkCurrentPassword(db: Executor, userId: string, password: string, field: string) {
  const limit = await getRateLimitState(db, CURRENT_PASSWORD_FAILURES, userId);
  if (!limit.allowed)
    throw new RateLimitedError(
      lockoutMessage(limit.retryAfterSeconds),
      limit.retryAfterSeconds,
      "user.current_password_locked",
    );
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  if (!credential?.password || !(await verifyPassword({ hash: credential.password, password }))) {
    await recordRateLimitHit(db, CURRENT_PASSWORD_FAILURES, userId);
    throw invalidFrom(
      refuse("user.current_password_wrong", "The current password is incorrect.", field),
      CORRECT_THE_FIELDS,
    );
  }
}

/** The signed-in user changes their own password; their other sessions end. */
export async function changeOwnPassword(db: Database, actor: Actor & { sessionId?: string }, input: unknown) {
  const values = parseInput(changeOwnPasswordInput, input);
  await checkCurrentPassword(db, actor.id, values.currentPassword, "currentPassword");
  assertNotCommon("newPassword", values.newPassword);
  const hash = await hashPassword(values.newPassword);
  await db.transaction(async (tx) => {
    await upsertCredential(tx, actor.id, hash);
    await tx
      .update(user)
      .set({ mustChangePassword: false, version: sql`${user.version} + 1` })
      .where(eq(user.id, actor.id));
    await tx
      .delete(session)
      .where(
        actor.sessionId
          ? and(eq(session.userId, actor.id), ne(session.id, actor.sessionId))
          : eq(session.userId, actor.id),
      );
    await recordAudit(tx, actor, { entity: "user", entityId: actor.id, action: "change_password" });
  });
}

export { emailTaken };

/** My account: the language of my own interface and mails (null: the firm's). Anyone signed in. */
export async function setOwnLanguage(db: Database, actor: Actor, input: unknown): Promise<string | null> {
  const { language } = parseInput(ownLanguageInput, input);
  // The languages are the catalogs on disk, which the browser cannot know: checked here.
  if (language !== null && !isAvailableLanguage(language))
    throw invalidFrom(
      refuse("user.language_unknown", "Choose a language from the list.", "language"),
      CORRECT_THE_FIELDS,
    );
  await db.update(user).set({ language, updatedAt: new Date() }).where(eq(user.id, actor.id));
  return language;
}
