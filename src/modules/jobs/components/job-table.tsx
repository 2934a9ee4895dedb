import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { SortHeader } from "@/components/list/sort-header";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/dates";
import type { findJobPage } from "../job-queries";
import { jobListStatus } from "../job-rules";
import { type JobListParams, type JobSort, jobList } from "../job-schemas";
import { JOB_STATUS_VARIANTS } from "./status-variants";

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
  const t = useTranslations("jobs.list");
  const words = useTranslations("jobs.words");
  const sort = { column: params.sort, direction: params.dir };
  const href = (column: JobSort, dir: "asc" | "desc") => jobList.href({ ...params, sort: column, dir, page: 1 });
  return (
    <Table containerClassName="rounded-lg border">
      <TableHeader>
        <TableRow>
          <SortHeader column="title" label={t("jobTitle")} sort={sort} href={href} />
          <SortHeader column="status" label={t("status")} sort={sort} href={href} />
          <TableHead from="md">{t("workplace")}</TableHead>
          <SortHeader column="closes" label={t("closesOn")} sort={sort} href={href} from="sm" />
          <SortHeader column="created" label={t("created")} sort={sort} href={href} firstDirection="desc" from="lg" />
          <TableHead figure>{t("applications")}</TableHead>
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
                  {[job.location, words(`employmentType.${job.employmentType}`)].filter(Boolean).join(" · ")}
                </div>
              </TableCell>
              <TableCell>
                <Badge variant={JOB_STATUS_VARIANTS[status]}>{words(`jobStatus.${status}`)}</Badge>
              </TableCell>
              <TableCell from="md">{words(`workplace.${job.workplace}`)}</TableCell>
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
                    {t("newCount", { count: job.newApplications })}
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
