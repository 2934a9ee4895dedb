// The background worker: delivers the outbox and runs the periodic jobs (daily reminders).
// Runs inside the server (WORKER_IN_PROCESS, the default, and the only way on the embedded
// database) or alone with `npm run worker` next to several server instances on PostgreSQL.
//
// Rows are claimed with SELECT … FOR UPDATE SKIP LOCKED and marked `sending` with a lease
// (locked_until) in one short transaction, then sent outside it. Two workers never claim the same
// row; a worker that dies mid-send leaves a `sending` row whose lease expires, and the next claim
// takes it again (counted as a try). Every try carries the row's fixed Message-ID. Completion is
// fenced by the attempt number, so a worker that outlived its lease cannot overwrite a newer try.
import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { email, emailAttachment, type EmailErrorEntry } from "@/db/schema";
import { getLogger } from "@/lib/logger";
import { backoffDelayMs, DEFAULT_LEASE_MS, describeError, isPermanentSmtpError, MAX_ATTEMPTS } from "./delivery-rules";
import type { MailTransport } from "./smtp-transport";

export type DeliveryOptions = {
  /** null: SMTP is not configured; claimed mail is kept as `captured`. */
  transport: MailTransport | null;
  from: string;
  batchSize?: number;
  concurrency?: number;
  leaseMs?: number;
  backoffBaseMs?: number;
  maxAttempts?: number;
};

type ClaimedEmail = typeof email.$inferSelect;

/** Claims up to `limit` due rows (queued and due, or sending with an expired lease) for this worker. */
export async function claimEmails(db: Database, limit: number, leaseMs = DEFAULT_LEASE_MS): Promise<ClaimedEmail[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: email.id })
      .from(email)
      .where(
        or(
          and(eq(email.status, "queued"), lte(email.nextAttemptAt, sql`now()`)),
          and(eq(email.status, "sending"), lt(email.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(email.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(email)
      .set({
        status: "sending",
        attempts: sql`${email.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          email.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** This try's own row, unless another worker took it over after our lease ran out. */
const stillOurs = (row: ClaimedEmail) =>
  and(eq(email.id, row.id), eq(email.status, "sending"), eq(email.attempts, row.attempts));

export async function markSent(db: Database, row: ClaimedEmail): Promise<boolean> {
  const updated = await db
    .update(email)
    .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, updatedAt: sql`now()` })
    .where(stillOurs(row))
    .returning({ id: email.id });
  return updated.length > 0;
}

async function markCaptured(db: Database, row: ClaimedEmail): Promise<void> {
  // Kept, not tried: the claim's try is given back so the outbox shows 0 tries.
  await db
    .update(email)
    .set({ status: "captured", attempts: sql`${email.attempts} - 1`, lockedUntil: null, updatedAt: sql`now()` })
    .where(stillOurs(row));
}

export async function markFailedTry(
  db: Database,
  row: ClaimedEmail,
  error: unknown,
  options: { backoffBaseMs?: number; maxAttempts?: number } = {},
): Promise<"queued" | "failed"> {
  const message = describeError(error);
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const final = row.attempts >= maxAttempts || isPermanentSmtpError(error);
  const entry: EmailErrorEntry = { at: new Date().toISOString(), attempt: row.attempts, message };
  const delayMs = backoffDelayMs(row.attempts, options.backoffBaseMs);
  await db
    .update(email)
    .set({
      status: final ? "failed" : "queued",
      lastError: message,
      errors: sql`${email.errors} || ${JSON.stringify([entry])}::jsonb`,
      nextAttemptAt: final ? row.nextAttemptAt : sql`now() + make_interval(secs => ${delayMs / 1000})`,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(stillOurs(row));
  return final ? "failed" : "queued";
}

async function deliverOne(db: Database, row: ClaimedEmail, options: DeliveryOptions): Promise<void> {
  if (!options.transport) {
    await markCaptured(db, row);
    return;
  }
  const attachments = await db
    .select({
      filename: emailAttachment.filename,
      contentType: emailAttachment.contentType,
      content: emailAttachment.content,
      contentId: emailAttachment.contentId,
    })
    .from(emailAttachment)
    .where(eq(emailAttachment.emailId, row.id))
    .orderBy(asc(emailAttachment.position));
  try {
    await options.transport.sendMail({
      from: row.fromHeader ?? options.from,
      ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      to: row.to,
      cc: row.cc,
      subject: row.subject,
      text: row.text,
      html: row.html,
      messageId: row.messageId,
      headers: { "X-Bureau-Email-Id": row.id },
      attachments: attachments.map(({ contentId, ...attachment }) =>
        contentId ? { ...attachment, cid: contentId } : attachment,
      ),
    });
  } catch (error) {
    const outcome = await markFailedTry(db, row, error, options);
    getLogger().warn(
      { emailId: row.id, attempt: row.attempts, outcome, err: describeError(error) },
      "mail delivery failed",
    );
    return;
  }
  await markSent(db, row);
}

/** Claims and delivers one batch; returns how many rows it handled (0: nothing was due). */
export async function processOutboxBatch(db: Database, options: DeliveryOptions): Promise<number> {
  const claimed = await claimEmails(db, options.batchSize ?? 20, options.leaseMs);
  const concurrency = Math.max(1, options.concurrency ?? 3);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, claimed.length) }, async () => {
      while (next < claimed.length) {
        const row = claimed[next++]!;
        try {
          await deliverOne(db, row, options);
        } catch (error) {
          // The database failed while recording: the lease brings the row back later.
          getLogger().error({ emailId: row.id, err: describeError(error) }, "outbox bookkeeping failed");
        }
      }
    }),
  );
  return claimed.length;
}

/** Delivers until nothing is due (tests and the benchmark). */
export async function drainOutbox(db: Database, options: DeliveryOptions): Promise<number> {
  let total = 0;
  for (;;) {
    const handled = await processOutboxBatch(db, options);
    if (handled === 0) return total;
    total += handled;
  }
}

export type PeriodicJob = { name: string; everyMs: number; run: (db: Database) => Promise<void> };

export type WorkerOptions = DeliveryOptions & { pollMs?: number; periodicJobs?: PeriodicJob[] };
export type RunningWorker = { stop: () => Promise<void>; wake: () => void };

/** Starts the loop; `stop()` finishes the batch in hand and returns. */
export function startWorker(db: Database, options: WorkerOptions): RunningWorker {
  const logger = getLogger();
  const pollMs = options.pollMs ?? 1000;
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wakeUp = null;
        resolve();
      }, ms);
      wakeUp = () => {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      };
    });
  const lastRun = new Map<string, number>();

  const loop = (async () => {
    while (!stopping) {
      let handled = 0;
      try {
        handled = await processOutboxBatch(db, options);
        for (const job of options.periodicJobs ?? []) {
          const previous = lastRun.get(job.name) ?? 0;
          if (Date.now() - previous < job.everyMs) continue;
          lastRun.set(job.name, Date.now());
          await job
            .run(db)
            .catch((error: unknown) =>
              logger.error({ job: job.name, err: describeError(error) }, "background job failed"),
            );
        }
      } catch (error) {
        logger.error({ err: describeError(error) }, "mail worker: claim failed; retrying");
      }
      if (!stopping && handled === 0) await sleep(pollMs);
    }
  })();

  return {
    wake: () => wakeUp?.(),
    stop: async () => {
      stopping = true;
      wakeUp?.();
      await loop;
    },
  };
}
