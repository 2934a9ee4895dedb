import type { Metadata } from "next";
import { getConfig } from "@/lib/env";
import { publicTexts } from "@/modules/public-site/legal-pages";
import { LegalPage } from "@/modules/public-site/components/legal-page";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getPageSettings();
  return {
    title: { absolute: `Privacy notice · ${settings.firmName}` },
    description: `How ${settings.firmName} uses the personal data sent through this site, and your rights.`,
    alternates: { canonical: "/privacy" },
  };
}

export default async function PrivacyNoticePage() {
  const settings = await getPageSettings();
  return <LegalPage title="Privacy notice" markdown={publicTexts(settings, getConfig().appUrl).privacyNotice} />;
}
