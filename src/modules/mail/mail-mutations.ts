// Writes of the mail domain: retrying a failed mail.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { email } from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import { InvalidError, NotFoundError } from "@/lib/errors";
import { type Actor, recordAudit } from "@/modules/audit/audit-log";
import { requirePermission } from "@/modules/users/permissions";
import { emailRefInput } from "./mail-schemas";

/** A failed mail goes back to the queue with a fresh set of tries; its error history is kept. */
export async function retryEmail(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "outbox.retry", "Only administrators and managers can manage the outbox.");
  const { id } = parseInput(emailRefInput, input);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: email.id, status: email.status, subject: email.subject })
      .from(email)
      .where(eq(email.id, id))
      .for("update");
    if (!current) throw new NotFoundError("This mail does not exist.", "mail.not_found");
    if (current.status !== "failed")
      throw new InvalidError("Only a failed mail can be retried.", {}, "mail.not_failed");
    const [updated] = await tx
      .update(email)
      .set({ status: "queued", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null, updatedAt: sql`now()` })
      .where(and(eq(email.id, id), eq(email.status, "failed")))
      .returning();
    await recordAudit(tx, actor, {
      entity: "email",
      entityId: id,
      action: "retry",
      summary: { subject: current.subject },
    });
    return updated!;
  });
}
