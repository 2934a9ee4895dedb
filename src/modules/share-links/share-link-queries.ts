// Client share links (decision 059): the links of a document for its page, and what a public
// request with a token may see. An unknown, revoked or expired token, a malformed one and a draft
// all answer the same "not found", so the answer tells nothing about which it was.
import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Executor } from "@/db/client";
import { invoice, quote, shareLink, user } from "@/db/schema";
import { type Actor, recordAudit } from "@/modules/audit/audit-log";
import { hashToken } from "@/modules/api/api-token-secret";
import { countWindowHit, type RateLimitRule } from "@/modules/rate-limits/rate-limit";
import { requirePermission } from "@/modules/users/permissions";
import { isShareLinkUsable, isShareTokenShape, SHARE_LINK_RATE_LIMIT, shareLinkStateOf } from "./share-link-rules";

/** Who a view is recorded as in the document's history: nobody signed in. */
export const SHARE_LINK_VIEWER = { id: null, name: "Client (share link)" } as const;

/** A document's links, newest first, with who made and revoked them and when they were last opened. */
export async function findShareLinks(
  db: Executor,
  actor: Actor,
  document: { invoiceId: string } | { quoteId: string },
  now = new Date(),
) {
  requirePermission(actor, "invoice.read");
  const creator = alias(user, "share_link_creator");
  const revoker = alias(user, "share_link_revoker");
  const rows = await db
    .select({
      id: shareLink.id,
      source: shareLink.source,
      sentTo: shareLink.sentTo,
      createdAt: shareLink.createdAt,
      createdByName: creator.name,
      expiresAt: shareLink.expiresAt,
      revokedAt: shareLink.revokedAt,
      revokedByName: revoker.name,
      firstViewedAt: shareLink.firstViewedAt,
      lastViewedAt: shareLink.lastViewedAt,
      viewCount: shareLink.viewCount,
    })
    .from(shareLink)
    .leftJoin(creator, eq(creator.id, shareLink.createdById))
    .leftJoin(revoker, eq(revoker.id, shareLink.revokedById))
    .where(
      "quoteId" in document ? eq(shareLink.quoteId, document.quoteId) : eq(shareLink.invoiceId, document.invoiceId),
    )
    .orderBy(desc(shareLink.createdAt), desc(shareLink.id))
    .limit(200);
  return rows.map((row) => ({ ...row, state: shareLinkStateOf(row, now) }));
}
export type ShareLinkRow = Awaited<ReturnType<typeof findShareLinks>>[number];

/** What a token opens: an invoice (or credit note) or a quote (decision 064), or nothing. */
export type SharedDocument =
  { kind: "invoice"; invoiceId: string; linkId: string } | { kind: "quote"; quoteId: string; linkId: string };

export type ShareOpening =
  | { kind: "rate_limited"; retryAfterSeconds: number }
  | { kind: "not_found" }
  | { kind: "found"; document: SharedDocument };

/**
 * One public request with a token (the page or a file): counted against the address's limit first,
 * whatever the token, then the token is looked up by its hash. A usable link's view is recorded:
 * the first one in the document's history, each one in the link's count and last-view time.
 */
export async function openSharedDocument(
  db: Database,
  request: { token: string; address: string; now?: Date; rule?: RateLimitRule },
): Promise<ShareOpening> {
  const now = request.now ?? new Date();
  const window = await countWindowHit(db, request.rule ?? SHARE_LINK_RATE_LIMIT, request.address, now);
  if (!window.allowed) return { kind: "rate_limited", retryAfterSeconds: window.resetSeconds };
  if (!isShareTokenShape(request.token)) return { kind: "not_found" };
  const [row] = await db
    .select({
      id: shareLink.id,
      invoiceId: shareLink.invoiceId,
      quoteId: shareLink.quoteId,
      expiresAt: shareLink.expiresAt,
      revokedAt: shareLink.revokedAt,
      invoiceStatus: invoice.status,
      invoiceNumber: invoice.number,
      quoteStatus: quote.status,
      quoteNumber: quote.number,
    })
    .from(shareLink)
    .leftJoin(invoice, eq(invoice.id, shareLink.invoiceId))
    .leftJoin(quote, eq(quote.id, shareLink.quoteId))
    .where(eq(shareLink.tokenHash, hashToken(request.token)))
    .limit(1);
  if (!row || !isShareLinkUsable(row, now)) return { kind: "not_found" };
  const status = row.quoteId ? row.quoteStatus : row.invoiceStatus;
  if (status === null || status === "draft") return { kind: "not_found" };
  const documentEntity = row.quoteId ? ("quote" as const) : ("invoice" as const);
  const entityId = (row.quoteId ?? row.invoiceId)!;
  await db.transaction(async (tx) => {
    const [first] = await tx
      .update(shareLink)
      .set({ firstViewedAt: now })
      .where(and(eq(shareLink.id, row.id), isNull(shareLink.firstViewedAt)))
      .returning({ id: shareLink.id });
    if (first)
      await recordAudit(tx, SHARE_LINK_VIEWER, {
        entity: documentEntity,
        entityId,
        action: "share_link_viewed",
        summary: { number: row.quoteNumber ?? row.invoiceNumber, linkId: row.id },
      });
    await tx
      .update(shareLink)
      .set({
        lastViewedAt: sql`greatest(${shareLink.lastViewedAt}, ${now})`,
        viewCount: sql`${shareLink.viewCount} + 1`,
      })
      .where(eq(shareLink.id, row.id));
  });
  return {
    kind: "found",
    document:
      documentEntity === "quote"
        ? { kind: "quote", quoteId: entityId, linkId: row.id }
        : { kind: "invoice", invoiceId: entityId, linkId: row.id },
  };
}
