// Anti-spam rules of the public forms, pure so unit tests reach them.
import { createHmac, timingSafeEqual } from "node:crypto";

export { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "./form-fields";
export const MIN_FILL_MS = 3_000;
/** A form left open longer than this is refused with "reload the page" (the token is not a session). */
export const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;
export const MAX_LINKS_IN_TEXT = 3;
export const PUBLIC_FORM_LIMIT = 5;
export const PUBLIC_FORM_WINDOW_MS = 60 * 60 * 1000;

function signature(secret: string, form: string, issuedAt: number): string {
  return createHmac("sha256", secret).update(`bureau-public-form:${form}:${issuedAt}`).digest("base64url");
}

/** `<issued-at ms>.<HMAC>`: the server, not the browser, says when the page was loaded. */
export function signFormToken(secret: string, form: string, now: Date = new Date()): string {
  const issuedAt = now.getTime();
  return `${issuedAt}.${signature(secret, form, issuedAt)}`;
}

export type FormTokenCheck = "ok" | "too_fast" | "expired" | "invalid";

/** How long a form sent too quickly should wait before it is sent again (0 when it may be read now). */
export function formTokenWaitMs(token: unknown, now: Date = new Date()): number {
  if (typeof token !== "string") return 0;
  const issuedAt = Number(token.split(".")[0]);
  if (!Number.isFinite(issuedAt)) return 0;
  return Math.max(0, issuedAt + MIN_FILL_MS - now.getTime());
}

export function verifyFormToken(secret: string, form: string, token: unknown, now: Date = new Date()): FormTokenCheck {
  if (typeof token !== "string") return "invalid";
  const match = /^(\d{10,16})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) return "invalid";
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signature(secret, form, issuedAt));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  const age = now.getTime() - issuedAt;
  if (age < MIN_FILL_MS) return "too_fast";
  if (age > MAX_FORM_AGE_MS) return "expired";
  return "ok";
}

// A link: an http(s) URL, BBCode or an HTML anchor, or a bare domain ("prize.example",
// "www.acme.example", "bit.ly/x"): labels of letters, digits and hyphens joined by dots, ending in a
// label of 2 to 24 letters (a top-level domain). "e.g.", initials ("J. R. R.") and the domain of an
// email address are not links. Spammers write the bare form because mail clients still link it.
const LINK_PATTERN =
  /\bhttps?:\/\/[^\s<>"']*|\[url|<a\s|(?<![\p{L}\p{N}@.-])[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,62}[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,62}[\p{L}\p{N}])?)*\.\p{L}{2,24}(?![\p{L}\p{N}@-])/giu;

/** How many links a free text holds (http(s)://, www., bare domains, BBCode and HTML anchors all count). */
export function countLinks(text: string | null | undefined): number {
  if (!text) return 0;
  return text.match(LINK_PATTERN)?.length ?? 0;
}

export function isHoneypotHit(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}

export const ANTI_SPAM_MESSAGES = {
  too_fast: "That was quicker than we expected from a person. Please check your message and send it again.",
  expired: "This page was open for a long time. Please reload it and send the form again.",
  invalid: "This form could not be verified. Please reload the page and send it again.",
  too_many_links: `Please include at most ${MAX_LINKS_IN_TEXT} links in your text.`,
  no_links: "Please leave links out of this field.",
} as const;

export function rateLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `We have received several submissions from your network in the last hour. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or write to us by email.`;
}
