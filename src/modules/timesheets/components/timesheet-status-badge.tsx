import { useTranslations } from "next-intl";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { TimesheetStatus } from "../timesheet-rules";

// The label lives with the rules, so the background worker can use it without React components.
export { weekLabel } from "../timesheet-rules";

/** The English words (reports and exports); the interface shows `timesheets.status.*`. */
export const TIMESHEET_STATUS_LABELS: Record<TimesheetStatus, string> = {
  draft: "Draft",
  submitted: "Submitted",
  approved: "Approved",
  rejected: "Rejected",
};
const VARIANTS: Record<TimesheetStatus, BadgeVariant> = {
  draft: "neutral",
  submitted: "info",
  approved: "success",
  rejected: "danger",
};

/** One colour per state, always with its word (no information by colour alone). */
export function TimesheetStatusBadge({ status }: { status: TimesheetStatus }) {
  const t = useTranslations("timesheets.status");
  return <Badge variant={VARIANTS[status]}>{t(status)}</Badge>;
}
