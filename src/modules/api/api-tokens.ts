// Personal API tokens (decision 034): made, listed, revoked, and checked on every API request.
// Only a token's SHA-256 is stored (api-token-secret.ts), so a stolen database gives no usable token.
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { apiToken, user } from "@/db/schema";
import { InvalidError, NotFoundError } from "@/lib/errors";
import { parseInput } from "@/lib/parse-input";
import { type Actor, recordAudit } from "@/modules/audit/audit-log";
import { can, isPermission, type Permission, requirePermission } from "@/modules/users/permissions";
import type { Role } from "@/modules/users/roles";
import { createApiTokenInput, revokeApiTokenInput } from "./api-token-schemas";
import { hashToken, newApiTokenSecret, TOKEN_PREFIX } from "./api-token-secret";

/** How often the last-use time is written at most, so a busy token does not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export async function createApiToken(db: Database, actor: Actor, input: unknown, now = new Date()) {
  requirePermission(actor, "token.edit");
  const values = parseInput(createApiTokenInput, input);
  const notHeld = values.scopes.filter((scope) => !can({ role: actor.role }, scope));
  if (notHeld.length > 0)
    throw new InvalidError(
      "Please correct the highlighted fields.",
      { scopes: `Your role does not allow: ${notHeld.join(", ")}.` },
      "api.scope_not_held",
    );
  let expiresAt: Date | null = null;
  if (values.expiresOn) {
    // The token works until the end of the day chosen (UTC).
    expiresAt = new Date(Date.parse(`${values.expiresOn}T00:00:00Z`) + 86_400_000);
    if (Number.isNaN(expiresAt.getTime()) || expiresAt <= now)
      throw new InvalidError(
        "Please correct the highlighted fields.",
        { expiresOn: "Choose a day from today on." },
        "api.expiry_past",
      );
  }
  const { token, tokenHash, prefix } = newApiTokenSecret();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiToken)
      .values({
        userId: actor.id,
        name: values.name,
        tokenHash,
        prefix,
        scopes: values.scopes,
        expiresAt,
      })
      .returning();
    if (!created) throw new Error("insert returned no token");
    await recordAudit(tx, actor, {
      entity: "api_token",
      entityId: created.id,
      action: "create",
      summary: { name: created.name, scopes: created.scopes, expiresAt: created.expiresAt },
    });
    return { token, id: created.id, prefix: created.prefix };
  });
}

/** One's own token; an administrator (token.manage_all) may revoke anyone's. */
export async function revokeApiToken(db: Database, actor: Actor, input: unknown, now = new Date()) {
  requirePermission(actor, "token.edit");
  const { id } = parseInput(revokeApiTokenInput, input);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiToken).where(eq(apiToken.id, id)).for("update");
    if (!row || (row.userId !== actor.id && !can(actor, "token.manage_all")))
      throw new NotFoundError("This token does not exist.", "api.token_not_found");
    if (row.revokedAt) return row;
    const [revoked] = await tx.update(apiToken).set({ revokedAt: now }).where(eq(apiToken.id, id)).returning();
    await recordAudit(tx, actor, {
      entity: "api_token",
      entityId: id,
      action: "revoke",
      summary: { name: row.name, owner: row.userId },
    });
    return revoked!;
  });
}

/** The tokens a person sees: their own, or everyone's for an administrator who asks for all. */
export async function findApiTokens(db: Executor, actor: Actor, options: { everyone?: boolean } = {}) {
  requirePermission(actor, "token.edit");
  const everyone = options.everyone === true;
  if (everyone) requirePermission(actor, "token.manage_all");
  return db
    .select({
      id: apiToken.id,
      name: apiToken.name,
      prefix: apiToken.prefix,
      scopes: apiToken.scopes,
      expiresAt: apiToken.expiresAt,
      lastUsedAt: apiToken.lastUsedAt,
      revokedAt: apiToken.revokedAt,
      createdAt: apiToken.createdAt,
      ownerId: apiToken.userId,
      ownerName: user.name,
    })
    .from(apiToken)
    .innerJoin(user, eq(user.id, apiToken.userId))
    .where(everyone ? undefined : eq(apiToken.userId, actor.id))
    .orderBy(desc(apiToken.createdAt), desc(apiToken.id))
    .limit(500);
}

export type ApiTokenActor = Actor & { scopes: readonly Permission[]; tokenId: string };

/**
 * The person a bearer token acts as, with the token's scopes, or why not. The person's role and
 * state are read now, so a token never has more rights than its person has today, and a
 * deactivated person's tokens stop at once.
 */
export async function authenticateApiToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ ok: true; actor: ApiTokenActor } | { ok: false; reason: "invalid" | "password_change_required" }> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return { ok: false, reason: "invalid" };
  const [row] = await db
    .select({
      tokenId: apiToken.id,
      scopes: apiToken.scopes,
      lastUsedAt: apiToken.lastUsedAt,
      id: user.id,
      name: user.name,
      role: user.role,
      mustChangePassword: user.mustChangePassword,
    })
    .from(apiToken)
    .innerJoin(user, eq(user.id, apiToken.userId))
    .where(
      and(
        eq(apiToken.tokenHash, hashToken(token)),
        isNull(apiToken.revokedAt),
        or(isNull(apiToken.expiresAt), gt(apiToken.expiresAt, now)),
        eq(user.active, true),
      ),
    )
    .limit(1);
  if (!row) return { ok: false, reason: "invalid" };
  if (row.mustChangePassword) return { ok: false, reason: "password_change_required" };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
    await db
      .update(apiToken)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiToken.id, row.tokenId),
          or(
            isNull(apiToken.lastUsedAt),
            sql`${apiToken.lastUsedAt} < ${new Date(now.getTime() - LAST_USED_RESOLUTION_MS)}`,
          ),
        ),
      );
  return {
    ok: true,
    actor: {
      id: row.id,
      name: row.name,
      role: row.role as Role,
      // A scope whose permission has since left the map is dropped, never guessed at.
      scopes: row.scopes.filter(isPermission),
      tokenId: row.tokenId,
    },
  };
}
