import { SendInvoiceDialog } from "@/modules/mail/components/send-invoice-dialog";
import { getSendInvoiceDefaults } from "@/modules/mail/invoice-mail";
import { getLocale, getTranslations } from "next-intl/server";
import { getDb } from "@/db/client";
import { requestTexts } from "@/i18n/server-texts";
import { todayInZone } from "@/lib/dates";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { InvoiceDocumentView } from "@/modules/invoices/components/invoice-document-view";
import { logoDataUri } from "@/modules/invoices/invoice-brand";
import {
  InvoiceActions,
  InvoiceCreditNotes,
  InvoiceHeader,
  InvoiceHistory,
  InvoiceMoney,
  InvoicePayments,
  isIssuedInvoice,
} from "@/modules/invoices/components/invoice-record";
import { EinvoicePanel } from "@/modules/einvoicing/components/einvoice-panel";
import { einvoiceFormatStatuses, getInvoiceEinvoice } from "@/modules/einvoicing/einvoice-queries";
import { findInvoiceEvents, findLineProjectNames } from "@/modules/invoices/invoice-detail-queries";
import { describeAuditEvents } from "@/modules/audit/audit-references";
import { pageAuditViewer } from "@/modules/audit/page-audit-viewer";
import { displayStatusOf } from "@/modules/invoices/invoice-list-queries";
import { findQuotesOfInvoices } from "@/modules/quotes/quote-queries";
import { can } from "@/modules/users/permissions";
import { InvoiceShareLinks } from "@/modules/share-links/components/invoice-share-links";

export async function generateMetadata() {
  const t = await getTranslations("invoices.detail");
  return { title: t("title") };
}

export default async function InvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requirePagePermission("invoice.read");
  const { id } = await params;
  const db = getDb();
  const loaded = await orErrorPage(getInvoiceEinvoice(db, id));
  const { detail: invoice, settings, document, brand, einvoice, clientDefaultFormat } = loaded;
  const [events, sendDefaults, [fromQuote], projectNames] = await Promise.all([
    Promise.all([findInvoiceEvents(db, invoice.id), pageAuditViewer()]).then(([rows, reader]) =>
      describeAuditEvents(db, rows, reader),
    ),
    invoice.status !== "draft" ? getSendInvoiceDefaults(db, invoice.id, viewer.id, loaded) : Promise.resolve(null),
    findQuotesOfInvoices(db, [invoice.id]),
    findLineProjectNames(db, invoice.lines),
  ]);
  const [t, translateText, language] = await Promise.all([
    getTranslations("invoices.detail"),
    requestTexts(),
    getLocale(),
  ]);
  const today = todayInZone(settings.timezone);
  const firm = { locale: settings.locale, timezone: settings.timezone };

  return (
    <div className="mx-auto grid max-w-5xl gap-6 [&>*]:min-w-0">
      <InvoiceHeader
        invoice={invoice}
        heading={
          invoice.status === "draft"
            ? t("draftHeading", { kind: invoice.kind })
            : t("heading", { kind: invoice.kind, number: invoice.number ?? "" })
        }
        status={displayStatusOf(invoice, today)}
        firm={firm}
        fromQuote={fromQuote ? { id: fromQuote.quoteId, number: fromQuote.number } : null}
        actions={
          sendDefaults ? (
            <SendInvoiceDialog
              invoiceId={invoice.id}
              number={invoice.number ?? ""}
              defaults={sendDefaults}
              alreadySent={Boolean(invoice.sentAt)}
            />
          ) : undefined
        }
      />
      <InvoiceActions invoice={invoice} today={today} locale={settings.locale} />
      {isIssuedInvoice(invoice) ? <InvoiceMoney invoice={invoice} locale={settings.locale} /> : null}
      <InvoiceDocumentView
        document={document}
        brand={{ logoSrc: logoDataUri(brand), color: brand.brandColor }}
        lineNotes={invoice.lines.map((line) => {
          const name = line.projectId ? projectNames.get(line.projectId) : undefined;
          // In the reader's language, inside a document in its own.
          return name ? <span lang={language}>{t("lineProject", { project: name })}</span> : null;
        })}
      />
      <EinvoicePanel
        invoiceId={invoice.id}
        clientId={invoice.clientId}
        kind={invoice.kind}
        isDraft={invoice.status === "draft"}
        defaultFormat={clientDefaultFormat}
        statuses={einvoiceFormatStatuses(einvoice, invoice.status === "draft").map((status) => ({
          ...status,
          problems: status.problems.map((problem) => ({ ...problem, message: translateText(problem.message) })),
        }))}
      />
      {isIssuedInvoice(invoice) ? (
        <InvoicePayments invoice={invoice} firm={firm} canDelete={can(viewer, "payment.delete")} />
      ) : null}
      {invoice.status !== "draft" ? <InvoiceShareLinks db={db} viewer={viewer} invoice={invoice} firm={firm} /> : null}
      <InvoiceCreditNotes invoice={invoice} firm={firm} />
      <InvoiceHistory invoice={invoice} events={events} firm={firm} />
    </div>
  );
}
