import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { useTranslations } from "next-intl";
import type { QuoteDisplayStatus } from "../quote-rules";

const VARIANTS: Record<QuoteDisplayStatus, BadgeVariant> = {
  draft: "neutral",
  sent: "info",
  accepted: "success",
  declined: "danger",
  expired: "warning",
  superseded: "secondary",
};

/** One colour per state, used the same way everywhere, and always the state in words. */
export function QuoteStatusBadge({ status, label }: { status: QuoteDisplayStatus; label?: string }) {
  const t = useTranslations("quotes.status");
  return <Badge variant={VARIANTS[status]}>{label ?? t(status)}</Badge>;
}
