import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { getDb } from "@/db/client";
import { formatDateTime, todayInZone } from "@/lib/dates";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { InvoiceDocumentView } from "@/modules/invoices/components/invoice-document-view";
import { AuditHistoryList } from "@/modules/audit/components/audit-history";
import { describeAuditEvents } from "@/modules/audit/audit-references";
import { pageAuditViewer } from "@/modules/audit/page-audit-viewer";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { logoDataUri } from "@/modules/invoices/invoice-brand";
import { QuoteActionsPanel } from "@/modules/quotes/components/quote-actions-panel";
import { QuoteStatusBadge } from "@/modules/quotes/components/quote-status-badge";
import { findQuoteEvents, getQuoteDocument } from "@/modules/quotes/quote-queries";
import { quoteDisplayStatus } from "@/modules/quotes/quote-rules";
import { InvoiceShareLinks } from "@/modules/share-links/components/invoice-share-links";
import { can } from "@/modules/users/permissions";

export async function generateMetadata() {
  const t = await getTranslations("quotes.detail");
  return { title: t("title") };
}

export default async function QuotePage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requirePagePermission("invoice.read");
  const { id } = await params;
  const db = getDb();
  const { detail: quote, settings, document, brand } = await orErrorPage(getQuoteDocument(db, id));
  const events = await Promise.all([findQuoteEvents(db, quote.id), pageAuditViewer()]).then(([rows, reader]) =>
    describeAuditEvents(db, rows, reader),
  );
  const t = await getTranslations("quotes.detail");
  const firm = { locale: settings.locale, timezone: settings.timezone };
  const status = quoteDisplayStatus(quote, todayInZone(settings.timezone));
  const when = (value: Date) => formatDateTime(value, firm.locale, firm.timezone);
  const link = "text-primary underline-offset-4 hover:underline";
  return (
    <div className="mx-auto grid max-w-5xl gap-6 [&>*]:min-w-0">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {quote.status === "draft" ? t("draftHeading") : t("heading", { number: quote.number ?? "" })}
            <span data-testid="quote-status">
              <QuoteStatusBadge status={status} />
            </span>
          </span>
        }
        description={
          <>
            {quote.client.name}
            {quote.sentAt ? ` · ${t("sent", { date: when(quote.sentAt) })}` : ""}
            {quote.previousVersion ? (
              <>
                {` · ${t("replaces")} `}
                <Link href={`/bo/quotes/${quote.previousVersion.id}`} className={link}>
                  {t("quoteNumber", { number: quote.previousVersion.number ?? "" })}
                </Link>
              </>
            ) : null}
            {quote.newerVersion ? (
              <>
                {` · ${t("newVersion")} `}
                <Link href={`/bo/quotes/${quote.newerVersion.id}`} className={link}>
                  {quote.newerVersion.number ? t("quoteNumber", { number: quote.newerVersion.number }) : t("draft")}
                </Link>
              </>
            ) : null}
            {quote.invoice ? (
              <>
                {` · ${t("invoicedAs")} `}
                <Link href={`/bo/invoices/${quote.invoice.id}`} className={link}>
                  {quote.invoice.number ? t("invoiceNumber", { number: quote.invoice.number }) : t("draftInvoice")}
                </Link>
              </>
            ) : null}
          </>
        }
      />
      {can(viewer, "invoice.edit") ? (
        <QuoteActionsPanel
          quote={{
            id: quote.id,
            version: quote.version,
            number: quote.number,
            invoiceId: quote.invoiceId,
            hasNewerVersion: quote.newerVersion !== null,
          }}
          status={status}
          billingEmail={quote.client.billingEmail}
          mailCarriesLink={settings.shareLinkInMails}
        />
      ) : null}
      {quote.decidedAt && (quote.status === "accepted" || quote.status === "declined") ? (
        <Alert variant={quote.status === "accepted" ? "default" : "warning"}>
          <AlertDescription data-testid="quote-decision">
            {t("decided", {
              status: quote.status,
              name: quote.decidedByName ?? "",
              date: when(quote.decidedAt),
            })}{" "}
            {quote.decisionSource !== "link"
              ? t("byHand")
              : quote.decidedFromAddress
                ? t("throughLinkFrom", { address: quote.decidedFromAddress })
                : t("throughLink")}
          </AlertDescription>
        </Alert>
      ) : null}
      <InvoiceDocumentView document={document} brand={{ logoSrc: logoDataUri(brand), color: brand.brandColor }} />
      {quote.status !== "draft" ? (
        <InvoiceShareLinks db={db} viewer={viewer} invoice={{ id: quote.id, kind: "quote" }} firm={firm} />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{t("history")}</CardTitle>
        </CardHeader>
        <CardContent>
          <AuditHistoryList events={events} locale={firm.locale} timezone={firm.timezone} />
          {events.length === 0 ? <p className="text-sm text-muted-foreground">{t("noHistory")}</p> : null}
        </CardContent>
      </Card>
    </div>
  );
}
