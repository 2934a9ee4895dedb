import { describe, expect, it } from "vitest";
import { countLinks, isHoneypotHit, signFormToken, verifyFormToken } from "./anti-spam-rules";

const secret = "a test secret that is long enough";

describe("form token", () => {
  const loaded = new Date("2026-03-02T10:00:00Z");
  const token = signFormToken(secret, "mail", loaded);
  it("refuses a form sent less than 3 s after the page loaded", () => {
    expect(verifyFormToken(secret, "mail", token, new Date(loaded.getTime() + 2_999))).toBe("too_fast");
    expect(verifyFormToken(secret, "mail", token, new Date(loaded.getTime() + 3_000))).toBe("ok");
  });
  it("refuses a forged, altered, foreign or missing token", () => {
    const later = new Date(loaded.getTime() + 60_000);
    expect(verifyFormToken(secret, "mail", undefined, later)).toBe("invalid");
    expect(verifyFormToken("another secret entirely, same length", "mail", token, later)).toBe("invalid");
    expect(verifyFormToken(secret, "apply", token, later)).toBe("invalid");
    const [, mac] = token.split(".");
    expect(verifyFormToken(secret, "mail", `${loaded.getTime() - 10_000}.${mac}`, later)).toBe("invalid");
  });
  it("refuses a token older than a day", () => {
    expect(verifyFormToken(secret, "mail", token, new Date(loaded.getTime() + 25 * 3600_000))).toBe("expired");
  });
});

describe("links and honeypot", () => {
  it("counts links of every common shape", () => {
    expect(countLinks("see https://a.example and http://b.example, www.c.example [url=x] <a href=y>")).toBe(5);
    expect(countLinks("no links here, just a.b")).toBe(0);
    // Bare domains count (security review, finding d); initials, abbreviations and emails do not.
    expect(countLinks("Claim your prize at prize.example")).toBe(1);
    expect(countLinks("bit.ly/x or www.acme-corp.co.uk.")).toBe(2);
    expect(countLinks("J. R. R. Tolkien, e.g. this, i.e. that; write to jane@example.com")).toBe(0);
    expect(countLinks(null)).toBe(0);
  });
  it("treats any non-blank honeypot as a bot", () => {
    expect(isHoneypotHit("x")).toBe(true);
    expect(isHoneypotHit("  ")).toBe(false);
    expect(isHoneypotHit(undefined)).toBe(false);
  });
});
