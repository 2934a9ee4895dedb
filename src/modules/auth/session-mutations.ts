// One's own sessions: sign out one of them, or every other one. Each is one transaction with its
// audit event.
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "@/db/client";
import { session } from "@/db/schema";
import { InvalidError, NotFoundError } from "@/lib/errors";
import { parseInput } from "@/lib/parse-input";
import { type Actor, recordAudit } from "@/modules/audit/audit-log";
import { sessionTargetInput } from "./account-schemas";

type SessionActor = Actor & { sessionId: string };

/** Signs out one of the person's other sessions (this one signs out with "Sign out"). */
export async function revokeOwnSession(db: Database, actor: SessionActor, input: unknown) {
  const { id } = parseInput(sessionTargetInput, input);
  if (id === actor.sessionId)
    throw new InvalidError("This is the session you are using: sign out instead.", {}, "account.session_current");
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(session)
      .where(and(eq(session.id, id), eq(session.userId, actor.id)))
      .returning({ userAgent: session.userAgent, ipAddress: session.ipAddress });
    if (removed.length === 0) throw new NotFoundError("This session has already ended.", "account.session_not_found");
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: actor.id,
      action: "sign_out_session",
      summary: { address: removed[0]?.ipAddress ?? null },
    });
  });
}

/** Signs out every session of the person but this one. Returns how many ended. */
export async function revokeOtherOwnSessions(db: Database, actor: SessionActor) {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(session)
      .where(and(eq(session.userId, actor.id), ne(session.id, actor.sessionId)))
      .returning({ id: session.id });
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: actor.id,
      action: "sign_out_other_sessions",
      summary: { sessions: removed.length },
    });
    return { count: removed.length };
  });
}
