import { BriefcaseIcon } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import { formatDate, todayInZone } from "@/lib/dates";
import { jobFacts } from "@/modules/jobs/job-format";
import { findPublicJobs } from "@/modules/jobs/job-queries";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getPageSettings();
  const t = await getTranslations("site.jobs");
  return {
    title: { absolute: t("metaTitle", { firm: settings.firmName }) },
    description: t("metaDescription", { firm: settings.firmName }),
    alternates: { canonical: "/jobs" },
  };
}

export default async function JobsPage() {
  const db = getDb();
  const settings = await getPageSettings();
  const t = await getTranslations("site.jobs");
  const words = await getTranslations("jobs.words");
  const jobs = await findPublicJobs(db, todayInZone(settings.timezone));
  return (
    <main className="mx-auto max-w-5xl px-6 py-12 sm:py-16">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t("heading")}</h1>
      <p className="mt-3 max-w-2xl text-muted-foreground">{t("intro", { firm: settings.firmName })}</p>
      {jobs.length === 0 ? (
        <EmptyState
          className="mt-10"
          icon={<BriefcaseIcon />}
          title={t("emptyTitle")}
          description={t("emptyDescription")}
          action={
            <Button asChild variant="outline">
              <Link href="/mail">{t("writeToUs")}</Link>
            </Button>
          }
        />
      ) : (
        <ul className="mt-10 grid gap-4">
          {jobs.map((job) => (
            <li
              key={job.id}
              className="relative rounded-lg border p-5 transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-muted/40"
            >
              <h2 className="text-lg font-semibold">
                <Link href={`/jobs/${job.slug}`} className="outline-none after:absolute after:inset-0">
                  {job.title}
                </Link>
              </h2>
              <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
                {jobFacts(job, settings.locale, words).map((fact) => (
                  <div key={fact.label} className="flex gap-1">
                    <dt className="sr-only">{fact.label}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
                {job.publishedAt ? (
                  <div className="flex gap-1">
                    <dt>{t("posted")}</dt>
                    <dd>{formatDate(job.publishedAt, settings.locale, settings.timezone)}</dd>
                  </div>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
