// Two-factor sign-in: setting up an authenticator, the second step of a sign-in, turning it off,
// and the firm's requirement. Each write is one transaction with its audit event.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { recoveryCode, session, settings, totpCredential, user } from "@/db/schema";
import { InvalidError, NotFoundError, RateLimitedError } from "@/lib/errors";
import { parseInput } from "@/lib/parse-input";
import { type Actor, diffSummary, recordAudit } from "@/modules/audit/audit-log";
import {
  clearRateLimit,
  type RateLimitRule,
  releaseRateLimitHits,
  reserveRateLimits,
} from "@/modules/rate-limits/rate-limit";
import { firmOf } from "@/modules/mail/mail-notifications";
import { twoFactorTurnedOffMail } from "@/modules/mail/mail-templates";
import { enqueueEmail } from "@/modules/mail/outbox";
import { requirePermission } from "@/modules/users/permissions";
import { ADMINS_ONLY } from "@/modules/users/user-mutations";
import { secondFactorInput, totpCodeInput, turnOffUserTwoFactorInput, twoFactorPolicyInput } from "./account-schemas";
import { lockoutMessage, SIGN_IN_FAILURES_BY_IP } from "./sign-in-lockout";
import {
  hashRecoveryCode,
  isTotpCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normaliseSecondFactorCode,
  openTotpSecret,
  sealTotpSecret,
} from "./two-factor";
import { coveredByTwoFactorPolicy, twoFactorStateOf } from "./two-factor-state";

/**
 * Wrong second factors: 5 per 15 minutes per person, and they count against the address's sign-in
 * limit too (decision 018). Apart from the password's per-email bucket on purpose: a right
 * password forgives that one, and must not forgive guesses at the code.
 */
export const SECOND_FACTOR_FAILURES_BY_USER: RateLimitRule = {
  bucket: "second-factor:user",
  limit: 5,
  windowMs: 15 * 60 * 1000,
};

const WRONG_CODE = "This code is not right. Enter the current code of your app, or one of your recovery codes.";
const wrongCode = () =>
  new InvalidError(WRONG_CODE, { code: "This code is not right." }, "account.second_factor_invalid");

/**
 * Uses a second factor of this person once: a code of their app not older than the last one
 * accepted, or an unused recovery code (marked used). Returns how, or null when it is not right.
 */
async function useSecondFactor(
  tx: Executor,
  userId: string,
  code: string,
  now: Date,
): Promise<"totp" | "recovery" | null> {
  const [credential] = await tx.select().from(totpCredential).where(eq(totpCredential.userId, userId)).for("update");
  if (!credential?.confirmedAt) return null;
  if (isTotpCode(code)) {
    const step = matchTotp(openTotpSecret(credential.secret), normaliseSecondFactorCode(code), now);
    if (step === null || (credential.lastUsedStep !== null && step <= credential.lastUsedStep)) return null;
    await tx.update(totpCredential).set({ lastUsedStep: step }).where(eq(totpCredential.userId, userId));
    return "totp";
  }
  const used = await tx
    .update(recoveryCode)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCode.userId, userId),
        eq(recoveryCode.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCode.usedAt),
      ),
    )
    .returning({ id: recoveryCode.id });
  return used.length > 0 ? "recovery" : null;
}

/** One attempt reserved before the code is checked, as at sign-in; refused when none is left. */
async function reserveSecondFactorAttempt(db: Database, userId: string, ip: string, now: Date) {
  const reservation = await db.transaction((tx) =>
    reserveRateLimits(
      tx,
      [
        { rule: SIGN_IN_FAILURES_BY_IP, key: ip },
        { rule: SECOND_FACTOR_FAILURES_BY_USER, key: userId },
      ],
      now,
    ),
  );
  if (!reservation.allowed)
    throw new RateLimitedError(
      lockoutMessage(reservation.retryAfterSeconds),
      reservation.retryAfterSeconds,
      "account.second_factor_locked",
    );
  return reservation.hitIds;
}

async function forgiveSecondFactorAttempts(db: Executor, userId: string, hitIds: number[]) {
  await releaseRateLimitHits(db, hitIds);
  await clearRateLimit(db, SECOND_FACTOR_FAILURES_BY_USER.bucket, [userId]);
}

/**
 * The second step of a sign-in: the code completes the session the password opened. Wrong codes
 * are limited like wrong passwords (5 per 15 minutes per person and per address).
 */
export async function verifySecondFactor(
  db: Database,
  signIn: { userId: string; sessionId: string },
  input: unknown,
  ip: string,
  now = new Date(),
) {
  const { code } = parseInput(secondFactorInput, input);
  const hitIds = await reserveSecondFactorAttempt(db, signIn.userId, ip, now);
  const method = await db.transaction(async (tx) => {
    const used = await useSecondFactor(tx, signIn.userId, code, now);
    if (!used) return null;
    await tx
      .update(session)
      .set({ secondFactorPending: false })
      .where(and(eq(session.id, signIn.sessionId), eq(session.userId, signIn.userId)));
    const left =
      used === "recovery"
        ? (
            await tx
              .select({ id: recoveryCode.id })
              .from(recoveryCode)
              .where(and(eq(recoveryCode.userId, signIn.userId), isNull(recoveryCode.usedAt)))
          ).length
        : undefined;
    await recordAudit(
      tx,
      { id: signIn.userId, name: "" },
      {
        entity: "user",
        entityId: signIn.userId,
        action: "sign_in_second_factor",
        summary: used === "recovery" ? { method: used, recoveryCodesLeft: left } : { method: used },
      },
    );
    return used;
  });
  // The reserved attempt stays counted when the code was wrong: it is the failure's record.
  if (!method) throw wrongCode();
  await forgiveSecondFactorAttempts(db, signIn.userId, hitIds);
  return { method };
}

/** A new secret to set up (replacing one not yet confirmed); refused while two-factor is on. */
export async function beginTotpSetup(db: Database, actor: Actor) {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(totpCredential).where(eq(totpCredential.userId, actor.id)).for("update");
    if (existing?.confirmedAt)
      throw new InvalidError("Two-factor sign-in is already on.", {}, "account.two_factor_already_on");
    const secret = sealTotpSecret(newTotpSecret());
    if (existing)
      await tx.update(totpCredential).set({ secret, lastUsedStep: null }).where(eq(totpCredential.userId, actor.id));
    else await tx.insert(totpCredential).values({ userId: actor.id, secret });
  });
}

/**
 * The first code of the app turns two-factor on and gives 10 recovery codes, shown once: only
 * their hashes are kept.
 */
export async function confirmTotpSetup(db: Database, actor: Actor, input: unknown, now = new Date()) {
  const { code } = parseInput(totpCodeInput, input);
  return db.transaction(async (tx) => {
    const [credential] = await tx
      .select()
      .from(totpCredential)
      .where(eq(totpCredential.userId, actor.id))
      .for("update");
    if (!credential || credential.confirmedAt)
      throw new InvalidError(
        "Start the set-up again: there is no authenticator waiting to be confirmed.",
        {},
        "account.two_factor_no_setup",
      );
    const step = matchTotp(openTotpSecret(credential.secret), code, now);
    if (step === null) throw wrongCode();
    await tx
      .update(totpCredential)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(eq(totpCredential.userId, actor.id));
    const recoveryCodes = await replaceRecoveryCodes(tx, actor.id);
    await recordAudit(tx, actor, { entity: "user", entityId: actor.id, action: "enable_two_factor" });
    return { recoveryCodes };
  });
}

async function replaceRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCode).where(eq(recoveryCode.userId, userId));
  await tx.insert(recoveryCode).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * Turns two-factor off with a current code (of the app, or a recovery code); refused while the
 * firm requires it of the person's role. Wrong codes count as at sign-in.
 */
export async function disableTwoFactor(db: Database, actor: Actor, input: unknown, ip: string, now = new Date()) {
  const { code } = parseInput(secondFactorInput, input);
  const state = await twoFactorStateOf(db, actor.id);
  if (!state.enabled) throw new InvalidError("Two-factor sign-in is not on.", {}, "account.two_factor_off");
  if (state.required && coveredByTwoFactorPolicy(actor.role))
    throw new InvalidError(
      "Your firm requires two-factor sign-in for your role: it cannot be turned off.",
      {},
      "account.two_factor_required",
    );
  const hitIds = await reserveSecondFactorAttempt(db, actor.id, ip, now);
  const done = await db.transaction(async (tx) => {
    if (!(await useSecondFactor(tx, actor.id, code, now))) return false;
    await tx.delete(totpCredential).where(eq(totpCredential.userId, actor.id));
    await tx.delete(recoveryCode).where(eq(recoveryCode.userId, actor.id));
    await recordAudit(tx, actor, { entity: "user", entityId: actor.id, action: "disable_two_factor" });
    return true;
  });
  if (!done) throw wrongCode();
  await forgiveSecondFactorAttempts(db, actor.id, hitIds);
}

/**
 * An administrator turns off another person's two-factor sign-in (a lost phone and lost recovery
 * codes): the authenticator and the recovery codes go, every session of the person ends, the
 * audit log says who did it (and why, when given) and the person is mailed. Their password
 * stays. When the firm requires it of their role, the next sign-in holds them until they set it
 * up again. The person's row is locked first: of two administrators at once, the second is told
 * it is already off, and nothing changes.
 */
export async function turnOffUserTwoFactor(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "user.reset_two_factor", ADMINS_ONLY);
  const { userId, reason } = parseInput(turnOffUserTwoFactorInput, input);
  if (userId === actor.id)
    throw new InvalidError(
      "Turn off your own two-factor sign-in from My account.",
      {},
      "account.two_factor_reset_self",
    );
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, name: user.name, email: user.email, role: user.role })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!target) throw new NotFoundError("This user does not exist.", "user.not_found");
    const [credential] = await tx
      .select({ confirmedAt: totpCredential.confirmedAt })
      .from(totpCredential)
      .where(eq(totpCredential.userId, userId))
      .for("update");
    if (!credential?.confirmedAt)
      throw new InvalidError(
        `Two-factor sign-in is already off for ${target.name}: nothing was changed.`,
        {},
        "account.two_factor_off",
      );
    await tx.delete(totpCredential).where(eq(totpCredential.userId, userId));
    await tx.delete(recoveryCode).where(eq(recoveryCode.userId, userId));
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: userId,
      action: "reset_two_factor",
      summary: { email: target.email, sessionsEnded: ended.length, ...(reason ? { reason } : {}) },
    });
    const requiredAgain = (await twoFactorStateOf(tx, userId)).required && coveredByTwoFactorPolicy(target.role);
    await enqueueEmail(tx, {
      to: [target.email],
      ...twoFactorTurnedOffMail(await firmOf(tx, userId), {
        name: target.name,
        administrator: actor.name,
        requiredAgain,
      }),
      about: { type: "user", id: userId },
    });
    return { name: target.name, requiredAgain };
  });
}

/** New recovery codes (the old ones stop working), with a current code of the app. */
export async function regenerateRecoveryCodes(
  db: Database,
  actor: Actor,
  input: unknown,
  ip: string,
  now = new Date(),
) {
  const { code } = parseInput(totpCodeInput, input);
  const hitIds = await reserveSecondFactorAttempt(db, actor.id, ip, now);
  const recoveryCodes = await db.transaction(async (tx) => {
    if (!(await useSecondFactor(tx, actor.id, code, now))) return null;
    const codes = await replaceRecoveryCodes(tx, actor.id);
    await recordAudit(tx, actor, { entity: "user", entityId: actor.id, action: "regenerate_recovery_codes" });
    return codes;
  });
  if (!recoveryCodes) throw wrongCode();
  await forgiveSecondFactorAttempts(db, actor.id, hitIds);
  return { recoveryCodes };
}

/** The firm's requirement for administrators and managers (administrators decide). */
export async function setTwoFactorPolicy(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "settings.edit");
  const { required } = parseInput(twoFactorPolicyInput, input);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: settings.id, requireTwoFactorForManagers: settings.requireTwoFactorForManagers })
      .from(settings)
      .limit(1)
      .for("update");
    if (!before) throw new Error("the settings row is missing");
    if (before.requireTwoFactorForManagers === required) return;
    // Else the administrator would be held at once, with only this switch to free them, which a
    // held person may not use.
    if (required && !(await twoFactorStateOf(tx, actor.id)).enabled)
      throw new InvalidError(
        "Set up your own two-factor sign-in (My account) before you require it of others.",
        {},
        "account.two_factor_policy_needs_own",
      );
    await tx
      .update(settings)
      .set({ requireTwoFactorForManagers: required, version: sql`${settings.version} + 1` })
      .where(eq(settings.id, before.id));
    await recordAudit(tx, actor, {
      entity: "settings",
      entityId: before.id,
      action: "update",
      summary: diffSummary(
        { requireTwoFactorForManagers: before.requireTwoFactorForManagers },
        { requireTwoFactorForManagers: required },
      ),
    });
  });
}
