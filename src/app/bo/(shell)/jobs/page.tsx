import { BriefcaseIcon, PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { formatDate } from "@/lib/dates";
import { firstParam } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { cn } from "@/lib/utils";
import { JOB_STATUS_VARIANTS } from "@/modules/jobs/components/status-variants";
import { findJobs } from "@/modules/jobs/job-queries";
import { EMPLOYMENT_TYPE_LABELS, JOB_STATUS_LABELS, WORKPLACE_LABELS } from "@/modules/jobs/job-rules";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Jobs" };

export default async function JobsAdminPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePagePermission("job.read");
  // ?applications=new: the jobs with applications nobody has looked at (the dashboard links here).
  const withNewApplications = firstParam((await searchParams).applications) === "new";
  const db = getDb();
  const [jobs, settings] = await Promise.all([findJobs(db, { withNewApplications }), getPageSettings()]);
  const newTotal = jobs.reduce((sum, job) => sum + job.newApplications, 0);
  const newJob = (
    <Button asChild>
      <Link href="/bo/jobs/new">
        <PlusIcon aria-hidden /> New job
      </Link>
    </Button>
  );
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="Jobs"
        description="Positions on the public site and the applications they received."
        actions={newJob}
      />
      <nav aria-label="Which jobs" className="flex gap-1 border-b">
        {[
          { href: "/bo/jobs", label: "All jobs", current: !withNewApplications },
          { href: "/bo/jobs?applications=new", label: "With new applications", current: withNewApplications },
        ].map((tab) => (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={tab.current ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
              tab.current
                ? "border-primary text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {withNewApplications && jobs.length > 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="new-applications-total">
          {newTotal} new {newTotal === 1 ? "application" : "applications"} across {jobs.length}{" "}
          {jobs.length === 1 ? "job" : "jobs"}.
        </p>
      ) : null}
      {jobs.length === 0 ? (
        withNewApplications ? (
          <EmptyState
            icon={<BriefcaseIcon />}
            title="No new applications"
            description="Every application has been looked at. New ones from the public site appear here."
          />
        ) : (
          <EmptyState
            icon={<BriefcaseIcon />}
            title="No jobs yet"
            description="Create a job as a draft, then publish it to list it on the public site."
            action={newJob}
          />
        )
      ) : (
        <Table containerClassName="rounded-lg border">
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="hidden md:table-cell">Workplace</TableHead>
              <TableHead className="hidden md:table-cell">Closes on</TableHead>
              <TableHead className="text-right">Applications</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {jobs.map((job) => (
              <TableRow key={job.id}>
                <TableCell className="max-w-56 sm:max-w-none">
                  <Link
                    href={`/bo/jobs/${job.id}`}
                    className="font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {job.title}
                  </Link>
                  <div className="truncate text-xs text-muted-foreground">
                    {[job.location, EMPLOYMENT_TYPE_LABELS[job.employmentType]].filter(Boolean).join(" · ")}
                  </div>
                </TableCell>
                <TableCell>
                  <Badge variant={JOB_STATUS_VARIANTS[job.status]}>{JOB_STATUS_LABELS[job.status]}</Badge>
                </TableCell>
                <TableCell className="hidden md:table-cell">{WORKPLACE_LABELS[job.workplace]}</TableCell>
                <TableCell className="hidden tabular-nums md:table-cell">
                  {job.closesOn ? (
                    formatDate(job.closesOn, settings.locale, settings.timezone)
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {job.applications}
                  {job.newApplications > 0 ? (
                    <Badge variant="info" className="ml-2">
                      {job.newApplications} new
                    </Badge>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
