import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getDb } from "@/db/client";
import { requirePagePermission } from "@/lib/session";
import { getPageSettings } from "@/modules/settings/page-settings";
import { WebhookPrivateSetting } from "@/modules/webhooks/components/webhook-endpoint-actions";
import { WebhookEndpointList } from "@/modules/webhooks/components/webhook-endpoint-list";
import { WebhookEndpointForm } from "@/modules/webhooks/components/webhook-form";
import { findWebhookEndpoints } from "@/modules/webhooks/webhook-queries";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("webhooks.page");
  return { title: t("title") };
}

export default async function WebhooksPage() {
  const actor = await requirePagePermission("settings.edit");
  const [settings, endpoints, t] = await Promise.all([
    getPageSettings(),
    findWebhookEndpoints(getDb(), actor),
    getTranslations("webhooks.page"),
  ]);
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardHeader>
          <CardTitle>{t("add")}</CardTitle>
          <CardDescription>{t("addHelp")}</CardDescription>
        </CardHeader>
        <CardContent>
          <WebhookEndpointForm />
        </CardContent>
      </Card>
      <section aria-labelledby="endpoints-heading" className="grid gap-4">
        <h2 id="endpoints-heading" className="text-lg font-semibold">
          {t("endpoints")}
        </h2>
        <WebhookEndpointList endpoints={endpoints} />
      </section>
      <Card>
        <CardHeader>
          <CardTitle>{t("network")}</CardTitle>
        </CardHeader>
        <CardContent>
          <WebhookPrivateSetting allowPrivate={settings.webhooksAllowPrivate} />
        </CardContent>
      </Card>
    </div>
  );
}
