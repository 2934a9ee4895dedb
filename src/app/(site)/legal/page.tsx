import type { Metadata } from "next";
import { getConfig } from "@/lib/env";
import { publicTexts } from "@/modules/public-site/legal-pages";
import { LegalPage } from "@/modules/public-site/components/legal-page";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getPageSettings();
  return {
    title: { absolute: `Legal notice · ${settings.firmName}` },
    description: `Who publishes the site of ${settings.firmName}, and who hosts it.`,
    alternates: { canonical: "/legal" },
  };
}

export default async function LegalNoticePage() {
  const settings = await getPageSettings();
  return <LegalPage title="Legal notice" markdown={publicTexts(settings, getConfig().appUrl).legalNotice} />;
}
