import { PlusIcon, RepeatIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { requirePagePermission } from "@/lib/session";
import { RecurringInvoiceTable } from "@/modules/recurring/components/recurring-invoice-table";
import { findRecurringInvoices } from "@/modules/recurring/recurring-queries";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("recurring.page");
  return { title: t("title") };
}

export default async function RecurringInvoicesPage() {
  await requirePagePermission("invoice.read");
  const [rows, settings] = await Promise.all([findRecurringInvoices(getDb()), getPageSettings()]);
  const t = await getTranslations("recurring.page");
  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button asChild>
            <Link href="/bo/invoices/recurring/create">
              <PlusIcon aria-hidden="true" /> {t("new")}
            </Link>
          </Button>
        }
      />
      {rows.length === 0 ? (
        <EmptyState
          icon={<RepeatIcon aria-hidden="true" />}
          title={t("empty")}
          description={t("emptyText")}
          action={
            <Button asChild>
              <Link href="/bo/invoices/recurring/create">{t("new")}</Link>
            </Button>
          }
        />
      ) : (
        <RecurringInvoiceTable rows={rows} firm={{ locale: settings.locale }} />
      )}
    </div>
  );
}
