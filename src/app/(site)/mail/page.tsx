import { CheckCircle2Icon } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { getConfig } from "@/lib/env";
import { ContactForm } from "@/modules/messages/components/contact-form";
import { signFormToken } from "@/modules/public-site/anti-spam-rules";
import { retentionDays } from "@/modules/public-site/retention-rules";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getPageSettings();
  const t = await getTranslations("site.mail");
  return {
    title: { absolute: t("metaTitle", { firm: settings.firmName }) },
    description: t("metaDescription", { firm: settings.firmName }),
    alternates: { canonical: "/mail" },
  };
}

export default async function MailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const settings = await getPageSettings();
  const sent = (await searchParams).sent;
  const t = await getTranslations("site.mail");
  return (
    <main className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t("heading")}</h1>
      <p className="mt-3 text-muted-foreground">{t("intro", { firm: settings.firmName })}</p>
      <div className="mt-10">
        {sent ? (
          <Alert>
            <CheckCircle2Icon aria-hidden />
            <AlertTitle>{t("sentTitle")}</AlertTitle>
            <AlertDescription>
              {t("sentText", { callback: sent === "callback" ? "yes" : "no" })}{" "}
              <Link href="/mail" className="underline underline-offset-4">
                {t("writeAnother")}
              </Link>
            </AlertDescription>
          </Alert>
        ) : (
          <ContactForm
            formToken={signFormToken(getConfig().authSecret, "mail")}
            retentionDays={retentionDays(settings.messageRetentionMonths)}
          />
        )}
      </div>
    </main>
  );
}
