import { getTranslations } from "next-intl/server";
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

export async function generateMetadata() {
  const t = await getTranslations("quotes.edit");
  return { title: t("title") };
}

export default async function EditQuotePage({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePermission("invoice.edit");
  const { id } = await params;
  const db = getDb();
  const quote = await orErrorPage(getQuote(db, id));
  const t = await getTranslations("quotes.edit");
  if (quote.status !== "draft")
    return (
      <div className="mx-auto grid max-w-3xl gap-6">
        <PageHeader title={t("lockedTitle", { number: quote.number ?? "" })} />
        <Alert variant="warning">
          <AlertDescription>
            {t.rich("lockedText", {
              page: (chunks) => (
                <Link href={`/bo/quotes/${quote.id}`} className="underline underline-offset-4">
                  {chunks}
                </Link>
              ),
            })}
          </AlertDescription>
        </Alert>
      </div>
    );
  const [settings, client] = await Promise.all([getPageSettings(), findInvoiceClient(db, quote.clientId)]);
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader
        title={
          quote.previousVersion ? t("newVersionTitle", { number: quote.previousVersion.number ?? "" }) : t("heading")
        }
        description={quote.previousVersion ? t("newVersionText") : t("description")}
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
