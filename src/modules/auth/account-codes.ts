// Why an account link or request is refused: one stable code per reason (src/lib/rule-result.ts).
// Never rename or reuse one for another reason; add a new one.
export const ACCOUNT_CODES = [
  "account.link_invalid",
  "account.reset_rate_limited",
  "account.invitation_not_pending",
] as const;

export type AccountCode = (typeof ACCOUNT_CODES)[number];
