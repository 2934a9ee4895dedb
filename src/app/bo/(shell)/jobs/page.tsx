import { BriefcaseIcon, PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { formatDate } from "@/lib/dates";
import { requirePageRole } from "@/lib/session";
import { JOB_STATUS_VARIANTS } from "@/modules/jobs/components/status-variants";
import { findJobs } from "@/modules/jobs/job-queries";
import { EMPLOYMENT_TYPE_LABELS, JOB_STATUS_LABELS, WORKPLACE_LABELS } from "@/modules/jobs/job-rules";
import { getSettings } from "@/modules/settings/settings-queries";

export const metadata: Metadata = { title: "Jobs" };

export default async function JobsAdminPage() {
  await requirePageRole(["admin", "manager"]);
  const db = getDb();
  const [jobs, settings] = await Promise.all([findJobs(db), getSettings(db)]);
  const newJob = (
    <Button asChild>
      <Link href="/bo/jobs/new">
        <PlusIcon aria-hidden /> New job
      </Link>
    </Button>
  );
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title="Jobs" description="Positions on the public site and the applications they received." actions={newJob} />
      {jobs.length === 0 ? (
        <EmptyState icon={<BriefcaseIcon />} title="No jobs yet" description="Create a job as a draft, then publish it to list it on the public site." action={newJob} />
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
                  <Link href={`/bo/jobs/${job.id}`} className="font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
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
                <TableCell className="hidden tabular-nums md:table-cell">{job.closesOn ? formatDate(job.closesOn, settings.locale, settings.timezone) : <span className="text-muted-foreground">—</span>}</TableCell>
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
