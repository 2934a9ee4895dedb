import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { clientIpFrom } from "@/lib/request";
import { einvoiceFormatStatuses, getInvoiceEinvoice } from "@/modules/einvoicing/einvoice-queries";
import { logoDataUri } from "@/modules/invoices/invoice-brand";
import { displayStatusOf } from "@/modules/invoices/invoice-list-queries";
import { SharedDocumentRateLimited, SharedDocumentView } from "@/modules/share-links/components/shared-document-view";
import { openSharedDocument } from "@/modules/share-links/share-link-queries";
import { rateLimitedText } from "@/modules/share-links/share-link-rules";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

/** One lookup (and one recorded view) per request, shared by the metadata and the page. */
const load = cache(async (token: string) => {
  const db = getDb();
  const opening = await openSharedDocument(db, { token, address: clientIpFrom(await headers()) });
  if (opening.kind !== "found") return opening;
  return { kind: "found" as const, ...(await getInvoiceEinvoice(db, opening.document.invoiceId)) };
});

const PRIVATE: Metadata["robots"] = { index: false, follow: false, nocache: true };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await load((await params).token);
  if (loaded.kind !== "found") return { title: "Page not found", robots: PRIVATE, referrer: "no-referrer" };
  return {
    title: { absolute: `${loaded.document.heading} · ${loaded.document.firm.name}` },
    robots: PRIVATE,
    referrer: "no-referrer",
  };
}

/** A document shared by a link (decision 059): no sign-in; an unknown, revoked or expired link is the 404 page. */
export default async function SharedDocumentPage({ params }: Props) {
  const { token } = await params;
  const loaded = await load(token);
  if (loaded.kind === "rate_limited")
    return <SharedDocumentRateLimited message={rateLimitedText(loaded.retryAfterSeconds)} />;
  if (loaded.kind === "not_found") notFound();
  const { detail, document, brand, einvoice, settings } = loaded;
  const formats = einvoiceFormatStatuses(einvoice, false)
    .filter((status) => status.problems.length === 0)
    .map((status) => status.format);
  return (
    <SharedDocumentView
      token={token}
      invoice={{
        kind: detail.kind,
        number: detail.number,
        currency: detail.currency,
        total: detail.total,
        balance: detail.balance,
        dueDate: detail.dueDate,
        status: displayStatusOf(detail, todayInZone(settings.timezone)),
      }}
      document={document}
      brand={{ logoSrc: logoDataUri(brand), color: brand.brandColor }}
      formats={formats}
      locale={settings.locale}
    />
  );
}
