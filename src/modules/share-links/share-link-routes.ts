// The route handlers of a shared document's files (decision 059): each request counts against the
// address's limit, then the token must open a document; anything else is the same bare 404.
import "server-only";
import { getDb } from "@/db/client";
import { httpStatusOf, isDomainError } from "@/lib/errors";
import { clientIpFrom } from "@/lib/request";
import { SHARED_DOCUMENT_HEADERS } from "@/lib/security-headers";
import { openSharedDocument, type SharedDocument } from "./share-link-queries";
import { rateLimitedText } from "./share-link-rules";

function textResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", ...SHARED_DOCUMENT_HEADERS, ...headers },
  });
}

/** What every unknown, revoked or expired link, and every draft, answers. */
export const notFoundResponse = () => textResponse(404, "Not found.");

export function sharedDocumentRoute(
  handler: (request: Request, document: SharedDocument) => Promise<Response>,
): (request: Request, context: { params: Promise<{ token: string }> }) => Promise<Response> {
  return async (request, { params }) => {
    const { token } = await params;
    const opening = await openSharedDocument(getDb(), { token, address: clientIpFrom(request.headers) });
    if (opening.kind === "rate_limited")
      return textResponse(429, rateLimitedText(opening.retryAfterSeconds), {
        "retry-after": String(opening.retryAfterSeconds),
      });
    if (opening.kind === "not_found") return notFoundResponse();
    try {
      return await handler(request, opening.document);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      if (error.kind === "not_found") return notFoundResponse();
      return textResponse(httpStatusOf(error), error.message);
    }
  };
}
