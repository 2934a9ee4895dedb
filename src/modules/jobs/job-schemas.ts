// Inputs of jobs and applications, shared by the forms and the server (browser-safe: no database import).
import { z } from "zod";
import { isValidDateString } from "@/lib/dates";
import {
  checkLine,
  checkMultiline,
  normalizeLineBreaks,
  type TextKind,
  versionInput,
  whenValid,
} from "@/lib/input-fields";
import { choiceParam, defineList, pagingParams } from "@/lib/search-params";
import { JOB_LIST_STATUSES } from "./job-rules";

export const WORKPLACES = ["on_site", "hybrid", "remote"] as const;
export const EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "freelance", "internship"] as const;
export const SALARY_PERIODS = ["year", "month", "day", "hour"] as const;
export const APPLICATION_STATUSES = [
  "new",
  "reviewing",
  "interview",
  "offer",
  "hired",
  "rejected",
  "withdrawn",
] as const;

export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_LETTER_MAX = 5000;
export const MAX_APPLICATION_LINKS = 3;
export const DESCRIPTION_MAX = 20_000;

const optionalText = (max: number, message = `Use at most ${max} characters.`, kind: TextKind = "line") =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (kind === "multiline" ? normalizeLineBreaks(value ?? "") : (value ?? "")).trim())
    .pipe(
      z
        .string()
        .max(max, message)
        .superRefine(kind === "multiline" ? checkMultiline : checkLine),
    )
    .transform((value) => (value === "" ? null : value));

const optionalAmount = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const text = String(value)
      .trim()
      .replace(/[\s\u202f\u00a0]/g, "")
      .replace(",", ".");
    if (text === "") return null;
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "Enter an amount such as 45000 or 350.50." });
      return z.NEVER;
    }
    const [whole, fraction = ""] = text.split(".");
    return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  });

export const jobInput = z
  .object({
    title: z
      .string({ error: "Enter a title." })
      .trim()
      .min(3, "Use at least 3 characters.")
      .max(120, "Use at most 120 characters.")
      .superRefine(checkLine),
    location: optionalText(120),
    workplace: z.enum(WORKPLACES, { error: "Choose a workplace." }),
    employmentType: z.enum(EMPLOYMENT_TYPES, { error: "Choose an employment type." }),
    salaryMin: optionalAmount,
    salaryMax: optionalAmount,
    salaryCurrency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, "Use a 3-letter currency code such as EUR.")
      .default("EUR"),
    salaryPeriod: z.enum(SALARY_PERIODS, { error: "Choose a period." }).default("year"),
    // Markdown: not trimmed, leading spaces mean something there. A leading byte-order mark (a file
    // pasted whole) goes: it is invisible, and PGlite's UTF-8 decoder drops it when reading back.
    description: z
      .string()
      .overwrite((value) => normalizeLineBreaks(value).replace(/^\ufeff+/, ""))
      .max(DESCRIPTION_MAX, `Use at most ${DESCRIPTION_MAX.toLocaleString("en-GB")} characters.`)
      .superRefine(checkMultiline)
      .default(""),
    closesOn: z
      .union([z.string(), z.null()])
      .optional()
      .transform((value) => (value ?? "").trim())
      .refine((value) => value === "" || isValidDateString(value), "Enter a date.")
      .transform((value) => (value === "" ? null : value)),
  })
  .superRefine(
    (value, ctx) => {
      if (value.salaryMin !== null && value.salaryMax !== null && value.salaryMin > value.salaryMax) {
        ctx.addIssue({ code: "custom", path: ["salaryMax"], message: "The maximum must be at least the minimum." });
      }
    },
    // Also when another field is wrong: one submission shows every error.
    { when: whenValid("salaryMin", "salaryMax") },
  );
export type JobInput = z.input<typeof jobInput>;

export const createJobInput = jobInput;
export const updateJobInput = z.intersection(jobInput, z.object({ id: z.uuid(), version: versionInput }));
export type UpdateJobInput = z.input<typeof updateJobInput>;

export const jobTransitionInput = z.object({
  id: z.uuid(),
  version: versionInput,
  transition: z.enum(["publish", "close", "reopen"]),
});

export const applicationStatusInput = z.object({
  id: z.uuid(),
  version: versionInput,
  status: z.enum(APPLICATION_STATUSES, { error: "Choose a status." }),
});

export const applicationNotesInput = z.object({
  id: z.uuid(),
  version: versionInput,
  notes: optionalText(10_000, undefined, "multiline"),
});

/**
 * A link as people type it: "linkedin.com/in/ada" is read as https://linkedin.com/in/ada. Only
 * http(s) addresses of a named host are kept ("javascript:…", "mailto:…", "localhost" are refused).
 */
export function readWebAddress(typed: string): string | null {
  const value = /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed.replace(/^\/+/, "")}`;
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    if (!/^[^.]+(\.[^.]+)+$/.test(parsed.hostname)) return null;
    return value;
  } catch {
    return null;
  }
}

/** One link box; empty boxes are dropped. An error names its box (links.1), so only that box turns red. */
const link = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value ?? "").trim())
  .pipe(z.string().max(500, "Use at most 500 characters.").superRefine(checkLine))
  .transform((value, ctx) => {
    if (value === "") return value;
    const address = readWebAddress(value);
    if (address) return address;
    ctx.addIssue({ code: "custom", message: "Enter a web address, such as linkedin.com/in/your-name." });
    return z.NEVER;
  });

/** The text fields of an application; the CV is checked apart (by its content). */
export const applicationInput = z.object({
  name: z
    .string({ error: "Enter your name." })
    .trim()
    .min(1, "Enter your name.")
    .max(120, "Use at most 120 characters.")
    .superRefine(checkLine),
  email: z
    .string({ error: "Enter your email address." })
    .trim()
    .toLowerCase()
    .max(254, "Use at most 254 characters.")
    .pipe(z.email("Enter a valid email address, such as name@example.com.")),
  phone: optionalText(40, "A phone number has at most 40 characters."),
  links: z
    .array(link)
    .default([])
    .transform((values) => values.filter((value) => value !== ""))
    .pipe(z.array(z.string()).max(MAX_APPLICATION_LINKS, `Add at most ${MAX_APPLICATION_LINKS} links.`)),
  coverLetter: optionalText(
    COVER_LETTER_MAX,
    `Use at most ${COVER_LETTER_MAX.toLocaleString("en-GB")} characters.`,
    "multiline",
  ),
  consent: z.union([z.literal("on"), z.literal("true"), z.literal(true)], {
    error: "Please agree so that we can process your application.",
  }),
});
export type ApplicationInput = z.input<typeof applicationInput>;

export const JOB_SORTS = ["status", "title", "closes", "created"] as const;
export type JobSort = (typeof JOB_SORTS)[number];

/**
 * /bo/jobs: ?applications=new keeps the jobs with applications nobody has looked at (the dashboard
 * links there); a status as the back office shows it (an expired job is a published one past its
 * closing date), a sort and a page.
 */
export const jobList = defineList("/bo/jobs", {
  applications: choiceParam(["new"]),
  status: choiceParam(JOB_LIST_STATUSES),
  sort: choiceParam(JOB_SORTS, "status"),
  dir: choiceParam(["asc", "desc"], "asc"),
  ...pagingParams,
});
export type JobListParams = z.output<typeof jobList.schema>;
