import { useTranslations } from "next-intl";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { ExpenseStatus } from "@/db/schema/expenses";

const VARIANTS: Record<ExpenseStatus, BadgeVariant> = { submitted: "info", approved: "success", rejected: "danger" };

/** The same colours as a timesheet's states, always with the word; "Billed" once on an invoice. */
export function ExpenseStatusBadge({ status, billed }: { status: ExpenseStatus; billed: boolean }) {
  const t = useTranslations("expenses.status");
  if (billed) return <Badge variant="neutral">{t("billed")}</Badge>;
  return <Badge variant={VARIANTS[status]}>{t(status)}</Badge>;
}
