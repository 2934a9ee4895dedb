"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { getConfig } from "@/lib/env";
import { requireActor } from "@/lib/session";
import { createShareLink, revokeShareLink } from "./share-link-mutations";
import { shareLinkUrl } from "./share-link-rules";

// Thin server actions: the session decides who acts; the mutations check again and write.

/** The link itself is returned once, here, and never again (only its hash is kept). */
export async function createShareLinkAction(input: unknown): Promise<ActionResult<{ id: string; url: string }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.share");
    const { id, token, document } = await createShareLink(getDb(), actor, input);
    revalidatePath(document.entity === "quote" ? `/bo/quotes/${document.id}` : `/bo/invoices/${document.id}`);
    return { id, url: shareLinkUrl(getConfig().appUrl, token) };
  }, "Link created.");
}

export async function revokeShareLinkAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("invoice.share");
    const revoked = await revokeShareLink(getDb(), actor, input);
    revalidatePath(revoked.quoteId ? `/bo/quotes/${revoked.quoteId}` : `/bo/invoices/${revoked.invoiceId}`);
    return undefined;
  }, "Link revoked.");
}
