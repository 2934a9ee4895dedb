import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { proxy } from "@/proxy";
import {
  contentSecurityPolicy,
  headersOutsideProxy,
  isSandboxedFilePath,
  SANDBOXED_FILE_POLICY,
  securityHeaders,
} from "./security-headers";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("Content-Security-Policy", () => {
  it("runs scripts only with this request's nonce, never inline, and forbids framing", () => {
    const policy = directives(contentSecurityPolicy("abc123", false));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
  });

  it("allows eval only in development (React's debugging tools), never inline scripts", () => {
    expect(directives(contentSecurityPolicy("n", true)).get("script-src")).toContain("'unsafe-eval'");
    expect(directives(contentSecurityPolicy("n", false)).get("script-src")).not.toContain("'unsafe-eval'");
    expect(directives(contentSecurityPolicy("n", true)).get("script-src")).not.toContain("'unsafe-inline'");
  });
});

describe("security headers", () => {
  it("in production: HSTS for two years with subdomains, nosniff, no framing, a strict referrer policy", () => {
    const headers = securityHeaders(true);
    expect(headers["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("outside production: no HSTS (a developer's http://localhost must keep working)", () => {
    expect(securityHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders(false)["X-Content-Type-Options"]).toBe("nosniff");
  });

  it("routes the proxy does not run for get the same headers and a policy under which nothing runs", () => {
    const headers = headersOutsideProxy(true);
    expect(directives(headers["Content-Security-Policy"]!).get("default-src")).toEqual(["'none'"]);
    expect(directives(headers["Content-Security-Policy"]!).get("frame-ancestors")).toEqual(["'none'"]);
    expect(headers["Strict-Transport-Security"]).toBeDefined();
  });

  it("knows which routes serve uploaded or mailed files", () => {
    expect(isSandboxedFilePath("/bo/jobs/j1/applications/a1/cv")).toBe(true);
    expect(isSandboxedFilePath("/bo/outbox/m1/attachments/a1")).toBe(true);
    expect(isSandboxedFilePath("/bo/expenses/e1/receipt")).toBe(true);
    expect(isSandboxedFilePath("/bo/jobs/j1")).toBe(false);
    expect(isSandboxedFilePath("/bo/jobs/j1/applications/a1/cv/x")).toBe(false);
  });
});

describe("the proxy", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const request = (path: string, cookie?: string) =>
    new NextRequest(new URL(path, "https://bureau.example"), { headers: cookie ? { cookie } : {} });

  it("sends a back-office request without a session cookie to sign-in, with the headers", () => {
    vi.stubEnv("NODE_ENV", "production");
    const response = proxy(request("/bo/invoices?status=overdue"));
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe(
      "https://bureau.example/bo/login?next=%2Fbo%2Finvoices%3Fstatus%3Doverdue",
    );
    expect(response.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("lets through the production cookie (__Secure- prefix, over HTTPS) as well as the plain one", () => {
    expect(proxy(request("/bo", "__Secure-better-auth.session_token=abc.def")).headers.get("location")).toBeNull();
    expect(proxy(request("/bo", "better-auth.session_token=abc.def")).headers.get("location")).toBeNull();
  });

  it("gives every request its own nonce, and file downloads the sandbox policy", () => {
    const first = proxy(request("/")).headers.get("content-security-policy")!;
    const second = proxy(request("/")).headers.get("content-security-policy")!;
    expect(first).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(first).not.toBe(second);
    expect(
      proxy(request("/bo/jobs/j1/applications/a1/cv", "better-auth.session_token=x")).headers.get(
        "content-security-policy",
      ),
    ).toBe(SANDBOXED_FILE_POLICY);
  });

  it("gives shared documents (the client share link) no referrer, no indexing and no shared caching", () => {
    for (const path of ["/d/abc", "/d/abc/pdf", "/d/abc/einvoice"]) {
      const response = proxy(request(path));
      expect(response.status).toBe(200);
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(proxy(request("/")).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(proxy(request("/")).headers.get("x-robots-tag")).toBeNull();
    expect(proxy(request("/docs")).headers.get("x-robots-tag")).toBeNull();
  });
});
