// What a personal API token is made of (decision 034): `bureau_` and 32 random bytes (base64url).
// Only its SHA-256 is stored, with its first characters to tell tokens apart. A slow password hash
// is not needed: the token has 256 bits of entropy, where a password has few. Pure (node:crypto
// only), so the benchmark's prepare step makes its token exactly as the app does.
import { createHash, randomBytes } from "node:crypto";

export const TOKEN_PREFIX = "bureau_";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new token, its hash to store and the prefix to show. */
export function newApiTokenSecret(): { token: string; tokenHash: string; prefix: string } {
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token), prefix: token.slice(0, TOKEN_PREFIX.length + 6) };
}
