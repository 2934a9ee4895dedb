// Why the calls domain refuses something: one stable code per reason (src/lib/rule-result.ts).
// API error bodies carry them and translations are keyed by them: never rename or reuse one for
// another reason; add a new one.
export const CALL_CODES = [
  "call.not_found",
  "call.stale",
  // The state machine: an action its status does not allow.
  "call.not_schedulable",
  "call.not_reschedulable",
  "call.not_retryable",
  "call.not_completable",
  "call.not_missable",
  "call.not_cancellable",
  // Who may change a call.
  "call.not_own_call",
  "call.assign_to_self_only",
  // Taking an unassigned call ("Take it").
  "call.not_takeable",
  "call.already_taken",
  // What is typed.
  "call.phone_too_long",
  "call.phone_not_understood",
  "call.phone_invalid",
  "call.phone_invalid_for_country",
  "call.duration_over_59",
  "call.duration_not_understood",
  "call.duration_too_short",
  "call.duration_too_long",
  "call.scheduled_at_missing",
  "call.started_at_missing",
  "call.duration_missing",
  // What a call points to.
  "call.project_not_found",
  "call.project_archived",
  "call.project_of_other_client",
  "call.client_not_found",
  "call.client_archived",
  "call.person_not_found",
  "call.person_deactivated",
  // A call logged as time.
  "call.already_logged",
  "call.not_completed",
  "call.project_missing",
  "call.no_duration",
  "call.unassigned",
  "call.logged_project_fixed",
  "call.logged_duration_fixed",
] as const;

export type CallCode = (typeof CALL_CODES)[number];
