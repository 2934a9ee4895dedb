// Sliding-window limits stored in the database, so several server instances share the counts.
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { rateLimitHit, rateLimitWindow } from "@/db/schema";

export type RateLimitRule = { bucket: string; limit: number; windowMs: number };
export type RateLimitState = { allowed: boolean; count: number; retryAfterSeconds: number };

/** How many hits the key has in the window, and how long until one of them leaves it. */
export async function getRateLimitState(
  db: Executor,
  rule: RateLimitRule,
  key: string,
  now = new Date(),
): Promise<RateLimitState> {
  const since = new Date(now.getTime() - rule.windowMs);
  const rows = await db
    .select({ createdAt: rateLimitHit.createdAt })
    .from(rateLimitHit)
    .where(and(eq(rateLimitHit.bucket, rule.bucket), eq(rateLimitHit.key, key), gt(rateLimitHit.createdAt, since)))
    .orderBy(asc(rateLimitHit.createdAt))
    .limit(rule.limit);
  const count = rows.length;
  if (count < rule.limit) return { allowed: true, count, retryAfterSeconds: 0 };
  // The window frees a place when the oldest of the last `limit` hits leaves it.
  const oldest = rows[0]!.createdAt.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + rule.windowMs - now.getTime()) / 1000));
  return { allowed: false, count, retryAfterSeconds };
}

export async function recordRateLimitHit(
  db: Executor,
  rule: RateLimitRule,
  key: string,
  now = new Date(),
): Promise<void> {
  await db.insert(rateLimitHit).values({ bucket: rule.bucket, key, createdAt: now });
  // Keep the table small: now and then, drop what every window has left behind.
  if (Math.random() < 0.02) await pruneRateLimitHits(db, now);
}

/** Checks and records one hit; refused hits are not recorded (they would extend the wait forever). */
export async function consumeRateLimit(
  db: Executor,
  rule: RateLimitRule,
  key: string,
  now = new Date(),
): Promise<RateLimitState> {
  const state = await getRateLimitState(db, rule, key, now);
  if (!state.allowed) return state;
  await recordRateLimitHit(db, rule, key, now);
  return { allowed: true, count: state.count + 1, retryAfterSeconds: 0 };
}

/**
 * consumeRateLimit as one step, inside the caller's transaction: hits for the same key queue on a
 * transaction-scoped advisory lock (on any instance) until the previous one has committed or rolled
 * back, so a burst of concurrent requests cannot all pass the check before any of them is recorded.
 */
export async function consumeRateLimitInTransaction(
  tx: Executor,
  rule: RateLimitRule,
  key: string,
  now = new Date(),
): Promise<RateLimitState> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${rule.bucket}:${key}`}))`);
  return consumeRateLimit(tx, rule, key, now);
}

export type Reservation = { allowed: true; hitIds: number[] } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one hit of every rule at once, or none: inside the caller's transaction, the keys are locked
 * in a fixed order (transaction-scoped advisory locks, on any instance), checked, and recorded only
 * when every rule still has room. Concurrent attempts therefore queue, and exactly `limit` of them
 * pass however many arrive together. The hits are returned so that an attempt that turns out not to
 * count (a successful sign-in) can give its place back (releaseRateLimitHits).
 */
export async function reserveRateLimits(
  tx: Executor,
  entries: { rule: RateLimitRule; key: string }[],
  now = new Date(),
): Promise<Reservation> {
  const ordered = [...entries].sort((a, b) => (`${a.rule.bucket}:${a.key}` < `${b.rule.bucket}:${b.key}` ? -1 : 1));
  for (const { rule, key } of ordered)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${rule.bucket}:${key}`}))`);
  let retryAfterSeconds = 0;
  for (const { rule, key } of ordered) {
    const state = await getRateLimitState(tx, rule, key, now);
    if (!state.allowed) retryAfterSeconds = Math.max(retryAfterSeconds, state.retryAfterSeconds);
  }
  if (retryAfterSeconds > 0) return { allowed: false, retryAfterSeconds };
  const rows = await tx
    .insert(rateLimitHit)
    .values(ordered.map(({ rule, key }) => ({ bucket: rule.bucket, key, createdAt: now })))
    .returning({ id: rateLimitHit.id });
  if (Math.random() < 0.02) await pruneRateLimitHits(tx, now);
  return { allowed: true, hitIds: rows.map((row) => row.id) };
}

export async function releaseRateLimitHits(db: Executor, hitIds: number[]): Promise<void> {
  if (hitIds.length === 0) return;
  await db.delete(rateLimitHit).where(inArray(rateLimitHit.id, hitIds));
}

export async function clearRateLimit(db: Executor, bucket: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(rateLimitHit).where(and(eq(rateLimitHit.bucket, bucket), inArray(rateLimitHit.key, keys)));
}

const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

export async function pruneRateLimitHits(db: Executor, now = new Date()): Promise<void> {
  await db.delete(rateLimitHit).where(lt(rateLimitHit.createdAt, sql`${new Date(now.getTime() - LONGEST_WINDOW_MS)}`));
}

export type WindowCount = {
  allowed: boolean;
  limit: number;
  /** Hits left in this window (0 once refused). */
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
};

/**
 * A fixed-window count in one statement (the API's per-token limit, decision 051): an upsert on
 * the key's single row adds the hit, or starts a new window when the stored one has ended, and
 * returns the window's total. Concurrent hits on any instance queue on the row's lock, so each
 * sees a distinct total and exactly `limit` of a window pass. Refused hits are counted too (the
 * window still ends on time, unlike a sliding one).
 */
export async function countWindowHit(
  db: Executor,
  rule: RateLimitRule,
  key: string,
  now = new Date(),
): Promise<WindowCount> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  // An instance whose clock lags never moves a window back (greatest), it counts into the newer one.
  const [row] = await db
    .insert(rateLimitWindow)
    .values({ bucket: rule.bucket, key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitWindow.bucket, rateLimitWindow.key],
      set: {
        count: sql`case when rate_limit_windows.window_start >= excluded.window_start then rate_limit_windows.count + 1 else 1 end`,
        windowStart: sql`greatest(rate_limit_windows.window_start, excluded.window_start)`,
      },
    })
    .returning({ count: rateLimitWindow.count, windowStart: rateLimitWindow.windowStart });
  const end = row!.windowStart.getTime() + rule.windowMs;
  return {
    allowed: row!.count <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - row!.count),
    resetSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)),
  };
}

/** Drops the windows that ended more than a day ago (the background worker, hourly). */
export async function pruneRateLimitWindows(db: Executor, now = new Date()): Promise<void> {
  await db
    .delete(rateLimitWindow)
    .where(lt(rateLimitWindow.windowStart, sql`${new Date(now.getTime() - LONGEST_WINDOW_MS)}`));
}
