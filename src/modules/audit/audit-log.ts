import type { Executor } from "@/db/client";
import { auditEvent } from "@/db/schema";
import type { Role } from "@/modules/users/roles";

/** A person acting in the back office: the session's user, as the domain code sees them. */
export type Actor = {
  id: string;
  name: string;
  role: Role;
  /** Set when acting through an API token: the token's scopes, which narrow the role (decision 034). */
  scopes?: readonly string[];
};
/** The system itself (start-up, background jobs) when no person acted. */
export const SYSTEM_ACTOR = { id: null, name: "Bureau" } as const;
/** Who a change is recorded as: a person, or the system. */
export type ActingParty = Pick<Actor, "id" | "name"> | { readonly id: null; readonly name: string };

export type AuditInput = {
  entity: string;
  entityId?: string | null;
  action: string;
  summary?: Record<string, unknown>;
};

/** Records a change; call it with the same transaction as the change so both land or neither does. */
export async function recordAudit(
  tx: Executor,
  /** A person, the system, or someone outside Bureau (id null) such as a client opening a share link. */
  actor: ActingParty,
  input: AuditInput,
): Promise<void> {
  await tx.insert(auditEvent).values({
    actorId: actor.id,
    actorName: actor.name,
    entity: input.entity,
    entityId: input.entityId ?? null,
    action: input.action,
    summary: input.summary ?? {},
  });
}

/** Before/after of the fields that changed, for the audit summary; secrets never included. */
export function diffSummary<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  omit: string[] = [],
): Record<string, unknown> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (omit.includes(key)) continue;
    const previous = before[key];
    if (JSON.stringify(previous) !== JSON.stringify(value))
      changes[key] = { from: previous ?? null, to: value ?? null };
  }
  return { changes };
}
