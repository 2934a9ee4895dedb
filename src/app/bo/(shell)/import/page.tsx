import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { requirePagePermission } from "@/lib/session";
import { ImportForm } from "@/modules/imports/components/import-form";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("imports.page");
  return { title: t("title") };
}

export default async function ImportPage() {
  await requirePagePermission("settings.edit");
  const t = await getTranslations("imports.page");
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <ImportForm locale={(await getPageSettings()).locale} />
    </div>
  );
}
