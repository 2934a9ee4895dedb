import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getDb } from "@/db/client";
import { requirePagePermission } from "@/lib/session";
import { getPageSettings } from "@/modules/settings/page-settings";
import { WebhookPrivateSetting } from "@/modules/webhooks/components/webhook-endpoint-actions";
import { WebhookEndpointList } from "@/modules/webhooks/components/webhook-endpoint-list";
import { WebhookEndpointForm } from "@/modules/webhooks/components/webhook-form";
import { findWebhookEndpoints } from "@/modules/webhooks/webhook-queries";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const actor = await requirePagePermission("settings.edit");
  const [settings, endpoints] = await Promise.all([getPageSettings(), findWebhookEndpoints(getDb(), actor)]);
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader
        title="Webhooks"
        description="Bureau tells your other tools when something happens: a signed JSON POST to each endpoint that asked for the event. See docs/api.md to check the signature."
      />
      <Card>
        <CardHeader>
          <CardTitle>Add an endpoint</CardTitle>
          <CardDescription>Failed deliveries are retried after 1 min, 5 min, 30 min, 2 h and 12 h.</CardDescription>
        </CardHeader>
        <CardContent>
          <WebhookEndpointForm />
        </CardContent>
      </Card>
      <section aria-labelledby="endpoints-heading" className="grid gap-4">
        <h2 id="endpoints-heading" className="text-lg font-semibold">
          Endpoints
        </h2>
        <WebhookEndpointList endpoints={endpoints} />
      </section>
      <Card>
        <CardHeader>
          <CardTitle>Network</CardTitle>
        </CardHeader>
        <CardContent>
          <WebhookPrivateSetting allowPrivate={settings.webhooksAllowPrivate} />
        </CardContent>
      </Card>
    </div>
  );
}
