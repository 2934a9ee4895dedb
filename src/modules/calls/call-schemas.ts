// Inputs of the calls domain, shared by the forms (zodResolver) and the mutations. Safe in the
// browser. Phone numbers are checked here for shape only; the mutation reads them with the
// firm's country as default region (libphonenumber-js) and stores E.164.
import { z } from "zod";
import {
  choiceParam,
  dateParam,
  defineList,
  idParam,
  isId,
  pagingParams,
  param,
  searchParam,
} from "@/lib/search-params";
import { checkLine, checkMultiline, normalizeLineBreaks, type TextKind, versionInput } from "@/lib/input-fields";
import { CONTACT_NAME_MAX, isWallTime, NOTES_MAX, parseCallDuration, SUBJECT_MAX } from "./call-rules";

export const CALL_DIRECTIONS = ["inbound", "outbound"] as const;
export const CALL_STATUSES = ["requested", "scheduled", "completed", "missed", "cancelled"] as const;
export const MISSED_OUTCOMES = ["no_answer", "busy", "voicemail", "wrong_number"] as const;
export const CALL_VIEWS = ["todo", "history"] as const;
export type CallView = (typeof CALL_VIEWS)[number];

const uuidOrNull = (message: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value === null || value === undefined || value.trim() === "" ? null : value.trim()))
    .pipe(z.uuid(message).nullable());

const optionalText = (max: number, message: string, kind: TextKind = "line") =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => {
      const text = (kind === "multiline" ? normalizeLineBreaks(value ?? "") : (value ?? "")).trim();
      return text === "" ? null : text;
    })
    .pipe(
      z
        .string()
        .max(max, message)
        .superRefine(kind === "multiline" ? checkMultiline : checkLine)
        .nullable(),
    );

const contactName = z
  .string({ error: "Enter the contact's name." })
  .trim()
  .min(1, "Enter the contact's name.")
  .max(CONTACT_NAME_MAX, `Use at most ${CONTACT_NAME_MAX} characters.`)
  .superRefine(checkLine);
const subject = z
  .string({ error: "Enter a subject." })
  .trim()
  .min(1, "Enter a subject.")
  .max(SUBJECT_MAX, `Use at most ${SUBJECT_MAX} characters.`)
  .superRefine(checkLine);
const notes = optionalText(NOTES_MAX, `Use at most ${NOTES_MAX.toLocaleString("en-GB")} characters.`, "multiline");
const phone = optionalText(40, "A phone number has at most 40 characters.");
const email = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => {
    const text = (value ?? "").trim().toLowerCase();
    return text === "" ? null : text;
  })
  .pipe(z.email("Enter a valid email address.").max(254, "Use at most 254 characters.").nullable());

const wallTime = (message: string) => z.string({ error: message }).trim().refine(isWallTime, message);
const optionalWallTime = (message: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => {
      const text = (value ?? "").trim();
      return text === "" ? null : text;
    })
    .refine((value) => value === null || isWallTime(value), message);

/** Duration typed as "15" (minutes), "12:30", "1:02:03" or "1h 5m" → seconds. */
const duration = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx) => {
    const result = parseCallDuration(value === null || value === undefined ? "" : String(value));
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.seconds;
  });
const requiredDuration = duration.refine(
  (value) => value !== null,
  "Enter how long the call lasted, e.g. 15 or 12:30.",
);

const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

const idAndVersion = { id: z.uuid("Unknown call."), version: versionInput };

const callFields = {
  direction: z.enum(CALL_DIRECTIONS, { error: "Choose inbound or outbound." }),
  contactName,
  phone,
  email,
  clientId: uuidOrNull("Choose a client from the list."),
  projectId: uuidOrNull("Choose a project from the list."),
  billable: checkbox,
  assignedUserId: uuidOrNull("Choose a person from the list."),
  subject,
  notes,
};

const followUp = {
  followUpAt: optionalWallTime("Enter a date and time for the follow-up."),
  followUpSubject: optionalText(SUBJECT_MAX, `Use at most ${SUBJECT_MAX} characters.`),
};

/** A call that just happened: completed at once, duration required. */
export const logCallInput = z.object({
  ...callFields,
  startedAt: wallTime("Enter when the call started."),
  duration: requiredDuration,
  ...followUp,
});
export type LogCallInput = z.input<typeof logCallInput>;

/** A call to make (or take) later. */
export const scheduleCallInput = z.object({
  ...callFields,
  scheduledAt: wallTime("Enter a date and time for the call."),
});
export type ScheduleCallInput = z.input<typeof scheduleCallInput>;

/** Editing keeps the status; which time fields are required depends on it (checked by the mutation). */
export const updateCallInput = z.object({
  ...idAndVersion,
  ...callFields,
  scheduledAt: optionalWallTime("Enter a date and time."),
  startedAt: optionalWallTime("Enter a date and time."),
  duration,
});
export type UpdateCallInput = z.input<typeof updateCallInput>;

export const completeCallInput = z.object({
  ...idAndVersion,
  startedAt: optionalWallTime("Enter when the call started."),
  duration: requiredDuration,
  notes,
  ...followUp,
});
export type CompleteCallInput = z.input<typeof completeCallInput>;

export const missCallInput = z.object({
  ...idAndVersion,
  outcome: z.enum(MISSED_OUTCOMES, { error: "Choose what happened." }),
  notes,
});
export type MissCallInput = z.input<typeof missCallInput>;

/** Schedule a requested call, move a scheduled one, or retry a missed one. */
export const scheduleExistingCallInput = z.object({
  ...idAndVersion,
  scheduledAt: wallTime("Enter a date and time for the call."),
});
export type ScheduleExistingCallInput = z.input<typeof scheduleExistingCallInput>;

export const cancelCallInput = z.object({ ...idAndVersion });

/** The client whose projects a call dialog offers, once the client is chosen. */
export const callProjectsInput = z.object({ clientId: z.uuid("Unknown client.") });
export const logCallTimeInput = z.object({ ...idAndVersion });
export const takeCallInput = z.object({ ...idAndVersion });

/** A callback request (from /mail or taken by phone): phone required. */
export const requestCallbackInput = z.object({
  contactName,
  phone: z
    .string({ error: "Enter a phone number to call back." })
    .trim()
    .min(1, "Enter a phone number to call back.")
    .max(40, "A phone number has at most 40 characters.")
    .superRefine(checkLine),
  email,
  subject,
  notes,
  clientId: uuidOrNull("Choose a client from the list."),
});
export type RequestCallbackInput = z.input<typeof requestCallbackInput>;

// ---------------------------------------------------------------------------------------
// The list's URL: every filter lives in the search params.

/** /bo/calls: To do or History, and their filters. */
export const callList = defineList("/bo/calls", {
  view: choiceParam(CALL_VIEWS, "todo"),
  q: searchParam(),
  /** A user's id, or "me" (whoever views the list). */
  person: param.transform((value) => (value === "me" || (value !== undefined && isId(value)) ? value : undefined)),
  client: idParam,
  direction: choiceParam(CALL_DIRECTIONS),
  status: choiceParam(CALL_STATUSES),
  from: dateParam,
  // The list reads "before the day after": the last day there is has no day after it.
  to: dateParam.transform((value) => (value !== undefined && value < "9999-12-31" ? value : undefined)),
  /** To do only: "today" (planned today, or not yet planned) or "overdue" (planned before today). */
  due: choiceParam(["today", "overdue"]),
  ...pagingParams,
});
export const callListQuery = callList.schema;
export type CallListQuery = z.output<typeof callListQuery>;

/** Whether a filter narrows the view (the view, whose calls and the page do not count). */
export function isCallListFiltered(query: CallListQuery): boolean {
  return Boolean(
    query.q ||
    query.person ||
    query.client ||
    query.direction ||
    query.status ||
    query.from ||
    query.to ||
    (query.view === "todo" && query.due),
  );
}
