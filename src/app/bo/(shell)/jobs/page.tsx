import { BriefcaseIcon, PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
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
import { JobTable } from "@/modules/jobs/components/job-table";
import { findJobPage } from "@/modules/jobs/job-queries";
import { JOB_LIST_STATUSES } from "@/modules/jobs/job-rules";
import { jobList } from "@/modules/jobs/job-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("jobs.list");
  return { title: t("title") };
}

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
  const t = await getTranslations("jobs.list");
  const words = await getTranslations("jobs.words");
  const newJob = (
    <Button asChild>
      <Link href="/bo/jobs/new">
        <PlusIcon aria-hidden /> {t("newJob")}
      </Link>
    </Button>
  );
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title={t("title")} description={t("description")} actions={newJob} />
      <ListTabs
        label={t("tabsLabel")}
        tabs={[
          {
            href: jobList.href({ ...params, applications: undefined, page: 1 }),
            label: t("allJobs"),
            current: !withNewApplications,
          },
          {
            href: jobList.href({ ...params, applications: "new", page: 1 }),
            label: t("withNew"),
            current: withNewApplications,
          },
        ]}
      />
      <FilterBar
        action={jobList.path}
        label={t("filterLabel")}
        keep={{
          applications: params.applications,
          sort: params.sort === "status" ? undefined : params.sort,
          dir: params.dir === "asc" ? undefined : params.dir,
        }}
        clearHref={params.status ? jobList.href({ ...params, status: undefined, page: 1 }) : undefined}
      >
        <FilterField label={t("status")} htmlFor="jobs-status">
          <NativeSelect id="jobs-status" name="status" defaultValue={params.status ?? ""}>
            <option value="">{t("anyStatus")}</option>
            {JOB_LIST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {words(`jobStatus.${status}`)}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
      </FilterBar>
      <PagedList
        list={{ page: params.page, pageSize: params.size, total, rows: jobs }}
        noun={{ one: t("nounOne"), other: t("nounOther") }}
        locale={settings.locale}
        href={(page) => jobList.href({ ...params, page })}
        icon={<BriefcaseIcon />}
        summary={
          withNewApplications ? (
            <p className="text-sm text-muted-foreground" data-testid="new-applications-total">
              {t("newSummary", { applications: newApplications, jobs: total })}
            </p>
          ) : null
        }
        empty={
          withNewApplications ? (
            <EmptyState icon={<BriefcaseIcon />} title={t("noNewTitle")} description={t("noNewDescription")} />
          ) : filtered ? (
            <EmptyState icon={<BriefcaseIcon />} title={t("noMatchTitle")} description={t("noMatchDescription")} />
          ) : (
            <EmptyState
              icon={<BriefcaseIcon />}
              title={t("emptyTitle")}
              description={t("emptyDescription")}
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
