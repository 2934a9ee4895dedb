import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { INVOICE_STATUS_LABELS, type InvoiceDisplayStatus } from "../invoice-rules";

const VARIANTS: Record<InvoiceDisplayStatus, BadgeVariant> = {
  draft: "neutral",
  issued: "info",
  partially_paid: "warning",
  paid: "success",
  cancelled: "secondary",
  overdue: "danger",
};

/** One colour per state, used the same way everywhere, and always the state in words. */
export function InvoiceStatusBadge({ status }: { status: InvoiceDisplayStatus }) {
  return <Badge variant={VARIANTS[status]}>{INVOICE_STATUS_LABELS[status]}</Badge>;
}
