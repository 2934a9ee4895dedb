// The links Bureau mails about an account: 32 random bytes (base64url) in the link, only their
// SHA-256 in the database. A link is consumed by one UPDATE … WHERE used_at IS NULL AND it has not
// expired, so two uses at once cannot both pass.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type AccountTokenKind, accountToken } from "@/db/schema";
import { InvalidError } from "@/lib/errors";

export const LINK_INVALID_MESSAGE = "This link has expired or was already used. Ask for a new one.";

export const linkInvalid = () => new InvalidError(LINK_INVALID_MESSAGE, {}, "account.link_invalid");

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Writes a new link of this kind for the user; returns the token to put in the mail (never stored). */
export async function issueAccountToken(
  tx: Executor,
  values: {
    kind: AccountTokenKind;
    userId: string;
    ttlMs: number;
    createdBy?: string | null;
    newEmail?: string | null;
  },
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(accountToken).values({
    kind: values.kind,
    userId: values.userId,
    tokenHash: hashToken(token),
    newEmail: values.newEmail ?? null,
    expiresAt: new Date(now.getTime() + values.ttlMs),
    createdBy: values.createdBy ?? null,
  });
  return token;
}

/** The unused, unexpired link of this kind for this token, or null. Reads only (a page showing the form). */
export async function findUsableToken(db: Executor, kind: AccountTokenKind, token: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(accountToken)
    .where(
      and(
        eq(accountToken.tokenHash, hashToken(token)),
        eq(accountToken.kind, kind),
        isNull(accountToken.usedAt),
        gt(accountToken.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks the link used, once: the row when this call used it, otherwise the refusal. */
export async function consumeAccountToken(tx: Executor, kind: AccountTokenKind, token: string, now = new Date()) {
  const [row] = await tx
    .update(accountToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountToken.tokenHash, hashToken(token)),
        eq(accountToken.kind, kind),
        isNull(accountToken.usedAt),
        gt(accountToken.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw linkInvalid();
  return row;
}

/** Forgets the user's links of this kind not yet used (a new one replaces them, or they are revoked). */
export async function dropUnusedTokens(tx: Executor, userId: string, kind: AccountTokenKind): Promise<void> {
  await tx
    .delete(accountToken)
    .where(and(eq(accountToken.userId, userId), eq(accountToken.kind, kind), isNull(accountToken.usedAt)));
}
