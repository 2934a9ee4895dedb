import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { QUOTE_STATUS_LABELS, type QuoteDisplayStatus } from "../quote-rules";

const VARIANTS: Record<QuoteDisplayStatus, BadgeVariant> = {
  draft: "neutral",
  sent: "info",
  accepted: "success",
  declined: "danger",
  expired: "warning",
  superseded: "secondary",
};

/** One colour per state, used the same way everywhere, and always the state in words. */
export function QuoteStatusBadge({ status }: { status: QuoteDisplayStatus }) {
  return <Badge variant={VARIANTS[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}
