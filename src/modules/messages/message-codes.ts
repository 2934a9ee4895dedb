// Why the messages domain refuses something: one stable code per reason (src/lib/rule-result.ts).
// The public form's own refusals are public_form.* (public-site/public-form-codes.ts).
export const MESSAGE_CODES = ["message.not_found", "message.stale"] as const;

export type MessageCode = (typeof MESSAGE_CODES)[number];
