import { isValidDateString, weekDays, type DateString } from "@/lib/dates";
import { parseScaledDecimal, roundHalfUp, toSafeNumber } from "@/lib/money";
import type { Actor } from "@/modules/audit/audit-log";
import { can } from "@/modules/users/permissions";

// Pure timesheet rules: reading durations, the weekly state machine (SPEC section 4), entry
// validation (SPEC section 3, "Time entry") and the value of time.

export type TimesheetStatus = "draft" | "submitted" | "approved" | "rejected";
export type TimesheetAction = "submit" | "approve" | "reject" | "reopen";

export const TIMESHEET_STATUSES = [
  "draft",
  "submitted",
  "approved",
  "rejected",
] as const satisfies readonly TimesheetStatus[];

export type RuleResult = { ok: true } | { ok: false; message: string };

const ok: RuleResult = { ok: true };
const refuse = (message: string): RuleResult => ({ ok: false, message });

export const MINUTES_PER_DAY = 1440;
export const MAX_REJECTION_REASON_LENGTH = 500;

// ---------------------------------------------------------------------------------------
// Durations

export type DurationResult = { ok: true; minutes: number | null } | { ok: false; message: string };

/**
 * Reads what a person types in a timesheet cell into minutes.
 *
 * Decimal hours "7", "1.5", "1,5", ".5", "7.5h" (at most 2 decimals, rounded to the nearest
 * minute, half up: 0.01 h is 0.6 min) and clock "1:30", "0:45", "1h30". Empty (or zero) means
 * "no entry" and gives `minutes: null`, which is not an error: the cell is cleared. More than
 * 24 hours is refused because nobody works more than a day in a day (SPEC: minutes 1–1440).
 */
export function parseDuration(input: string): DurationResult {
  const text = input.trim().toLowerCase().replace(/\s+/g, "");
  if (text === "") return { ok: true, minutes: null };
  if (text.startsWith("-")) return { ok: false, message: "A duration cannot be negative." };

  let minutes: number;
  const clock = /^(\d{1,2})(?::|h)(\d{2})(?:m|min)?$/.exec(text);
  if (clock) {
    const [, hours = "", mins = ""] = clock;
    if (Number(mins) > 59) return { ok: false, message: "Minutes must be between 00 and 59, e.g. 1:30." };
    minutes = Number(hours) * 60 + Number(mins);
  } else if (/^\d*[.,]?\d*h?$/.test(text) && /\d/.test(text)) {
    const hoursText = text.replace(/h$/, "");
    const hundredths = parseScaledDecimal(hoursText, 2);
    if (hundredths === null) return { ok: false, message: "Use at most 2 decimals, e.g. 7.25 or 7:15." };
    if (hundredths > 2400n) return { ok: false, message: "A day has at most 24 hours." };
    // hours × 60 = hundredths × 60 / 100
    minutes = Number(roundHalfUp(hundredths * 60n, 100n));
  } else if (/^\d+(?:m|min)$/.test(text)) {
    minutes = Number.parseInt(text, 10);
  } else {
    return { ok: false, message: "Enter hours like 7.5 or 7:30." };
  }
  if (minutes > MINUTES_PER_DAY) return { ok: false, message: "A day has at most 24 hours." };
  if (minutes === 0) return { ok: true, minutes: null };
  return { ok: true, minutes };
}

export type DurationStyle = "decimal" | "clock";

const hoursFormatters = new Map<string, Intl.NumberFormat>();

function hoursFormatter(locale: string): Intl.NumberFormat {
  let formatter = hoursFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    hoursFormatters.set(locale, formatter);
  }
  return formatter;
}

/** 450 → "7.5 h" (decimal, with the locale's separator) or "7:30" (clock). */
export function formatDuration(minutes: number, style: DurationStyle, locale = "en-GB"): string {
  if (!Number.isSafeInteger(minutes)) throw new RangeError(`Minutes must be an integer (got ${String(minutes)}).`);
  const sign = minutes < 0 ? "-" : "";
  const magnitude = Math.abs(minutes);
  switch (style) {
    case "clock":
      return `${sign}${Math.floor(magnitude / 60)}:${String(magnitude % 60).padStart(2, "0")}`;
    case "decimal": {
      // Hours to 2 decimals, half up, from integers so 20 min reads 0.33 h on every engine.
      const hundredths = roundHalfUp(BigInt(magnitude) * 100n, 60n);
      const decimal = `${sign}${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}` as `${number}`;
      return `${hoursFormatter(locale).format(decimal)} h`;
    }
    default: {
      const unreachable: never = style;
      throw new Error(`Unknown duration style: ${String(unreachable)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------
// State machine

type SheetRef = { status: TimesheetStatus; ownerId: string };

/** The status each action leads to (SPEC section 4; reopen returns an approved week to draft). */
export function statusAfterAction(action: TimesheetAction): TimesheetStatus {
  switch (action) {
    case "submit":
      return "submitted";
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

/** Only the owner edits, and only while the week is a draft or was rejected (SPEC section 4). */
export function canEdit({
  status,
  actorId,
  ownerId,
}: {
  status: TimesheetStatus;
  actorId: string;
  ownerId: string;
}): RuleResult {
  if (actorId !== ownerId) return refuse("Only the person whose timesheet this is can change it.");
  switch (status) {
    case "draft":
    case "rejected":
      return ok;
    case "submitted":
      return refuse("This timesheet is waiting for approval and cannot be changed.");
    case "approved":
      return refuse("This timesheet is approved; ask a manager to reopen it to make changes.");
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
}: SheetRef & { actor: Actor; entryCount: number }): RuleResult {
  if (actor.id !== ownerId) return refuse("Only the person whose timesheet this is can submit it.");
  if (status !== "draft" && status !== "rejected")
    return refuse(`This timesheet is ${STATUS_WORDS[status]}; only a draft or a rejected timesheet can be submitted.`);
  if (entryCount < 1) return refuse("Add at least one time entry before submitting.");
  return ok;
}

function checkDecider(actor: Actor, ownerId: string, verb: string): RuleResult {
  if (!can(actor, "timesheet.decide")) return refuse(`Only a manager or an administrator can ${verb} timesheets.`);
  // Four-eyes rule (SPEC section 1): nobody decides on their own time.
  if (actor.id === ownerId) return refuse(`You cannot ${verb} your own timesheet; another manager must do it.`);
  return ok;
}

export function canApprove({ status, ownerId, actor }: SheetRef & { actor: Actor }): RuleResult {
  const decider = checkDecider(actor, ownerId, "approve");
  if (!decider.ok) return decider;
  if (status !== "submitted")
    return refuse(`This timesheet is ${STATUS_WORDS[status]}; only a submitted timesheet can be approved.`);
  return ok;
}

/** A rejection needs a reason (1–500 characters) so the owner knows what to fix. */
export function canReject({ status, ownerId, actor, reason }: SheetRef & { actor: Actor; reason: string }): RuleResult {
  const decider = checkDecider(actor, ownerId, "reject");
  if (!decider.ok) return decider;
  if (status !== "submitted")
    return refuse(`This timesheet is ${STATUS_WORDS[status]}; only a submitted timesheet can be rejected.`);
  const trimmed = reason.trim();
  if (trimmed === "") return refuse("Give a reason for the rejection.");
  if (trimmed.length > MAX_REJECTION_REASON_LENGTH)
    return refuse(`The reason can be at most ${MAX_REJECTION_REASON_LENGTH} characters long.`);
  return ok;
}

/** Reopen returns an approved week to draft, only while none of its entries is on an invoice. */
export function canReopen({
  status,
  ownerId,
  actor,
  hasInvoicedEntries,
}: SheetRef & { actor: Actor; hasInvoicedEntries: boolean }): RuleResult {
  const decider = checkDecider(actor, ownerId, "reopen");
  if (!decider.ok) return decider;
  if (status !== "approved")
    return refuse(`This timesheet is ${STATUS_WORDS[status]}; only an approved timesheet can be reopened.`);
  if (hasInvoicedEntries)
    return refuse(
      "Some entries of this week are on an invoice; delete the draft invoice or credit the issued one first.",
    );
  return ok;
}

/** Dispatches on the action, for one generic "change status" server action. */
export function canPerform(
  action: TimesheetAction,
  input: SheetRef & { actor: Actor; entryCount?: number; reason?: string; hasInvoicedEntries?: boolean },
): RuleResult {
  switch (action) {
    case "submit":
      return canSubmit({ ...input, entryCount: input.entryCount ?? 0 });
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
  /** Messages per entry key, to show next to the cell. */
  entries: Record<string, string[]>;
  /** Messages per day, to show under the day's total. */
  days: Record<DateString, string>;
};

/**
 * Checks a week's entries: each date inside the week, minutes 1–1440, no archived project,
 * and a person's total for one day at most 1440 minutes (SPEC section 3). `otherEntries` are
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
  const entryErrors: Record<string, string[]> = {};
  const dayErrors: Record<DateString, string> = {};
  const add = (key: string, message: string) => {
    (entryErrors[key] ??= []).push(message);
  };

  const totals = new Map<DateString, number>();
  for (const other of otherEntries) totals.set(other.date, (totals.get(other.date) ?? 0) + other.minutes);

  for (const entry of entries) {
    if (!isValidDateString(entry.date)) add(entry.key, "Enter a valid date.");
    else if (!days.has(entry.date)) add(entry.key, "The date must be inside the timesheet's week.");
    if (!Number.isSafeInteger(entry.minutes) || entry.minutes < 1)
      add(entry.key, "Enter a duration of at least one minute.");
    else if (entry.minutes > MINUTES_PER_DAY) add(entry.key, "A day has at most 24 hours.");
    if (archived.has(entry.projectId)) add(entry.key, "This project is archived; choose another one.");
    if (Number.isSafeInteger(entry.minutes) && entry.minutes > 0)
      totals.set(entry.date, (totals.get(entry.date) ?? 0) + entry.minutes);
  }
  for (const [date, total] of totals) {
    if (days.has(date) && total > MINUTES_PER_DAY)
      dayErrors[date] = "The time logged on this day is more than 24 hours.";
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
 * firm's default (SPEC section 4). A rate of 0 is a real rate (pro bono work), so only a
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
