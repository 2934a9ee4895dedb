import { getSessionCookie } from "better-auth/cookies";
import { type NextRequest, NextResponse } from "next/server";
import {
  contentSecurityPolicy,
  isSandboxedFilePath,
  isSharedDocumentPath,
  SANDBOXED_FILE_POLICY,
  SHARED_DOCUMENT_HEADERS,
  securityHeaders,
} from "@/lib/security-headers";

// Optimistic check only: a request to the back office without a session cookie goes to sign-in at
// once. Every page, action and route handler still checks the session and the role itself.
// Also: a request id for the logs, and the security headers with a fresh CSP nonce per request
// (Next.js reads the nonce from the request's Content-Security-Policy header and puts it on its scripts).
/** The sign-in page and the pages of its mailed links (forgotten password, reset, invitation) need no session. */
function isSignInPage(pathname: string): boolean {
  return pathname === "/bo/login" || pathname.startsWith("/bo/login/");
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const isDevelopment = process.env.NODE_ENV === "development";
  const nonce = btoa(crypto.randomUUID());
  // The proxy's headers replace those of the route, so a file download gets its sandbox from here.
  const csp = isSandboxedFilePath(pathname) ? SANDBOXED_FILE_POLICY : contentSecurityPolicy(nonce, isDevelopment);
  const requestId = request.headers.get("x-request-id")?.slice(0, 100) || crypto.randomUUID();

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-bureau-path", pathname + search);
  requestHeaders.set("x-request-id", requestId);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);

  const isBackOffice = pathname === "/bo" || pathname.startsWith("/bo/");
  const response =
    isBackOffice && !isSignInPage(pathname) && !getSessionCookie(request)
      ? NextResponse.redirect(new URL(`/bo/login?next=${encodeURIComponent(pathname + search)}`, request.url))
      : NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("x-request-id", requestId);
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(securityHeaders(process.env.NODE_ENV === "production"))) {
    response.headers.set(name, value);
  }
  if (isSharedDocumentPath(pathname))
    for (const [name, value] of Object.entries(SHARED_DOCUMENT_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // CV uploads skip the proxy: it would hold their body in memory before the route's streaming size check.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg|robots.txt|jobs/[^/]+/apply$).*)"],
};
