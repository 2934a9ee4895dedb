// Why a public form (/mail, a job application) is refused before or besides its fields' own checks:
// one stable code per reason (src/lib/rule-result.ts). API error bodies carry them and
// translations are keyed by them: never rename or reuse one for another reason; add a new one.
export const PUBLIC_FORM_CODES = [
  "public_form.too_fast",
  "public_form.expired",
  "public_form.token_invalid",
  "public_form.rate_limited",
  "public_form.too_many_links",
  "public_form.link_in_line",
  "public_form.phone_invalid",
] as const;

export type PublicFormCode = (typeof PUBLIC_FORM_CODES)[number];
