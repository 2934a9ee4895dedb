// SPEC section 10: 5 sign-in failures per 15 minutes, per email and per IP, then 429 with Retry-After.
import type { Executor } from "@/db/client";
import {
  clearRateLimit,
  getRateLimitState,
  recordRateLimitHit,
  type RateLimitRule,
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

export async function recordSignInFailure(db: Executor, email: string, ip: string, now = new Date()): Promise<void> {
  if (email) await recordRateLimitHit(db, SIGN_IN_FAILURES_BY_EMAIL, email, now);
  await recordRateLimitHit(db, SIGN_IN_FAILURES_BY_IP, ip, now);
}

/** A successful sign-in forgives the account's failures (not the address's: it may be guessing others). */
export async function clearSignInFailures(db: Executor, email: string): Promise<void> {
  await clearRateLimit(db, SIGN_IN_FAILURES_BY_EMAIL.bucket, [email]);
}

export function lockoutMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
