import { formatDate, isoWeekOf, isValidDateString, weekDays, type DateString } from "@/lib/dates";
import { parseScaledDecimal, roundHalfUp, toSafeNumber } from "@/lib/money";
import type { Actor } from "@/modules/audit/audit-log";
import { can } from "@/modules/users/permissions";
import { allowed, refuse, type Refusal, type RuleResult } from "@/lib/rule-result";
import type { TimesheetCode } from "./timesheet-codes";

// Pure timesheet rules: reading durations, the weekly state machine, entry
// validation and the value of time.

export type TimesheetStatus = "draft" | "submitted" | "approved" | "rejected";
export type TimesheetAction = "submit" | "withdraw" | "approve" | "reject" | "reopen";

export const TIMESHEET_STATUSES = [
  "draft",
  "submitted",
  "approved",
  "rejected",
] as const satisfies readonly TimesheetStatus[];

type TimesheetRuleResult = RuleResult<TimesheetCode>;

export const MINUTES_PER_DAY = 1440;
export const DAYS_IN_WEEK = 7;
export const MAX_REJECTION_REASON_LENGTH = 500;

// ---------------------------------------------------------------------------------------
// Durations

export type DurationResult = { ok: true; minutes: number | null } | Refusal<TimesheetCode>;

const DAY_OVER_24_HOURS = "A day has at most 24 hours.";

/**
 * Reads what a person types in a timesheet cell into minutes.
 *
 * Decimal hours "7", "1.5", "1,5", ".5", "7.5h" (at most 2 decimals, rounded to the nearest
 * minute, half up: 0.01 h is 0.6 min) and clock "1:30", "0:45", "1h30". Empty (or zero) means
 * "no entry" and gives `minutes: null`, which is not an error: the cell is cleared. More than
 * 24 hours is refused because nobody works more than a day in a day (minutes 1–1440).
 */
export function parseDuration(input: string): DurationResult {
  const text = input.trim().toLowerCase().replace(/\s+/g, "");
  if (text === "") return { ok: true, minutes: null };
  if (text.startsWith("-")) return refuse("timesheet.duration_negative", "A duration cannot be negative.");

  let minutes: number;
  const clock = /^(\d{1,2})(?::|h)(\d{2})(?:m|min)?$/.exec(text);
  if (clock) {
    const [, hours = "", mins = ""] = clock;
    if (Number(mins) > 59)
      return refuse("timesheet.duration_minutes_over_59", "Minutes must be between 00 and 59, e.g. 1:30.");
    minutes = Number(hours) * 60 + Number(mins);
  } else if (/^\d*[.,]?\d*h?$/.test(text) && /\d/.test(text)) {
    const hoursText = text.replace(/h$/, "");
    const hundredths = parseScaledDecimal(hoursText, 2);
    if (hundredths === null)
      return refuse("timesheet.duration_too_precise", "Use at most 2 decimals, e.g. 7.25 or 7:15.");
    if (hundredths > 2400n) return refuse("timesheet.day_over_24_hours", DAY_OVER_24_HOURS);
    // hours × 60 = hundredths × 60 / 100
    minutes = Number(roundHalfUp(hundredths * 60n, 100n));
  } else if (/^\d+(?:m|min)$/.test(text)) {
    minutes = Number.parseInt(text, 10);
  } else {
    return refuse("timesheet.duration_not_understood", "Enter hours like 7.5 or 7:30.");
  }
  if (minutes > MINUTES_PER_DAY) return refuse("timesheet.day_over_24_hours", DAY_OVER_24_HOURS);
  if (minutes === 0) return { ok: true, minutes: null };
  return { ok: true, minutes };
}

/**
 * How durations are shown (issue 22, one way everywhere): decimal hours, as invoices bill them,
 * "7.5 h" (with the locale's separator: "7,5 h"); a cell of the week grid, which is typed into,
 * the same number without the unit ("7.5", "7,5"). Both read back with parseDuration, which also
 * takes the clock form a person may type ("7:30").
 */
export type DurationStyle = "decimal" | "cell";

const hoursFormatters = new Map<string, Intl.NumberFormat>();

function hoursFormatter(locale: string, grouping: boolean): Intl.NumberFormat {
  const key = `${locale}|${grouping}`;
  let formatter = hoursFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: grouping });
    hoursFormatters.set(key, formatter);
  }
  return formatter;
}

/** 450 → "7.5 h" (decimal, with the locale's separator) or "7.5" (a grid cell's value). */
export function formatDuration(minutes: number, style: DurationStyle, locale = "en-GB"): string {
  if (!Number.isSafeInteger(minutes)) throw new RangeError(`Minutes must be an integer (got ${String(minutes)}).`);
  const sign = minutes < 0 ? "-" : "";
  // Hours to 2 decimals, half up, from integers so 20 min reads 0.33 h on every engine.
  const hundredths = roundHalfUp(BigInt(Math.abs(minutes)) * 100n, 60n);
  const decimal = `${sign}${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}` as `${number}`;
  switch (style) {
    case "decimal":
      return `${hoursFormatter(locale, true).format(decimal)} h`;
    case "cell":
      return hoursFormatter(locale, false).format(decimal);
    default: {
      const unreachable: never = style;
      throw new Error(`Unknown duration style: ${String(unreachable)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------
// State machine

type SheetRef = { status: TimesheetStatus; ownerId: string };

/** The status each action leads to (withdraw returns a submitted week, reopen an approved one, to draft). */
export function statusAfterAction(action: TimesheetAction): TimesheetStatus {
  switch (action) {
    case "submit":
      return "submitted";
    case "withdraw":
      return "draft";
    case "approve":
      return "approved";
    case "reject":
      return "rejected";
    case "reopen":
      return "draft";
    default: {
      const unreachable: never = action;
      throw new Error(`Unknown timesheet action: ${String(unreachable)}`);
    }
  }
}

const STATUS_WORDS: Record<TimesheetStatus, string> = {
  draft: "a draft",
  submitted: "submitted",
  approved: "approved",
  rejected: "rejected",
};

/** Only the owner edits, and only while the week is a draft or was rejected. */
export function canEdit({
  status,
  actorId,
  ownerId,
}: {
  status: TimesheetStatus;
  actorId: string;
  ownerId: string;
}): TimesheetRuleResult {
  if (actorId !== ownerId)
    return refuse("timesheet.not_owner", "Only the person whose timesheet this is can change it.");
  switch (status) {
    case "draft":
    case "rejected":
      return allowed;
    case "submitted":
      return refuse("timesheet.awaiting_approval", "This timesheet is waiting for approval; withdraw it to change it.");
    case "approved":
      return refuse(
        "timesheet.approved_read_only",
        "This timesheet is approved; ask a manager to reopen it to make changes.",
      );
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown timesheet status: ${String(unreachable)}`);
    }
  }
}

/** The owner submits a draft or a corrected rejected week; an empty week has nothing to approve. */
export function canSubmit({
  status,
  ownerId,
  actor,
  entryCount,
}: SheetRef & { actor: Actor; entryCount: number }): TimesheetRuleResult {
  if (actor.id !== ownerId)
    return refuse("timesheet.not_owner", "Only the person whose timesheet this is can submit it.");
  if (status !== "draft" && status !== "rejected")
    return refuse(
      "timesheet.not_submittable",
      `This timesheet is ${STATUS_WORDS[status]}; only a draft or a rejected timesheet can be submitted.`,
    );
  if (entryCount < 1) return refuse("timesheet.empty", "Add at least one time entry before submitting.");
  return allowed;
}

/** The owner takes a submitted week back to draft while nobody has decided on it yet. */
export function canWithdraw({ status, ownerId, actor }: SheetRef & { actor: Actor }): TimesheetRuleResult {
  if (actor.id !== ownerId)
    return refuse("timesheet.not_owner", "Only the person whose timesheet this is can withdraw it.");
  if (status !== "submitted")
    return refuse(
      "timesheet.not_withdrawable",
      `This timesheet is ${STATUS_WORDS[status]}; only a submitted timesheet not yet decided on can be withdrawn.`,
    );
  return allowed;
}

function checkDecider(actor: Actor, ownerId: string, verb: string): TimesheetRuleResult {
  if (!can(actor, "timesheet.decide"))
    return refuse("timesheet.not_decider", `Only a manager or an administrator can ${verb} timesheets.`);
  // Four-eyes rule: nobody decides on their own time.
  if (actor.id === ownerId)
    return refuse("timesheet.own_timesheet", `You cannot ${verb} your own timesheet; another manager must do it.`);
  return allowed;
}

export function canApprove({ status, ownerId, actor }: SheetRef & { actor: Actor }): TimesheetRuleResult {
  const decider = checkDecider(actor, ownerId, "approve");
  if (!decider.ok) return decider;
  if (status !== "submitted")
    return refuse(
      "timesheet.not_submitted",
      `This timesheet is ${STATUS_WORDS[status]}; only a submitted timesheet can be approved.`,
    );
  return allowed;
}

/**
 * A completed billable call whose week is already approved (perhaps invoiced) goes into that week
 * as approved time, so it is not lost: only someone who could have approved the week may put it
 * there (decision 031).
 */
export function canAddToApprovedWeek({
  ownerId,
  actor,
  ownerName,
  weekStart,
}: {
  ownerId: string;
  actor: Actor;
  ownerName: string;
  weekStart: string;
}): TimesheetRuleResult {
  if (!can(actor, "timesheet.decide"))
    return refuse(
      "timesheet.week_approved",
      `${ownerName}'s timesheet for the week of ${weekStart} is approved. Ask a manager to log this call: it then goes into that week as approved time, among the client's unbilled time.`,
    );
  if (actor.id === ownerId)
    return refuse(
      "timesheet.own_timesheet",
      `Your timesheet for the week of ${weekStart} is approved; another manager must log this call into it.`,
    );
  return allowed;
}

/** A rejection needs a reason (1–500 characters) so the owner knows what to fix. */
export function canReject({
  status,
  ownerId,
  actor,
  reason,
}: SheetRef & { actor: Actor; reason: string }): TimesheetRuleResult {
  const decider = checkDecider(actor, ownerId, "reject");
  if (!decider.ok) return decider;
  if (status !== "submitted")
    return refuse(
      "timesheet.not_submitted",
      `This timesheet is ${STATUS_WORDS[status]}; only a submitted timesheet can be rejected.`,
    );
  const trimmed = reason.trim();
  if (trimmed === "") return refuse("timesheet.rejection_reason_missing", "Give a reason for the rejection.");
  if (trimmed.length > MAX_REJECTION_REASON_LENGTH)
    return refuse(
      "timesheet.rejection_reason_too_long",
      `The reason can be at most ${MAX_REJECTION_REASON_LENGTH} characters long.`,
    );
  return allowed;
}

/** Reopen returns an approved week to draft, only while none of its entries is on an invoice. */
export function canReopen({
  status,
  ownerId,
  actor,
  hasInvoicedEntries,
}: SheetRef & { actor: Actor; hasInvoicedEntries: boolean }): TimesheetRuleResult {
  const decider = checkDecider(actor, ownerId, "reopen");
  if (!decider.ok) return decider;
  if (status !== "approved")
    return refuse(
      "timesheet.not_approved",
      `This timesheet is ${STATUS_WORDS[status]}; only an approved timesheet can be reopened.`,
    );
  if (hasInvoicedEntries)
    return refuse(
      "timesheet.entries_invoiced",
      "Some entries of this week are on an invoice; delete the draft invoice or credit the issued one first.",
    );
  return allowed;
}

/** Dispatches on the action, for one generic "change status" server action. */
export function canPerform(
  action: TimesheetAction,
  input: SheetRef & { actor: Actor; entryCount?: number; reason?: string; hasInvoicedEntries?: boolean },
): TimesheetRuleResult {
  switch (action) {
    case "submit":
      return canSubmit({ ...input, entryCount: input.entryCount ?? 0 });
    case "withdraw":
      return canWithdraw(input);
    case "approve":
      return canApprove(input);
    case "reject":
      return canReject({ ...input, reason: input.reason ?? "" });
    case "reopen":
      return canReopen({ ...input, hasInvoicedEntries: input.hasInvoicedEntries ?? true });
    default: {
      const unreachable: never = action;
      throw new Error(`Unknown timesheet action: ${String(unreachable)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Entries

export type EntryToValidate = {
  /** Identifies the cell or row in the UI, e.g. the entry id or `${projectId}:${date}`. */
  key: string;
  date: DateString;
  projectId: string;
  minutes: number;
};

export type EntryValidation = {
  valid: boolean;
  /** Refusals per entry key, to show next to the cell. */
  entries: Record<string, Refusal<TimesheetCode>[]>;
  /** The refusal of a day, to show under the day's total. */
  days: Record<DateString, Refusal<TimesheetCode>>;
};

/**
 * Checks a week's entries: each date inside the week, minutes 1–1440, no archived project,
 * and a person's total for one day at most 1440 minutes. `otherEntries` are
 * the same person's entries on these days that are not being saved now, so the day total is
 * the person's, not the form's.
 */
export function validateEntries(
  entries: readonly EntryToValidate[],
  {
    weekStart,
    archivedProjectIds,
    otherEntries = [],
  }: {
    weekStart: DateString;
    archivedProjectIds: ReadonlySet<string> | readonly string[];
    otherEntries?: readonly { date: DateString; minutes: number }[];
  },
): EntryValidation {
  const days = new Set(weekDays(weekStart));
  const archived =
    archivedProjectIds instanceof Set ? archivedProjectIds : new Set(archivedProjectIds as readonly string[]);
  const entryErrors: EntryValidation["entries"] = {};
  const dayErrors: EntryValidation["days"] = {};
  const add = (key: string, refusal: Refusal<TimesheetCode>) => {
    (entryErrors[key] ??= []).push(refusal);
  };

  const totals = new Map<DateString, number>();
  for (const other of otherEntries) totals.set(other.date, (totals.get(other.date) ?? 0) + other.minutes);

  for (const entry of entries) {
    if (!isValidDateString(entry.date)) add(entry.key, refuse("timesheet.entry_date_invalid", "Enter a valid date."));
    else if (!days.has(entry.date))
      add(entry.key, refuse("timesheet.entry_date_outside_week", "The date must be inside the timesheet's week."));
    if (!Number.isSafeInteger(entry.minutes) || entry.minutes < 1)
      add(entry.key, refuse("timesheet.entry_too_short", "Enter a duration of at least one minute."));
    else if (entry.minutes > MINUTES_PER_DAY) add(entry.key, refuse("timesheet.day_over_24_hours", DAY_OVER_24_HOURS));
    if (archived.has(entry.projectId))
      add(entry.key, refuse("timesheet.project_archived", "This project is archived; choose another one."));
    if (Number.isSafeInteger(entry.minutes) && entry.minutes > 0)
      totals.set(entry.date, (totals.get(entry.date) ?? 0) + entry.minutes);
  }
  for (const [date, total] of totals) {
    if (days.has(date) && total > MINUTES_PER_DAY)
      dayErrors[date] = refuse(
        "timesheet.day_total_over_24_hours",
        "The time logged on this day is more than 24 hours.",
      );
  }
  return {
    valid: Object.keys(entryErrors).length === 0 && Object.keys(dayErrors).length === 0,
    entries: entryErrors,
    days: dayErrors,
  };
}

// ---------------------------------------------------------------------------------------
// Value of time

/**
 * The hourly rate frozen on an entry at approval: the project's, else the client's, else the
 * firm's default. A rate of 0 is a real rate (pro bono work), so only a
 * missing rate falls through.
 */
export function resolveHourlyRate({
  projectRate,
  clientRate,
  firmRate,
}: {
  projectRate?: number | null;
  clientRate?: number | null;
  firmRate?: number | null;
}): number | null {
  return projectRate ?? clientRate ?? firmRate ?? null;
}

/** minutes × hourly rate / 60, rounded half-up to the minor unit. */
export function entryValueMinor(minutes: number, rateMinor: number): number {
  if (!Number.isSafeInteger(minutes) || !Number.isSafeInteger(rateMinor))
    throw new RangeError("Minutes and rate must be integers.");
  return toSafeNumber(roundHalfUp(BigInt(minutes) * BigInt(rateMinor), 60n), "Entry value");
}

/** "Week 10 · 2 Mar 2026" */
export function weekLabel(weekStart: string, locale: string, timeZone: string): string {
  const { week, date } = weekLabelParts(weekStart, locale, timeZone);
  return `Week ${week} · ${date}`;
}

/** A week label's parts, for a catalog's "Week {week} · {date}": 10 and "2 Mar 2026". */
export function weekLabelParts(weekStart: string, locale: string, timeZone: string): { week: number; date: string } {
  return { week: isoWeekOf(weekStart).week, date: formatDate(weekStart, locale, timeZone) };
}
