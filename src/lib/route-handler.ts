// The one wrapper every back-office route handler goes through, so a file download answers
// like a page or an action would: the session and the permission are checked before any work,
// and the domain's errors become their HTTP status. Anything else is unexpected and is thrown
// to Next.js and the error reporter.
import "server-only";
import { type Permission, requirePermission } from "@/modules/users/permissions";
import { type DomainError, httpStatusOf, isDomainError } from "./errors";
import { loginUrl } from "./request";
import { type CurrentUser, PASSWORD_CHANGE_REQUIRED_MESSAGE, signedInUser } from "./session";

export type BackOfficeRouteOptions = {
  /** What the user must be allowed to do; any signed-in user when omitted. */
  permission?: Permission;
  /**
   * Without a session: a 303 to sign-in that comes back here (the default, for a link a person
   * follows), or a bare 401 (a file a page embeds or a download link, where a sign-in page would
   * arrive in place of the file).
   */
  signedOut?: "sign-in" | "401";
};

type Handler<Params> = (request: Request, context: { params: Promise<Params>; user: CurrentUser }) => Promise<Response>;

/** A short text answer that no cache keeps. */
function textResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

function domainErrorResponse(error: DomainError): Response {
  return textResponse(
    httpStatusOf(error),
    error.message,
    error.kind === "rate_limited" ? { "retry-after": String(error.retryAfterSeconds) } : {},
  );
}

export function backOfficeRoute<Params = Record<string, never>>(
  options: BackOfficeRouteOptions,
  handler: Handler<Params>,
): (request: Request, context: { params: Promise<Params> }) => Promise<Response> {
  return async (request, context) => {
    const signedIn = await signedInUser();
    if (!signedIn) {
      if (options.signedOut === "401") return textResponse(401, "Sign in to continue.");
      const url = new URL(request.url);
      return Response.redirect(new URL(loginUrl(url.pathname + url.search), url), 303);
    }
    if (!signedIn.mayProceed) return textResponse(403, PASSWORD_CHANGE_REQUIRED_MESSAGE);
    const user = signedIn.user;
    try {
      if (options.permission) requirePermission(user, options.permission);
      return await handler(request, { params: context.params, user });
    } catch (error) {
      if (isDomainError(error)) return domainErrorResponse(error);
      throw error;
    }
  };
}
