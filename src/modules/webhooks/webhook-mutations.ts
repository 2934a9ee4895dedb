// Webhook endpoints (decision 052): registered, switched on and off, given a new secret and deleted
// by administrators (settings.edit); every change is audited, never with the secret.
import { and, eq, inArray } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { webhookDelivery, webhookEndpoint } from "@/db/schema";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { parseInput } from "@/lib/parse-input";
import { sealSecret } from "@/lib/sealed-secret";
import { type Actor, recordAudit } from "@/modules/audit/audit-log";
import { updateSection } from "@/modules/settings/settings-section-mutations";
import { getSettings } from "@/modules/settings/settings-queries";
import { requirePermission } from "@/modules/users/permissions";
import { checkWebhookUrl, type LookupAll } from "./webhook-address";
import { WEBHOOK_SECRET_PURPOSE } from "./webhook-delivery";
import { newWebhookSecret } from "./webhook-rules";
import {
  createWebhookEndpointInput,
  redeliverWebhookInput,
  setWebhookEndpointActiveInput,
  webhookEndpointRefInput,
  webhookSettingsInput,
} from "./webhook-schemas";

const ADMINS_ONLY = "Only administrators can manage webhooks.";

/** Registers an endpoint; its signing secret is returned here, once, and stored sealed. */
export async function createWebhookEndpoint(
  db: Database,
  actor: Actor,
  input: unknown,
  options: { lookup?: LookupAll } = {},
) {
  requirePermission(actor, "settings.edit", ADMINS_ONLY);
  const values = parseInput(createWebhookEndpointInput, input);
  const settings = await getSettings(db);
  const { url } = await checkWebhookUrl(values.url, { allowPrivate: settings.webhooksAllowPrivate, ...options });
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoint)
      .values({
        url: url.href,
        description: values.description,
        events: values.events,
        active: values.active,
        secretSealed: sealSecret(WEBHOOK_SECRET_PURPOSE, secret),
        createdById: actor.id,
      })
      .returning();
    await recordAudit(tx, actor, {
      entity: "webhook_endpoint",
      entityId: created!.id,
      action: "create",
      summary: { url: created!.url, events: created!.events, active: created!.active },
    });
    return { id: created!.id, secret };
  });
}

async function lockEndpoint(tx: Executor, id: string) {
  const [row] = await tx.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, id)).for("update");
  if (!row) throw new NotFoundError("This webhook endpoint does not exist.", "webhook.endpoint_not_found");
  return row;
}

/** Switches an endpoint off (its deliveries wait, unsent) or on again. */
export async function setWebhookEndpointActive(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "settings.edit", ADMINS_ONLY);
  const { id, active } = parseInput(setWebhookEndpointActiveInput, input);
  return db.transaction(async (tx) => {
    const row = await lockEndpoint(tx, id);
    if (row.active === active) return row;
    const [updated] = await tx.update(webhookEndpoint).set({ active }).where(eq(webhookEndpoint.id, id)).returning();
    await recordAudit(tx, actor, {
      entity: "webhook_endpoint",
      entityId: id,
      action: active ? "enable" : "disable",
      summary: { url: row.url },
    });
    return updated!;
  });
}

/** A new signing secret, returned once; the old one stops signing at once. */
export async function rotateWebhookSecret(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "settings.edit", ADMINS_ONLY);
  const { id } = parseInput(webhookEndpointRefInput, input);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const row = await lockEndpoint(tx, id);
    await tx
      .update(webhookEndpoint)
      .set({ secretSealed: sealSecret(WEBHOOK_SECRET_PURPOSE, secret) })
      .where(eq(webhookEndpoint.id, id));
    await recordAudit(tx, actor, {
      entity: "webhook_endpoint",
      entityId: id,
      action: "rotate_secret",
      summary: { url: row.url },
    });
    return { id, secret };
  });
}

/** Deletes an endpoint with its delivery log. */
export async function deleteWebhookEndpoint(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "settings.edit", ADMINS_ONLY);
  const { id } = parseInput(webhookEndpointRefInput, input);
  return db.transaction(async (tx) => {
    const row = await lockEndpoint(tx, id);
    await tx.delete(webhookEndpoint).where(eq(webhookEndpoint.id, id));
    await recordAudit(tx, actor, {
      entity: "webhook_endpoint",
      entityId: id,
      action: "delete",
      summary: { url: row.url, events: row.events },
    });
  });
}

/** Sends a finished delivery (succeeded or failed) again, now, with the same event id and body. */
export async function redeliverWebhook(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "settings.edit", ADMINS_ONLY);
  const { id } = parseInput(redeliverWebhookInput, input);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(webhookDelivery).where(eq(webhookDelivery.id, id)).for("update");
    if (!row) throw new NotFoundError("This delivery does not exist.", "webhook.delivery_not_found");
    const [updated] = await tx
      .update(webhookDelivery)
      .set({ status: "queued", nextAttemptAt: new Date(), lockedUntil: null })
      .where(and(eq(webhookDelivery.id, id), inArray(webhookDelivery.status, ["succeeded", "failed"])))
      .returning();
    if (!updated)
      throw new ConflictError(
        "This delivery is already waiting to be sent; it goes out on its next try.",
        "webhook.delivery_in_progress",
      );
    await recordAudit(tx, actor, {
      entity: "webhook_endpoint",
      entityId: row.endpointId,
      action: "redeliver",
      summary: { deliveryId: id, eventType: row.eventType, eventId: row.eventId },
    });
    return updated;
  });
}

/** Settings → Webhooks: whether webhooks may reach private, loopback and link-local addresses. */
export async function updateWebhookSettings(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "settings.edit", ADMINS_ONLY);
  const { allowPrivate } = parseInput(webhookSettingsInput, input);
  return updateSection(db, actor, "update_webhooks", { webhooksAllowPrivate: allowPrivate });
}
