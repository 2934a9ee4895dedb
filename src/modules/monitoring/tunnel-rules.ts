// Pure rules of the /monitoring tunnel: what a DSN is, where its envelopes go, and what the first
// line of an envelope says. No I/O here, so unit tests reach every branch.

/** The parts of a Sentry DSN: `{protocol}://{publicKey}[:{secret}]@{host}[:{port}]{pathPrefix}/{projectId}`. */
export type DsnParts = {
  protocol: "http:" | "https:";
  publicKey: string;
  /** Host name with the port when one is given (e.g. `127.0.0.1:3299`). */
  host: string;
  /** Path before the project id, without a trailing slash: empty on sentry.io, `/sentry` behind a prefix. */
  pathPrefix: string;
  projectId: string;
};

/** Above this the tunnel answers 413; Sentry's own envelope limit for one event is 1 MB. */
export const MAX_ENVELOPE_BYTES = 1024 * 1024;
/** How long the tunnel waits for Sentry before answering 504. */
export const UPSTREAM_TIMEOUT_MS = 5_000;
/** Reports one client address may send per minute through the tunnel. */
export const MONITORING_RATE_LIMIT = { bucket: "monitoring:ip", limit: 60, windowMs: 60_000 } as const;
export const TUNNEL_ALLOWED_METHODS = "POST";

/** Parses a DSN; undefined when it is not one (wrong scheme, no key, no numeric project id). */
export function parseDsn(dsn: string): DsnParts | undefined {
  let url: URL;
  try {
    url = new URL(dsn.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (!url.username || !url.host || url.search || url.hash) return undefined;
  const segments = url.pathname.split("/");
  const projectId = segments.pop() ?? "";
  if (!/^\d+$/.test(projectId)) return undefined;
  const pathPrefix = segments.join("/").replace(/\/+$/, "");
  return { protocol: url.protocol, publicKey: decodeURIComponent(url.username), host: url.host, pathPrefix, projectId };
}

/** Where envelopes for this DSN are posted: the same on sentry.io, self-hosted Sentry and GlitchTip. */
export function envelopeEndpoint(dsn: DsnParts): string {
  return `${dsn.protocol}//${dsn.host}${dsn.pathPrefix}/api/${dsn.projectId}/envelope/`;
}

/**
 * Two DSNs name the same project when scheme, key, host, prefix and project agree. Comparing parts
 * rather than strings accepts what the SDK re-serialises (e.g. a trailing slash dropped) and nothing else.
 */
export function isSameDsn(a: DsnParts, b: DsnParts): boolean {
  return (
    a.protocol === b.protocol &&
    a.publicKey === b.publicKey &&
    a.host.toLowerCase() === b.host.toLowerCase() &&
    a.pathPrefix === b.pathPrefix &&
    a.projectId === b.projectId
  );
}

/** The DSN among `allowed` that the envelope header names, or undefined (the tunnel then answers 403). */
export function findAllowedDsn(headerDsn: string | undefined, allowed: readonly DsnParts[]): DsnParts | undefined {
  if (!headerDsn) return undefined;
  const parsed = parseDsn(headerDsn);
  if (!parsed) return undefined;
  return allowed.find((candidate) => isSameDsn(candidate, parsed));
}

export type EnvelopeHeader = { dsn?: string; [key: string]: unknown };

/**
 * The envelope header is the JSON object on the first line (up to the first \n, or the whole body).
 * Only that line is decoded: items after it may be binary and are forwarded untouched.
 */
export function readEnvelopeHeader(body: Uint8Array): EnvelopeHeader | undefined {
  const newline = body.indexOf(0x0a);
  const firstLine = newline === -1 ? body : body.subarray(0, newline);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(firstLine);
  } catch {
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  const header = parsed as EnvelopeHeader;
  if (header.dsn !== undefined && typeof header.dsn !== "string") return undefined;
  return header;
}

/** A Content-Length that alone proves the body too large (the streamed count still decides otherwise). */
export function isDeclaredTooLarge(contentLength: string | null, limit = MAX_ENVELOPE_BYTES): boolean {
  if (!contentLength || !/^\d+$/.test(contentLength.trim())) return false;
  return Number(contentLength) > limit;
}

/** Sentry's auth header, so upstreams that do not read the DSN from the envelope header still accept it. */
export function sentryAuthHeader(dsn: DsnParts): string {
  return `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=bureau-tunnel/1`;
}
