// The retention purges of what the public forms collect (job applications, contact messages), run
// by the background worker: what arrived before the cut-off is deleted in batches, in one
// transaction with one audit event. A second run finds nothing and records nothing (idempotent).
import type { Database, Transaction } from "@/db/client";
import { recordAudit, SYSTEM_ACTOR } from "@/modules/audit/audit-log";
import { monthsBefore } from "./retention-rules";

/** Rows deleted per statement, so a first run over years of rows stays within the parameter limits. */
export const PURGE_BATCH_SIZE = 500;

export type RetentionPurge = {
  /** The audit event's entity ("application", "message"). */
  entity: string;
  /** The setting in force (Settings → Public site). */
  retentionMonths: number;
  /** The ids of what arrived before the cut-off. */
  expired: (tx: Transaction, cutoff: Date) => Promise<string[]>;
  /** Deletes one batch of them with what belongs to them; returns the ids it deleted. */
  remove: (tx: Transaction, ids: string[]) => Promise<string[]>;
  /** The audit event lists the ids as well as counting them. */
  listIds?: boolean;
};

/** Deletes what arrived more than `retentionMonths` calendar months before `now`; says how many went. */
export async function purgeExpired(db: Database, purge: RetentionPurge, now: Date): Promise<number> {
  const cutoff = monthsBefore(now, purge.retentionMonths);
  return db.transaction(async (tx) => {
    const expired = await purge.expired(tx, cutoff);
    // What this run deleted: a second worker purging at the same time finds the rows gone and
    // records nothing.
    const ids: string[] = [];
    for (let start = 0; start < expired.length; start += PURGE_BATCH_SIZE)
      ids.push(...(await purge.remove(tx, expired.slice(start, start + PURGE_BATCH_SIZE))));
    if (ids.length === 0) return 0;
    await recordAudit(tx, SYSTEM_ACTOR, {
      entity: purge.entity,
      action: "purge",
      summary: {
        count: ids.length,
        before: cutoff.toISOString(),
        retentionMonths: purge.retentionMonths,
        ...(purge.listIds ? { ids } : {}),
      },
    });
    return ids.length;
  });
}
