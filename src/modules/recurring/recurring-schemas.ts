// Inputs of recurring invoices, shared by the form (zodResolver) and the actions. Browser-safe.
import { z } from "zod";
import { isValidDateString } from "@/lib/dates";
import { checkLine, versionInput, whenValid } from "@/lib/input-fields";
import {
  checkLinePrices,
  invoiceContentFields,
  invoiceLineInput,
  MAX_LINES,
  PRICES,
  priceLines,
} from "@/modules/invoices/invoice-schemas";
import { FREQUENCIES, isValidDayOfPeriod, MAX_INTERVAL_WEEKS } from "./recurrence-rules";

export const RECURRING_ENDINGS = ["never", "on_date", "after_count"] as const;
export const RECURRING_ISSUE_MODES = ["issue", "draft"] as const;
export const MAX_OCCURRENCE_COUNT = 1000;

/** A whole number typed in a field (digits) or sent as a number. */
const wholeNumber = (label: string, min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,6}$/, `Enter ${label} as a whole number.`)
          .transform(Number),
      ],
      {
        error: `Enter ${label}.`,
      },
    )
    .pipe(
      z
        .number({ error: `Enter ${label}.` })
        .int(`Enter ${label} as a whole number.`)
        .min(min, `Enter ${label} from ${min} to ${max}.`)
        .max(max, `Enter ${label} from ${min} to ${max}.`),
    );

const optionalWholeNumber = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || String(value).trim() === "") return null;
      const parsed = wholeNumber(label, min, max).safeParse(typeof value === "string" ? value.trim() : value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? `Enter ${label}.` });
      return z.NEVER;
    });

const optionalDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value ?? "").trim())
  .refine((value) => value === "" || isValidDateString(value), "Enter a valid date.")
  .transform((value) => (value === "" ? null : value));

const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")], {
    error: "Choose yes or no.",
  })
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

const templateFields = {
  name: z
    .string({ error: "Enter a name." })
    .trim()
    .min(1, "Enter a name, e.g. Monthly retainer.")
    .max(120, "Use at most 120 characters.")
    .superRefine(checkLine),
  ...invoiceContentFields,
  lines: z
    .array(invoiceLineInput)
    .min(1, "Add at least one line.")
    .max(MAX_LINES, `An invoice has at most ${MAX_LINES} lines.`),
  frequency: z.enum(FREQUENCIES, { error: "Choose how often." }),
  intervalWeeks: wholeNumber("the number of weeks", 1, MAX_INTERVAL_WEEKS).optional().default(1),
  dayOfPeriod: wholeNumber("the day", 1, 31),
  startDate: z
    .string({ error: "Enter the start date." })
    .trim()
    .refine((value) => isValidDateString(value), "Enter the start date as a valid date."),
  ending: z.enum(RECURRING_ENDINGS, { error: "Choose when it ends." }),
  endDate: optionalDate,
  occurrenceCount: optionalWholeNumber("the number of invoices", 1, MAX_OCCURRENCE_COUNT),
  issueMode: z.enum(RECURRING_ISSUE_MODES, { error: "Choose what happens to each invoice." }),
  sendAutomatically: checkbox,
};

type TemplateParsed = z.output<z.ZodObject<typeof templateFields>>;

function checkDay(value: TemplateParsed, ctx: z.RefinementCtx) {
  if (!isValidDayOfPeriod(value.frequency, value.dayOfPeriod))
    ctx.addIssue({
      code: "custom",
      path: ["dayOfPeriod"],
      message: value.frequency === "weekly" ? "Choose a day of the week." : "Enter a day of the month from 1 to 31.",
    });
}

function checkEnding(value: TemplateParsed, ctx: z.RefinementCtx) {
  if (value.ending === "on_date") {
    if (value.endDate === null)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "Enter the last day an invoice may be made." });
    else if (value.endDate < value.startDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "The end date cannot be before the start date." });
  }
  if (value.ending === "after_count" && value.occurrenceCount === null)
    ctx.addIssue({ code: "custom", path: ["occurrenceCount"], message: "Enter how many invoices to make." });
}

function checkSending(value: TemplateParsed, ctx: z.RefinementCtx) {
  if (value.sendAutomatically && value.issueMode !== "issue")
    ctx.addIssue({
      code: "custom",
      path: ["sendAutomatically"],
      message: "Only an issued invoice can be sent: choose to issue automatically, or do not send.",
    });
}

/** The stored shape: only the ending chosen keeps its value. */
function settleEnding<T extends TemplateParsed>(value: T) {
  return {
    ...value,
    intervalWeeks: value.frequency === "weekly" ? value.intervalWeeks : 1,
    endDate: value.ending === "on_date" ? value.endDate : null,
    occurrenceCount: value.ending === "after_count" ? value.occurrenceCount : null,
  };
}

const when = {
  day: { when: whenValid("frequency", "dayOfPeriod") },
  ending: { when: whenValid("ending", "endDate", "occurrenceCount", "startDate") },
  sending: { when: whenValid("sendAutomatically", "issueMode") },
};

export const createRecurringInvoiceInput = z
  .object(templateFields)
  .superRefine(checkDay, when.day)
  .superRefine(checkEnding, when.ending)
  .superRefine(checkSending, when.sending)
  .superRefine(checkLinePrices, PRICES)
  .transform((value) => priceLines(settleEnding(value)));
export type RecurringInvoiceFormInput = z.input<typeof createRecurringInvoiceInput>;
export type RecurringInvoiceValues = z.output<typeof createRecurringInvoiceInput>;

export const updateRecurringInvoiceInput = z
  .object({ ...templateFields, id: z.uuid("Unknown record."), version: versionInput })
  .superRefine(checkDay, when.day)
  .superRefine(checkEnding, when.ending)
  .superRefine(checkSending, when.sending)
  .superRefine(checkLinePrices, PRICES)
  .transform((value) => priceLines(settleEnding(value)));

export const RECURRING_STATE_CHANGES = ["pause", "resume", "archive"] as const;
export type RecurringStateChange = (typeof RECURRING_STATE_CHANGES)[number];

export const changeRecurringInvoiceStateInput = z.object({
  id: z.uuid("Unknown record."),
  version: versionInput,
  to: z.enum(RECURRING_STATE_CHANGES, { error: "Choose pause, resume or archive." }),
});

export const recurringInvoiceRefInput = z.object({ id: z.uuid("Unknown record.") });
