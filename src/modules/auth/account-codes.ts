// Why an account link or request is refused: one stable code per reason (src/lib/rule-result.ts).
// Never rename or reuse one for another reason; add a new one.
export const ACCOUNT_CODES = [
  "account.link_invalid",
  "account.reset_rate_limited",
  "account.invitation_not_pending",
  "account.two_factor_already_on",
  "account.two_factor_no_setup",
  "account.two_factor_off",
  "account.two_factor_required",
  "account.two_factor_reset_self",
  "account.two_factor_policy_needs_own",
  "account.second_factor_invalid",
  "account.second_factor_locked",
  "account.session_not_found",
  "account.session_current",
  "account.email_unchanged",
] as const;

export type AccountCode = (typeof ACCOUNT_CODES)[number];
