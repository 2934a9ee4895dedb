import { DownloadIcon, InboxIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/dates";
import type { ApplicationRow } from "../job-queries";
import { ApplicationControls } from "./application-controls";
import { APPLICATION_STATUS_VARIANTS } from "./status-variants";

function formatSize(bytes: number) {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A job's applications, newest first: who, how to reach them, their CV and letter, and where they stand. */
export function ApplicationList({
  jobId,
  applications,
  isPublic,
  firm,
}: {
  jobId: string;
  applications: ApplicationRow[];
  /** Whether the job is on the public site (what the empty list suggests). */
  isPublic: boolean;
  firm: { locale: string; timezone: string };
}) {
  const t = useTranslations("jobs.applications");
  const words = useTranslations("jobs.words");
  if (applications.length === 0)
    return (
      <EmptyState
        titleAs="h3"
        icon={<InboxIcon />}
        title={t("emptyTitle")}
        description={isPublic ? t("emptyPublic") : t("emptyDraft")}
      />
    );
  return (
    <ul className="grid gap-4">
      {applications.map((application) => (
        <li key={application.id} className="grid gap-4 rounded-lg border p-4 md:grid-cols-[1fr_16rem]">
          <div className="grid min-w-0 gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">{application.name}</h3>
              <Badge variant={APPLICATION_STATUS_VARIANTS[application.status]}>
                {words(`applicationStatus.${application.status}`)}
              </Badge>
            </div>
            <p className="text-sm text-muted-foreground">
              {t("received", { at: formatDateTime(application.createdAt, firm.locale, firm.timezone) })}
            </p>
            <p className="flex flex-wrap gap-x-4 text-sm">
              <a href={`mailto:${application.email}`} className="break-all underline-offset-4 hover:underline">
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
                href={`/bo/jobs/${jobId}/applications/${application.id}/cv`}
                className="inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
              >
                <DownloadIcon aria-hidden className="size-4" />
                {t("downloadCv")}
                <span className="sr-only">{t("downloadCvOf", { name: application.name })}</span>
                <span className="font-normal text-muted-foreground">
                  {application.cvOriginalName} · {application.cvKind.toUpperCase()} · {formatSize(application.cvSize)}
                </span>
              </a>
            </p>
            {application.coverLetter ? (
              <details className="text-sm">
                <summary className="cursor-pointer font-medium">{t("coverLetter")}</summary>
                <p className="mt-2 break-words whitespace-pre-wrap">{application.coverLetter}</p>
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
  );
}
