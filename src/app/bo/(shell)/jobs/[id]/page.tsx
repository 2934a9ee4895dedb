import { DownloadIcon, ExternalLinkIcon, InboxIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "@/components/app-link";
import { notFound } from "next/navigation";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { getDb } from "@/db/client";
import { formatDateTime, todayInZone } from "@/lib/dates";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { ApplicationControls } from "@/modules/jobs/components/application-controls";
import { JobForm } from "@/modules/jobs/components/job-form";
import { JobStatusActions } from "@/modules/jobs/components/job-status-actions";
import { APPLICATION_STATUS_VARIANTS, JOB_STATUS_VARIANTS } from "@/modules/jobs/components/status-variants";
import { findApplications, getJob } from "@/modules/jobs/job-queries";
import { APPLICATION_STATUS_LABELS, isJobPublic, JOB_STATUS_LABELS } from "@/modules/jobs/job-rules";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Job" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function formatSize(bytes: number) {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export default async function JobAdminPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePagePermission("job.read");
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const db = getDb();
  const job = await orErrorPage(getJob(db, id));
  const [applications, settings] = await Promise.all([findApplications(db, id), getPageSettings()]);
  const isPublic = isJobPublic(job, todayInZone(settings.timezone));

  return (
    <div className="mx-auto grid max-w-5xl gap-8">
      <p className="text-sm">
        <Link href="/bo/jobs" className="text-muted-foreground underline-offset-4 hover:underline">
          ← Jobs
        </Link>
      </p>
      <PageHeader
        title={job.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant={JOB_STATUS_VARIANTS[job.status]}>{JOB_STATUS_LABELS[job.status]}</Badge>
            {isPublic ? (
              <Link
                href={`/jobs/${job.slug}`}
                className="inline-flex items-center gap-1 underline-offset-4 hover:underline"
              >
                /jobs/{job.slug} <ExternalLinkIcon aria-hidden className="size-3" />
              </Link>
            ) : (
              <span>Not on the public site{job.status === "published" ? " (closing date passed)" : ""}.</span>
            )}
          </span>
        }
        actions={<JobStatusActions id={job.id} version={job.version} status={job.status} />}
      />

      <section aria-labelledby="applications-heading" className="grid gap-4">
        <h2 id="applications-heading" className="text-lg font-semibold">
          Applications <span className="text-muted-foreground tabular-nums">({applications.length})</span>
        </h2>
        {applications.length === 0 ? (
          <EmptyState
            titleAs="h3"
            icon={<InboxIcon />}
            title="No applications yet"
            description={
              isPublic
                ? "Share the job's public link to receive applications."
                : "Publish the job to receive applications."
            }
          />
        ) : (
          <ul className="grid gap-4">
            {applications.map((application) => (
              <li key={application.id} className="grid gap-4 rounded-lg border p-4 md:grid-cols-[1fr_16rem]">
                <div className="grid min-w-0 gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold">{application.name}</h3>
                    <Badge variant={APPLICATION_STATUS_VARIANTS[application.status]}>
                      {APPLICATION_STATUS_LABELS[application.status]}
                    </Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    Received {formatDateTime(application.createdAt, settings.locale, settings.timezone)}
                  </p>
                  <p className="flex flex-wrap gap-x-4 text-sm">
                    <a href={`mailto:${application.email}`} className="underline-offset-4 hover:underline">
                      {application.email}
                    </a>
                    {application.phone ? (
                      <a href={`tel:${application.phone}`} className="tabular-nums underline-offset-4 hover:underline">
                        {application.phone}
                      </a>
                    ) : null}
                  </p>
                  {application.links.length > 0 ? (
                    <ul className="grid gap-0.5 text-sm">
                      {application.links.map((link) => (
                        <li key={link} className="truncate">
                          <a
                            href={link}
                            rel="nofollow noopener noreferrer"
                            target="_blank"
                            className="text-primary underline-offset-4 hover:underline"
                          >
                            {link}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <p>
                    <a
                      href={`/bo/jobs/${job.id}/applications/${application.id}/cv`}
                      className="inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <DownloadIcon aria-hidden className="size-4" />
                      Download CV<span className="sr-only"> of {application.name}</span>
                      <span className="font-normal text-muted-foreground">
                        {application.cvOriginalName} · {application.cvKind.toUpperCase()} ·{" "}
                        {formatSize(application.cvSize)}
                      </span>
                    </a>
                  </p>
                  {application.coverLetter ? (
                    <details className="text-sm">
                      <summary className="cursor-pointer font-medium">Cover letter</summary>
                      <p className="mt-2 whitespace-pre-wrap break-words">{application.coverLetter}</p>
                    </details>
                  ) : null}
                </div>
                <ApplicationControls
                  id={application.id}
                  version={application.version}
                  status={application.status}
                  notes={application.notes}
                  applicant={application.name}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="edit-heading" className="grid gap-4 border-t pt-8">
        <h2 id="edit-heading" className="text-lg font-semibold">
          Edit the job
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
