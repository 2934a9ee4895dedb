// The page a client opens through a share link (decisions 059, 064): the document exactly as the
// invoice or quote page shows it (the same component, its frozen look), its figures, and its files. Nothing
// else of Bureau is linked from here.
import { DownloadIcon, FileCodeIcon } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClassName } from "@/components/ui/button";
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
): SharedFigure[] {
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  if (invoice.kind !== "invoice") return [{ label: "Amount credited", value: money(invoice.total) }];
  return [
    { label: "Total", value: money(invoice.total) },
    { label: "Balance due", value: money(invoice.balance), testId: "shared-balance" },
    { label: "Due date", value: formatDate(invoice.dueDate, locale, "UTC", "medium") },
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
  const base = `/d/${token}`;
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
