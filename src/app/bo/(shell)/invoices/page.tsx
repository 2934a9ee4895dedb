import { DownloadIcon, FileTextIcon, PlusIcon, RepeatIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { findClientName } from "@/modules/clients/client-queries";
import {
  InvoiceFilters,
  InvoiceListEmpty,
  InvoiceTable,
  InvoiceTotals,
} from "@/modules/invoices/components/invoice-list";
import { findInvoices } from "@/modules/invoices/invoice-list-queries";
import { invoiceList, isInvoiceListFiltered } from "@/modules/invoices/invoice-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("invoices.page");
  return { title: t("title") };
}

export default async function InvoicesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePagePermission("invoice.read");
  const filter = invoiceList.parse(await searchParams);
  const t = await getTranslations("invoices.page");
  const db = getDb();
  const settings = await getPageSettings();
  const today = todayInZone(settings.timezone);
  const [list, client] = await Promise.all([findInvoices(db, filter, today), findClientName(db, filter.client)]);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <>
            <Button asChild variant="outline">
              <Link href="/bo/invoices/recurring">
                <RepeatIcon aria-hidden="true" /> {t("recurring")}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <a
                href={`/bo/invoices/export${invoiceList.query({ ...filter, page: undefined, size: undefined, sort: undefined, dir: undefined })}`}
                download
              >
                <DownloadIcon aria-hidden="true" /> {t("exportCsv")}
              </a>
            </Button>
            <Button asChild>
              <Link href="/bo/invoices/create">
                <PlusIcon aria-hidden="true" /> {t("newInvoice")}
              </Link>
            </Button>
          </>
        }
      />
      <InvoiceFilters filter={filter} client={client} />
      <PagedList
        list={list}
        noun={{ one: t("noun.one"), other: t("noun.other") }}
        locale={settings.locale}
        href={(page) => invoiceList.href({ ...filter, page })}
        icon={<FileTextIcon />}
        empty={<InvoiceListEmpty filtered={isInvoiceListFiltered(filter)} />}
        summary={<InvoiceTotals totals={list.totals} filter={filter} locale={settings.locale} />}
      >
        <InvoiceTable rows={list.rows} filter={filter} locale={settings.locale} timezone={settings.timezone} />
      </PagedList>
    </div>
  );
}
