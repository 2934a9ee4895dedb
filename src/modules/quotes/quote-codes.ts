// Why the quotes domain refuses something: one stable code per reason (src/lib/rule-result.ts).
// API error bodies carry them and translations are keyed by them: never rename or reuse one for
// another reason; add a new one.
export const QUOTE_CODES = [
  "quote.already_converted",
  "quote.already_decided",
  "quote.already_sent",
  "quote.bills_no_time",
  "quote.client_gone",
  "quote.date_before_latest",
  "quote.expired",
  "quote.has_new_version",
  "quote.no_billing_email",
  "quote.no_lines",
  "quote.not_accepted",
  "quote.not_draft",
  "quote.not_found",
  "quote.not_sent",
  "quote.stale",
  "quote.superseded",
  "quote.validity_past",
] as const;

export type QuoteCode = (typeof QUOTE_CODES)[number];
