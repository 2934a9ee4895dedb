import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { requirePagePermission } from "@/lib/session";
import { expenseProjectOptions } from "@/modules/expenses/expense-queries";
import { ExpenseForm } from "@/modules/expenses/components/expense-form";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Record expense" };

export default async function CreateExpensePage() {
  const viewer = await requirePagePermission("expense.edit");
  const [settings, clients] = await Promise.all([getPageSettings(), expenseProjectOptions(getDb(), viewer)]);
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader title="Record expense" description="It waits for a manager's approval before it can be billed." />
      <ExpenseForm clients={clients} today={todayInZone(settings.timezone)} />
    </div>
  );
}
