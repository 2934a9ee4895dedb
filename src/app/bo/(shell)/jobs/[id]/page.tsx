import { ExternalLinkIcon } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { ApplicationList } from "@/modules/jobs/components/application-list";
import { JobForm } from "@/modules/jobs/components/job-form";
import { JobStatusActions } from "@/modules/jobs/components/job-status-actions";
import { JOB_STATUS_VARIANTS } from "@/modules/jobs/components/status-variants";
import { findApplications, getJob } from "@/modules/jobs/job-queries";
import { isJobPublic, jobListStatus } from "@/modules/jobs/job-rules";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("jobs.detail");
  return { title: t("title") };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function JobAdminPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePermission("job.read");
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const db = getDb();
  const job = await orErrorPage(getJob(db, id));
  const [applications, settings] = await Promise.all([findApplications(db, id), getPageSettings()]);
  const today = todayInZone(settings.timezone);
  const isPublic = isJobPublic(job, today);
  const listStatus = jobListStatus(job, today);
  const publicPath = `/jobs/${job.slug}`;
  const t = await getTranslations("jobs.detail");
  const words = await getTranslations("jobs.words");

  return (
    <div className="mx-auto grid max-w-5xl gap-8">
      <p className="text-sm">
        <Link href="/bo/jobs" className="text-muted-foreground underline-offset-4 hover:underline">
          {t("back")}
        </Link>
      </p>
      <PageHeader
        title={job.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant={JOB_STATUS_VARIANTS[listStatus]}>{words(`jobStatus.${listStatus}`)}</Badge>
            {isPublic ? (
              <Link href={publicPath} className="inline-flex items-center gap-1 underline-offset-4 hover:underline">
                {publicPath} <ExternalLinkIcon aria-hidden className="size-3" />
              </Link>
            ) : (
              <span>{t("notPublic", { expired: job.status === "published" ? "yes" : "no" })}</span>
            )}
          </span>
        }
        actions={<JobStatusActions id={job.id} version={job.version} status={job.status} />}
      />

      <section aria-labelledby="applications-heading" className="grid gap-4">
        <h2 id="applications-heading" className="text-lg font-semibold">
          {t("applications")} <span className="text-muted-foreground tabular-nums">({applications.length})</span>
        </h2>
        <ApplicationList jobId={job.id} applications={applications} isPublic={isPublic} firm={settings} />
      </section>

      <section aria-labelledby="edit-heading" className="grid gap-4 border-t pt-8">
        <h2 id="edit-heading" className="text-lg font-semibold">
          {t("edit")}
        </h2>
        <JobForm
          defaultCurrency={settings.currency}
          job={{
            id: job.id,
            version: job.version,
            title: job.title,
            location: job.location,
            workplace: job.workplace,
            employmentType: job.employmentType,
            salaryMin: job.salaryMin,
            salaryMax: job.salaryMax,
            salaryCurrency: job.salaryCurrency,
            salaryPeriod: job.salaryPeriod,
            description: job.description,
            closesOn: job.closesOn,
          }}
        />
      </section>
    </div>
  );
}
