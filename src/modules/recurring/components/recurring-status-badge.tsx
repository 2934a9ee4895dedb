import { useTranslations } from "next-intl";
import { Badge, type BadgeVariant } from "@/components/ui/badge";

type RecurringStatus = "active" | "paused" | "archived";

const VARIANTS: Record<RecurringStatus, BadgeVariant> = {
  active: "success",
  paused: "warning",
  archived: "secondary",
};

export function RecurringStatusBadge({ status }: { status: RecurringStatus }) {
  const t = useTranslations("recurring.status");
  return <Badge variant={VARIANTS[status]}>{t(status)}</Badge>;
}
