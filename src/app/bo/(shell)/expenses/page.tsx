import type { Metadata } from "next";
import { PlusIcon, ReceiptIcon } from "lucide-react";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { ExpenseTable } from "@/modules/expenses/components/expense-table";
import { EXPENSE_QUEUE_LIMIT, findExpenses } from "@/modules/expenses/expense-queries";
import { expenseList } from "@/modules/expenses/expense-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Expenses" };

const EXPENSE_NOUN = { one: "expense", other: "expenses" };

export default async function ExpensesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requirePagePermission("expense.edit");
  const paging = expenseList.parse(await searchParams);
  const [settings, lists] = await Promise.all([getPageSettings(), findExpenses(getDb(), viewer, paging)]);
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
            Awaiting approval ({lists.awaiting.total.toLocaleString(locale)})
          </h2>
          {lists.awaiting.total > 0 ? (
            <ExpenseTable rows={lists.awaiting.rows} locale={locale} caption="Expenses awaiting approval" showPerson />
          ) : (
            <p className="text-sm text-muted-foreground">Nothing waits for your approval.</p>
          )}
          {lists.awaiting.total > lists.awaiting.rows.length ? (
            <p className="text-sm text-muted-foreground">
              The oldest {EXPENSE_QUEUE_LIMIT.toLocaleString(locale)} are shown; the others appear as these are approved
              or rejected.
            </p>
          ) : null}
        </section>
      ) : null}
      <section className="grid gap-3" aria-labelledby="mine-heading">
        <h2 id="mine-heading" className="text-lg font-semibold">
          My expenses
        </h2>
        <PagedList
          list={{ page: paging.page, pageSize: paging.size, total: lists.mine.total, rows: lists.mine.rows }}
          noun={EXPENSE_NOUN}
          locale={locale}
          href={(target) => expenseList.href({ ...paging, page: target })}
          pagerLabel="Pages of my expenses"
          icon={<ReceiptIcon />}
          empty={
            <EmptyState
              icon={<ReceiptIcon />}
              titleAs="h3"
              title="No expenses yet"
              description="Record what you spend for a client's project, with a photo or PDF of the receipt."
            />
          }
        >
          <ExpenseTable rows={lists.mine.rows} locale={locale} caption="My expenses" showPerson={false} />
        </PagedList>
      </section>
      {lists.everyone ? (
        <section className="grid gap-3" aria-labelledby="everyone-heading">
          <h2 id="everyone-heading" className="text-lg font-semibold">
            Everyone else&apos;s
          </h2>
          <PagedList
            list={{
              page: paging.others,
              pageSize: paging.size,
              total: lists.everyone.total,
              rows: lists.everyone.rows,
            }}
            noun={EXPENSE_NOUN}
            locale={locale}
            href={(target) => expenseList.href({ ...paging, others: target })}
            pagerLabel="Pages of everyone else's expenses"
            icon={<ReceiptIcon />}
            empty={<p className="text-sm text-muted-foreground">Nobody else has recorded an expense yet.</p>}
          >
            <ExpenseTable rows={lists.everyone.rows} locale={locale} caption="Everyone else's expenses" showPerson />
          </PagedList>
        </section>
      ) : null}
    </div>
  );
}
