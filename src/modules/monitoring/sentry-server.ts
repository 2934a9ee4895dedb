// Error reporting on the server. The SDK is imported and initialised only when a DSN is configured:
// initialised, it cost 10 to 30 % of throughput here, so with no DSN it is never loaded at all.
import "server-only";
import type { Instrumentation } from "next";
import type { SentryConfig } from "@/lib/env";
import { getLogger } from "@/lib/logger";
import { PRIVATE_DATA_COLLECTION, scrubEvent } from "./scrub-event";

type SentryModule = typeof import("@sentry/nextjs");
type RequestErrorArguments = Parameters<Instrumentation.onRequestError>;

const globalForSentry = globalThis as unknown as { bureauServerSentry?: SentryModule };

export async function startServerReporting(config: SentryConfig): Promise<void> {
  // A build made with BUREAU_SENTRY_SDK=off drops the import below entirely.
  if (__BUREAU_SENTRY_SDK__ === "off" || !config.serverDsn || globalForSentry.bureauServerSentry) return;
  const Sentry = await import("@sentry/nextjs");
  Sentry.init({
    dsn: config.serverDsn,
    environment: config.environment,
    release: config.release,
    dataCollection: PRIVATE_DATA_COLLECTION,
    // Left undefined at 0 so no tracing is set up at all.
    tracesSampleRate: config.tracesSampleRate > 0 ? config.tracesSampleRate : undefined,
    beforeSend: (event) => scrubEvent(event),
  });
  globalForSentry.bureauServerSentry = Sentry;
  getLogger().info({ environment: config.environment, release: config.release }, "error reporting enabled");
}

/**
 * Next.js calls this for every error while rendering, in route handlers and in server actions. The
 * log line carries the digest the error page shows, so a digest on screen is found in the logs.
 */
export async function reportRequestError(...[error, request, context]: RequestErrorArguments): Promise<void> {
  const digest =
    typeof (error as { digest?: unknown }).digest === "string" ? (error as { digest: string }).digest : undefined;
  const requestIdHeader = request.headers["x-request-id"];
  const requestId = Array.isArray(requestIdHeader) ? requestIdHeader[0] : requestIdHeader;
  const path = request.path.split("?")[0];
  getLogger().error(
    {
      err: error,
      digest,
      requestId,
      method: request.method,
      path,
      routePath: context.routePath,
      routeType: context.routeType,
      routerKind: context.routerKind,
    },
    "request failed",
  );
  const Sentry = globalForSentry.bureauServerSentry;
  if (!Sentry) return;
  Sentry.withScope((scope) => {
    if (digest) scope.setTag("digest", digest);
    if (requestId) scope.setTag("request_id", requestId);
    Sentry.captureRequestError(error, request, context);
  });
}
