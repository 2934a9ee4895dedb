// Fails on purpose for /sentry-example-page: the error reaches onRequestError (instrumentation.ts),
// which logs it and reports it when a DSN is configured. Only a signed-in administrator may set it
// off: each call sends events to the firm's error service, whose quota an anonymous loop would use
// up (security review, finding e). Everyone else gets a 403 and nothing is reported.
import { signedInUser } from "@/lib/session";
import { can } from "@/modules/users/permissions";

export const dynamic = "force-dynamic";

class SentryExampleAPIError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SentryExampleAPIError";
  }
}

export async function GET(): Promise<Response> {
  const signedIn = await signedInUser();
  if (!signedIn?.mayProceed || !can(signedIn.user, "monitoring.test")) {
    return new Response("Only a signed-in administrator can raise the example server error.", {
      status: 403,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  throw new SentryExampleAPIError("This error is raised on the server by /api/sentry-example-api.");
}
