// The webhook worker (decision 052), run by the background worker next to the mail outbox. Due rows
// are claimed as mails are (FOR UPDATE SKIP LOCKED, `sending` with a lease, the try counted), sent
// outside the claim, and completed fenced by the try number. A try is a POST of the stored body,
// signed now, with a 10 s timeout and no redirects; a 2xx succeeds, anything else is retried after
// RETRY_DELAYS_MS and fails after the last. The address is checked again on every try.
import http from "node:http";
import https from "node:https";
import type { LookupAddress } from "node:dns";
import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { settings, type WebhookAttempt, webhookDelivery, webhookEndpoint } from "@/db/schema";
import { openSecret } from "@/lib/sealed-secret";
import { getLogger } from "@/lib/logger";
import { describeError } from "@/modules/mail/delivery-rules";
import { type LookupAll, type ResolvedAddress, resolveWebhookTarget } from "./webhook-address";
import { isSuccessStatus, retryDelayMs, WEBHOOK_TIMEOUT_MS, webhookHeaders } from "./webhook-rules";

export const WEBHOOK_SECRET_PURPOSE = "webhook signing secret v1";
const LEASE_MS = 60_000;

export type WebhookDeliveryOptions = {
  batchSize?: number;
  concurrency?: number;
  timeoutMs?: number;
  lookup?: LookupAll;
};

type Claimed = typeof webhookDelivery.$inferSelect;

/** Due rows of active endpoints (queued and due, or sending with an expired lease), claimed for this worker. */
export async function claimWebhookDeliveries(db: Database, limit: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDelivery.id })
      .from(webhookDelivery)
      .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
      .where(
        and(
          eq(webhookEndpoint.active, true),
          or(
            and(eq(webhookDelivery.status, "queued"), lte(webhookDelivery.nextAttemptAt, sql`now()`)),
            and(eq(webhookDelivery.status, "sending"), lt(webhookDelivery.lockedUntil, sql`now()`)),
          ),
        ),
      )
      .orderBy(asc(webhookDelivery.nextAttemptAt))
      .limit(limit)
      .for("update", { of: webhookDelivery, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(webhookDelivery)
      .set({
        status: "sending",
        attempts: sql`${webhookDelivery.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_MS / 1000})`,
      })
      .where(
        inArray(
          webhookDelivery.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export type TryOutcome = { status: number | null; durationMs: number; error: string | null };

/** One POST to the checked addresses: no redirects followed, the whole exchange within `timeoutMs`. */
export function postWebhook(
  url: URL,
  addresses: ResolvedAddress[],
  headers: Record<string, string>,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<{ status: number }> {
  const client = url.protocol === "https:" ? https : http;
  // The connection uses the addresses already checked: no second lookup another answer could slip into.
  const lookup = (
    _hostname: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: lookup as never,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        // The answer's body is not kept; reading it lets the socket close.
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function recordTry(db: Database, row: Claimed, outcome: TryOutcome): Promise<Claimed["status"]> {
  const succeeded = outcome.status !== null && isSuccessStatus(outcome.status);
  const delay = succeeded ? null : retryDelayMs(row.attempts);
  const status = succeeded ? "succeeded" : delay === null ? "failed" : "queued";
  const entry: WebhookAttempt = { at: new Date().toISOString(), attempt: row.attempts, ...outcome };
  await db
    .update(webhookDelivery)
    .set({
      status,
      lastAttemptAt: sql`now()`,
      lastStatus: outcome.status,
      lastDurationMs: outcome.durationMs,
      lastError: outcome.error,
      log: sql`${webhookDelivery.log} || ${JSON.stringify([entry])}::jsonb`,
      nextAttemptAt: delay === null ? row.nextAttemptAt : sql`now() + make_interval(secs => ${delay / 1000})`,
      lockedUntil: null,
    })
    .where(
      and(
        eq(webhookDelivery.id, row.id),
        eq(webhookDelivery.status, "sending"),
        eq(webhookDelivery.attempts, row.attempts),
      ),
    );
  return status;
}

async function deliverOne(db: Database, row: Claimed, allowPrivate: boolean, options: WebhookDeliveryOptions) {
  const [endpoint] = await db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, row.endpointId));
  if (!endpoint) return;
  const started = performance.now();
  let outcome: TryOutcome;
  try {
    const target = await resolveWebhookTarget(endpoint.url, { allowPrivate, lookup: options.lookup });
    const secret = openSecret(WEBHOOK_SECRET_PURPOSE, endpoint.secretSealed);
    const headers = webhookHeaders(secret, row.eventId, Math.floor(Date.now() / 1000), row.body);
    const { status } = await postWebhook(target.url, target.addresses, headers, row.body, options.timeoutMs);
    outcome = {
      status,
      durationMs: Math.round(performance.now() - started),
      error: isSuccessStatus(status) ? null : `HTTP ${status}`,
    };
  } catch (error) {
    outcome = { status: null, durationMs: Math.round(performance.now() - started), error: describeError(error) };
  }
  const status = await recordTry(db, row, outcome);
  if (status !== "succeeded")
    getLogger().warn(
      { deliveryId: row.id, attempt: row.attempts, outcome: status, err: outcome.error },
      "webhook delivery failed",
    );
}

/** Claims and sends one batch; returns how many rows it handled (0: nothing was due). */
export async function processWebhookBatch(db: Database, options: WebhookDeliveryOptions = {}): Promise<number> {
  const claimed = await claimWebhookDeliveries(db, options.batchSize ?? 10);
  if (claimed.length === 0) return 0;
  const [firm] = await db
    .select({ allowPrivate: settings.webhooksAllowPrivate })
    .from(settings)
    .orderBy(asc(settings.createdAt))
    .limit(1);
  const allowPrivate = firm?.allowPrivate ?? false;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, claimed.length) }, async () => {
      while (next < claimed.length) {
        const row = claimed[next++]!;
        try {
          await deliverOne(db, row, allowPrivate, options);
        } catch (error) {
          // The database failed while recording: the lease brings the row back later.
          getLogger().error({ deliveryId: row.id, err: describeError(error) }, "webhook bookkeeping failed");
        }
      }
    }),
  );
  return claimed.length;
}

/** Sends until nothing is due (tests, and the worker's periodic pass). */
export async function drainWebhooks(db: Database, options: WebhookDeliveryOptions = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const handled = await processWebhookBatch(db, options);
    if (handled === 0) return total;
    total += handled;
  }
}
