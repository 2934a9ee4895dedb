import { getTranslations } from "next-intl/server";
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

export async function generateMetadata() {
  const t = await getTranslations("expenses");
  return { title: t("list.title") };
}

export default async function ExpensesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requirePagePermission("expense.edit");
  const t = await getTranslations("expenses.list");
  const paging = expenseList.parse(await searchParams);
  const [settings, lists] = await Promise.all([getPageSettings(), findExpenses(getDb(), viewer, paging)]);
  const { locale } = settings;
  const noun = { one: t("noun.one"), other: t("noun.other") };
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <PageHeader
        title={t("title")}
        description={lists.everyone ? t("descriptionManager") : t("description")}
        actions={
          <Button asChild>
            <Link href="/bo/expenses/create">
              <PlusIcon aria-hidden="true" />
              {t("record")}
            </Link>
          </Button>
        }
      />
      {lists.awaiting ? (
        <section className="grid gap-3" aria-labelledby="awaiting-heading">
          <h2 id="awaiting-heading" className="text-lg font-semibold">
            {t("awaiting", { count: lists.awaiting.total.toLocaleString(locale) })}
          </h2>
          {lists.awaiting.total > 0 ? (
            <ExpenseTable rows={lists.awaiting.rows} locale={locale} caption={t("awaitingCaption")} showPerson />
          ) : (
            <p className="text-sm text-muted-foreground">{t("awaitingNone")}</p>
          )}
          {lists.awaiting.total > lists.awaiting.rows.length ? (
            <p className="text-sm text-muted-foreground">
              {t("awaitingMore", { count: EXPENSE_QUEUE_LIMIT.toLocaleString(locale) })}
            </p>
          ) : null}
        </section>
      ) : null}
      <section className="grid gap-3" aria-labelledby="mine-heading">
        <h2 id="mine-heading" className="text-lg font-semibold">
          {t("mine")}
        </h2>
        <PagedList
          list={{ page: paging.page, pageSize: paging.size, total: lists.mine.total, rows: lists.mine.rows }}
          noun={noun}
          locale={locale}
          href={(target) => expenseList.href({ ...paging, page: target })}
          pagerLabel={t("minePages")}
          icon={<ReceiptIcon />}
          empty={<EmptyState icon={<ReceiptIcon />} titleAs="h3" title={t("empty")} description={t("emptyHint")} />}
        >
          <ExpenseTable rows={lists.mine.rows} locale={locale} caption={t("mine")} showPerson={false} />
        </PagedList>
      </section>
      {lists.everyone ? (
        <section className="grid gap-3" aria-labelledby="everyone-heading">
          <h2 id="everyone-heading" className="text-lg font-semibold">
            {t("others")}
          </h2>
          <PagedList
            list={{
              page: paging.others,
              pageSize: paging.size,
              total: lists.everyone.total,
              rows: lists.everyone.rows,
            }}
            noun={noun}
            locale={locale}
            href={(target) => expenseList.href({ ...paging, others: target })}
            pagerLabel={t("othersPages")}
            icon={<ReceiptIcon />}
            empty={<p className="text-sm text-muted-foreground">{t("othersNone")}</p>}
          >
            <ExpenseTable rows={lists.everyone.rows} locale={locale} caption={t("othersCaption")} showPerson />
          </PagedList>
        </section>
      ) : null}
    </div>
  );
}
