import { FileSignatureIcon, PlusIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { QuoteFilters, QuoteTable } from "@/modules/quotes/components/quote-table";
import { findQuotes } from "@/modules/quotes/quote-queries";
import { quoteList } from "@/modules/quotes/quote-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("quotes.page");
  return { title: t("title") };
}

export default async function QuotesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePagePermission("invoice.read");
  const { q, status, page, size } = quoteList.parse(await searchParams);
  const settings = await getPageSettings();
  const { rows, total } = await findQuotes(getDb(), { timezone: settings.timezone, q, status, page, pageSize: size });
  const filtered = Boolean(q || status);
  const t = await getTranslations("quotes.page");
  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button asChild>
            <Link href="/bo/quotes/create">
              <PlusIcon aria-hidden="true" /> {t("newQuote")}
            </Link>
          </Button>
        }
      />
      <QuoteFilters q={q} status={status} />
      <PagedList
        list={{ page, pageSize: size, total, rows }}
        noun={{ one: t("noun.one"), other: t("noun.other") }}
        locale={settings.locale}
        href={(target) => quoteList.href({ q, status, page: target, size })}
        icon={<FileSignatureIcon />}
        empty={
          filtered ? (
            <EmptyState
              icon={<FileSignatureIcon aria-hidden="true" />}
              title={t("noMatch")}
              description={t("noMatchText")}
              action={
                <Button asChild variant="outline">
                  <Link href={quoteList.path}>{t("clearFilters")}</Link>
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<FileSignatureIcon aria-hidden="true" />}
              title={t("empty")}
              description={t("emptyText")}
              action={
                <Button asChild>
                  <Link href="/bo/quotes/create">{t("newQuote")}</Link>
                </Button>
              }
            />
          )
        }
      >
        <QuoteTable rows={rows} firm={{ locale: settings.locale }} />
      </PagedList>
    </div>
  );
}
