// Idempotency keys on the API's money POSTs (decision 051; the IETF draft "The Idempotency-Key
// HTTP Header Field"). The key's row is written in the same transaction as the effect and holds
// the answer: a retry with the same key and body gets that answer back and changes nothing.
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { apiIdempotencyKey } from "@/db/schema";

/** How long a key is remembered: older ones are ignored (and purged by the background worker). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a retry waits for a concurrent request with the same key before a 409 (ms). */
export const IDEMPOTENCY_WAIT_MS = 10_000;
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";

/** 1 to 255 visible ASCII characters (no spaces), e.g. a UUID. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function isValidIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}

export function bodyHashOf(body: string): string {
  return createHash("sha256").update(body, "utf8").digest("hex");
}

export type IdempotentRequest = {
  userId: string;
  key: string;
  /** Method and path, e.g. `POST /api/v1/invoices/…/payments`. */
  request: string;
  bodyHash: string;
  now: Date;
  /** IDEMPOTENCY_WAIT_MS unless a test shortens it. */
  waitMs?: number;
};

export type IdempotentOutcome =
  | { kind: "done"; response: Response }
  | { kind: "replayed"; response: Response }
  | { kind: "reused" }
  | { kind: "in_progress" };

class StillInProgress extends Error {}

/** PostgreSQL's lock_not_available (lock_timeout), wherever the driver put it. */
function isLockTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === "55P03") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `effect` once per person and key. In one transaction: the key's row is inserted first (a
 * concurrent request with the same key waits on the unique index until this one commits, then
 * finds the stored answer; after IDEMPOTENCY_WAIT_MS it gets `in_progress`), then the effect runs on
 * the same transaction, then its answer is stored. An effect that throws rolls everything back,
 * the key included, so a refused request may be retried with the same key.
 */
export async function runIdempotent(
  db: Database,
  request: IdempotentRequest,
  effect: (tx: Database) => Promise<Response>,
): Promise<IdempotentOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const expired = new Date(request.now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
      await tx
        .delete(apiIdempotencyKey)
        .where(
          and(
            eq(apiIdempotencyKey.userId, request.userId),
            eq(apiIdempotencyKey.key, request.key),
            lt(apiIdempotencyKey.createdAt, expired),
          ),
        );
      const waitMs = Math.max(1, Math.trunc(request.waitMs ?? IDEMPOTENCY_WAIT_MS));
      await tx.execute(sql.raw(`set local lock_timeout = ${waitMs}`));
      let inserted: { id: string }[];
      try {
        inserted = await tx
          .insert(apiIdempotencyKey)
          .values({
            userId: request.userId,
            key: request.key,
            request: request.request,
            bodyHash: request.bodyHash,
            status: 0,
            contentType: "",
            responseBody: "",
            createdAt: request.now,
          })
          .onConflictDoNothing()
          .returning({ id: apiIdempotencyKey.id });
      } catch (error) {
        if (isLockTimeout(error)) throw new StillInProgress();
        throw error;
      }
      await tx.execute(sql`set local lock_timeout to default`);

      if (inserted.length === 0) {
        const [stored] = await tx
          .select()
          .from(apiIdempotencyKey)
          .where(and(eq(apiIdempotencyKey.userId, request.userId), eq(apiIdempotencyKey.key, request.key)));
        if (!stored) return { kind: "in_progress" } as const;
        if (stored.request !== request.request || stored.bodyHash !== request.bodyHash)
          return { kind: "reused" } as const;
        return {
          kind: "replayed",
          response: new Response(stored.responseBody, {
            status: stored.status,
            headers: {
              "content-type": stored.contentType,
              "cache-control": "no-store",
              [REPLAYED_HEADER.toLowerCase()]: "true",
            },
          }),
        } as const;
      }

      const response = await effect(tx as unknown as Database);
      await tx
        .update(apiIdempotencyKey)
        .set({
          status: response.status,
          contentType: response.headers.get("content-type") ?? "application/octet-stream",
          responseBody: await response.clone().text(),
        })
        .where(eq(apiIdempotencyKey.id, inserted[0]!.id));
      return { kind: "done", response } as const;
    });
  } catch (error) {
    if (error instanceof StillInProgress) return { kind: "in_progress" };
    throw error;
  }
}

/** Drops the keys older than a day (the background worker, hourly; also ignored when older). */
export async function purgeExpiredIdempotencyKeys(db: Executor, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(apiIdempotencyKey)
    .where(lt(apiIdempotencyKey.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ id: apiIdempotencyKey.id });
  return deleted.length;
}
