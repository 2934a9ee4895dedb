// The /monitoring tunnel: the browser posts Sentry envelopes to its own origin and
// this forwards the raw bytes to the configured DSN's host. Not an open proxy: the destination always
// comes from the configuration, and only envelopes addressed to a configured DSN are forwarded.
import "server-only";
import type { Executor } from "@/db/client";
import type { SentryConfig } from "@/lib/env";
import { getLogger } from "@/lib/logger";
import { consumeRateLimit } from "@/modules/rate-limits/rate-limit";
import {
  type DsnParts,
  envelopeEndpoint,
  findAllowedDsn,
  isDeclaredTooLarge,
  MAX_ENVELOPE_BYTES,
  MONITORING_RATE_LIMIT,
  parseDsn,
  readEnvelopeHeader,
  sentryAuthHeader,
  TUNNEL_ALLOWED_METHODS,
  UPSTREAM_TIMEOUT_MS,
} from "./tunnel-rules";

export type TunnelContext = {
  /** Opened only when a report gets as far as the rate limit (a 404 or 405 touches no database). */
  db: () => Executor;
  allowedDsns: DsnParts[];
  clientIp: string;
  requestId?: string;
  timeoutMs?: number;
  maxBytes?: number;
};

/** The DSNs the tunnel forwards for: the browser's and the server's (usually the same one). */
export function tunnelDsnsFrom(config: SentryConfig): DsnParts[] {
  const dsns: DsnParts[] = [];
  for (const value of [config.browserDsn, config.serverDsn]) {
    const parsed = value ? parseDsn(value) : undefined;
    if (parsed) dsns.push(parsed);
  }
  return dsns;
}

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

type BodyResult = { kind: "ok"; bytes: Uint8Array<ArrayBuffer> } | { kind: "too-large" };

/** Reads the body counting bytes as they arrive; stops at the first byte over the limit. */
export async function readBodyWithLimit(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<BodyResult> {
  if (!body) return { kind: "ok", bytes: new Uint8Array() };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return { kind: "too-large" };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: "ok", bytes };
}

export async function handleTunnelRequest(request: Request, context: TunnelContext): Promise<Response> {
  if (context.allowedDsns.length === 0) return plain(404, "Not found");
  if (request.method !== "POST") return plain(405, "Method not allowed", { allow: TUNNEL_ALLOWED_METHODS });

  const maxBytes = context.maxBytes ?? MAX_ENVELOPE_BYTES;
  if (isDeclaredTooLarge(request.headers.get("content-length"), maxBytes)) return plain(413, "Envelope too large");

  const limit = await consumeRateLimit(context.db(), MONITORING_RATE_LIMIT, context.clientIp);
  if (!limit.allowed) return plain(429, "Too many reports", { "retry-after": String(limit.retryAfterSeconds) });

  const body = await readBodyWithLimit(request.body, maxBytes);
  if (body.kind === "too-large") return plain(413, "Envelope too large");

  const header = readEnvelopeHeader(body.bytes);
  if (!header) return plain(400, "Not a Sentry envelope");
  const target = findAllowedDsn(header.dsn, context.allowedDsns);
  if (!target) return plain(403, "This tunnel only forwards to the configured DSN");

  return forwardEnvelope(body.bytes, target, context);
}

async function forwardEnvelope(
  bytes: Uint8Array<ArrayBuffer>,
  target: DsnParts,
  context: TunnelContext,
): Promise<Response> {
  const url = envelopeEndpoint(target);
  const signal = AbortSignal.timeout(context.timeoutMs ?? UPSTREAM_TIMEOUT_MS);
  try {
    const upstream = await fetch(url, {
      method: "POST",
      body: bytes,
      headers: { "content-type": "application/x-sentry-envelope", "x-sentry-auth": sentryAuthHeader(target) },
      redirect: "manual",
      signal,
    });
    // The same signal bounds reading the answer, so a server that stalls mid-body still ends in 504.
    const answer = await upstream.arrayBuffer();
    const headers: Record<string, string> = { "cache-control": "no-store" };
    for (const name of ["content-type", "retry-after", "x-sentry-rate-limits"]) {
      const value = upstream.headers.get(name);
      if (value) headers[name] = value;
    }
    return new Response(answer, { status: upstream.status, headers });
  } catch (error) {
    const timedOut =
      signal.aborted || (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"));
    getLogger().warn(
      {
        requestId: context.requestId,
        upstream: `${target.protocol}//${target.host}`,
        reason: timedOut ? "timeout" : "network",
        error: error instanceof Error ? error.message : String(error),
      },
      "error report not forwarded",
    );
    return timedOut
      ? plain(504, "Error reporting service did not answer in time")
      : plain(502, "Error reporting service unreachable");
  }
}
