// Fails on purpose for /sentry-example-page: the error reaches onRequestError (instrumentation.ts),
// which logs it and reports it when a DSN is configured.
export const dynamic = "force-dynamic";

class SentryExampleAPIError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SentryExampleAPIError";
  }
}

export function GET(): Response {
  throw new SentryExampleAPIError("This error is raised on the server by /api/sentry-example-api.");
}
