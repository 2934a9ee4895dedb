import { formatMoney } from "@/lib/money";
import { EMPLOYMENT_TYPE_LABELS, SALARY_PERIOD_LABELS, WORKPLACE_LABELS } from "./job-rules";

type SalaryFields = {
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: keyof typeof SALARY_PERIOD_LABELS | null;
};

/** "€45,000 – €55,000 per year", "From €400 per day", or null when no salary is given. */
export function formatSalary(job: SalaryFields, locale: string): string | null {
  const currency = job.salaryCurrency ?? "EUR";
  const period = job.salaryPeriod ? ` ${SALARY_PERIOD_LABELS[job.salaryPeriod]}` : "";
  const money = (minor: number) => formatMoney(minor, currency, locale).replace(/[.,]00(?=\D*$)/, "");
  if (job.salaryMin !== null && job.salaryMax !== null)
    return job.salaryMin === job.salaryMax
      ? `${money(job.salaryMin)}${period}`
      : `${money(job.salaryMin)} – ${money(job.salaryMax)}${period}`;
  if (job.salaryMin !== null) return `From ${money(job.salaryMin)}${period}`;
  if (job.salaryMax !== null) return `Up to ${money(job.salaryMax)}${period}`;
  return null;
}

export function jobFacts(
  job: SalaryFields & {
    location: string | null;
    workplace: keyof typeof WORKPLACE_LABELS;
    employmentType: keyof typeof EMPLOYMENT_TYPE_LABELS;
  },
  locale: string,
) {
  return [
    job.location ? { label: "Location", value: job.location } : null,
    { label: "Workplace", value: WORKPLACE_LABELS[job.workplace] },
    { label: "Type", value: EMPLOYMENT_TYPE_LABELS[job.employmentType] },
    ...(formatSalary(job, locale) ? [{ label: "Salary", value: formatSalary(job, locale)! }] : []),
  ].filter((fact): fact is { label: string; value: string } => fact !== null);
}
