// Client share links (decision 059): made on an issued invoice's page or by an invoice mail, and
// revoked. The token is returned once, to be shown or mailed; only its SHA-256 is stored (the
// hashing of API tokens), so the database never holds a usable link.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { invoice, shareLink, type ShareLinkSource } from "@/db/schema";
import { CORRECT_THE_FIELDS, invalidFrom, NotFoundError } from "@/lib/errors";
import { parseInput } from "@/lib/parse-input";
import { type ActingParty, type Actor, recordAudit } from "@/modules/audit/audit-log";
import { hashToken } from "@/modules/api/api-token-secret";
import { getSettings } from "@/modules/settings/settings-queries";
import { requirePermission } from "@/modules/users/permissions";
import { checkShareable, checkShareLinkExpiry, SHARE_TOKEN_BYTES, shareLinkExpiryOf } from "./share-link-rules";
import { createShareLinkInput, revokeShareLinkInput } from "./share-link-schemas";

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
    invoice: { id: string; number: string | null };
    source: ShareLinkSource;
    expiresAt: Date | null;
    sentTo?: string | null;
  },
): Promise<{ id: string; token: string }> {
  const token = newShareToken();
  const [row] = await tx
    .insert(shareLink)
    .values({
      invoiceId: values.invoice.id,
      tokenHash: hashToken(token),
      source: values.source,
      sentTo: values.sentTo ?? null,
      expiresAt: values.expiresAt,
      createdById: actor.id,
    })
    .returning({ id: shareLink.id });
  await recordAudit(tx, actor, {
    entity: "invoice",
    entityId: values.invoice.id,
    action: "share_link_created",
    summary: {
      number: values.invoice.number,
      linkId: row!.id,
      source: values.source,
      expiresAt: values.expiresAt?.toISOString() ?? null,
      ...(values.sentTo ? { sentTo: values.sentTo } : {}),
    },
  });
  return { id: row!.id, token };
}

/** A new link to an issued invoice or credit note, with an optional last day; the token is shown once. */
export async function createShareLink(db: Database, actor: Actor, input: unknown, now = new Date()) {
  requirePermission(actor, "invoice.share", "Only administrators and managers can share invoices.");
  const values = parseInput(createShareLinkInput, input);
  const settings = await getSettings(db);
  const expiry = checkShareLinkExpiry(values.expiresOn, settings.timezone, now);
  if (!expiry.ok) throw invalidFrom(expiry, CORRECT_THE_FIELDS);
  const expiresAt = values.expiresOn ? shareLinkExpiryOf(values.expiresOn, settings.timezone) : null;
  return db.transaction(async (tx) => {
    const [document] = await tx
      .select({ id: invoice.id, number: invoice.number, status: invoice.status })
      .from(invoice)
      .where(eq(invoice.id, values.invoiceId));
    if (!document) throw new NotFoundError("This invoice does not exist.", "share_link.invoice_not_found");
    const shareable = checkShareable(document);
    if (!shareable.ok) throw invalidFrom(shareable);
    const made = await issueShareLink(tx, actor, { invoice: document, source: "manual", expiresAt });
    return { ...made, invoiceId: document.id, expiresAt };
  });
}

/** Revokes a link at once: from now on it is a 404 like any unknown link. Revoking twice changes nothing. */
export async function revokeShareLink(db: Database, actor: Actor, input: unknown, now = new Date()) {
  requirePermission(actor, "invoice.share", "Only administrators and managers can revoke links.");
  const { id } = parseInput(revokeShareLinkInput, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ link: shareLink, number: invoice.number })
      .from(shareLink)
      .innerJoin(invoice, eq(invoice.id, shareLink.invoiceId))
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
      entity: "invoice",
      entityId: row.link.invoiceId,
      action: "share_link_revoked",
      summary: { number: row.number, linkId: id },
    });
    return revoked!;
  });
}
