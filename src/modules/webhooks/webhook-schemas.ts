// Inputs of webhooks, shared by the settings page's forms and the mutations. Browser-safe.
import { z } from "zod";
import { checkLine } from "@/lib/input-fields";
import { isWebhookEventType, type WebhookEventType } from "./webhook-events";

export const MAX_WEBHOOK_URL = 2000;
export const MAX_WEBHOOK_DESCRIPTION = 200;

export const createWebhookEndpointInput = z.object({
  url: z
    .string({ error: "Enter the address that receives the events." })
    .trim()
    .min(1, "Enter the address that receives the events.")
    .max(MAX_WEBHOOK_URL, `Use at most ${MAX_WEBHOOK_URL} characters.`)
    .superRefine(checkLine)
    .refine((value) => /^https?:\/\//i.test(value), "Enter a full address starting with https:// or http://."),
  description: z
    .string()
    .nullish()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(MAX_WEBHOOK_DESCRIPTION, `Use at most ${MAX_WEBHOOK_DESCRIPTION} characters.`))
    .superRefine(checkLine),
  events: z
    .array(z.string())
    .min(1, "Choose at least one event.")
    .max(50)
    .refine((events) => events.every(isWebhookEventType), "Choose events from the list.")
    .transform((events) => [...new Set(events)].sort() as WebhookEventType[]),
  active: z.boolean().default(true),
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointInput>;

export const webhookEndpointRefInput = z.object({ id: z.uuid("Choose an endpoint.") });
export const setWebhookEndpointActiveInput = webhookEndpointRefInput.extend({ active: z.boolean() });
export const redeliverWebhookInput = z.object({ id: z.uuid("Choose a delivery.") });
export const webhookSettingsInput = z.object({ allowPrivate: z.boolean() });
