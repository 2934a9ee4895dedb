// Client share links (decision 059), the pure part: the token's shape, when a link stops working,
// what a list shows of it, and which documents may be shared. No database, no React.
import {
  addDaysToDate,
  type DateString,
  dateInZone,
  isValidDateString,
  startOfDayInZone,
  todayInZone,
} from "@/lib/dates";
import { allowed, refuse, type RuleResult } from "@/lib/rule-result";
import type { ShareLinkCode } from "./share-link-codes";

/** 32 random bytes, base64url without padding: 43 characters, 256 bits (at least 128 are required). */
export const SHARE_TOKEN_BYTES = 32;
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The public path of a link: short, and nothing in it but the token. */
export const SHARE_PATH_PREFIX = "/d/";

export function isShareTokenShape(value: string): boolean {
  return SHARE_TOKEN_PATTERN.test(value);
}

export function shareLinkPath(token: string): string {
  return `${SHARE_PATH_PREFIX}${token}`;
}

export function shareLinkUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, "")}${shareLinkPath(token)}`;
}

/**
 * The instant a link chosen to expire "after" a day stops working: the start of the next day in the
 * firm's timezone, so it works all of that day where the firm is (a 23 h or 25 h day included).
 */
export function shareLinkExpiryOf(expiresOn: DateString, timeZone: string): Date {
  return startOfDayInZone(addDaysToDate(expiresOn, 1), timeZone);
}

/** A link made by a mail lasts `days` days from now (the end of that day in the firm's timezone), or has no end. */
export function mailedLinkExpiryOf(days: number | null, timeZone: string, now: Date): Date | null {
  if (days === null) return null;
  return shareLinkExpiryOf(addDaysToDate(todayInZone(timeZone, now), days), timeZone);
}

/** An expiry day must be a real day, today or later in the firm's timezone. */
export function checkShareLinkExpiry(expiresOn: string | null, timeZone: string, now: Date): RuleResult<ShareLinkCode> {
  if (expiresOn === null) return allowed;
  if (!isValidDateString(expiresOn) || expiresOn < todayInZone(timeZone, now))
    return refuse("share_link.expiry_past", "Choose today or a later day.", "expiresOn");
  return allowed;
}

/** Only an issued document is shared: a draft may still change, and has no number. */
export function checkShareable(document: { status: string }): RuleResult<ShareLinkCode> {
  if (document.status === "draft")
    return refuse("share_link.draft", "A draft cannot be shared: issue or send it first, then create a link.");
  return allowed;
}

export type ShareLinkState = "active" | "expired" | "revoked";

/** What a link is now: revoked wins over expired. */
export function shareLinkStateOf(link: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ShareLinkState {
  if (link.revokedAt) return "revoked";
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

export function isShareLinkUsable(link: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): boolean {
  return shareLinkStateOf(link, now) === "active";
}

/**
 * Requests to shared documents per address: a person opens the page and downloads a file or two;
 * a machine trying tokens or scraping is slowed down. Counted per fixed window on every instance
 * (the rate_limit_windows table, decision 051).
 */
export const SHARE_LINK_RATE_LIMIT = { bucket: "share-link", limit: 60, windowMs: 10 * 60 * 1000 } as const;

/** What a person told to wait reads. */
export function rateLimitedText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many requests from your address. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** The last day a link works, as chosen (its expiry is the start of the next day in the firm's timezone). */
export function lastDayOfLink(expiresAt: Date, timeZone: string): DateString {
  return dateInZone(new Date(expiresAt.getTime() - 1), timeZone);
}
