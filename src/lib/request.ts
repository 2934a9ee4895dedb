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

/** `next` after sign-in: only same-site relative paths, never another origin (no open redirect). */
export function safeNextPath(next: string | null | undefined, fallback = "/bo"): string {
  if (!next || typeof next !== "string") return fallback;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || /[\r\n\t]/.test(next))
    return fallback;
  try {
    const url = new URL(next, "http://bureau.invalid");
    if (url.origin !== "http://bureau.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The sign-in page, coming back to `next` (a same-site path) once signed in. */
export function loginUrl(next: string): string {
  return `/bo/login?next=${encodeURIComponent(next)}`;
}
