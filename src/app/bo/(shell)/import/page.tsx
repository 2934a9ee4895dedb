import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { requirePagePermission } from "@/lib/session";
import { ImportForm } from "@/modules/imports/components/import-form";

export const metadata: Metadata = { title: "Import" };

export default async function ImportPage() {
  await requirePagePermission("settings.edit");
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader
        title="Import"
        description="Bring clients, projects and time from Harvest, Toggl Track or Kimai: upload their CSV export, check the preview, then import. Importing the same file again creates nothing new."
      />
      <ImportForm />
    </div>
  );
}
