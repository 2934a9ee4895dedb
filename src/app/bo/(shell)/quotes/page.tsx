import { FileSignatureIcon, PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { requirePagePermission } from "@/lib/session";
import { QuoteTable } from "@/modules/quotes/components/quote-table";
import { findQuotes } from "@/modules/quotes/quote-queries";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Quotes" };

export default async function QuotesPage() {
  await requirePagePermission("invoice.read");
  const settings = await getPageSettings();
  const rows = await findQuotes(getDb(), { timezone: settings.timezone });
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
      {rows.length === 0 ? (
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
      ) : (
        <QuoteTable rows={rows} firm={{ locale: settings.locale }} />
      )}
    </div>
  );
}
