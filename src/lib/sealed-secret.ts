// Secrets the server must read back (a TOTP secret, a webhook's signing secret) are stored sealed:
// AES-256-GCM with a key derived (HKDF) from BETTER_AUTH_SECRET and the secret's purpose, so a copy
// of the database alone reveals none of them, and a key for one purpose opens nothing else.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getConfig } from "./env";

function keyFor(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", getConfig().authSecret, "bureau", purpose, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), iv);
  const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(
    ".",
  );
}

/** The plaintext of `sealSecret`; throws when the value was not sealed for this purpose with this key. */
export function openSecret(purpose: string, stored: string): string {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !sealed) throw new Error("unreadable sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}
