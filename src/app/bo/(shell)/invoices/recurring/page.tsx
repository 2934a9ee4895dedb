import { PlusIcon, RepeatIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { requirePagePermission } from "@/lib/session";
import { RecurringInvoiceTable } from "@/modules/recurring/components/recurring-invoice-table";
import { findRecurringInvoices } from "@/modules/recurring/recurring-queries";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Recurring invoices" };

export default async function RecurringInvoicesPage() {
  await requirePagePermission("invoice.read");
  const [rows, settings] = await Promise.all([findRecurringInvoices(getDb()), getPageSettings()]);
  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title="Recurring invoices"
        description="Retainers and subscriptions billed on a schedule: each period's invoice is made once, on its day, by the background worker."
        actions={
          <Button asChild>
            <Link href="/bo/invoices/recurring/create">
              <PlusIcon aria-hidden="true" /> New recurring invoice
            </Link>
          </Button>
        }
      />
      {rows.length === 0 ? (
        <EmptyState
          icon={<RepeatIcon aria-hidden="true" />}
          title="No recurring invoices yet"
          description="Create one for a client you bill the same lines every month, quarter, year or few weeks."
          action={
            <Button asChild>
              <Link href="/bo/invoices/recurring/create">New recurring invoice</Link>
            </Button>
          }
        />
      ) : (
        <RecurringInvoiceTable rows={rows} firm={{ locale: settings.locale }} />
      )}
    </div>
  );
}
