import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getConfig } from "@/lib/env";
import { signedInUser } from "@/lib/session";
import { can } from "@/modules/users/permissions";
import { SentryExample } from "@/modules/monitoring/components/sentry-example";
import { parseDsn } from "@/modules/monitoring/tunnel-rules";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("site.sentryExample");
  return { title: t("title") };
}

export default async function SentryExamplePage() {
  const dsn = __BUREAU_SENTRY_SDK__ === "off" ? undefined : parseDsn(getConfig().sentry.browserDsn ?? "");
  // Where reports go is the firm's business: shown to its administrators only.
  const viewer = await signedInUser();
  const isAdmin = Boolean(viewer?.mayProceed && can(viewer.user, "monitoring.test"));
  const t = await getTranslations("site.sentryExample");
  return (
    <main className="mx-auto max-w-3xl px-6 py-12">
      <h1 className="text-3xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("intro")}</p>
      <SentryExample
        configured={Boolean(dsn)}
        destination={dsn && isAdmin ? `${dsn.protocol}//${dsn.host}${dsn.pathPrefix}` : undefined}
        canRaiseServerError={isAdmin}
      />
    </main>
  );
}
