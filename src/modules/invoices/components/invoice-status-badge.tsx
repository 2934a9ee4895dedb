import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { useTranslations } from "next-intl";
import type { InvoiceDisplayStatus } from "../invoice-rules";

const VARIANTS: Record<InvoiceDisplayStatus, BadgeVariant> = {
  draft: "neutral",
  issued: "info",
  partially_paid: "warning",
  paid: "success",
  cancelled: "secondary",
  overdue: "danger",
};

/**
 * One colour per state, used the same way everywhere, and always the state in words. The kind of
 * document agrees with the word where the language wants it ("avoir émis", "facture émise").
 */
export function InvoiceStatusBadge({
  status,
  kind = "invoice",
  label,
}: {
  status: InvoiceDisplayStatus;
  kind?: "invoice" | "credit_note";
  label?: string;
}) {
  const t = useTranslations("invoices.status");
  return <Badge variant={VARIANTS[status]}>{label ?? t(status, { kind })}</Badge>;
}
