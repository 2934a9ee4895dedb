// 5 sign-in failures per 15 minutes, per email and per address, then 429 with Retry-After.
//
// An attempt takes its place in both windows BEFORE the password is checked (reserveSignInAttempt),
// and a successful one gives it back: had it been recorded after the check, every request arriving
// while the first ones were still hashing would have passed the check too (30 concurrent wrong
// passwords checked 12 times; security review, finding h). The reservation is made under a lock
// per key shared by every instance, so exactly 5 attempts are checked however many arrive at once.
import type { Database, Executor } from "@/db/client";
import {
  clearRateLimit,
  getRateLimitState,
  type RateLimitRule,
  releaseRateLimitHits,
  reserveRateLimits,
} from "@/modules/rate-limits/rate-limit";

export const SIGN_IN_FAILURES_BY_EMAIL: RateLimitRule = { bucket: "sign-in:email", limit: 5, windowMs: 15 * 60 * 1000 };
export const SIGN_IN_FAILURES_BY_IP: RateLimitRule = { bucket: "sign-in:ip", limit: 5, windowMs: 15 * 60 * 1000 };

export function normaliseEmail(email: unknown): string {
  return typeof email === "string" ? email.trim().toLowerCase() : "";
}

/** Seconds until this email and this IP may try again; 0 when they may now. */
export async function getSignInLockout(db: Executor, email: string, ip: string, now = new Date()): Promise<number> {
  const [byEmail, byIp] = await Promise.all([
    email ? getRateLimitState(db, SIGN_IN_FAILURES_BY_EMAIL, email, now) : null,
    getRateLimitState(db, SIGN_IN_FAILURES_BY_IP, ip, now),
  ]);
  return Math.max(byEmail?.retryAfterSeconds ?? 0, byIp.retryAfterSeconds);
}

export type SignInAttempt = { allowed: true; hitIds: number[] } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts this attempt as a failure of the email and of the address until it is known to have
 * succeeded; refused (with the wait) when either has no attempt left. The attempt is recorded in a
 * transaction of its own, committed before the password is checked, so other instances see it.
 */
export async function reserveSignInAttempt(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
): Promise<SignInAttempt> {
  const entries = [{ rule: SIGN_IN_FAILURES_BY_IP, key: ip }];
  if (email) entries.push({ rule: SIGN_IN_FAILURES_BY_EMAIL, key: email });
  return db.transaction((tx) => reserveRateLimits(tx, entries, now));
}

/**
 * A successful sign-in: its own reservation is given back to the address, and the account's
 * failures are forgiven (not the address's other failures: it may be guessing other accounts).
 */
export async function acceptSignInAttempt(db: Executor, email: string, hitIds: number[]): Promise<void> {
  await releaseRateLimitHits(db, hitIds);
  if (email) await clearRateLimit(db, SIGN_IN_FAILURES_BY_EMAIL.bucket, [email]);
}

export function lockoutMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
