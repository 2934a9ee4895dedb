import { LockIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { formatMoneyInput } from "@/lib/money";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { InvoiceForm } from "@/modules/invoices/components/invoice-form";
import { normalizeTaxRate } from "@/modules/invoices/vat-categories";
import { getInvoice } from "@/modules/invoices/invoice-detail-queries";
import { findInvoiceClient, findInvoiceLineProjects } from "@/modules/invoices/invoice-form-queries";
import { quantityMilliToDecimalString } from "@/modules/invoices/invoice-amounts";
import { canCreateCreditNote, canEditInvoice } from "@/modules/invoices/invoice-rules";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("invoices.edit");
  return { title: t("title") };
}

export default async function EditInvoicePage({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePermission("invoice.edit");
  const { id } = await params;
  const db = getDb();
  const invoice = await orErrorPage(getInvoice(db, id));
  const t = await getTranslations("invoices.edit");
  const kind = invoice.kind;
  const editable = canEditInvoice(invoice);
  if (!editable.ok) {
    const creditable = canCreateCreditNote(invoice).ok;
    return (
      <div className="mx-auto grid max-w-3xl gap-6">
        <PageHeader title={t("lockedTitle", { kind, number: invoice.number ?? "" })} />
        <Alert variant="warning">
          <LockIcon aria-hidden="true" />
          <AlertTitle>{t("lockedHeading", { kind })}</AlertTitle>
          <AlertDescription>
            <p>
              {t("lockedText", { kind, number: invoice.number ?? "" })}{" "}
              {invoice.kind === "invoice" ? t("lockedInvoice") : t("lockedCreditNote")}
            </p>
          </AlertDescription>
        </Alert>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link href={`/bo/invoices/${invoice.id}`}>{creditable ? t("openToCredit") : t("back", { kind })}</Link>
          </Button>
        </div>
      </div>
    );
  }
  const lineProjects = invoice.lines.flatMap((line) => (line.projectId ? [line.projectId] : []));
  const [settings, client, projects] = await Promise.all([
    getPageSettings(),
    findInvoiceClient(db, invoice.clientId),
    findInvoiceLineProjects(db, invoice.clientId, lineProjects),
  ]);
  const rates = settings.taxRates.map(normalizeTaxRate);
  for (const line of invoice.lines)
    if (!rates.some((rate) => rate.basisPoints === line.taxRateBp && rate.category === line.vatCategory))
      rates.push({
        label: invoice.kind === "credit_note" ? t("creditedRate") : t("oldRate"),
        basisPoints: line.taxRateBp,
        isDefault: false,
        category: line.vatCategory,
        mention: line.vatMention,
        vatexCode: line.vatexCode,
      });
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader title={t("heading", { kind })} description={t("description")} />
      <InvoiceForm
        kind={invoice.kind}
        client={client}
        projects={projects}
        taxRates={rates}
        firmCountry={settings.country}
        locale={settings.locale}
        initialValues={{
          id: invoice.id,
          version: invoice.version,
          clientId: invoice.clientId,
          currency: invoice.currency,
          issueDate: invoice.issueDate,
          dueDate: invoice.dueDate,
          servicePeriodStart: invoice.servicePeriodStart ?? "",
          servicePeriodEnd: invoice.servicePeriodEnd ?? "",
          notes: invoice.notes ?? "",
          footer: invoice.footer ?? "",
          buyerReference: invoice.buyerReference ?? "",
          purchaseOrderReference: invoice.purchaseOrderReference ?? "",
          paymentMeans: invoice.paymentMeans,
          lines: invoice.lines.map((line) => ({
            description: line.description,
            quantity: quantityMilliToDecimalString(line.quantityMilli),
            unit: line.unit,
            unitPrice: formatMoneyInput(line.unitPrice, invoice.currency),
            discount: line.discountBp === 0 ? "" : (line.discountBp / 100).toString(),
            taxRateBp: line.taxRateBp,
            vatCategory: line.vatCategory,
            timeEntryIds: line.timeEntryIds,
            expenseIds: line.expenseIds,
            projectId: line.projectId ?? "",
          })),
        }}
      />
    </div>
  );
}
