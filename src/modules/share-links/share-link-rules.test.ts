import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashToken } from "@/modules/api/api-token-secret";
import { newShareToken } from "./share-link-mutations";
import {
  checkShareable,
  checkShareLinkExpiry,
  isShareLinkUsable,
  isShareTokenShape,
  lastDayOfLink,
  mailedLinkExpiryOf,
  rateLimitedText,
  shareLinkExpiryOf,
  shareLinkStateOf,
  shareLinkUrl,
} from "./share-link-rules";
import { createShareLinkInput, shareLinkSettingsInput } from "./share-link-schemas";

describe("share link tokens", () => {
  it("are 43 base64url characters carrying 256 random bits, never the same twice", () => {
    const tokens = Array.from({ length: 200 }, () => newShareToken());
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(isShareTokenShape(token)).toBe(true);
      // 43 base64url characters decode to 32 bytes: at least 128 bits are required.
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it("are stored as their SHA-256 (hex), the hash of API tokens", () => {
    const token = newShareToken();
    expect(hashToken(token)).toBe(createHash("sha256").update(token).digest("hex"));
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
  });

  it("refuses other shapes before any lookup", () => {
    for (const value of [
      "",
      "abc",
      "A".repeat(42),
      "A".repeat(44),
      `${"A".repeat(42)}=`,
      `${"A".repeat(42)}/`,
      "../pdf",
    ])
      expect(isShareTokenShape(value)).toBe(false);
  });

  it("make a URL with nothing but the token in its path", () => {
    expect(shareLinkUrl("https://bureau.example/", "T".repeat(43))).toBe(`https://bureau.example/d/${"T".repeat(43)}`);
  });
});

describe("share link expiry", () => {
  it("a link works all of its last day in the firm's timezone", () => {
    // 31 March 2027 in Paris (summer time, UTC+2) ends at 22:00 UTC.
    const expiresAt = shareLinkExpiryOf("2027-03-31", "Europe/Paris");
    expect(expiresAt.toISOString()).toBe("2027-03-31T22:00:00.000Z");
    expect(isShareLinkUsable({ revokedAt: null, expiresAt }, new Date("2027-03-31T21:59:59Z"))).toBe(true);
    expect(isShareLinkUsable({ revokedAt: null, expiresAt }, new Date("2027-03-31T22:00:00Z"))).toBe(false);
    expect(lastDayOfLink(expiresAt, "Europe/Paris")).toBe("2027-03-31");
  });

  it("across a daylight-saving change the day still ends at local midnight", () => {
    // 28 March 2027: clocks go forward in Paris; the day ends at midnight of the 29th, UTC+2.
    expect(shareLinkExpiryOf("2027-03-28", "Europe/Paris").toISOString()).toBe("2027-03-28T22:00:00.000Z");
    // 30 October 2027: the day before clocks go back; midnight of the 31st is still UTC+2.
    expect(shareLinkExpiryOf("2027-10-30", "Europe/Paris").toISOString()).toBe("2027-10-30T22:00:00.000Z");
    // 31 October 2027 (25 hours long) ends at midnight UTC+1.
    expect(shareLinkExpiryOf("2027-10-31", "Europe/Paris").toISOString()).toBe("2027-10-31T23:00:00.000Z");
    expect(shareLinkExpiryOf("2028-02-29", "UTC").toISOString()).toBe("2028-03-01T00:00:00.000Z");
  });

  it("an expiry day before today is refused; today is allowed", () => {
    const now = new Date("2027-01-10T23:30:00Z"); // 11 January in Paris already
    expect(checkShareLinkExpiry(null, "Europe/Paris", now).ok).toBe(true);
    expect(checkShareLinkExpiry("2027-01-11", "Europe/Paris", now).ok).toBe(true);
    expect(checkShareLinkExpiry("2027-01-10", "Europe/Paris", now)).toMatchObject({
      ok: false,
      code: "share_link.expiry_past",
      field: "expiresOn",
    });
    expect(checkShareLinkExpiry("2027-02-30", "Europe/Paris", now).ok).toBe(false);
  });

  it("a mailed link lasts the days the settings say, or has no end", () => {
    const now = new Date("2027-01-10T12:00:00Z");
    expect(mailedLinkExpiryOf(null, "Europe/Paris", now)).toBeNull();
    expect(mailedLinkExpiryOf(30, "Europe/Paris", now)?.toISOString()).toBe("2027-02-09T23:00:00.000Z");
  });

  it("revoked wins over expired; no expiry means active until revoked", () => {
    const now = new Date("2027-01-10T12:00:00Z");
    const past = new Date("2027-01-01T00:00:00Z");
    expect(shareLinkStateOf({ revokedAt: null, expiresAt: null }, now)).toBe("active");
    expect(shareLinkStateOf({ revokedAt: null, expiresAt: past }, now)).toBe("expired");
    expect(shareLinkStateOf({ revokedAt: past, expiresAt: past }, now)).toBe("revoked");
    expect(shareLinkStateOf({ revokedAt: past, expiresAt: null }, now)).toBe("revoked");
  });
});

describe("what may be shared", () => {
  it("never a draft", () => {
    expect(checkShareable({ status: "draft" })).toMatchObject({ ok: false, code: "share_link.draft" });
    for (const status of ["issued", "partially_paid", "paid", "cancelled"])
      expect(checkShareable({ status }).ok).toBe(true);
  });
});

describe("share link inputs", () => {
  it("an empty expiry is none; a date must look like one", () => {
    const invoiceId = "0190a0b0-0000-7000-8000-000000000001";
    expect(createShareLinkInput.parse({ invoiceId, expiresOn: " " }).expiresOn).toBeNull();
    expect(createShareLinkInput.parse({ invoiceId, expiresOn: "2027-01-31" }).expiresOn).toBe("2027-01-31");
    expect(createShareLinkInput.safeParse({ invoiceId, expiresOn: "31/01/2027" }).success).toBe(false);
  });

  it("mailed-link days: empty for none, else 1 to 3650", () => {
    expect(
      shareLinkSettingsInput.parse({ shareLinkInMails: true, shareLinkMailDays: "" }).shareLinkMailDays,
    ).toBeNull();
    expect(shareLinkSettingsInput.parse({ shareLinkInMails: true, shareLinkMailDays: " 30 " }).shareLinkMailDays).toBe(
      30,
    );
    for (const days of ["0", "3651", "1.5", "-3", "x"])
      expect(shareLinkSettingsInput.safeParse({ shareLinkInMails: false, shareLinkMailDays: days }).success).toBe(
        false,
      );
  });

  it("a person told to wait reads minutes", () => {
    expect(rateLimitedText(30)).toBe("Too many requests from your address. Try again in 1 minute.");
    expect(rateLimitedText(600)).toBe("Too many requests from your address. Try again in 10 minutes.");
  });
});
