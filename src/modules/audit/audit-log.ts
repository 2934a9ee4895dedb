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

/**
 * A value as JSON with its object keys sorted: a jsonb column gives its keys back in its own order
 * (by length, then bytes), so a VAT rate read back must compare equal to the same rate as typed.
 */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item) && !(item instanceof Date)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>)
            .filter(([, field]) => field !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : item,
  );
}

/** Before/after of the fields that changed, for the audit summary; secrets never included. */
export function diffSummary<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  omit: string[] = [],
): { changes: Record<string, { from: unknown; to: unknown }> } {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (omit.includes(key)) continue;
    const previous = before[key];
    if (canonical(previous) !== canonical(value)) changes[key] = { from: previous ?? null, to: value ?? null };
  }
  return { changes };
}

/** Whether a diff found nothing changed: a save that changed nothing records nothing (issue 22). */
export function changedNothing(diff: { changes: Record<string, unknown> }): boolean {
  return Object.keys(diff.changes).length === 0;
}
