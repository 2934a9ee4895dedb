import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { findInvoiceClient } from "@/modules/invoices/invoice-form-queries";
import { ratesIncludingLines, storedLinesFormValues } from "@/modules/invoices/stored-lines";
import { normalizeTaxRate } from "@/modules/invoices/vat-categories";
import { RecurringInvoiceForm } from "@/modules/recurring/components/recurring-invoice-form";
import { getRecurringInvoice } from "@/modules/recurring/recurring-queries";
import { getPageSettings } from "@/modules/settings/page-settings";
import { Alert, AlertDescription } from "@/components/ui/alert";

export async function generateMetadata() {
  const t = await getTranslations("recurring.edit");
  return { title: t("title") };
}

export default async function EditRecurringInvoicePage({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePermission("invoice.edit");
  const { id } = await params;
  const db = getDb();
  const template = await orErrorPage(getRecurringInvoice(db, id));
  const [settings, client] = await Promise.all([getPageSettings(), findInvoiceClient(db, template.clientId)]);
  const t = await getTranslations("recurring.edit");
  const rates = ratesIncludingLines(settings.taxRates.map(normalizeTaxRate), template.lines);
  if (template.status === "archived")
    return (
      <div className="mx-auto grid max-w-3xl gap-6">
        <PageHeader title={t("heading", { name: template.name })} />
        <Alert variant="warning">
          <AlertDescription>{t("archived")}</AlertDescription>
        </Alert>
      </div>
    );
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader title={t("heading", { name: template.name })} description={t("description")} />
      <RecurringInvoiceForm
        client={client}
        taxRates={rates}
        locale={settings.locale}
        initialValues={{
          id: template.id,
          version: template.version,
          name: template.name,
          clientId: template.clientId,
          currency: template.currency,
          notes: template.notes ?? "",
          footer: template.footer ?? "",
          buyerReference: template.buyerReference ?? "",
          purchaseOrderReference: template.purchaseOrderReference ?? "",
          paymentMeans: template.paymentMeans,
          frequency: template.frequency,
          intervalWeeks: String(template.intervalWeeks),
          dayOfPeriod: String(template.dayOfPeriod),
          startDate: template.startDate,
          ending: template.endDate ? "on_date" : template.occurrenceCount ? "after_count" : "never",
          endDate: template.endDate ?? "",
          occurrenceCount: template.occurrenceCount ? String(template.occurrenceCount) : "",
          issueMode: template.issueMode,
          sendAutomatically: template.sendAutomatically,
          lines: storedLinesFormValues(template.lines, template.currency),
        }}
      />
    </div>
  );
}
