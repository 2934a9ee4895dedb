// The anti-spam fields' names, shared by the forms (browser) and the checks (server). Kept apart
// from anti-spam-rules.ts, whose node:crypto would otherwise be bundled into the public pages'
// JavaScript (a ~140 KB gzip browser polyfill).

/** A field people never see (hidden off-screen, skipped by keyboard and screen readers); bots fill it. */
export const HONEYPOT_FIELD = "website";
/** The signed "page loaded at" field. */
export const FORM_TOKEN_FIELD = "formToken";
