// Invitations and password resets by e-mail. Each write is one transaction with its audit event and
// its mail (the outbox row); the links are single-use and expire (account-tokens.ts).
import { hashPassword } from "better-auth/crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { account, session, user } from "@/db/schema";
import { getConfig } from "@/lib/env";
import { InvalidError, NotFoundError, RateLimitedError } from "@/lib/errors";
import { parseInput } from "@/lib/parse-input";
import { type Actor, recordAudit, SYSTEM_ACTOR } from "@/modules/audit/audit-log";
import { firmOf } from "@/modules/mail/mail-notifications";
import {
  emailChangedMail,
  emailChangeMail,
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
} from "@/modules/mail/mail-templates";
import { enqueueEmail } from "@/modules/mail/outbox";
import { type RateLimitRule, reserveRateLimits } from "@/modules/rate-limits/rate-limit";
import { requirePermission } from "@/modules/users/permissions";
import {
  ADMINS_ONLY,
  assertNotCommon,
  checkCurrentPassword,
  emailTaken,
  emailTakenError,
  isUniqueViolation,
  upsertCredential,
} from "@/modules/users/user-mutations";
import {
  acceptInvitationInput,
  confirmEmailChangeInput,
  invitationTargetInput,
  requestEmailChangeInput,
  inviteUserInput,
  requestPasswordResetInput,
  resetPasswordWithTokenInput,
} from "./account-schemas";
import { consumeAccountToken, dropUnusedTokens, issueAccountToken, linkInvalid } from "./account-tokens";

export const INVITATION_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;
export const RESET_MINUTES = 60;
export const RESET_TTL_MS = RESET_MINUTES * 60 * 1000;

/** The sign-in limits (5 per 15 minutes) apply to reset requests too, per e-mail and per client address. */
export const RESET_REQUESTS_BY_EMAIL: RateLimitRule = {
  bucket: "password-reset:email",
  limit: 5,
  windowMs: 15 * 60 * 1000,
};
export const RESET_REQUESTS_BY_IP: RateLimitRule = { bucket: "password-reset:ip", limit: 5, windowMs: 15 * 60 * 1000 };

export const EMAIL_CHANGE_HOURS = 24;
export const EMAIL_CHANGE_TTL_MS = EMAIL_CHANGE_HOURS * 60 * 60 * 1000;
/** The first administrator's address when ADMIN_EMAIL was not set before the first start. */
export const PLACEHOLDER_ADMIN_EMAIL = "admin@example.com";

export const emailChangeUrl = (token: string) => `${getConfig().appUrl}/bo/login/email/${token}`;
export const invitationUrl = (token: string) => `${getConfig().appUrl}/bo/login/invitation/${token}`;
export const resetUrl = (token: string) => `${getConfig().appUrl}/bo/login/reset/${token}`;

async function hasPassword(tx: Executor, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  return Boolean(row);
}

async function mailInvitation(
  tx: Executor,
  invitee: { id: string; name: string; email: string },
  actor: Actor,
): Promise<void> {
  const token = await issueAccountToken(tx, {
    kind: "invitation",
    userId: invitee.id,
    ttlMs: INVITATION_TTL_MS,
    createdBy: actor.id,
  });
  const rendered = invitationMail(await firmOf(tx, invitee.id), {
    name: invitee.name,
    invitedBy: actor.name,
    acceptUrl: invitationUrl(token),
    expiresInDays: INVITATION_DAYS,
  });
  await enqueueEmail(tx, { to: [invitee.email], ...rendered, about: { type: "user", id: invitee.id } });
}

/**
 * An administrator invites a person: their account exists at once (so they can be assigned work)
 * but has no password until they open the mailed link and choose one. The administrator never
 * sees or sets it.
 */
export async function inviteUser(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "user.create", ADMINS_ONLY);
  const values = parseInput(inviteUserInput, input);
  return db.transaction(async (tx) => {
    if (await emailTaken(tx, values.email)) throw emailTakenError();
    const [created] = await tx
      .insert(user)
      .values({ name: values.name, email: values.email, role: values.role, emailVerified: false })
      .returning()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw emailTakenError();
        throw error;
      });
    if (!created) throw new Error("insert returned no user");
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: created.id,
      action: "invite",
      summary: { name: created.name, email: created.email, role: created.role },
    });
    await mailInvitation(tx, created, actor);
    return created;
  });
}

async function lockInvitee(tx: Executor, userId: string) {
  const [invitee] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
  if (!invitee) throw new NotFoundError("This user does not exist.", "user.not_found");
  if (await hasPassword(tx, invitee.id))
    throw new InvalidError(
      "This person has already chosen a password; reset it from their page instead.",
      {},
      "account.invitation_not_pending",
    );
  return invitee;
}

/** A new link (the earlier ones stop working), and the account is active again if it was revoked. */
export async function resendInvitation(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "user.create", ADMINS_ONLY);
  const { userId } = parseInput(invitationTargetInput, input);
  await db.transaction(async (tx) => {
    const invitee = await lockInvitee(tx, userId);
    await dropUnusedTokens(tx, invitee.id, "invitation");
    if (!invitee.active)
      await tx
        .update(user)
        .set({ active: true, version: invitee.version + 1 })
        .where(eq(user.id, invitee.id));
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: invitee.id,
      action: "resend_invitation",
      summary: { email: invitee.email },
    });
    await mailInvitation(tx, invitee, actor);
  });
}

/** The links stop working and the account is deactivated (it keeps what was assigned to it). */
export async function revokeInvitation(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "user.create", ADMINS_ONLY);
  const { userId } = parseInput(invitationTargetInput, input);
  await db.transaction(async (tx) => {
    const invitee = await lockInvitee(tx, userId);
    await dropUnusedTokens(tx, invitee.id, "invitation");
    await tx
      .update(user)
      .set({ active: false, version: invitee.version + 1 })
      .where(eq(user.id, invitee.id));
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: invitee.id,
      action: "revoke_invitation",
      summary: { email: invitee.email },
    });
  });
}

/** The invitee chooses their password through the link: it works once, and they may then sign in. */
export async function acceptInvitation(db: Database, input: unknown, now = new Date()) {
  const values = parseInput(acceptInvitationInput, input);
  assertNotCommon("password", values.password);
  const hash = await hashPassword(values.password);
  return db.transaction(async (tx) => {
    const link = await consumeAccountToken(tx, "invitation", values.token, now);
    const [invitee] = await tx.select().from(user).where(eq(user.id, link.userId)).for("update");
    if (!invitee?.active || (await hasPassword(tx, invitee.id))) throw linkInvalid();
    await upsertCredential(tx, invitee.id, hash);
    await tx
      .update(user)
      .set({ emailVerified: true, mustChangePassword: false, version: invitee.version + 1 })
      .where(eq(user.id, invitee.id));
    await dropUnusedTokens(tx, invitee.id, "invitation");
    await recordAudit(tx, invitee, { entity: "user", entityId: invitee.id, action: "accept_invitation" });
    return { email: invitee.email };
  });
}

/**
 * The part of a reset request answered before the reply: the input and the limits (per e-mail and
 * per client address, counted whether or not the address has an account). Returns the address to
 * pass to issuePasswordReset, which the action runs after the reply is sent, so the reply takes
 * the same time whether or not an account uses the address.
 */
export async function admitPasswordResetRequest(db: Database, input: unknown, ip: string, now = new Date()) {
  const { email } = parseInput(requestPasswordResetInput, input);
  const reservation = await db.transaction((tx) =>
    reserveRateLimits(
      tx,
      [
        { rule: RESET_REQUESTS_BY_IP, key: ip },
        { rule: RESET_REQUESTS_BY_EMAIL, key: email },
      ],
      now,
    ),
  );
  if (!reservation.allowed) {
    const minutes = Math.ceil(reservation.retryAfterSeconds / 60);
    throw new RateLimitedError(
      `Too many reset requests. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      reservation.retryAfterSeconds,
      "account.reset_rate_limited",
    );
  }
  return email;
}

/** Mails a reset link when an active account uses this address; nothing otherwise. Returns whether it did. */
export async function issuePasswordReset(db: Database, email: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, email: user.email, active: user.active })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
      .limit(1);
    if (!target?.active) return false;
    await dropUnusedTokens(tx, target.id, "password_reset");
    const token = await issueAccountToken(tx, { kind: "password_reset", userId: target.id, ttlMs: RESET_TTL_MS }, now);
    const rendered = passwordResetMail(await firmOf(tx, target.id), {
      resetUrl: resetUrl(token),
      expiresInMinutes: RESET_MINUTES,
    });
    await enqueueEmail(tx, { to: [target.email], ...rendered, about: { type: "user", id: target.id } });
    await recordAudit(tx, SYSTEM_ACTOR, { entity: "user", entityId: target.id, action: "password_reset_requested" });
    return true;
  });
}

/** The new password through a reset link: it works once, every session of the account ends. */
export async function resetPasswordWithToken(db: Database, input: unknown, now = new Date()) {
  const values = parseInput(resetPasswordWithTokenInput, input);
  assertNotCommon("password", values.password);
  const hash = await hashPassword(values.password);
  return db.transaction(async (tx) => {
    const link = await consumeAccountToken(tx, "password_reset", values.token, now);
    const [target] = await tx.select().from(user).where(eq(user.id, link.userId)).for("update");
    if (!target?.active) throw linkInvalid();
    await upsertCredential(tx, target.id, hash);
    await tx
      .update(user)
      .set({ emailVerified: true, mustChangePassword: false, version: target.version + 1 })
      .where(eq(user.id, target.id));
    await tx.delete(session).where(eq(session.userId, target.id));
    // An invitation not yet accepted is answered by this password too.
    await dropUnusedTokens(tx, target.id, "password_reset");
    await dropUnusedTokens(tx, target.id, "invitation");
    await recordAudit(tx, target, { entity: "user", entityId: target.id, action: "reset_password_by_email" });
    await enqueueEmail(tx, {
      to: [target.email],
      ...passwordChangedMail(await firmOf(tx, target.id)),
      about: { type: "user", id: target.id },
    });
    return { email: target.email };
  });
}

/**
 * The signed-in person asks to sign in with another address: their current password again, then
 * a link to the new address (valid 24 hours); nothing changes until it is opened and confirmed.
 */
export async function requestEmailChange(
  db: Database,
  actor: Actor & { email: string },
  input: unknown,
  now = new Date(),
) {
  const values = parseInput(requestEmailChangeInput, input);
  await checkCurrentPassword(db, actor.id, values.currentPassword, "currentPassword");
  if (values.newEmail === actor.email.toLowerCase())
    throw new InvalidError(
      "This is already your address.",
      { newEmail: "This is already your address." },
      "account.email_unchanged",
    );
  await db.transaction(async (tx) => {
    if (await emailTaken(tx, values.newEmail)) throw emailTakenError();
    await dropUnusedTokens(tx, actor.id, "email_change");
    const token = await issueAccountToken(
      tx,
      {
        kind: "email_change",
        userId: actor.id,
        ttlMs: EMAIL_CHANGE_TTL_MS,
        createdBy: actor.id,
        newEmail: values.newEmail,
      },
      now,
    );
    const rendered = emailChangeMail(await firmOf(tx, actor.id), {
      newEmail: values.newEmail,
      confirmUrl: emailChangeUrl(token),
      expiresInHours: EMAIL_CHANGE_HOURS,
    });
    await enqueueEmail(tx, { to: [values.newEmail], ...rendered, about: { type: "user", id: actor.id } });
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: actor.id,
      action: "email_change_requested",
      summary: { to: values.newEmail },
    });
  });
  return { newEmail: values.newEmail };
}

/** The link of the new address: the account signs in with it from now on; the old address is told. */
export async function confirmEmailChange(db: Database, input: unknown, now = new Date()) {
  const { token } = parseInput(confirmEmailChangeInput, input);
  return db.transaction(async (tx) => {
    const link = await consumeAccountToken(tx, "email_change", token, now);
    const [target] = await tx.select().from(user).where(eq(user.id, link.userId)).for("update");
    if (!target?.active || !link.newEmail) throw linkInvalid();
    if (await emailTaken(tx, link.newEmail)) throw emailTakenError();
    await tx
      .update(user)
      .set({ email: link.newEmail, emailVerified: true, version: target.version + 1 })
      .where(eq(user.id, target.id))
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw emailTakenError();
        throw error;
      });
    await recordAudit(tx, target, {
      entity: "user",
      entityId: target.id,
      action: "change_email",
      summary: { changes: { email: { from: target.email, to: link.newEmail } } },
    });
    await enqueueEmail(tx, {
      to: [target.email],
      ...emailChangedMail(await firmOf(tx, target.id), { newEmail: link.newEmail }),
      about: { type: "user", id: target.id },
    });
    return { email: link.newEmail };
  });
}
