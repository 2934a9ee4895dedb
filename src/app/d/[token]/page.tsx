import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { getDb } from "@/db/client";
import { documentTranslator } from "@/i18n/document-language";
import { requestTexts } from "@/i18n/server-texts";
import { formatDate, formatDateTime, todayInZone } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { clientIpFrom } from "@/lib/request";
import { einvoiceFormatStatuses, getInvoiceEinvoice } from "@/modules/einvoicing/einvoice-queries";
import { logoDataUri } from "@/modules/invoices/invoice-brand";
import { InvoiceStatusBadge } from "@/modules/invoices/components/invoice-status-badge";
import { displayStatusOf } from "@/modules/invoices/invoice-list-queries";
import { QuoteStatusBadge } from "@/modules/quotes/components/quote-status-badge";
import { SharedQuoteAnswer } from "@/modules/quotes/components/shared-quote-answer";
import { getQuoteDocument } from "@/modules/quotes/quote-queries";
import { quoteDisplayStatus } from "@/modules/quotes/quote-rules";
import {
  invoiceFigures,
  SharedDocumentRateLimited,
  SharedDocumentView,
} from "@/modules/share-links/components/shared-document-view";
import { openSharedDocument } from "@/modules/share-links/share-link-queries";
import { rateLimitedText } from "@/modules/share-links/share-link-rules";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

/** One lookup (and one recorded view) per request, shared by the metadata and the page. */
const load = cache(async (token: string) => {
  const db = getDb();
  const opening = await openSharedDocument(db, { token, address: clientIpFrom(await headers()) });
  if (opening.kind !== "found") return opening;
  if (opening.document.kind === "quote")
    return { kind: "quote" as const, ...(await getQuoteDocument(db, opening.document.quoteId)) };
  return { kind: "invoice" as const, ...(await getInvoiceEinvoice(db, opening.document.invoiceId)) };
});

const PRIVATE: Metadata["robots"] = { index: false, follow: false, nocache: true };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await load((await params).token);
  if (loaded.kind !== "invoice" && loaded.kind !== "quote") {
    const t = await getTranslations("shareLinks.shared");
    return { title: t("notFound"), robots: PRIVATE, referrer: "no-referrer" };
  }
  return {
    title: { absolute: `${loaded.document.heading} · ${loaded.document.firm.name}` },
    robots: PRIVATE,
    referrer: "no-referrer",
  };
}

/** A document shared by a link (decisions 059, 064): no sign-in; an unknown, revoked or expired link is the 404 page. */
export default async function SharedDocumentPage({ params }: Props) {
  const { token } = await params;
  const loaded = await load(token);
  if (loaded.kind === "rate_limited")
    return <SharedDocumentRateLimited message={(await requestTexts())(rateLimitedText(loaded.retryAfterSeconds))} />;
  if (loaded.kind === "not_found") notFound();
  const { settings, document, brand } = loaded;
  const today = todayInZone(settings.timezone);
  const look = { logoSrc: logoDataUri(brand), color: brand.brandColor };
  // The client's page: its words are in the document's language, whatever the visitor's browser asks.
  const t = documentTranslator(document.language);
  if (loaded.kind === "quote") {
    const { detail } = loaded;
    const status = quoteDisplayStatus(detail, today);
    const validUntil = formatDate(detail.validUntil, settings.locale, "UTC", "medium");
    const answer = (key: "title" | "text" | "name" | "accept" | "decline") =>
      t(`shareLinks.answer.${key}`, { date: validUntil });
    return (
      <SharedDocumentView
        token={token}
        status={<QuoteStatusBadge status={status} label={t(`quotes.status.${status}`)} />}
        figures={[
          { label: t("shareLinks.shared.total"), value: formatMoney(detail.total, detail.currency, settings.locale) },
          { label: t("shareLinks.shared.validUntil"), value: validUntil },
        ]}
        document={document}
        brand={look}
        formats={[]}
      >
        {status === "sent" ? (
          <SharedQuoteAnswer
            token={token}
            labels={{
              title: answer("title"),
              text: answer("text"),
              name: answer("name"),
              accept: answer("accept"),
              decline: answer("decline"),
            }}
          />
        ) : detail.decidedAt && (status === "accepted" || status === "declined") ? (
          <p className="rounded-lg border p-4 text-sm" data-testid="quote-answer">
            {t("shareLinks.answer.decided", {
              status,
              name: detail.decidedByName ?? "",
              date: formatDateTime(detail.decidedAt, settings.locale, settings.timezone),
            })}
          </p>
        ) : null}
      </SharedDocumentView>
    );
  }
  const { detail, einvoice } = loaded;
  const formats = einvoiceFormatStatuses(einvoice, false)
    .filter((entry) => entry.problems.length === 0)
    .map((entry) => entry.format);
  const invoiceStatus = displayStatusOf(detail, today);
  return (
    <SharedDocumentView
      token={token}
      status={
        <InvoiceStatusBadge
          status={invoiceStatus}
          label={t(`invoices.status.${invoiceStatus}`, { kind: detail.kind })}
        />
      }
      figures={invoiceFigures(detail, settings.locale, t)}
      document={document}
      brand={look}
      formats={formats}
    />
  );
}
