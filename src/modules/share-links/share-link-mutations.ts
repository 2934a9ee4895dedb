// Client share links (decisions 059, 064): made on an issued invoice's or a sent quote's page or by their mail, and
// revoked. The token is returned once, to be shown or mailed; only its SHA-256 is stored (the
// hashing of API tokens), so the database never holds a usable link.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { invoice, quote, shareLink, type ShareLinkSource } from "@/db/schema";
import { CORRECT_THE_FIELDS, invalidFrom, NotFoundError } from "@/lib/errors";
import { parseInput } from "@/lib/parse-input";
import { type ActingParty, type Actor, recordAudit } from "@/modules/audit/audit-log";
import { hashToken } from "@/modules/api/api-token-secret";
import { getSettings } from "@/modules/settings/settings-queries";
import { requirePermission } from "@/modules/users/permissions";
import { checkShareable, checkShareLinkExpiry, SHARE_TOKEN_BYTES, shareLinkExpiryOf } from "./share-link-rules";
import { createShareLinkInput, revokeShareLinkInput } from "./share-link-schemas";

/** The document a link shows, and the history (audit entity) its links are recorded in. */
export type ShareTarget = { entity: "invoice" | "quote"; id: string; number: string | null };

export function newShareToken(): string {
  return randomBytes(SHARE_TOKEN_BYTES).toString("base64url");
}

/**
 * Writes a link to an issued document and records it in the document's history, inside the
 * caller's transaction; returns the token (never stored).
 */
export async function issueShareLink(
  tx: Executor,
  actor: ActingParty,
  values: {
    document: ShareTarget;
    source: ShareLinkSource;
    expiresAt: Date | null;
    sentTo?: string | null;
  },
): Promise<{ id: string; token: string }> {
  const token = newShareToken();
  const [row] = await tx
    .insert(shareLink)
    .values({
      invoiceId: values.document.entity === "invoice" ? values.document.id : null,
      quoteId: values.document.entity === "quote" ? values.document.id : null,
      tokenHash: hashToken(token),
      source: values.source,
      sentTo: values.sentTo ?? null,
      expiresAt: values.expiresAt,
      createdById: actor.id,
    })
    .returning({ id: shareLink.id });
  await recordAudit(tx, actor, {
    entity: values.document.entity,
    entityId: values.document.id,
    action: "share_link_created",
    summary: {
      number: values.document.number,
      linkId: row!.id,
      source: values.source,
      expiresAt: values.expiresAt?.toISOString() ?? null,
      ...(values.sentTo ? { sentTo: values.sentTo } : {}),
    },
  });
  return { id: row!.id, token };
}

/** The document a new link is for, read in the caller's transaction: it must exist and not be a draft. */
async function shareTargetOf(tx: Executor, values: { invoiceId?: string; quoteId?: string }) {
  const [document] = values.quoteId
    ? await tx
        .select({ id: quote.id, number: quote.number, status: quote.status })
        .from(quote)
        .where(eq(quote.id, values.quoteId))
    : await tx
        .select({ id: invoice.id, number: invoice.number, status: invoice.status })
        .from(invoice)
        .where(eq(invoice.id, values.invoiceId ?? ""));
  if (!document)
    throw values.quoteId
      ? new NotFoundError("This quote does not exist.", "share_link.quote_not_found")
      : new NotFoundError("This invoice does not exist.", "share_link.invoice_not_found");
  const shareable = checkShareable(document);
  if (!shareable.ok) throw invalidFrom(shareable);
  return { entity: values.quoteId ? ("quote" as const) : ("invoice" as const), ...document };
}

/** A new link to an issued invoice or credit note, or a sent quote, with an optional last day; the token is shown once. */
export async function createShareLink(db: Database, actor: Actor, input: unknown, now = new Date()) {
  requirePermission(actor, "invoice.share", "Only administrators and managers can share documents.");
  const values = parseInput(createShareLinkInput, input);
  const settings = await getSettings(db);
  const expiry = checkShareLinkExpiry(values.expiresOn, settings.timezone, now);
  if (!expiry.ok) throw invalidFrom(expiry, CORRECT_THE_FIELDS);
  const expiresAt = values.expiresOn ? shareLinkExpiryOf(values.expiresOn, settings.timezone) : null;
  return db.transaction(async (tx) => {
    const document = await shareTargetOf(tx, values);
    const made = await issueShareLink(tx, actor, { document, source: "manual", expiresAt });
    return { ...made, document, expiresAt };
  });
}

/** Revokes a link at once: from now on it is a 404 like any unknown link. Revoking twice changes nothing. */
export async function revokeShareLink(db: Database, actor: Actor, input: unknown, now = new Date()) {
  requirePermission(actor, "invoice.share", "Only administrators and managers can revoke links.");
  const { id } = parseInput(revokeShareLinkInput, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ link: shareLink, invoiceNumber: invoice.number, quoteNumber: quote.number })
      .from(shareLink)
      .leftJoin(invoice, eq(invoice.id, shareLink.invoiceId))
      .leftJoin(quote, eq(quote.id, shareLink.quoteId))
      .where(eq(shareLink.id, id))
      .for("update", { of: shareLink });
    if (!row) throw new NotFoundError("This link does not exist.", "share_link.not_found");
    if (row.link.revokedAt) return row.link;
    const [revoked] = await tx
      .update(shareLink)
      .set({ revokedAt: now, revokedById: actor.id })
      .where(eq(shareLink.id, id))
      .returning();
    await recordAudit(tx, actor, {
      entity: row.link.quoteId ? "quote" : "invoice",
      entityId: row.link.quoteId ?? row.link.invoiceId,
      action: "share_link_revoked",
      summary: { number: row.quoteNumber ?? row.invoiceNumber, linkId: id },
    });
    return revoked!;
  });
}
