import type { Metadata } from "next";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { findInvoiceClient } from "@/modules/invoices/invoice-form-queries";
import { ratesIncludingLines, storedLinesFormValues } from "@/modules/invoices/stored-lines";
import { normalizeTaxRate } from "@/modules/invoices/vat-categories";
import { QuoteForm } from "@/modules/quotes/components/quote-form";
import { getQuote } from "@/modules/quotes/quote-queries";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Edit quote" };

export default async function EditQuotePage({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePermission("invoice.edit");
  const { id } = await params;
  const db = getDb();
  const quote = await orErrorPage(getQuote(db, id));
  if (quote.status !== "draft")
    return (
      <div className="mx-auto grid max-w-3xl gap-6">
        <PageHeader title={`Edit quote ${quote.number ?? ""}`} />
        <Alert variant="warning">
          <AlertDescription>
            This quote has been sent: what the client received cannot be changed. Make a new version of it from{" "}
            <Link href={`/bo/quotes/${quote.id}`} className="underline underline-offset-4">
              its page
            </Link>{" "}
            instead.
          </AlertDescription>
        </Alert>
      </div>
    );
  const [settings, client] = await Promise.all([getPageSettings(), findInvoiceClient(db, quote.clientId)]);
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader
        title={quote.previousVersion ? `New version of quote ${quote.previousVersion.number}` : "Edit draft quote"}
        description={
          quote.previousVersion
            ? "Once sent, this version takes a new number and replaces the previous one."
            : "A draft until you send it."
        }
      />
      <QuoteForm
        client={client}
        taxRates={ratesIncludingLines(settings.taxRates.map(normalizeTaxRate), quote.lines)}
        locale={settings.locale}
        today={todayInZone(settings.timezone)}
        initialValues={{
          id: quote.id,
          version: quote.version,
          clientId: quote.clientId,
          currency: quote.currency,
          validUntil: quote.validUntil,
          notes: quote.notes ?? "",
          footer: quote.footer ?? "",
          buyerReference: quote.buyerReference ?? "",
          purchaseOrderReference: quote.purchaseOrderReference ?? "",
          paymentMeans: quote.paymentMeans,
          lines: storedLinesFormValues(quote.lines, quote.currency),
        }}
      />
    </div>
  );
}
