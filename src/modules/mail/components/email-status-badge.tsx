import { useTranslations } from "next-intl";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { EmailStatus } from "@/db/schema";

const VARIANTS: Record<EmailStatus, BadgeVariant> = {
  queued: "info",
  sending: "info",
  sent: "success",
  failed: "danger",
  captured: "warning",
};

/** A mail's status; its word is `outbox.status.<status>`. */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const t = useTranslations("outbox.status");
  return <Badge variant={VARIANTS[status]}>{t(status)}</Badge>;
}
