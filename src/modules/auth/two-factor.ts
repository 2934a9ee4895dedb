// The second factor's pieces without the database: TOTP codes (RFC 6238 through `otpauth`: SHA-1,
// 6 digits, 30 seconds, what every authenticator app reads), the secret encrypted at rest, and
// single-use recovery codes of which only the SHA-256 is kept.
import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { openSecret, sealSecret } from "@/lib/sealed-secret";

export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after is accepted too (a phone clock a little off). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totpOf(secretBase32: string): TOTP {
  return new TOTP({
    issuer: "Bureau",
    label: "Bureau",
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret (160 bits, as RFC 4226 recommends), in base32 as apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address the QR code carries (issuer and the person's sign-in address). */
export function totpUri(secretBase32: string, issuer: string, email: string): string {
  return new TOTP({
    issuer,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  }).toString();
}

/** The code of this moment (tests, and nothing else). */
export function totpCodeAt(secretBase32: string, now: Date): string {
  return totpOf(secretBase32).generate({ timestamp: now.getTime() });
}

/** The 30-second step of `now` (Unix time / 30). */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step the code belongs to when it is right at `now` (within TOTP_WINDOW), else null. The
 * caller refuses a step not after the last one used, so a code works once.
 */
export function matchTotp(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}

/** "123 456" and "123456" are the same code; a recovery code is lower case without its dash. */
export function normaliseSecondFactorCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(normaliseSecondFactorCode(code));
}

// Recovery codes: 10 characters from 32 letters and digits without look-alikes (50 bits), shown as
// "abcde-fghij". High-entropy random values, so a plain SHA-256 keeps them as safe as the tokens of
// mailed links (account-tokens.ts).
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz123456789";

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const characters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(32)]).join("");
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
}

export function hashRecoveryCode(code: string): string {
  return createHash("sha256")
    .update(`recovery:${normaliseSecondFactorCode(code)}`)
    .digest("hex");
}

// The secret is stored encrypted (AES-256-GCM, a key derived from BETTER_AUTH_SECRET): a copy of
// the database alone gives no one the second factor.
const TOTP_PURPOSE = "totp secret v1";

export function sealTotpSecret(secretBase32: string): string {
  return sealSecret(TOTP_PURPOSE, secretBase32);
}

export function openTotpSecret(stored: string): string {
  return openSecret(TOTP_PURPOSE, stored);
}
