// Whether a person has two-factor sign-in on, and whether the firm requires it of them.
import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { settings, totpCredential } from "@/db/schema";
import type { Role } from "@/modules/users/roles";
import { rolesWith } from "@/modules/users/permissions";

/**
 * The firm's setting covers the people who see what the firm earns and its clients' data: the
 * holders of billing.read (administrators and managers).
 */
export function coveredByTwoFactorPolicy(role: Role): boolean {
  return rolesWith("billing.read").includes(role);
}

export function mustSetUpTwoFactor(role: Role, state: { enabled: boolean; required: boolean }): boolean {
  return state.required && !state.enabled && coveredByTwoFactorPolicy(role);
}

/** On or not (and since when), and whether the firm's setting is on (whatever the person's role). */
export async function twoFactorStateOf(
  db: Executor,
  userId: string,
): Promise<{ enabled: boolean; since: Date | null; required: boolean }> {
  const [[credential], [setting]] = await Promise.all([
    db
      .select({ confirmedAt: totpCredential.confirmedAt })
      .from(totpCredential)
      .where(eq(totpCredential.userId, userId))
      .limit(1),
    db.select({ required: settings.requireTwoFactorForManagers }).from(settings).limit(1),
  ]);
  return {
    enabled: Boolean(credential?.confirmedAt),
    since: credential?.confirmedAt ?? null,
    required: Boolean(setting?.required),
  };
}
