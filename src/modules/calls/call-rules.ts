// Pure rules of the call log: the state machine, who may change a call
//, phone numbers (E.164 through libphonenumber-js), durations and the firm's
// wall-clock times. No database, no React: unit-tested in call-rules.test.ts.
import { TZDate } from "@date-fns/tz";
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { isValidDateString, wallClockInZone } from "@/lib/dates";
import { can } from "@/modules/users/permissions";
import type { Role } from "@/modules/users/roles";
import { allowed, refuse, type Refusal, type RuleResult } from "@/lib/rule-result";
import type { CallCode } from "./call-codes";

export type CallStatus = "requested" | "scheduled" | "completed" | "missed" | "cancelled";
export type CallDirection = "inbound" | "outbound";
export type MissedOutcome = "no_answer" | "busy" | "voicemail" | "wrong_number";
export type CallAction = "schedule" | "reschedule" | "retry" | "complete" | "miss" | "cancel";
type CallRuleResult = RuleResult<CallCode>;

export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  requested: "Requested",
  scheduled: "Scheduled",
  completed: "Completed",
  missed: "Missed",
  cancelled: "Cancelled",
};
export const CALL_DIRECTION_LABELS: Record<CallDirection, string> = { inbound: "Inbound", outbound: "Outbound" };
export const MISSED_OUTCOME_LABELS: Record<MissedOutcome, string> = {
  no_answer: "No answer",
  busy: "Busy",
  voicemail: "Voicemail",
  wrong_number: "Wrong number",
};
export const CALL_ACTION_LABELS: Record<CallAction, string> = {
  schedule: "Schedule",
  reschedule: "Reschedule",
  retry: "Retry",
  complete: "Complete",
  miss: "Mark missed",
  cancel: "Cancel",
};

export const TODO_STATUSES = ["requested", "scheduled"] as const satisfies readonly CallStatus[];
export const HISTORY_STATUSES = ["completed", "missed", "cancelled"] as const satisfies readonly CallStatus[];

export const CONTACT_NAME_MAX = 120;
export const SUBJECT_MAX = 200;
export const NOTES_MAX = 10_000;
export const DURATION_MAX_SECONDS = 86_400;

// ---------------------------------------------------------------------------------------
// State machine:
//   requested → scheduled → completed | missed | cancelled
//   requested → completed | missed | cancelled
//   missed → scheduled (retry); a scheduled call can be moved (reschedule).

const TRANSITIONS: Record<CallAction, { from: readonly CallStatus[]; to: CallStatus }> = {
  schedule: { from: ["requested"], to: "scheduled" },
  reschedule: { from: ["scheduled"], to: "scheduled" },
  retry: { from: ["missed"], to: "scheduled" },
  complete: { from: ["requested", "scheduled"], to: "completed" },
  miss: { from: ["requested", "scheduled"], to: "missed" },
  cancel: { from: ["requested", "scheduled"], to: "cancelled" },
};

export function statusAfter(action: CallAction): CallStatus {
  return TRANSITIONS[action].to;
}

/** Whether `action` is allowed from `status`; a refusal says why in words a user understands. */
export function canTransition(status: CallStatus, action: CallAction): CallRuleResult {
  if (TRANSITIONS[action].from.includes(status)) return allowed;
  const label = CALL_STATUS_LABELS[status].toLowerCase();
  switch (action) {
    case "schedule":
      return refuse("call.not_schedulable", `Only a requested call can be scheduled; this call is ${label}.`);
    case "reschedule":
      return refuse("call.not_reschedulable", `Only a scheduled call can be rescheduled; this call is ${label}.`);
    case "retry":
      return refuse("call.not_retryable", `Only a missed call can be retried; this call is ${label}.`);
    case "complete":
      return refuse("call.not_completable", `A ${label} call cannot be completed.`);
    case "miss":
      return refuse("call.not_missable", `A ${label} call cannot be marked missed.`);
    case "cancel":
      return refuse("call.not_cancellable", `A ${label} call cannot be cancelled.`);
    default: {
      const unreachable: never = action;
      throw new Error(`Unknown call action: ${String(unreachable)}`);
    }
  }
}

/** The actions offered for a call in this status, in menu order. */
export function availableActions(status: CallStatus): CallAction[] {
  const order: CallAction[] = ["complete", "miss", "schedule", "reschedule", "retry", "cancel"];
  return order.filter((action) => TRANSITIONS[action].from.includes(status));
}

export function isTodoStatus(status: CallStatus): boolean {
  return (TODO_STATUSES as readonly CallStatus[]).includes(status);
}

/** A call still to do whose time has passed. Requested calls without a time are never overdue. */
export function isOverdue(call: { status: CallStatus; scheduledAt: Date | null }, now: Date): boolean {
  return isTodoStatus(call.status) && call.scheduledAt !== null && call.scheduledAt.getTime() < now.getTime();
}

// ---------------------------------------------------------------------------------------
// Who may change a call: those holding call.edit_all (permissions.ts) any call, everyone else their
// own: those assigned to them or created by them (docs/decisions/008-call-log.md).

export type CallOwner = { assignedUserId: string | null; createdById: string | null };

export function canChangeCall(actor: { id: string; role: Role }, call: CallOwner): CallRuleResult {
  if (can(actor, "call.edit_all")) return allowed;
  if (call.assignedUserId === actor.id || call.createdById === actor.id) return allowed;
  return refuse("call.not_own_call", "You can only change your own calls (assigned to you or logged by you).");
}

/**
 * "Take it": anyone who logs calls may take a call still to do that nobody is assigned to (a
 * call-back requested from /mail is assigned to nobody); it then becomes theirs.
 */
export function canTakeCall(call: { status: CallStatus; assignedUserId: string | null }): CallRuleResult {
  if (!isTodoStatus(call.status))
    return refuse(
      "call.not_takeable",
      `Only a call still to do can be taken; this call is ${CALL_STATUS_LABELS[call.status].toLowerCase()}.`,
    );
  if (call.assignedUserId) return refuse("call.already_taken", "Someone has already taken this call.");
  return allowed;
}

/** Without call.edit_all, a person logs calls for themselves only. */
export function canAssignTo(actor: { id: string; role: Role }, assignedUserId: string | null): CallRuleResult {
  if (can(actor, "call.edit_all")) return allowed;
  if (assignedUserId === null || assignedUserId === actor.id) return allowed;
  return refuse("call.assign_to_self_only", "You can only assign calls to yourself.");
}

// ---------------------------------------------------------------------------------------
// Phone numbers: stored in E.164, read with the firm's country as the default region.

export type PhoneResult = { ok: true; e164: string | null } | Refusal<CallCode>;

export function isCountryCode(value: string): value is CountryCode {
  return /^[A-Z]{2}$/.test(value);
}

/**
 * "01 23 45 67 89" (with FR as the default region), "+44 20 7946 0958", "0044 20 7946 0958",
 * "tel:+33123456789" → E.164. Empty is null (no phone). Anything that is not a valid number for
 * its country is refused, so a typo is caught when it is typed, not when someone dials it.
 */
export function parsePhone(input: string | null | undefined, defaultCountry: string): PhoneResult {
  let text = (input ?? "").trim();
  if (text === "") return { ok: true, e164: null };
  if (text.length > 40) return refuse("call.phone_too_long", "A phone number has at most 40 characters.");
  text = text.replace(/^tel:/i, "");
  // International prefix "00" as typed in most of Europe.
  if (/^00[1-9]/.test(text.replace(/[\s().-]/g, ""))) text = "+" + text.replace(/[\s().-]/g, "").slice(2);
  if (!/^[+\d\s().\-/]+(?:\s*(?:ext\.?|x|#)\s*\d{1,6})?$/i.test(text)) {
    return refuse("call.phone_not_understood", "Enter a phone number such as 01 23 45 67 89 or +44 20 7946 0958.");
  }
  const region = isCountryCode(defaultCountry) ? defaultCountry : undefined;
  const parsed = parsePhoneNumberFromString(text, region ? { defaultCountry: region } : undefined);
  if (!parsed || !parsed.isValid()) {
    return text.startsWith("+")
      ? refuse("call.phone_invalid", "This is not a valid phone number.")
      : refuse(
          "call.phone_invalid_for_country",
          `This is not a valid phone number for ${region ?? "the firm's country"}; for another country start with + and its code.`,
        );
  }
  return { ok: true, e164: parsed.number };
}

// Parsing a number with the full metadata costs about 20 µs; a page of 50 calls paid a
// millisecond for it on every view, for the same few thousand numbers. Formatting is a pure
// function of its two arguments, so its answers are kept, up to a bound.
const formattedPhones = new Map<string, string>();
const FORMATTED_PHONES_KEPT = 5_000;

/** National format for the firm's own country ("01 23 45 67 89"), international otherwise. */
export function formatPhone(e164: string, firmCountry: string): string {
  const key = `${firmCountry} ${e164}`;
  const kept = formattedPhones.get(key);
  if (kept !== undefined) return kept;
  const parsed = parsePhoneNumberFromString(e164);
  const formatted = !parsed
    ? e164
    : parsed.country && parsed.country === firmCountry
      ? parsed.formatNational()
      : parsed.formatInternational();
  if (formattedPhones.size >= FORMATTED_PHONES_KEPT) formattedPhones.clear();
  formattedPhones.set(key, formatted);
  return formatted;
}

export function phoneHref(e164: string): string {
  return `tel:${e164}`;
}

// ---------------------------------------------------------------------------------------
// Durations: what people type about a call ("12" minutes, "12:30", "1:02:03", "1h 5m", "90s").

export type CallDurationResult = { ok: true; seconds: number | null } | Refusal<CallCode>;

export function parseCallDuration(input: string | null | undefined): CallDurationResult {
  const text = (input ?? "").trim().toLowerCase().replace(/\s+/g, "");
  if (text === "") return { ok: true, seconds: null };
  let seconds: number;
  const clock = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(text);
  const units = /^(?:(\d{1,2})h)?(?:(\d{1,4})(?:m|min))?(?:(\d{1,5})s)?$/.exec(text);
  if (/^\d{1,4}$/.test(text)) {
    seconds = Number(text) * 60;
  } else if (/^\d{1,4}[.,]\d{1,2}$/.test(text)) {
    seconds = Math.round(Number(text.replace(",", ".")) * 60);
  } else if (clock) {
    const [, hours, minutes = "0", secs = "0"] = clock;
    if (Number(secs) > 59 || (hours !== undefined && Number(minutes) > 59)) {
      return refuse("call.duration_over_59", "Seconds and minutes go up to 59, e.g. 12:30 or 1:05:00.");
    }
    seconds = Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs);
  } else if (units && (units[1] || units[2] || units[3])) {
    seconds = Number(units[1] ?? 0) * 3600 + Number(units[2] ?? 0) * 60 + Number(units[3] ?? 0);
  } else {
    return refuse("call.duration_not_understood", "Enter minutes such as 15, or minutes and seconds such as 12:30.");
  }
  if (seconds < 1) return refuse("call.duration_too_short", "A call lasts at least one second.");
  if (seconds > DURATION_MAX_SECONDS) return refuse("call.duration_too_long", "A call lasts at most 24 hours.");
  return { ok: true, seconds };
}

/** 750 → "12:30", 3723 → "1:02:03". */
export function formatCallDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const mm = String(minutes).padStart(hours > 0 ? 2 : 1, "0");
  return `${hours > 0 ? `${hours}:` : ""}${mm}:${String(secs).padStart(2, "0")}`;
}

/** For the duration field when editing: whole minutes as "15", otherwise "12:30". */
export function durationInputValue(seconds: number | null): string {
  if (seconds === null) return "";
  return seconds % 60 === 0 && seconds < 10_000 * 60 ? String(seconds / 60) : formatCallDuration(seconds);
}

/** A time entry counts whole minutes: a started minute counts (a 10-second call is 1 minute). */
export function timeEntryMinutes(durationSeconds: number): number {
  return Math.min(1440, Math.max(1, Math.ceil(durationSeconds / 60)));
}

export function canLogTime(call: {
  status: CallStatus;
  projectId: string | null;
  timeEntryId: string | null;
  durationSeconds: number | null;
}): CallRuleResult {
  if (call.timeEntryId) return refuse("call.already_logged", "This call is already logged as a time entry.");
  if (call.status !== "completed") return refuse("call.not_completed", "Only a completed call can be logged as time.");
  if (!call.projectId)
    return refuse("call.project_missing", "Choose a project for this call before logging it as time.");
  if (!call.durationSeconds) return refuse("call.no_duration", "This call has no duration.");
  return allowed;
}

/** What became of a completed call's time: in a week, or not logged and why (it can be logged later). */
export type CallTimeOutcome =
  | {
      logged: true;
      timesheetId: string;
      weekStart: string;
      minutes: number;
      personName: string;
      intoApprovedWeek: boolean;
    }
  | { logged: false; reason: string };

/** The toast after "Complete call": where a billable call's time went, or why it did not. */
export function completionMessage(time: CallTimeOutcome | null): string {
  if (!time) return "Call completed.";
  if (!time.logged)
    return `Call completed. Its time was not logged: ${time.reason} Use "Log as time…" once that is done.`;
  const where = `${time.personName}'s timesheet for the week of ${time.weekStart}`;
  const duration = `${time.minutes} min`;
  return time.intoApprovedWeek
    ? `Call completed; its ${duration} went into ${where} as approved time, among the client's unbilled time.`
    : `Call completed; its ${duration} went into ${where}.`;
}

export function timeEntryDescription(call: { contactName: string; subject: string }): string {
  return `Call with ${call.contactName}: ${call.subject}`.slice(0, 500);
}

// ---------------------------------------------------------------------------------------
// Wall-clock times typed in the firm's timezone (<input type="datetime-local">).

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A real calendar day (from 1900 on, as every date) and time: "2026-02-30T10:00" is refused rather than moved to March. */
export function isWallTime(value: string): boolean {
  const match = WALL_TIME.exec(value);
  if (!match || !isValidDateString(value.slice(0, 10))) return false;
  const [, , , , hour, minute] = match.map(Number);
  return hour! <= 23 && minute! <= 59;
}

/** "2026-03-12T14:30" in Europe/Paris → the instant 13:30 UTC. */
export function wallTimeToInstant(value: string, timeZone: string): Date {
  const match = WALL_TIME.exec(value);
  if (!match || !isWallTime(value)) throw new RangeError(`Expected YYYY-MM-DDTHH:mm (got "${value}").`);
  const [, year, month, day, hour, minute] = match.map(Number);
  return new Date(new TZDate(year!, month! - 1, day!, hour!, minute!, timeZone).getTime());
}

/** The instant as the firm's wall-clock time "YYYY-MM-DDTHH:mm" (to prefill the field). */
export function instantToWallTime(instant: Date, timeZone: string): string {
  const clock = wallClockInZone(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${String(clock.year).padStart(4, "0")}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}
