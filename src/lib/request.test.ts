import { describe, expect, it } from "vitest";
import { clientAddressHeader, clientIpFrom, loginUrl, normaliseAddress, safeNextPath } from "./request";

describe("safeNextPath", () => {
  it.each([
    ["/bo", "/bo"],
    ["/bo/users?page=2#top", "/bo/users?page=2#top"],
    ["/bo/invoices/edit/123", "/bo/invoices/edit/123"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it.each([
    "https://evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "bo/users",
    "/bo\r\nLocation: https://evil.example",
    // Dot segments and encoded dots that normalise to "//host" (security review, finding a).
    "/.//evil.example/phish",
    "/..//x",
    "/%2e//x",
    "/%2E%2E//x",
    "/a/..//x",
    "/a/b/../..//x",
    "/./\\evil.example",
    "",
    null,
    undefined,
  ])("refuses %j and falls back to /bo", (input) => {
    expect(safeNextPath(input)).toBe("/bo");
  });
});

describe("clientIpFrom", () => {
  it("reads the address the server wrote in its per-process header, never X-Forwarded-For", () => {
    expect(clientIpFrom(new Headers({ [clientAddressHeader()]: "203.0.113.9", "x-forwarded-for": "6.6.6.6" }))).toBe(
      "203.0.113.9",
    );
    expect(clientIpFrom(new Headers({ "x-forwarded-for": "6.6.6.6", "x-real-ip": "6.6.6.7" }))).toBe("unknown");
  });
  it("names its header at random, so a client cannot send it", () => {
    expect(clientAddressHeader()).toMatch(/^x-bureau-client-[0-9a-f]{32}$/);
    expect(clientAddressHeader()).toBe(clientAddressHeader());
  });
  it("writes an IPv4-mapped IPv6 address as IPv4", () => {
    expect(normaliseAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normaliseAddress("::1")).toBe("::1");
    expect(normaliseAddress("2001:db8::ffff:1")).toBe("2001:db8::ffff:1");
  });
});

describe("loginUrl", () => {
  it("comes back to the path and query it was given, encoded", () => {
    expect(loginUrl("/bo/invoices/export?status=paid&q=a b")).toBe(
      "/bo/login?next=%2Fbo%2Finvoices%2Fexport%3Fstatus%3Dpaid%26q%3Da%20b",
    );
  });
});
