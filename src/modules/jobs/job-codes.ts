// Why the jobs domain (jobs and applications) refuses something: one stable code per reason
// (src/lib/rule-result.ts). API error bodies carry them and translations are keyed by them: never
// rename or reuse one for another reason; add a new one.
export const JOB_CODES = [
  "job.not_found",
  "job.stale",
  "job.transition_not_allowed",
  "job.not_open",
  "job.application_not_found",
  "job.application_stale",
  "job.cv_not_found",
  "job.cv_missing",
  "job.cv_too_large",
  "job.cv_not_a_document",
] as const;

export type JobCode = (typeof JOB_CODES)[number];
