import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { requirePagePermission } from "@/lib/session";
import { JobForm } from "@/modules/jobs/components/job-form";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("jobs.new");
  return { title: t("title") };
}

export default async function NewJobPage() {
  await requirePagePermission("job.edit");
  const settings = await getPageSettings();
  const t = await getTranslations("jobs.new");
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <p className="text-sm">
        <Link href="/bo/jobs" className="text-muted-foreground underline-offset-4 hover:underline">
          {t("back")}
        </Link>
      </p>
      <PageHeader title={t("title")} description={t("description")} />
      <JobForm defaultCurrency={settings.currency} />
    </div>
  );
}
