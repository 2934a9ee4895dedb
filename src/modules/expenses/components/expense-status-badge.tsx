import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { ExpenseStatus } from "@/db/schema/expenses";
import { EXPENSE_STATUS_LABELS } from "../expense-rules";

const VARIANTS: Record<ExpenseStatus, BadgeVariant> = { submitted: "info", approved: "success", rejected: "danger" };

/** The same colours as a timesheet's states, always with the word; "Billed" once on an invoice. */
export function ExpenseStatusBadge({ status, billed }: { status: ExpenseStatus; billed: boolean }) {
  if (billed) return <Badge variant="neutral">Billed</Badge>;
  return <Badge variant={VARIANTS[status]}>{EXPENSE_STATUS_LABELS[status]}</Badge>;
}
