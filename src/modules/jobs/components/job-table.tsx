import { Badge } from "@/components/ui/badge";
import Link from "@/components/app-link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/dates";
import type { findJobs } from "../job-queries";
import { EMPLOYMENT_TYPE_LABELS, JOB_STATUS_LABELS, WORKPLACE_LABELS } from "../job-rules";
import { JOB_STATUS_VARIANTS } from "./status-variants";

type JobRow = Awaited<ReturnType<typeof findJobs>>[number];

/** The jobs, published first, with their applications and how many nobody has looked at. */
export function JobTable({ jobs, firm }: { jobs: JobRow[]; firm: { locale: string; timezone: string } }) {
  return (
    <Table containerClassName="rounded-lg border">
      <TableHeader>
        <TableRow>
          <TableHead>Title</TableHead>
          <TableHead>Status</TableHead>
          <TableHead from="md">Workplace</TableHead>
          <TableHead from="md">Closes on</TableHead>
          <TableHead figure>Applications</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {jobs.map((job) => (
          <TableRow key={job.id}>
            <TableCell>
              <Link
                href={`/bo/jobs/${job.id}`}
                className="font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {job.title}
              </Link>
              <div className="text-xs text-muted-foreground">
                {[job.location, EMPLOYMENT_TYPE_LABELS[job.employmentType]].filter(Boolean).join(" · ")}
              </div>
            </TableCell>
            <TableCell>
              <Badge variant={JOB_STATUS_VARIANTS[job.status]}>{JOB_STATUS_LABELS[job.status]}</Badge>
            </TableCell>
            <TableCell from="md">{WORKPLACE_LABELS[job.workplace]}</TableCell>
            <TableCell from="md" className="tabular-nums">
              {job.closesOn ? (
                formatDate(job.closesOn, firm.locale, firm.timezone)
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell figure>
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
  );
}
