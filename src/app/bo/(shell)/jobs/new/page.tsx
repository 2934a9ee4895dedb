import type { Metadata } from "next";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { requirePagePermission } from "@/lib/session";
import { JobForm } from "@/modules/jobs/components/job-form";
import { getPageSettings } from "@/modules/settings/page-settings";

export const metadata: Metadata = { title: "New job" };

export default async function NewJobPage() {
  await requirePagePermission("job.edit");
  const settings = await getPageSettings();
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <p className="text-sm">
        <Link href="/bo/jobs" className="text-muted-foreground underline-offset-4 hover:underline">
          ← Jobs
        </Link>
      </p>
      <PageHeader title="New job" description="Saved as a draft: nobody outside sees it until you publish it." />
      <JobForm defaultCurrency={settings.currency} />
    </div>
  );
}
