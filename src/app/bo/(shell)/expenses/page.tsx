import type { Metadata } from "next";
import { PlusIcon, ReceiptIcon } from "lucide-react";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { requirePagePermission } from "@/lib/session";
import { ExpenseTable } from "@/modules/expenses/components/expense-table";
import { findExpenses } from "@/modules/expenses/expense-queries";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Expenses" };

export default async function ExpensesPage() {
  const viewer = await requirePagePermission("expense.edit");
  const [settings, lists] = await Promise.all([getPageSettings(), findExpenses(getDb(), viewer)]);
  const { locale } = settings;
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <PageHeader
        title="Expenses"
        description={
          lists.everyone
            ? "Your expenses, those waiting for your approval, and everyone's."
            : "What you spent for clients' projects, with its receipt; a manager approves each one."
        }
        actions={
          <Button asChild>
            <Link href="/bo/expenses/create">
              <PlusIcon aria-hidden="true" />
              Record expense
            </Link>
          </Button>
        }
      />
      {lists.awaiting ? (
        <section className="grid gap-3" aria-labelledby="awaiting-heading">
          <h2 id="awaiting-heading" className="text-lg font-semibold">
            Awaiting approval ({lists.awaiting.length})
          </h2>
          {lists.awaiting.length > 0 ? (
            <ExpenseTable rows={lists.awaiting} locale={locale} caption="Expenses awaiting approval" showPerson />
          ) : (
            <p className="text-sm text-muted-foreground">Nothing waits for your approval.</p>
          )}
        </section>
      ) : null}
      <section className="grid gap-3" aria-labelledby="mine-heading">
        <h2 id="mine-heading" className="text-lg font-semibold">
          My expenses
        </h2>
        {lists.mine.length > 0 ? (
          <ExpenseTable rows={lists.mine} locale={locale} caption="My expenses" showPerson={false} />
        ) : (
          <EmptyState
            icon={<ReceiptIcon />}
            titleAs="h3"
            title="No expenses yet"
            description="Record what you spend for a client's project, with a photo or PDF of the receipt."
          />
        )}
      </section>
      {lists.everyone ? (
        <section className="grid gap-3" aria-labelledby="everyone-heading">
          <h2 id="everyone-heading" className="text-lg font-semibold">
            Everyone else&apos;s
          </h2>
          {lists.everyone.length > 0 ? (
            <ExpenseTable rows={lists.everyone} locale={locale} caption="Everyone else's expenses" showPerson />
          ) : (
            <p className="text-sm text-muted-foreground">Nobody else has recorded an expense yet.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
