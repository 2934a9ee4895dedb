// Why the users domain refuses something: one stable code per reason (src/lib/rule-result.ts).
// API error bodies carry them and translations are keyed by them: never rename or reuse one for
// another reason; add a new one.
export const USER_CODES = [
  "user.not_found",
  "user.stale",
  "user.email_taken",
  "user.password_common",
  "user.current_password_wrong",
  "user.current_password_locked",
  "user.last_admin",
  "user.cannot_deactivate_self",
  "user.reset_own_password",
  "user.language_unknown",
] as const;

export type UserCode = (typeof USER_CODES)[number];
