// Security headers for every page and route handler (set by src/proxy.ts).

/** A Content-Security-Policy allowing scripts only from this origin and with this request's nonce. */
export function contentSecurityPolicy(nonce: string, isDevelopment: boolean): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonce-bearing Next.js scripts load their chunks; no inline script
    // runs without the nonce. Development needs eval for React's debugging tools.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDevelopment ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export function securityHeaders(isProduction: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    // Browsers ignore HSTS received over plain HTTP, so production can always send it.
    ...(isProduction ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/**
 * Files people upload (CVs) or mail (attachments) are only ever downloads: under this policy,
 * should a browser render one anyway, nothing in it runs, loads or reaches the site's origin.
 */
export const SANDBOXED_FILE_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

const SANDBOXED_FILE_PATHS = [
  /^\/bo\/jobs\/[^/]+\/applications\/[^/]+\/cv$/,
  /^\/bo\/outbox\/[^/]+\/attachments\/[^/]+$/,
  /^\/bo\/expenses\/[^/]+\/receipt$/,
];

/**
 * An uploaded or mailed file as a download: never shown inline, its type not sniffed, never cached,
 * and sandboxed should a browser render it anyway. The name is given in ASCII and, exactly, in UTF-8.
 */
export function fileDownloadResponse(content: Uint8Array, contentType: string, fileName: string): Response {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(content), {
    headers: {
      "content-type": contentType,
      "content-length": String(content.byteLength),
      "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "x-content-type-options": "nosniff",
      "content-security-policy": SANDBOXED_FILE_POLICY,
      "cache-control": "private, no-store",
    },
  });
}

/** The routes that serve uploaded or mailed files: the proxy gives them SANDBOXED_FILE_POLICY instead of the pages' policy. */
export function isSandboxedFilePath(pathname: string): boolean {
  return SANDBOXED_FILE_PATHS.some((pattern) => pattern.test(pathname));
}

/** The policy of answers that are not pages (JSON, redirects, files): no content may run or load. */
export const NO_CONTENT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The headers of a route the proxy does not run for (its matcher leaves out static files and the
 * streamed CV upload): the same protections, with a policy that allows no content at all.
 */
export function headersOutsideProxy(isProduction: boolean): Record<string, string> {
  return { "Content-Security-Policy": NO_CONTENT_POLICY, ...securityHeaders(isProduction) };
}

/**
 * The headers of the client share link's page and files (decision 059): the token is in the path,
 * so no referrer may carry it to another site, no search engine may index what it shows, and no
 * shared cache may keep it.
 */
export const SHARED_DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  "referrer-policy": "no-referrer",
  "x-robots-tag": "noindex, nofollow",
  "cache-control": "private, no-store",
};

/** The public paths of shared documents: /d/{token} and its files. */
export function isSharedDocumentPath(pathname: string): boolean {
  return pathname === "/d" || pathname.startsWith("/d/");
}
