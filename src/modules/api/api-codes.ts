// Why the API refuses something: one stable code per reason (src/lib/rule-result.ts). API error
// bodies carry them: never rename or reuse one for another reason; add a new one.
export const API_CODES = [
  "api.unauthenticated",
  "api.token_invalid",
  "api.scope_missing",
  "api.rate_limited",
  "api.not_found",
  "api.method_not_allowed",
  "api.body_invalid",
  "api.token_not_found",
  "api.scope_not_held",
  "api.password_change_required",
  "api.expiry_past",
  "api.idempotency_key_invalid",
  "api.idempotency_key_reused",
  "api.idempotency_in_progress",
  // A refusal whose rule has no code of its own carries its kind's.
  "api.invalid",
  "api.forbidden",
  "api.conflict",
] as const;

export type ApiCode = (typeof API_CODES)[number];
