import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { requirePagePermission } from "@/lib/session";
import { expenseProjectOptions } from "@/modules/expenses/expense-queries";
import { ExpenseForm } from "@/modules/expenses/components/expense-form";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("expenses");
  return { title: t("create.title") };
}

export default async function CreateExpensePage() {
  const viewer = await requirePagePermission("expense.edit");
  const t = await getTranslations("expenses.create");
  const [settings, clients] = await Promise.all([getPageSettings(), expenseProjectOptions(getDb(), viewer)]);
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <ExpenseForm clients={clients} today={todayInZone(settings.timezone)} />
    </div>
  );
}
