/**
 * The client's address as seen by the nearest proxy. Next.js fills x-forwarded-for with the socket
 * address when no proxy set it; behind one reverse proxy the right-most entry is the one it added.
 */
export function clientIpFrom(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return (last ?? headers.get("x-real-ip") ?? "unknown").replace(/^::ffff:/, "");
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
