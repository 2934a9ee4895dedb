import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { parseTrustedProxies, type TrustedProxies } from "@/lib/env";
import { clientAddressOf, trustFunctionOf } from "./client-address";

function request(socketAddress: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress: socketAddress },
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  } as unknown as IncomingMessage;
}

function trusted(value: string): TrustedProxies {
  const parsed = parseTrustedProxies(value);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed;
}

const addressOf = (trust: string, socket: string, forwardedFor?: string) =>
  clientAddressOf(request(socket, forwardedFor), trustFunctionOf(trusted(trust)));

describe("the client's address", () => {
  it("without a trusted proxy is the socket's, whatever X-Forwarded-For says (security review, finding c)", () => {
    expect(addressOf("", "198.51.100.7", "203.0.113.1")).toBe("198.51.100.7");
    expect(addressOf("none", "::ffff:198.51.100.7", "203.0.113.1, 10.0.0.1")).toBe("198.51.100.7");
    // Seven wrong passwords with seven made-up addresses all count against the one connection's address.
    const addresses = new Set(
      Array.from({ length: 7 }, (_, index) => addressOf("", "198.51.100.7", `203.0.113.${index}`)),
    );
    expect([...addresses]).toEqual(["198.51.100.7"]);
  });

  it("behind a trusted proxy is the address the proxy saw; a chain is walked only through trusted hops", () => {
    expect(addressOf("loopback", "127.0.0.1", "203.0.113.9")).toBe("203.0.113.9");
    expect(addressOf("loopback", "::1", "203.0.113.9")).toBe("203.0.113.9");
    // A client that sends its own X-Forwarded-For through the proxy: the proxy appends the real address.
    expect(addressOf("loopback", "127.0.0.1", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    // A request that did not come through the proxy is not believed.
    expect(addressOf("loopback", "198.51.100.7", "203.0.113.9")).toBe("198.51.100.7");
    expect(addressOf("10.0.0.0/8, 127.0.0.1", "127.0.0.1", "203.0.113.9, 10.1.2.3")).toBe("203.0.113.9");
  });

  it("with a hop count trusts that many proxies nearest the server", () => {
    expect(addressOf("1", "10.0.0.5", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    expect(addressOf("2", "10.0.0.5", "6.6.6.6, 203.0.113.9, 10.0.0.4")).toBe("203.0.113.9");
  });
});

describe("TRUSTED_PROXIES", () => {
  it("reads nobody, a hop count, or proxies by address, range and keyword", () => {
    expect(parseTrustedProxies(undefined)).toEqual({ kind: "none" });
    expect(parseTrustedProxies(" none ")).toEqual({ kind: "none" });
    expect(parseTrustedProxies("2")).toEqual({ kind: "hops", hops: 2 });
    expect(parseTrustedProxies("loopback, 10.0.0.0/8, 2001:db8::/32, 192.0.2.1")).toEqual({
      kind: "addresses",
      addresses: ["loopback", "10.0.0.0/8", "2001:db8::/32", "192.0.2.1"],
    });
  });

  it("refuses what is not an address, a range or a keyword, with its reason", () => {
    for (const value of ["0", "11", "proxy.example", "10.0.0.0/33", "10.0.0.1/8/1", "*"]) {
      expect(parseTrustedProxies(value), value).toHaveProperty("error");
    }
  });
});
