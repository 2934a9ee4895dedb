// Why the timesheets domain refuses something: one stable code per reason (src/lib/rule-result.ts).
// API error bodies carry them and translations are keyed by them: never rename or reuse one for
// another reason; add a new one.
export const TIMESHEET_CODES = [
  // What is typed in a cell.
  "timesheet.duration_negative",
  "timesheet.duration_minutes_over_59",
  "timesheet.duration_too_precise",
  "timesheet.duration_not_understood",
  "timesheet.day_over_24_hours",
  // Entries.
  "timesheet.entry_date_invalid",
  "timesheet.entry_date_outside_week",
  "timesheet.entry_too_short",
  "timesheet.entry_minutes_out_of_range",
  "timesheet.description_too_long",
  "timesheet.day_total_over_24_hours",
  "timesheet.project_missing",
  "timesheet.project_not_found",
  "timesheet.project_archived",
  "timesheet.project_not_assigned",
  "timesheet.entry_not_found",
  // The week and its states.
  "timesheet.not_found",
  "timesheet.stale",
  "timesheet.person_not_found",
  "timesheet.person_inactive",
  "timesheet.week_exists",
  "timesheet.week_submitted",
  "timesheet.week_approved",
  "timesheet.not_owner",
  "timesheet.awaiting_approval",
  "timesheet.approved_read_only",
  "timesheet.not_submittable",
  "timesheet.empty",
  "timesheet.not_withdrawable",
  "timesheet.not_decider",
  "timesheet.own_timesheet",
  "timesheet.not_submitted",
  "timesheet.rejection_reason_missing",
  "timesheet.rejection_reason_too_long",
  "timesheet.not_approved",
  "timesheet.entries_invoiced",
  // The timer.
  "timesheet.timer_running",
  "timesheet.timer_not_running",
  "timesheet.timer_stale",
  "timesheet.timer_over_24_hours",
  "timesheet.timer_under_a_minute",
  "timesheet.timer_start_in_future",
  // Notifications.
  "timesheet.reminder_stale",
] as const;

export type TimesheetCode = (typeof TIMESHEET_CODES)[number];
