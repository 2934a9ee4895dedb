import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { EmailStatus } from "@/db/schema";

const LABELS: Record<EmailStatus, { label: string; variant: BadgeVariant }> = {
  queued: { label: "Queued", variant: "info" },
  sending: { label: "Sending", variant: "info" },
  sent: { label: "Sent", variant: "success" },
  failed: { label: "Failed", variant: "danger" },
  captured: { label: "Captured", variant: "warning" },
};

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const { label, variant } = LABELS[status];
  return <Badge variant={variant}>{label}</Badge>;
}

export const EMAIL_STATUS_LABELS = Object.fromEntries(
  Object.entries(LABELS).map(([key, value]) => [key, value.label]),
) as Record<EmailStatus, string>;
