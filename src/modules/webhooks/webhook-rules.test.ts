import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  classifyAddress,
  MAX_WEBHOOK_ATTEMPTS,
  parseWebhookUrl,
  refusedAddress,
  retryDelayMs,
  signWebhook,
  webhookHeaders,
} from "./webhook-rules";

describe("the webhook signature (Standard Webhooks)", () => {
  // The key is the base64 after whsec_; the signed content is "id.timestamp.body".
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
  const timestamp = 1614265330;
  const body = '{"test": 2432232314}';

  it("matches the HMAC computed here independently", () => {
    const key = Buffer.from("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "base64");
    const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
    expect(signWebhook(secret, id, timestamp, body)).toBe(`v1,${expected}`);
  });

  it("matches the Standard Webhooks specification's published example", () => {
    expect(signWebhook(secret, id, timestamp, body)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("changes with any byte of the body, the id or the time", () => {
    const reference = signWebhook(secret, id, timestamp, body);
    expect(signWebhook(secret, id, timestamp, body + " ")).not.toBe(reference);
    expect(signWebhook(secret, `${id}x`, timestamp, body)).not.toBe(reference);
    expect(signWebhook(secret, id, timestamp + 1, body)).not.toBe(reference);
  });

  it("sends the id, time and signature as headers", () => {
    const headers = webhookHeaders(secret, id, timestamp, body);
    expect(headers["webhook-id"]).toBe(id);
    expect(headers["webhook-timestamp"]).toBe(String(timestamp));
    expect(headers["webhook-signature"]).toBe(signWebhook(secret, id, timestamp, body));
  });
});

describe("address classification", () => {
  it.each([
    ["8.8.8.8", "public"],
    ["93.184.216.34", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["169.254.169.254", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["2606:4700:4700::1111", "public"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::", "unspecified"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::a00:1", "reserved"],
    ["example.com", "invalid"],
  ])("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it("refuses a list when any address is not public", () => {
    expect(refusedAddress(["8.8.8.8", "2606:4700:4700::1111"])).toBeNull();
    expect(refusedAddress(["8.8.8.8", "10.0.0.1"])).toEqual({ address: "10.0.0.1", kind: "private" });
  });
});

describe("webhook URLs", () => {
  it("accepts http and https only, without credentials", () => {
    expect(parseWebhookUrl("https://hooks.example.com/in").ok).toBe(true);
    expect(parseWebhookUrl("http://[::1]:8080/").ok && parseWebhookUrl("http://[::1]:8080/")).toMatchObject({
      host: "::1",
    });
    expect(parseWebhookUrl("ftp://example.com/").ok).toBe(false);
    expect(parseWebhookUrl("file:///etc/passwd").ok).toBe(false);
    expect(parseWebhookUrl("https://user:pw@example.com/").ok).toBe(false);
    expect(parseWebhookUrl("not a url").ok).toBe(false);
  });
});

describe("retries", () => {
  it("wait 1 min, 5 min, 30 min, 2 h and 12 h, then stop", () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 43_200_000, null]);
    expect(MAX_WEBHOOK_ATTEMPTS).toBe(6);
  });
});
