import { BriefcaseIcon, PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { FilterBar, FilterField } from "@/components/list/filter-bar";
import { ListTabs } from "@/components/list/list-tabs";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { JOB_NOUN, JobTable } from "@/modules/jobs/components/job-table";
import { findJobPage } from "@/modules/jobs/job-queries";
import { JOB_LIST_STATUS_LABELS, JOB_LIST_STATUSES } from "@/modules/jobs/job-rules";
import { jobList } from "@/modules/jobs/job-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Jobs" };

export default async function JobsAdminPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePagePermission("job.read");
  const params = jobList.parse(await searchParams);
  const withNewApplications = params.applications === "new";
  const settings = await getPageSettings();
  const today = todayInZone(settings.timezone);
  const {
    rows: jobs,
    total,
    newApplications,
  } = await findJobPage(getDb(), {
    withNewApplications,
    status: params.status,
    sort: params.sort,
    dir: params.dir,
    today,
    limit: params.size,
    offset: (params.page - 1) * params.size,
  });
  const filtered = withNewApplications || params.status !== undefined;
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
      <ListTabs
        label="Which jobs"
        tabs={[
          {
            href: jobList.href({ ...params, applications: undefined, page: 1 }),
            label: "All jobs",
            current: !withNewApplications,
          },
          {
            href: jobList.href({ ...params, applications: "new", page: 1 }),
            label: "With new applications",
            current: withNewApplications,
          },
        ]}
      />
      <FilterBar
        action={jobList.path}
        label="Filter the jobs"
        keep={{
          applications: params.applications,
          sort: params.sort === "status" ? undefined : params.sort,
          dir: params.dir === "asc" ? undefined : params.dir,
        }}
        clearHref={params.status ? jobList.href({ ...params, status: undefined, page: 1 }) : undefined}
      >
        <FilterField label="Status" htmlFor="jobs-status">
          <NativeSelect id="jobs-status" name="status" defaultValue={params.status ?? ""}>
            <option value="">Any status</option>
            {JOB_LIST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {JOB_LIST_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
      </FilterBar>
      <PagedList
        list={{ page: params.page, pageSize: params.size, total, rows: jobs }}
        noun={JOB_NOUN}
        locale={settings.locale}
        href={(page) => jobList.href({ ...params, page })}
        icon={<BriefcaseIcon />}
        summary={
          withNewApplications ? (
            <p className="text-sm text-muted-foreground" data-testid="new-applications-total">
              {newApplications} new {newApplications === 1 ? "application" : "applications"} across {total}{" "}
              {total === 1 ? "job" : "jobs"}.
            </p>
          ) : null
        }
        empty={
          withNewApplications ? (
            <EmptyState
              icon={<BriefcaseIcon />}
              title="No new applications"
              description="Every application has been looked at. New ones from the public site appear here."
            />
          ) : filtered ? (
            <EmptyState
              icon={<BriefcaseIcon />}
              title="No jobs with this status"
              description="Choose another status, or clear the filter to see every job."
            />
          ) : (
            <EmptyState
              icon={<BriefcaseIcon />}
              title="No jobs yet"
              description="Create a job as a draft, then publish it to list it on the public site."
              action={newJob}
            />
          )
        }
      >
        <JobTable jobs={jobs} firm={settings} params={params} today={today} />
      </PagedList>
    </div>
  );
}
