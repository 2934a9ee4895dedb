import type { BadgeVariant } from "@/components/ui/badge";

/** One colour per state, the same everywhere; the badge always carries the text too. */
export const JOB_STATUS_VARIANTS = {
  draft: "neutral",
  published: "success",
  closed: "secondary",
  expired: "secondary",
} as const satisfies Record<string, BadgeVariant>;
export const APPLICATION_STATUS_VARIANTS = {
  new: "info",
  reviewing: "warning",
  interview: "warning",
  offer: "success",
  hired: "success",
  rejected: "danger",
  withdrawn: "neutral",
} as const satisfies Record<string, BadgeVariant>;
export const MESSAGE_STATUS_VARIANTS = {
  new: "info",
  read: "neutral",
  archived: "secondary",
} as const satisfies Record<string, BadgeVariant>;
