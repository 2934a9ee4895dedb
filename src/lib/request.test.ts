import { describe, expect, it } from "vitest";
import { clientIpFrom, loginUrl, safeNextPath } from "./request";

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
    "",
    null,
    undefined,
  ])("refuses %j and falls back to /bo", (input) => {
    expect(safeNextPath(input)).toBe("/bo");
  });
});

describe("clientIpFrom", () => {
  it("takes the address the nearest proxy added (right-most)", () => {
    expect(clientIpFrom(new Headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }))).toBe("203.0.113.9");
  });
  it("strips the IPv4-mapped IPv6 prefix", () => {
    expect(clientIpFrom(new Headers({ "x-forwarded-for": "::ffff:127.0.0.1" }))).toBe("127.0.0.1");
  });
  it("says unknown when nothing tells", () => {
    expect(clientIpFrom(new Headers())).toBe("unknown");
  });
});

describe("loginUrl", () => {
  it("comes back to the path and query it was given, encoded", () => {
    expect(loginUrl("/bo/invoices/export?status=paid&q=a b")).toBe(
      "/bo/login?next=%2Fbo%2Finvoices%2Fexport%3Fstatus%3Dpaid%26q%3Da%20b",
    );
  });
});
