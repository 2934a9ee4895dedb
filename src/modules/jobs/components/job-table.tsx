import Link from "@/components/app-link";
import type { Noun } from "@/components/list/pager";
import { SortHeader } from "@/components/list/sort-header";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/dates";
import type { findJobPage } from "../job-queries";
import { EMPLOYMENT_TYPE_LABELS, JOB_LIST_STATUS_LABELS, jobListStatus, WORKPLACE_LABELS } from "../job-rules";
import { type JobListParams, type JobSort, jobList } from "../job-schemas";
import { JOB_STATUS_VARIANTS } from "./status-variants";

export const JOB_NOUN: Noun = { one: "job", other: "jobs" };

type JobRow = Awaited<ReturnType<typeof findJobPage>>["rows"][number];

/**
 * The jobs with their applications and how many nobody has looked at. A published job past its
 * closing date shows as closed (expired): the public site no longer lists it.
 */
export function JobTable({
  jobs,
  firm,
  params,
  today,
}: {
  jobs: JobRow[];
  firm: { locale: string; timezone: string };
  params: JobListParams;
  today: string;
}) {
  const sort = { column: params.sort, direction: params.dir };
  const href = (column: JobSort, dir: "asc" | "desc") => jobList.href({ ...params, sort: column, dir, page: 1 });
  return (
    <Table containerClassName="rounded-lg border">
      <TableHeader>
        <TableRow>
          <SortHeader column="title" label="Title" sort={sort} href={href} />
          <SortHeader column="status" label="Status" sort={sort} href={href} />
          <TableHead from="md">Workplace</TableHead>
          <SortHeader column="closes" label="Closes on" sort={sort} href={href} from="sm" />
          <SortHeader column="created" label="Created" sort={sort} href={href} firstDirection="desc" from="lg" />
          <TableHead figure>Applications</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {jobs.map((job) => {
          const status = jobListStatus(job, today);
          return (
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
                <Badge variant={JOB_STATUS_VARIANTS[status]}>{JOB_LIST_STATUS_LABELS[status]}</Badge>
              </TableCell>
              <TableCell from="md">{WORKPLACE_LABELS[job.workplace]}</TableCell>
              <TableCell from="sm" className="tabular-nums">
                {job.closesOn ? (
                  formatDate(job.closesOn, firm.locale, firm.timezone)
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </TableCell>
              <TableCell from="lg" className="tabular-nums">
                {formatDate(job.createdAt, firm.locale, firm.timezone)}
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
          );
        })}
      </TableBody>
    </Table>
  );
}
