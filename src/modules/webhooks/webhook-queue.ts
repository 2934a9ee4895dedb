// queueWebhookEvent: one delivery row per active endpoint that asked for the event, written in the
// caller's transaction, like the mail outbox (a rolled-back change sends nothing). The worker
// (webhook-delivery.ts) sends them.
import { and, arrayContains, eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Executor } from "@/db/client";
import { webhookDelivery, webhookEndpoint } from "@/db/schema";
import type { WebhookEventType } from "./webhook-events";

/** Queues the event for its subscribers; returns the event's id, or null when nobody listens. */
export async function queueWebhookEvent(
  tx: Executor,
  type: WebhookEventType,
  data: Record<string, unknown>,
  now: Date = new Date(),
): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.active, true), arrayContains(webhookEndpoint.events, [type])));
  if (endpoints.length === 0) return null;
  const eventId = uuidv7();
  const body = JSON.stringify({ id: eventId, type, created: now.toISOString(), data });
  await tx
    .insert(webhookDelivery)
    .values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId, eventType: type, body })));
  return eventId;
}
