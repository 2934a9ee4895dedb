// Why a webhook change is refused: one stable code per reason (src/lib/rule-result.ts).
export const WEBHOOK_CODES = [
  "webhook.url_refused",
  "webhook.host_unresolved",
  "webhook.endpoint_not_found",
  "webhook.delivery_not_found",
  "webhook.delivery_in_progress",
] as const;

export type WebhookCode = (typeof WEBHOOK_CODES)[number];
