// Pure rules of webhooks (decision 052): the signature (Standard Webhooks), the back-off between
// tries, and which addresses a webhook may never reach unless the firm allows private addresses.
import { createHmac, randomBytes } from "node:crypto";
import { BlockList, isIP } from "node:net";

export const SECRET_PREFIX = "whsec_";

/** A new signing secret: `whsec_` and 32 random bytes in base64 (the Standard Webhooks form). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the secret's bytes (base64 after `whsec_`). */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** The headers of one try: the same id on every try, the time of this try, and its signature. */
export function webhookHeaders(secret: string, id: string, timestampSeconds: number, body: string) {
  return {
    "content-type": "application/json",
    "user-agent": "Bureau-Webhooks/1",
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": signWebhook(secret, id, timestampSeconds, body),
  };
}

/** After try n fails, the next waits RETRY_DELAYS_MS[n − 1]; after the last, the delivery has failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
export const MAX_WEBHOOK_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The wait before the next try after try `attempt` failed, or null: no more tries. */
export function retryDelayMs(attempt: number): number | null {
  return RETRY_DELAYS_MS[attempt - 1] ?? null;
}

export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

export type AddressClass =
  "public" | "loopback" | "private" | "link-local" | "unspecified" | "multicast" | "reserved" | "invalid";

function blockList(ranges: [string, number, "ipv4" | "ipv6"][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

// Node's BlockList matches IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) against IPv4 ranges too.
const RANGES: [Exclude<AddressClass, "public" | "invalid">, BlockList][] = [
  [
    "unspecified",
    blockList([
      ["0.0.0.0", 8, "ipv4"],
      ["::", 128, "ipv6"],
    ]),
  ],
  [
    "loopback",
    blockList([
      ["127.0.0.0", 8, "ipv4"],
      ["::1", 128, "ipv6"],
    ]),
  ],
  [
    "private",
    blockList([
      ["10.0.0.0", 8, "ipv4"],
      ["172.16.0.0", 12, "ipv4"],
      ["192.168.0.0", 16, "ipv4"],
      // Carrier-grade NAT (RFC 6598): not reachable from the internet either.
      ["100.64.0.0", 10, "ipv4"],
      ["fc00::", 7, "ipv6"],
    ]),
  ],
  [
    "link-local",
    blockList([
      ["169.254.0.0", 16, "ipv4"],
      ["fe80::", 10, "ipv6"],
    ]),
  ],
  [
    "multicast",
    blockList([
      ["224.0.0.0", 4, "ipv4"],
      ["ff00::", 8, "ipv6"],
    ]),
  ],
  [
    "reserved",
    blockList([
      ["240.0.0.0", 4, "ipv4"],
      // NAT64 and 6to4 embed an IPv4 address that may be private; refused rather than decoded.
      ["64:ff9b::", 96, "ipv6"],
      ["2002::", 16, "ipv6"],
    ]),
  ],
];

/** What kind of address this is; only "public" is reachable with the private-address setting off. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 0) return "invalid";
  const family = version === 4 ? "ipv4" : "ipv6";
  for (const [kind, list] of RANGES) if (list.check(bare, family)) return kind;
  return "public";
}

/** The URL's parts a webhook needs, or why it is refused: http(s) only, with a host, no credentials. */
export function parseWebhookUrl(value: string): { ok: true; url: URL; host: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: "Enter a full address starting with https:// or http://." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { ok: false, message: "Only http:// and https:// addresses can receive webhooks." };
  if (url.username || url.password)
    return {
      ok: false,
      message: "Leave the user name and password out of the address; the signature authenticates Bureau.",
    };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) return { ok: false, message: "Enter the host of the address." };
  return { ok: true, url, host };
}

/** Why these resolved addresses are refused (the first that is not public), or null: all are public. */
export function refusedAddress(addresses: readonly string[]): { address: string; kind: AddressClass } | null {
  for (const address of addresses) {
    const kind = classifyAddress(address);
    if (kind !== "public") return { address, kind };
  }
  return null;
}
