// The "Client links" card of an invoice's or a quote's page, read on the server: an issued
// document's links with their dates written in the firm's locale and timezone (decisions 059, 064).
import "server-only";
import { getTranslations } from "next-intl/server";
import type { Executor } from "@/db/client";
import { formatDate, formatDateTime, todayInZone } from "@/lib/dates";
import type { Actor } from "@/modules/audit/audit-log";
import { can } from "@/modules/users/permissions";
import { findShareLinks } from "../share-link-queries";
import { lastDayOfLink } from "../share-link-rules";
import { type ShareLinkListItem, ShareLinksPanel } from "./share-links-panel";

export async function InvoiceShareLinks({
  db,
  viewer,
  invoice,
  firm,
}: {
  db: Executor;
  viewer: Actor;
  invoice: { id: string; kind: "invoice" | "credit_note" | "quote" };
  firm: { locale: string; timezone: string };
}) {
  const t = await getTranslations("shareLinks.panel");
  const now = new Date();
  const target = invoice.kind === "quote" ? { quoteId: invoice.id } : { invoiceId: invoice.id };
  const links = await findShareLinks(db, viewer, target, now);
  const when = (value: Date) => formatDateTime(value, firm.locale, firm.timezone);
  const items: ShareLinkListItem[] = links.map((link) => ({
    id: link.id,
    state: link.state,
    created: when(link.createdAt),
    createdBy: link.createdByName,
    via: link.source === "mail" ? t("viaMail", { to: link.sentTo ?? t("theClient") }) : t("byHand"),
    expires: link.expiresAt
      ? formatDate(lastDayOfLink(link.expiresAt, firm.timezone), firm.locale, "UTC", "medium")
      : null,
    lastViewed: link.lastViewedAt ? when(link.lastViewedAt) : null,
    viewCount: link.viewCount,
    revoked: link.revokedAt
      ? link.revokedByName
        ? t("revokedBy", { date: when(link.revokedAt), name: link.revokedByName })
        : when(link.revokedAt)
      : null,
  }));
  return (
    <ShareLinksPanel
      target={target}
      documentKind={invoice.kind}
      links={items}
      canShare={can(viewer, "invoice.share")}
      today={todayInZone(firm.timezone, now)}
    />
  );
}
