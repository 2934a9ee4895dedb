import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { getConfig } from "@/lib/env";
import { publicTexts } from "@/modules/public-site/legal-pages";
import { LegalPage } from "@/modules/public-site/components/legal-page";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getPageSettings();
  const t = await getTranslations("site.legal");
  return {
    title: { absolute: t("metaTitle", { firm: settings.firmName }) },
    description: t("metaDescription", { firm: settings.firmName }),
    alternates: { canonical: "/legal" },
  };
}

export default async function LegalNoticePage() {
  const settings = await getPageSettings();
  const t = await getTranslations("site.legal");
  return (
    <LegalPage
      title={t("title")}
      markdown={publicTexts(settings, getConfig().appUrl, new Date(), await getLocale()).legalNotice}
    />
  );
}
