import type { BadgeVariant } from "@/components/ui/badge";
import type { CallStatus } from "../call-rules";

/** One colour per call state, used the same way everywhere (always with the state in words). */
export const CALL_STATUS_VARIANTS: Record<CallStatus, BadgeVariant> = {
  requested: "warning",
  scheduled: "info",
  completed: "success",
  missed: "danger",
  cancelled: "neutral",
};
