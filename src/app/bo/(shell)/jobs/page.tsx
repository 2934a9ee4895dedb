import { BriefcaseIcon, PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { ListTabs } from "@/components/list/list-tabs";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { getDb } from "@/db/client";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { JobTable } from "@/modules/jobs/components/job-table";
import { findJobs } from "@/modules/jobs/job-queries";
import { jobList } from "@/modules/jobs/job-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "Jobs" };

export default async function JobsAdminPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePagePermission("job.read");
  const withNewApplications = jobList.parse(await searchParams).applications === "new";
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
      <ListTabs
        label="Which jobs"
        tabs={[
          { href: jobList.href({}), label: "All jobs", current: !withNewApplications },
          { href: jobList.href({ applications: "new" }), label: "With new applications", current: withNewApplications },
        ]}
      />
      {withNewApplications && jobs.length > 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="new-applications-total">
          {newTotal} new {newTotal === 1 ? "application" : "applications"} across {jobs.length}{" "}
          {jobs.length === 1 ? "job" : "jobs"}.
        </p>
      ) : null}
      {jobs.length > 0 ? (
        <JobTable jobs={jobs} firm={settings} />
      ) : withNewApplications ? (
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
      )}
    </div>
  );
}
