const globalForRequest = globalThis as unknown as { bureauClientAddressHeader?: string };

/**
 * The request header in which this server process writes each request's client address
 * (src/server/client-address.ts). Its name is random per process, so a client cannot send it.
 */
export function clientAddressHeader(): string {
  globalForRequest.bureauClientAddressHeader ??= `x-bureau-client-${crypto.randomUUID().replaceAll("-", "")}`;
  return globalForRequest.bureauClientAddressHeader;
}

/** "::ffff:192.0.2.1" → "192.0.2.1": one spelling per address, so its limits are counted once. */
export function normaliseAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
}

/**
 * The client's address as the server process saw it on the connection (or through the proxies the
 * operator trusts, TRUSTED_PROXIES); never what the client wrote in X-Forwarded-For. "unknown" when
 * the request did not come through Bureau's server (then every such request shares one limit).
 */
export function clientIpFrom(headers: Headers): string {
  return headers.get(clientAddressHeader()) ?? "unknown";
}

/** A path the browser resolves on this site: one leading slash, never "//host" or "/\\host". */
function isSameSitePath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") && !/[\r\n\t]/.test(path);
}

/**
 * `next` after sign-in: only same-site relative paths, never another origin (no open redirect).
 * The result is checked again after URL normalisation: dot segments and encoded dots ("/.//x",
 * "/a/..//x", "/%2e//x") normalise to "//x", which a browser reads as the host "x".
 */
export function safeNextPath(next: string | null | undefined, fallback = "/bo"): string {
  if (!next || typeof next !== "string" || !isSameSitePath(next)) return fallback;
  try {
    const url = new URL(next, "http://bureau.invalid");
    if (url.origin !== "http://bureau.invalid") return fallback;
    const path = url.pathname + url.search + url.hash;
    return isSameSitePath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** The sign-in page, coming back to `next` (a same-site path) once signed in. */
export function loginUrl(next: string): string {
  return `/bo/login?next=${encodeURIComponent(next)}`;
}
