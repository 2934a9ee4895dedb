import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { addDaysToDate, todayInZone } from "@/lib/dates";
import { requirePagePermission } from "@/lib/session";
import { findRequestedClient } from "@/modules/invoices/invoice-form-queries";
import { normalizeTaxRate } from "@/modules/invoices/vat-categories";
import { QuoteForm } from "@/modules/quotes/components/quote-form";
import { DEFAULT_QUOTE_VALIDITY_DAYS } from "@/modules/quotes/quote-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("quotes.create");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreateQuotePage({ searchParams }: { searchParams: SearchParams }) {
  await requirePagePermission("invoice.edit");
  const params = await searchParams;
  // A link may ask for a client (?client=).
  const [settings, requested] = await Promise.all([getPageSettings(), findRequestedClient(getDb(), params.client)]);
  const t = await getTranslations("quotes.create");
  const today = todayInZone(settings.timezone);
  const taxRates = settings.taxRates.map(normalizeTaxRate);
  const defaultRate = taxRates.find((rate) => rate.isDefault) ?? taxRates[0] ?? { basisPoints: 0, category: "S" };
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <QuoteForm
        client={requested}
        taxRates={taxRates}
        locale={settings.locale}
        today={today}
        initialValues={{
          clientId: requested?.id ?? "",
          currency: requested?.currency ?? settings.currency,
          validUntil: addDaysToDate(today, DEFAULT_QUOTE_VALIDITY_DAYS),
          notes: "",
          footer: "",
          buyerReference: requested?.buyerReference ?? "",
          purchaseOrderReference: "",
          paymentMeans: "credit_transfer",
          lines: [
            {
              description: "",
              quantity: "1",
              unit: "day",
              unitPrice: "",
              discount: "",
              taxRateBp: defaultRate.basisPoints,
              vatCategory: defaultRate.category,
              timeEntryIds: [],
            },
          ],
        }}
      />
    </div>
  );
}
