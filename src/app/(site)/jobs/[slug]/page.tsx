import { CheckCircle2Icon } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { getDb } from "@/db/client";
import { formatDate, todayInZone } from "@/lib/dates";
import { getConfig } from "@/lib/env";
import { APPLICATION_FIELD_ERRORS, APPLICATION_FORM_ERRORS, CV_ERRORS } from "@/modules/jobs/application-form-errors";
import { ApplicationForm } from "@/modules/jobs/components/application-form";
import { MARKDOWN_CLASSES } from "@/modules/jobs/components/markdown-classes";
import { jobFacts } from "@/modules/jobs/job-format";
import { getPublicJob } from "@/modules/jobs/job-queries";
import { SCHEMA_ORG_EMPLOYMENT_TYPES, SCHEMA_ORG_SALARY_UNITS } from "@/modules/jobs/job-rules";
import { retentionDays } from "@/modules/public-site/retention-rules";
import { markdownToPlainText, renderMarkdown } from "@/modules/jobs/markdown";
import { signFormToken } from "@/modules/public-site/anti-spam-rules";
import { getPageSettings } from "@/modules/settings/page-settings";

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const load = cache(async (slug: string) => {
  const db = getDb();
  const settings = await getPageSettings();
  const job = await getPublicJob(db, slug, todayInZone(settings.timezone));
  return { settings, job };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const { settings, job } = await load(slug);
  const t = await getTranslations("site.job");
  if (!job) return { title: t("notFound") };
  const description =
    markdownToPlainText(job.description) || t("metaDescription", { job: job.title, firm: settings.firmName });
  const title = `${job.title} · ${settings.firmName}`;
  return {
    title: { absolute: title },
    description,
    alternates: { canonical: `/jobs/${job.slug}` },
    openGraph: {
      type: "website",
      title,
      description,
      url: `${getConfig().appUrl}/jobs/${job.slug}`,
      siteName: settings.firmName,
    },
    twitter: { card: "summary", title, description },
  };
}

/** JSON inside <script>: `<` escaped so "</script>" in a title cannot end the element. */
function jsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function JobPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const { settings, job } = await load(slug);
  if (!job) notFound();
  const config = getConfig();
  const t = await getTranslations("site.job");
  const words = await getTranslations("jobs.words");

  const structured = {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: renderMarkdown(job.description),
    datePosted: (job.publishedAt ?? job.createdAt).toISOString().slice(0, 10),
    ...(job.closesOn ? { validThrough: job.closesOn } : {}),
    employmentType: SCHEMA_ORG_EMPLOYMENT_TYPES[job.employmentType],
    hiringOrganization: { "@type": "Organization", name: settings.firmName, sameAs: config.appUrl },
    ...(job.workplace === "remote" ? { jobLocationType: "TELECOMMUTE" } : {}),
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: job.location ?? settings.city ?? undefined,
        addressCountry: settings.country,
      },
    },
    ...(job.salaryMin !== null || job.salaryMax !== null
      ? {
          baseSalary: {
            "@type": "MonetaryAmount",
            currency: job.salaryCurrency ?? settings.currency,
            value: {
              "@type": "QuantitativeValue",
              ...(job.salaryMin !== null ? { minValue: job.salaryMin / 100 } : {}),
              ...(job.salaryMax !== null ? { maxValue: job.salaryMax / 100 } : {}),
              unitText: SCHEMA_ORG_SALARY_UNITS[job.salaryPeriod ?? "year"],
            },
          },
        }
      : {}),
    url: `${config.appUrl}/jobs/${job.slug}`,
  };

  const applied = one(query.applied) === "1";
  const errorCode = one(query.error);
  const initialMessage =
    errorCode && errorCode in APPLICATION_FORM_ERRORS
      ? APPLICATION_FORM_ERRORS[errorCode as keyof typeof APPLICATION_FORM_ERRORS]
      : undefined;
  const initialErrors: Record<string, string> = {};
  for (const field of (one(query.fields) ?? "").split(","))
    if (field in APPLICATION_FIELD_ERRORS) initialErrors[field] = APPLICATION_FIELD_ERRORS[field]!;
  const cvCode = one(query.cv);
  if (cvCode && cvCode in CV_ERRORS) initialErrors.cv = CV_ERRORS[cvCode as keyof typeof CV_ERRORS];

  return (
    <main className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />
      <p className="text-sm">
        <Link href="/jobs" className="text-muted-foreground underline-offset-4 hover:underline">
          {t("back")}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight sm:text-4xl">{job.title}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {jobFacts(job, settings.locale, words).map((fact) => (
          <div key={fact.label} className="contents">
            <dt className="text-muted-foreground">{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
        {job.closesOn ? (
          <div className="contents">
            <dt className="text-muted-foreground">{t("applyBy")}</dt>
            <dd>{formatDate(job.closesOn, settings.locale, settings.timezone, "long")}</dd>
          </div>
        ) : null}
      </dl>
      <div
        className={`mt-8 ${MARKDOWN_CLASSES}`}
        dangerouslySetInnerHTML={{ __html: renderMarkdown(job.description) }}
      />
      <section id="apply" aria-labelledby="apply-heading" className="mt-12 scroll-mt-8 border-t pt-10">
        <h2 id="apply-heading" className="text-2xl font-semibold tracking-tight">
          {t("applyHeading")}
        </h2>
        {applied ? (
          <Alert className="mt-6">
            <CheckCircle2Icon aria-hidden />
            <AlertTitle>{t("sentTitle")}</AlertTitle>
            <AlertDescription>{t("sentText")}</AlertDescription>
          </Alert>
        ) : (
          <div className="mt-6">
            <ApplicationForm
              action={`/jobs/${job.slug}/apply`}
              formToken={signFormToken(config.authSecret, "apply")}
              firmName={settings.firmName}
              retentionDays={retentionDays(settings.applicationRetentionMonths)}
              initialMessage={initialMessage}
              initialErrors={initialErrors}
            />
          </div>
        )}
      </section>
    </main>
  );
}
