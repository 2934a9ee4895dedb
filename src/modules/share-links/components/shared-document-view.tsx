// The page a client opens through a share link (decision 059): the document exactly as the
// invoice page shows it (the same component, its frozen look), what is due, and its files. Nothing
// else of Bureau is linked from here.
import { DownloadIcon, FileCodeIcon } from "lucide-react";
import { buttonClassName } from "@/components/ui/button";
import { formatDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { EINVOICE_FORMAT_LABELS, type EinvoiceFormat } from "@/modules/einvoicing/einvoice-model";
import { InvoiceDocumentView } from "@/modules/invoices/components/invoice-document-view";
import { InvoiceStatusBadge } from "@/modules/invoices/components/invoice-status-badge";
import type { InvoiceDocument } from "@/modules/invoices/invoice-document";
import type { InvoiceDisplayStatus } from "@/modules/invoices/invoice-rules";

export type SharedInvoice = {
  kind: "invoice" | "credit_note";
  number: string | null;
  currency: string;
  total: number;
  balance: number;
  dueDate: string;
  status: InvoiceDisplayStatus;
};

export function SharedDocumentView({
  token,
  invoice,
  document,
  brand,
  formats,
  locale,
}: {
  token: string;
  invoice: SharedInvoice;
  document: InvoiceDocument;
  brand: { logoSrc: string | null; color: string };
  /** The e-invoice formats this document can be downloaded in (those that would not refuse it). */
  formats: EinvoiceFormat[];
  locale: string;
}) {
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  const base = `/d/${token}`;
  const isInvoice = invoice.kind === "invoice";
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 sm:px-8 sm:py-10 [&>*]:min-w-0">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">Shared with you by {document.firm.name}</p>
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
            Download PDF
          </a>
        </div>
      </header>

      <section aria-label="Amounts" className="grid gap-3">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <div className="rounded-lg border px-3 py-2">
            <dt className="text-sm text-muted-foreground">Status</dt>
            <dd className="pt-1">
              <InvoiceStatusBadge status={invoice.status} />
            </dd>
          </div>
          <div className="rounded-lg border px-3 py-2">
            <dt className="text-sm text-muted-foreground">{isInvoice ? "Total" : "Amount credited"}</dt>
            <dd className="text-lg font-semibold tabular-nums">{money(invoice.total)}</dd>
          </div>
          {isInvoice ? (
            <>
              <div className="rounded-lg border px-3 py-2">
                <dt className="text-sm text-muted-foreground">Balance due</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid="shared-balance">
                  {money(invoice.balance)}
                </dd>
              </div>
              <div className="rounded-lg border px-3 py-2">
                <dt className="text-sm text-muted-foreground">Due date</dt>
                <dd className="text-lg font-semibold">{formatDate(invoice.dueDate, locale, "UTC", "medium")}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {/*
          Online payment plugs in here (decision 059): a "Pay" button for an invoice with a balance,
          leading to the payment provider's page, whose confirmation records a payment through the
          same mutation as the back office's "Record payment".
        */}
      </section>

      <InvoiceDocumentView document={document} brand={brand} />

      {formats.length > 0 ? (
        <section aria-labelledby="einvoice-heading" className="grid gap-2">
          <h2 id="einvoice-heading" className="text-base font-semibold">
            E-invoice
          </h2>
          <p className="text-sm text-muted-foreground">
            The same document as structured data, for accounting software that reads e-invoices.
          </p>
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
          This page is private to you: anyone with its address can see this document. Questions about it?
          {document.firm.email ? (
            <>
              {" "}
              Write to{" "}
              <a className="underline underline-offset-4" href={`mailto:${document.firm.email}`}>
                {document.firm.email}
              </a>
              .
            </>
          ) : (
            ` Contact ${document.firm.name}.`
          )}
        </p>
      </footer>
    </main>
  );
}

/** The answer to an address that asked too often: no document, and when to try again. */
export function SharedDocumentRateLimited({ message }: { message: string }) {
  return (
    <main className="mx-auto grid max-w-xl gap-3 px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Please wait a moment</h1>
      <p className="text-muted-foreground">{message}</p>
    </main>
  );
}
