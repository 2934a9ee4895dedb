// What the Webhooks settings page shows: the endpoints and the latest deliveries of each.
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { webhookDelivery, webhookEndpoint } from "@/db/schema";
import type { Actor } from "@/modules/audit/audit-log";
import { requirePermission } from "@/modules/users/permissions";

/** How many deliveries the log shows per endpoint (the latest). */
export const DELIVERY_LOG_SIZE = 25;

export async function findWebhookEndpoints(db: Executor, actor: Actor) {
  requirePermission(actor, "settings.edit");
  const endpoints = await db
    .select({
      id: webhookEndpoint.id,
      url: webhookEndpoint.url,
      description: webhookEndpoint.description,
      events: webhookEndpoint.events,
      active: webhookEndpoint.active,
      createdAt: webhookEndpoint.createdAt,
    })
    .from(webhookEndpoint)
    .orderBy(desc(webhookEndpoint.createdAt), desc(webhookEndpoint.id))
    .limit(100);
  if (endpoints.length === 0) return [];
  // The latest deliveries of each endpoint, in one query.
  const ranked = db
    .select({
      id: webhookDelivery.id,
      endpointId: webhookDelivery.endpointId,
      eventType: webhookDelivery.eventType,
      eventId: webhookDelivery.eventId,
      status: webhookDelivery.status,
      attempts: webhookDelivery.attempts,
      createdAt: webhookDelivery.createdAt,
      lastAttemptAt: webhookDelivery.lastAttemptAt,
      lastStatus: webhookDelivery.lastStatus,
      lastDurationMs: webhookDelivery.lastDurationMs,
      lastError: webhookDelivery.lastError,
      nextAttemptAt: webhookDelivery.nextAttemptAt,
      position:
        sql<number>`row_number() over (partition by ${webhookDelivery.endpointId} order by ${webhookDelivery.createdAt} desc, ${webhookDelivery.id} desc)`.as(
          "position",
        ),
    })
    .from(webhookDelivery)
    .where(
      inArray(
        webhookDelivery.endpointId,
        endpoints.map((endpoint) => endpoint.id),
      ),
    )
    .as("ranked");
  const deliveries = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.position} <= ${DELIVERY_LOG_SIZE}`)
    .orderBy(desc(ranked.createdAt), desc(ranked.id));
  return endpoints.map((endpoint) => ({
    ...endpoint,
    deliveries: deliveries.filter((delivery) => delivery.endpointId === endpoint.id),
  }));
}

export type WebhookEndpointView = Awaited<ReturnType<typeof findWebhookEndpoints>>[number];
export type WebhookDeliveryView = WebhookEndpointView["deliveries"][number];

/** One delivery with its tries (tests and support). */
export async function findWebhookDelivery(db: Executor, id: string) {
  const [row] = await db.select().from(webhookDelivery).where(eq(webhookDelivery.id, id));
  return row ?? null;
}
