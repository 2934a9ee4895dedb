import { Badge, type BadgeVariant } from "@/components/ui/badge";

export const RECURRING_STATUS_LABELS = { active: "Active", paused: "Paused", archived: "Archived" } as const;
const VARIANTS: Record<keyof typeof RECURRING_STATUS_LABELS, BadgeVariant> = {
  active: "success",
  paused: "warning",
  archived: "secondary",
};

export function RecurringStatusBadge({ status }: { status: keyof typeof RECURRING_STATUS_LABELS }) {
  return <Badge variant={VARIANTS[status]}>{RECURRING_STATUS_LABELS[status]}</Badge>;
}
