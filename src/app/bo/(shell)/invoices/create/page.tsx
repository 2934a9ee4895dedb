import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { addDaysToDate, todayInZone } from "@/lib/dates";
import { requirePagePermission } from "@/lib/session";
import { InvoiceForm } from "@/modules/invoices/components/invoice-form";
import { findInvoiceLineProjects, findRequestedClient } from "@/modules/invoices/invoice-form-queries";
import { normalizeTaxRate } from "@/modules/invoices/vat-categories";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("invoices.create");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreateInvoicePage({ searchParams }: { searchParams: SearchParams }) {
  await requirePagePermission("invoice.edit");
  const params = await searchParams;
  const db = getDb();
  // A link may ask for a client (the client page's "New invoice").
  const [settings, requested] = await Promise.all([getPageSettings(), findRequestedClient(db, params.client)]);
  const projects = requested ? await findInvoiceLineProjects(db, requested.id) : [];
  const t = await getTranslations("invoices.create");
  const today = todayInZone(settings.timezone);
  const taxRates = settings.taxRates.map(normalizeTaxRate);
  const defaultRate = taxRates.find((rate) => rate.isDefault) ?? taxRates[0];
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <InvoiceForm
        kind="invoice"
        client={requested}
        projects={projects}
        taxRates={taxRates}
        firmCountry={settings.country}
        locale={settings.locale}
        initialValues={{
          clientId: requested?.id ?? "",
          currency: requested?.currency ?? settings.currency,
          issueDate: today,
          dueDate: addDaysToDate(today, requested?.paymentTermsDays ?? settings.paymentTermsDays),
          servicePeriodStart: "",
          servicePeriodEnd: "",
          notes: "",
          footer: settings.invoiceFooter ?? "",
          buyerReference: requested?.buyerReference ?? "",
          purchaseOrderReference: "",
          paymentMeans: "credit_transfer",
          lines: [
            {
              description: "",
              quantity: "1",
              unit: "hour",
              unitPrice: "",
              discount: "",
              taxRateBp: defaultRate?.basisPoints ?? 0,
              vatCategory: defaultRate?.category ?? "S",
              timeEntryIds: [],
              projectId: "",
            },
          ],
        }}
      />
    </div>
  );
}
