"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  redeliverWebhook,
  rotateWebhookSecret,
  setWebhookEndpointActive,
  updateWebhookSettings,
} from "./webhook-mutations";

// Thin server actions: the session decides who acts; the mutations check again and write.
const PAGE = "/bo/settings/webhooks";

/** The signing secret is returned once, here, and never again. */
export async function createWebhookEndpointAction(input: unknown): Promise<ActionResult<{ secret: string }>> {
  return runAction(async () => {
    const { secret } = await createWebhookEndpoint(getDb(), await requireActor("settings.edit"), input);
    revalidatePath(PAGE);
    return { secret };
  }, "Endpoint added.");
}

export async function setWebhookEndpointActiveAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    await setWebhookEndpointActive(getDb(), await requireActor("settings.edit"), input);
    revalidatePath(PAGE);
    return undefined;
  });
}

export async function rotateWebhookSecretAction(input: unknown): Promise<ActionResult<{ secret: string }>> {
  return runAction(async () => {
    const { secret } = await rotateWebhookSecret(getDb(), await requireActor("settings.edit"), input);
    revalidatePath(PAGE);
    return { secret };
  }, "New secret made.");
}

export async function deleteWebhookEndpointAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    await deleteWebhookEndpoint(getDb(), await requireActor("settings.edit"), input);
    revalidatePath(PAGE);
    return undefined;
  }, "Endpoint deleted.");
}

export async function redeliverWebhookAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    await redeliverWebhook(getDb(), await requireActor("settings.edit"), input);
    revalidatePath(PAGE);
    return undefined;
  }, "Delivery queued again.");
}

export async function updateWebhookSettingsAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    await updateWebhookSettings(getDb(), await requireActor("settings.edit"), input);
    revalidatePath(PAGE);
    return undefined;
  }, "Webhook settings saved.");
}
