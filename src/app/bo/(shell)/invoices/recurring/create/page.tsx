import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { requirePagePermission } from "@/lib/session";
import { findRequestedClient } from "@/modules/invoices/invoice-form-queries";
import { normalizeTaxRate } from "@/modules/invoices/vat-categories";
import { RecurringInvoiceForm } from "@/modules/recurring/components/recurring-invoice-form";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("recurring.create");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreateRecurringInvoicePage({ searchParams }: { searchParams: SearchParams }) {
  await requirePagePermission("invoice.edit");
  const params = await searchParams;
  // A link may ask for a client (the client page).
  const [settings, requested] = await Promise.all([getPageSettings(), findRequestedClient(getDb(), params.client)]);
  const t = await getTranslations("recurring.create");
  const today = todayInZone(settings.timezone);
  const taxRates = settings.taxRates.map(normalizeTaxRate);
  const defaultRate = taxRates.find((rate) => rate.isDefault) ?? taxRates[0];
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <RecurringInvoiceForm
        client={requested}
        taxRates={taxRates}
        locale={settings.locale}
        initialValues={{
          name: "",
          clientId: requested?.id ?? "",
          currency: requested?.currency ?? settings.currency,
          notes: "",
          footer: settings.invoiceFooter ?? "",
          buyerReference: requested?.buyerReference ?? "",
          purchaseOrderReference: "",
          paymentMeans: "credit_transfer",
          frequency: "monthly",
          intervalWeeks: "1",
          dayOfPeriod: String(Number(today.slice(8))),
          startDate: today,
          ending: "never",
          endDate: "",
          occurrenceCount: "",
          issueMode: "issue",
          sendAutomatically: false,
          lines: [
            {
              description: "",
              quantity: "1",
              unit: "item",
              unitPrice: "",
              discount: "",
              taxRateBp: defaultRate?.basisPoints ?? 0,
              vatCategory: defaultRate?.category ?? "S",
              timeEntryIds: [],
            },
          ],
        }}
      />
    </div>
  );
}
