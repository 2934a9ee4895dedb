import { formatMoney } from "@/lib/money";
import type { EMPLOYMENT_TYPE_LABELS, SALARY_PERIOD_LABELS, WORKPLACE_LABELS } from "./job-rules";

/** A translator of the `jobs.words` messages (next-intl's, from getTranslations or useTranslations). */
export type JobWords = (key: string, values?: Record<string, string>) => string;

type SalaryFields = {
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: keyof typeof SALARY_PERIOD_LABELS | null;
};

/** "€45,000 – €55,000 per year", "From €400 per day", or null when no salary is given. */
export function formatSalary(job: SalaryFields, locale: string, t: JobWords): string | null {
  const currency = job.salaryCurrency ?? "EUR";
  const period = job.salaryPeriod ?? "none";
  const money = (minor: number) => formatMoney(minor, currency, locale).replace(/[.,]00(?=\D*$)/, "");
  if (job.salaryMin !== null && job.salaryMax !== null)
    return job.salaryMin === job.salaryMax
      ? t("salary.exact", { amount: money(job.salaryMin), period })
      : t("salary.range", { min: money(job.salaryMin), max: money(job.salaryMax), period });
  if (job.salaryMin !== null) return t("salary.from", { amount: money(job.salaryMin), period });
  if (job.salaryMax !== null) return t("salary.upTo", { amount: money(job.salaryMax), period });
  return null;
}

export function jobFacts(
  job: SalaryFields & {
    location: string | null;
    workplace: keyof typeof WORKPLACE_LABELS;
    employmentType: keyof typeof EMPLOYMENT_TYPE_LABELS;
  },
  locale: string,
  t: JobWords,
) {
  const salary = formatSalary(job, locale, t);
  return [
    job.location ? { label: t("facts.location"), value: job.location } : null,
    { label: t("facts.workplace"), value: t(`workplace.${job.workplace}`) },
    { label: t("facts.type"), value: t(`employmentType.${job.employmentType}`) },
    ...(salary ? [{ label: t("facts.salary"), value: salary }] : []),
  ].filter((fact): fact is { label: string; value: string } => fact !== null);
}
