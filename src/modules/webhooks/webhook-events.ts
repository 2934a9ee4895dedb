// The events a webhook endpoint can ask for (decision 052). Plain data, safe in the browser.
export const WEBHOOK_EVENTS = [
  { type: "invoice.issued", label: "Invoice issued", description: "An invoice or credit note gets its number." },
  { type: "invoice.paid", label: "Invoice paid", description: "Payments bring an invoice's balance to zero." },
  {
    type: "invoice.overdue",
    label: "Invoice overdue",
    description: "An issued invoice's due date passed with a balance left (announced once).",
  },
  { type: "timesheet.submitted", label: "Timesheet submitted", description: "A week is submitted for approval." },
  { type: "timesheet.approved", label: "Timesheet approved", description: "A manager approves a week." },
  { type: "call.requested", label: "Call-back requested", description: "Someone asks to be called back." },
  {
    type: "application.received",
    label: "Application received",
    description: "A candidate applies to a job on the public site.",
  },
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]["type"];
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = WEBHOOK_EVENTS.map((event) => event.type);

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
