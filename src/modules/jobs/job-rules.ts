// Pure rules of jobs and applications.
import type { ApplicationStatus, JobStatus } from "@/db/schema/public-site";
import { allowed, refuse, type RuleResult } from "@/lib/rule-result";
import type { JobCode } from "./job-codes";

export const WORKPLACE_LABELS = { on_site: "On-site", hybrid: "Hybrid", remote: "Remote" } as const;
export const EMPLOYMENT_TYPE_LABELS = {
  full_time: "Full-time",
  part_time: "Part-time",
  contract: "Contract",
  freelance: "Freelance",
  internship: "Internship",
} as const;
export const SALARY_PERIOD_LABELS = { year: "per year", month: "per month", day: "per day", hour: "per hour" } as const;
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  draft: "Draft",
  published: "Published",
  closed: "Closed",
};
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: "New",
  reviewing: "Reviewing",
  interview: "Interview",
  offer: "Offer",
  hired: "Hired",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};
/** schema.org employmentType values. */
export const SCHEMA_ORG_EMPLOYMENT_TYPES = {
  full_time: "FULL_TIME",
  part_time: "PART_TIME",
  contract: "CONTRACTOR",
  freelance: "CONTRACTOR",
  internship: "INTERN",
} as const;
export const SCHEMA_ORG_SALARY_UNITS = { year: "YEAR", month: "MONTH", day: "DAY", hour: "HOUR" } as const;

/** "Senior Designer (Paris)" → "senior-designer-paris"; accents folded, at most 80 characters. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "job";
}

/** A slug as slugify and nextFreeSlug make them; anything else in a URL is no job (and never reaches a query: a NUL fails in PostgreSQL). */
export function isSlug(value: string): boolean {
  return value.length <= 100 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
}

/** The slug to use when `base` is taken: base-2, base-3… */
export function nextFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * What the back office shows a job as: a published job whose closing date has passed is off the
 * public site, so it shows as closed (expired), not as published.
 */
export type JobListStatus = JobStatus | "expired";
export const JOB_LIST_STATUSES = [
  "published",
  "expired",
  "draft",
  "closed",
] as const satisfies readonly JobListStatus[];
export const JOB_LIST_STATUS_LABELS: Record<JobListStatus, string> = {
  ...JOB_STATUS_LABELS,
  expired: "Closed (expired)",
};

export function jobListStatus(job: { status: JobStatus; closesOn: string | null }, today: string): JobListStatus {
  return job.status === "published" && job.closesOn !== null && job.closesOn < today ? "expired" : job.status;
}

/** Only published jobs whose closing date has not passed are public. */
export function isJobPublic(job: { status: JobStatus; closesOn: string | null }, today: string): boolean {
  return job.status === "published" && (job.closesOn === null || job.closesOn >= today);
}

export type JobTransition = "publish" | "close" | "reopen";
const TRANSITIONS: Record<JobTransition, { from: JobStatus; to: JobStatus }> = {
  publish: { from: "draft", to: "published" },
  close: { from: "published", to: "closed" },
  reopen: { from: "closed", to: "published" },
};

export function canTransitionJob(status: JobStatus, transition: JobTransition): RuleResult<JobCode> {
  if (TRANSITIONS[transition].from === status) return allowed;
  const verb = { publish: "published", close: "closed", reopen: "re-opened" }[transition];
  return refuse("job.transition_not_allowed", `A ${JOB_STATUS_LABELS[status].toLowerCase()} job cannot be ${verb}.`);
}

export function jobStatusAfter(transition: JobTransition): JobStatus {
  return TRANSITIONS[transition].to;
}

const TRANSITION_MESSAGES: Record<JobTransition, string> = {
  publish: "Job published.",
  close: "Job closed.",
  reopen: "Job re-opened.",
};

/** The toast after a transition, read from whatever the action was sent (it may be anything). */
export function jobTransitionMessage(input: unknown): string {
  const transition = (input as { transition?: unknown } | null | undefined)?.transition;
  return transition === "publish" || transition === "close" || transition === "reopen"
    ? TRANSITION_MESSAGES[transition]
    : "Saved.";
}

/** Keeps letters, digits, spaces, dots, dashes and underscores; never a path. */
export function sanitiseFileName(name: string, fallback = "cv"): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._-]+/g, "_")
    .replace(/^[.\s_-]+/, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}
