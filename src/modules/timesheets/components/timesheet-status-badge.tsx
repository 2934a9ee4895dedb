import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { formatDate, isoWeekOf } from "@/lib/dates";
import type { TimesheetStatus } from "../timesheet-rules";

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
  return <Badge variant={VARIANTS[status]}>{TIMESHEET_STATUS_LABELS[status]}</Badge>;
}

/** "Week 10 · 2 Mar 2026" */
export function weekLabel(weekStart: string, locale: string, timeZone: string): string {
  return `Week ${isoWeekOf(weekStart).week} · ${formatDate(weekStart, locale, timeZone)}`;
}
