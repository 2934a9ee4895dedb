import "server-only";
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type AccountTokenKind, user } from "@/db/schema";
import { tokenInput } from "./account-schemas";
import { findUsableToken } from "./account-tokens";

/** Whom a mailed link is for, while it may still be used (for its page; the action checks again). */
export async function findLinkHolder(db: Executor, kind: AccountTokenKind, token: string) {
  if (!tokenInput.safeParse(token).success) return null;
  const link = await findUsableToken(db, kind, token);
  if (!link) return null;
  const [holder] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(and(eq(user.id, link.userId), eq(user.active, true)))
    .limit(1);
  return holder ?? null;
}

/** The change of address a mailed link confirms, while it may still be used. */
export async function findEmailChangeLink(db: Executor, token: string) {
  if (!tokenInput.safeParse(token).success) return null;
  const link = await findUsableToken(db, "email_change", token);
  if (!link?.newEmail) return null;
  const holder = await findLinkHolder(db, "email_change", token);
  return holder ? { ...holder, newEmail: link.newEmail } : null;
}
