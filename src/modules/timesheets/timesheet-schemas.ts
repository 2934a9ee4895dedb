// Inputs of the timesheets domain, shared by the grid (checked as you type) and the actions
// (checked again on the server). Browser-safe: no database code.
import { z } from "zod";
import { isMonday, isoWeekMonday } from "@/lib/dates";
import { checkLine, checkMultiline, normalizeLineBreaks, versionInput } from "@/lib/input-fields";
import { choiceParam, dateParam, defineList, idParam, pagingParams } from "@/lib/search-params";
import {
  DAYS_IN_WEEK,
  MAX_REJECTION_REASON_LENGTH,
  MINUTES_PER_DAY,
  parseDuration,
  TIMESHEET_STATUSES,
} from "./timesheet-rules";

export const MAX_GRID_ROWS = 100;

export const gridRowInput = z.object({
  projectId: z.string().trim().pipe(z.uuid("Choose a project.")),
  description: z
    .string()
    .nullish()
    .transform((value) => (value ?? "").trim())
    .refine((value) => value.length <= 500, "Use at most 500 characters.")
    .superRefine(checkLine),
  billable: z.boolean(),
  /** What the person typed in each day cell, Monday to Sunday: "7.5", "7,5", "7:30" or empty. */
  cells: z
    .array(
      z
        .string()
        .max(20, "Enter hours like 7.5 or 7:30.")
        .superRefine((cell, ctx) => {
          const parsed = parseDuration(cell);
          if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
        }),
    )
    .length(DAYS_IN_WEEK),
});
export type GridRowInput = z.input<typeof gridRowInput>;

export type ParsedGridRow = {
  projectId: string;
  description: string | null;
  billable: boolean;
  minutes: (number | null)[];
};

/**
 * The grid of one week. Each cell is read with parseDuration; errors are keyed
 * `rows.<row>.cells.<day>` (next to the cell) and `days.<day>` (a day over 24 hours, under its total).
 */
/** The minutes a cell holds: null when empty, or when it cannot be read (its own error says why). */
function cellMinutes(cell: unknown): number | null {
  const parsed = typeof cell === "string" ? parseDuration(cell) : null;
  return parsed?.ok ? parsed.minutes : null;
}

export const timesheetGridInput = z
  .object({
    rows: z.array(gridRowInput).max(MAX_GRID_ROWS, `A week can have at most ${MAX_GRID_ROWS} rows.`),
  })
  // The days' totals add up the cells that can be read, whatever else is wrong in the grid (a row
  // without a project): zod would otherwise skip this until every row parsed, and a day over 24
  // hours would only show once the rest was fixed.
  .superRefine(
    (value, ctx) => {
      const dayTotals = Array.from({ length: DAYS_IN_WEEK }, () => 0);
      for (const row of value.rows) {
        if (!Array.isArray(row?.cells)) continue;
        row.cells.slice(0, DAYS_IN_WEEK).forEach((cell, day) => {
          dayTotals[day] = (dayTotals[day] ?? 0) + (cellMinutes(cell) ?? 0);
        });
      }
      dayTotals.forEach((total, day) => {
        if (total > MINUTES_PER_DAY)
          ctx.addIssue({
            code: "custom",
            path: ["days", day],
            message: "The time logged on this day is more than 24 hours.",
          });
      });
    },
    { when: (payload) => Array.isArray((payload.value as { rows?: unknown } | undefined)?.rows) },
  )
  .transform((value): ParsedGridRow[] =>
    value.rows.map((row) => ({
      projectId: row.projectId,
      description: row.description === "" ? null : row.description,
      billable: row.billable,
      minutes: row.cells.map(cellMinutes),
    })),
  );

const weekStart = z.string().refine((value) => isMonday(value), "Choose the Monday that starts the week.");

/** A new week: the person (managers may pick someone else), the Monday, the grid; optionally submit at once. */
export const createTimesheetInput = z.object({
  userId: z.uuid("Choose a person."),
  weekStart,
  grid: timesheetGridInput,
  submit: z.boolean().default(false),
});
export type CreateTimesheetInput = z.input<typeof createTimesheetInput>;

/** Saving an existing week replaces its entries; `version` is the one the grid was loaded with. */
export const saveTimesheetInput = z.object({
  id: z.uuid(),
  version: versionInput,
  grid: timesheetGridInput,
  submit: z.boolean().default(false),
});
export type SaveTimesheetInput = z.input<typeof saveTimesheetInput>;

/**
 * One time entry, logged on its own (the API): the person (oneself unless a manager logs for
 * someone), the day, the project, the minutes and whether it is billable. The minutes, the day
 * and the project are checked by the week's rules, which give the refusal codes.
 */
export const timeEntryInput = z.object({
  userId: z.uuid("Choose a person.").optional(),
  date: z.iso.date("Enter a valid date."),
  projectId: z.uuid("Choose a project."),
  minutes: z.number().int("Enter whole minutes."),
  description: z
    .string()
    .nullish()
    .transform((value) => (value ?? "").trim())
    .superRefine(checkLine),
  billable: z.boolean().default(true),
});
export type TimeEntryInput = z.input<typeof timeEntryInput>;

export const updateTimeEntryInput = timeEntryInput.omit({ userId: true }).extend({ id: z.uuid() });
export type UpdateTimeEntryInput = z.input<typeof updateTimeEntryInput>;

export const timeEntryRefInput = z.object({ id: z.uuid() });

export const timesheetTransitionInput = z.object({ id: z.uuid(), version: versionInput });

export const rejectTimesheetInput = z.object({
  id: z.uuid(),
  version: versionInput,
  reason: z
    .string({ error: "Give a reason for the rejection." })
    .overwrite(normalizeLineBreaks)
    .trim()
    .min(1, "Give a reason for the rejection.")
    .max(MAX_REJECTION_REASON_LENGTH, `Use at most ${MAX_REJECTION_REASON_LENGTH} characters.`)
    .superRefine(checkMultiline),
});
export type RejectTimesheetInput = z.input<typeof rejectTimesheetInput>;

export const bulkApproveInput = z.object({
  items: z
    .array(z.object({ id: z.uuid(), version: versionInput }))
    .min(1, "Select at least one timesheet.")
    .max(200, "Approve at most 200 timesheets at once."),
});

/** The grid's project search (large firms): what was typed, 2 to 100 characters, and whose week it is. */
export const gridProjectSearchInput = z.object({
  userId: z.uuid().optional(),
  q: z
    .string()
    .trim()
    .min(2, "Type at least 2 letters.")
    .max(100, "Use at most 100 characters.")
    .superRefine(checkLine),
});

// ---------------------------------------------------------------------------------------
// The list's URL (/bo/timesheets)

/** Mine; everyone's; the approval queue (the last two for managers and admins). */
export const TIMESHEET_VIEWS = ["mine", "all", "queue"] as const;
/** A status, or "open": the weeks still in their owner's hands (draft or rejected). */
export const TIMESHEET_STATUS_FILTERS = [...TIMESHEET_STATUSES, "open"] as const;

export const timesheetList = defineList("/bo/timesheets", {
  view: choiceParam(TIMESHEET_VIEWS, "mine"),
  status: choiceParam(TIMESHEET_STATUS_FILTERS),
  /** Any day of the week: the list reads its Monday. */
  week: dateParam.transform((value) => (value === undefined ? undefined : isoWeekMonday(value))),
  person: idParam,
  ...pagingParams,
});
export type TimesheetListParams = z.output<typeof timesheetList.schema>;

/** A week's page: the grid ("week", the default) or one day of it (decision 047). */
export const TIMESHEET_PAGE_VIEWS = ["week", "day"] as const;
export const timesheetPage = defineList("/bo/timesheets", {
  view: choiceParam(TIMESHEET_PAGE_VIEWS, "week"),
  /** The day the day view shows; the page falls back to today or the Monday when it is not in the week. */
  date: dateParam,
});
export type TimesheetPageParams = z.output<typeof timesheetPage.schema>;

/** The address of a week's page in a view ("/bo/timesheets/<id>?view=day&date=2026-11-24"). */
export function timesheetPageHref(id: string, params: Partial<TimesheetPageParams>): string {
  return `${timesheetPage.path}/${id}${timesheetPage.query(params)}`;
}

// ---------------------------------------------------------------------------------------
// Notifications (issue 23.4)

/** The weekly reminder in Settings: off, or a weekday (1 = Monday) and a time "HH:mm"; `previous` guards concurrent saves. */
const reminderValue = z.object({ weekday: z.number().int().min(1).max(7), time: z.string() }).nullable();
export const timesheetReminderInput = z
  .object({
    enabled: z.boolean(),
    weekday: z.coerce.number({ error: "Choose a day." }).int().min(1, "Choose a day.").max(7, "Choose a day."),
    time: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time such as 09:00."),
    previous: reminderValue,
  })
  .transform(({ enabled, weekday, time, previous }) => ({
    reminder: enabled ? { weekday, time } : null,
    previous,
  }));
export type TimesheetReminderFormValues = z.input<typeof timesheetReminderInput>;

/** One's own timesheet mails: on or off. */
export const timesheetNotificationsInput = z.object({ enabled: z.boolean() });
