import { FileSignatureIcon, PlusIcon } from "lucide-react";
import type { Metadata } from "next";
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

export const metadata: Metadata = { title: "Quotes" };

const QUOTE_NOUN = { one: "quote", other: "quotes" };

export default async function QuotesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePagePermission("invoice.read");
  const { q, status, page, size } = quoteList.parse(await searchParams);
  const settings = await getPageSettings();
  const { rows, total } = await findQuotes(getDb(), { timezone: settings.timezone, q, status, page, pageSize: size });
  const filtered = Boolean(q || status);
  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title="Quotes"
        description="Estimates for your clients: numbered when sent, accepted or declined by the client, made into an invoice once accepted."
        actions={
          <Button asChild>
            <Link href="/bo/quotes/create">
              <PlusIcon aria-hidden="true" /> New quote
            </Link>
          </Button>
        }
      />
      <QuoteFilters q={q} status={status} />
      <PagedList
        list={{ page, pageSize: size, total, rows }}
        noun={QUOTE_NOUN}
        locale={settings.locale}
        href={(target) => quoteList.href({ q, status, page: target, size })}
        icon={<FileSignatureIcon />}
        empty={
          filtered ? (
            <EmptyState
              icon={<FileSignatureIcon aria-hidden="true" />}
              title="No quote matches"
              description="No quote has this number, client or status. Clear the filters to see every quote."
              action={
                <Button asChild variant="outline">
                  <Link href={quoteList.path}>Clear the filters</Link>
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<FileSignatureIcon aria-hidden="true" />}
              title="No quotes yet"
              description="Create a quote with the lines you propose; send it, and make it into an invoice once the client accepts."
              action={
                <Button asChild>
                  <Link href="/bo/quotes/create">New quote</Link>
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
