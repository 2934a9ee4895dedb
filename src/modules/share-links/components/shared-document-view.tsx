// The page a client opens through a share link (decisions 059, 064): the document exactly as the
// invoice or quote page shows it (the same component, its frozen look), its figures, and its files. Nothing
// else of Bureau is linked from here. The page is the client's: its words are in the document's
// language (the client's), whoever's browser opens it.
import { DownloadIcon, FileCodeIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { buttonClassName } from "@/components/ui/button";
import { type DocumentTranslator, documentTranslator } from "@/i18n/document-language";
import { formatDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { EINVOICE_FORMAT_LABELS, type EinvoiceFormat } from "@/modules/einvoicing/einvoice-model";
import { InvoiceDocumentView } from "@/modules/invoices/components/invoice-document-view";
import type { InvoiceDocument } from "@/modules/invoices/invoice-document";

/** One figure above the document: its label and value (already formatted). */
export type SharedFigure = { label: string; value: string; testId?: string };

/** An invoice's or credit note's figures: its total, and for an invoice what is due and when. */
export function invoiceFigures(
  invoice: { kind: "invoice" | "credit_note"; currency: string; total: number; balance: number; dueDate: string },
  locale: string,
  t: DocumentTranslator,
): SharedFigure[] {
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  if (invoice.kind !== "invoice")
    return [{ label: t("shareLinks.shared.amountCredited"), value: money(invoice.total) }];
  return [
    { label: t("shareLinks.shared.total"), value: money(invoice.total) },
    { label: t("shareLinks.shared.balanceDue"), value: money(invoice.balance), testId: "shared-balance" },
    { label: t("shareLinks.shared.dueDate"), value: formatDate(invoice.dueDate, locale, "UTC", "medium") },
  ];
}

export function SharedDocumentView({
  token,
  status,
  figures,
  document,
  brand,
  formats,
  children,
}: {
  token: string;
  /** The document's state, as a badge. */
  status: ReactNode;
  figures: SharedFigure[];
  document: InvoiceDocument;
  brand: { logoSrc: string | null; color: string };
  /** The e-invoice formats this document can be downloaded in (those that would not refuse it). */
  formats: EinvoiceFormat[];
  /** What the client can do besides reading (a quote's Accept / Decline). */
  children?: ReactNode;
}) {
  const t = documentTranslator(document.language);
  const base = `/d/${token}`;
  return (
    <main
      lang={document.language}
      className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 sm:px-8 sm:py-10 [&>*]:min-w-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">
            {t("shareLinks.shared.sharedBy", { firm: document.firm.name })}
          </p>
          <h1 className="text-2xl font-semibold tracking-tight">{document.heading}</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={`${base}/pdf?download=1`}
            className={buttonClassName({ variant: "default" })}
            data-testid="shared-pdf"
            download
          >
            <DownloadIcon aria-hidden="true" />
            {t("shareLinks.shared.downloadPdf")}
          </a>
        </div>
      </header>

      <section aria-label={t("shareLinks.shared.amounts")} className="grid gap-3">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <div className="rounded-lg border px-3 py-2">
            <dt className="text-sm text-muted-foreground">{t("shareLinks.shared.status")}</dt>
            <dd className="pt-1">{status}</dd>
          </div>
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-lg border px-3 py-2">
              <dt className="text-sm text-muted-foreground">{figure.label}</dt>
              <dd className="text-lg font-semibold tabular-nums" data-testid={figure.testId}>
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
        {/*
          Online payment plugs in here (decision 059): a "Pay" button for an invoice with a balance,
          leading to the payment provider's page, whose confirmation records a payment through the
          same mutation as the back office's "Record payment".
        */}
      </section>

      {children}

      <InvoiceDocumentView document={document} brand={brand} />

      {formats.length > 0 ? (
        <section aria-labelledby="einvoice-heading" className="grid gap-2">
          <h2 id="einvoice-heading" className="text-base font-semibold">
            {t("shareLinks.shared.einvoice")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("shareLinks.shared.einvoiceText")}</p>
          <ul className="flex flex-wrap gap-2">
            {formats.map((format) => (
              <li key={format}>
                <a
                  href={`${base}/einvoice?format=${format}`}
                  className={buttonClassName({ variant: "outline", size: "sm" })}
                  download
                >
                  <FileCodeIcon aria-hidden="true" />
                  {EINVOICE_FORMAT_LABELS[format]}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <footer className="border-t pt-4 text-sm text-muted-foreground">
        <p>
          {t("shareLinks.shared.private")}{" "}
          {document.firm.email
            ? t.rich("shareLinks.shared.writeTo", {
                email: document.firm.email,
                mail: (chunks) => (
                  <a className="underline underline-offset-4" href={`mailto:${document.firm.email}`}>
                    {chunks}
                  </a>
                ),
              })
            : t("shareLinks.shared.contact", { firm: document.firm.name })}
        </p>
      </footer>
    </main>
  );
}

/** The answer to an address that asked too often: no document, and when to try again. */
export function SharedDocumentRateLimited({ message }: { message: string }) {
  const t = useTranslations("shareLinks.shared");
  return (
    <main className="mx-auto grid max-w-xl gap-3 px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{t("wait")}</h1>
      <p className="text-muted-foreground">{message}</p>
    </main>
  );
}
