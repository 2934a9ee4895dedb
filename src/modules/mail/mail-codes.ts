// Why the mail domain (the outbox, invoice mails) refuses something: one stable code per reason
// (src/lib/rule-result.ts). API error bodies carry them and translations are keyed by them: never
// rename or reuse one for another reason; add a new one.
export const MAIL_CODES = [
  "mail.not_found",
  "mail.attachment_not_found",
  "mail.not_failed",
  "mail.draft_invoice",
] as const;

export type MailCode = (typeof MAIL_CODES)[number];
