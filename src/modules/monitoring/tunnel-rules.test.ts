import { describe, expect, it } from "vitest";
import {
  envelopeEndpoint,
  findAllowedDsn,
  isDeclaredTooLarge,
  isSameDsn,
  MAX_ENVELOPE_BYTES,
  parseDsn,
  readEnvelopeHeader,
  sentryAuthHeader,
} from "./tunnel-rules";

const encoder = new TextEncoder();

describe("parseDsn and envelopeEndpoint", () => {
  it("sentry.io", () => {
    const dsn = parseDsn("https://abc123@o4507.ingest.de.sentry.io/4508");
    expect(dsn).toEqual({
      protocol: "https:",
      publicKey: "abc123",
      host: "o4507.ingest.de.sentry.io",
      pathPrefix: "",
      projectId: "4508",
    });
    expect(envelopeEndpoint(dsn!)).toBe("https://o4507.ingest.de.sentry.io/api/4508/envelope/");
  });

  it("self-hosted Sentry behind a path prefix and a port, with a legacy secret", () => {
    const dsn = parseDsn("http://key:secret@sentry.internal:9000/tools/sentry/12");
    expect(dsn).toMatchObject({
      host: "sentry.internal:9000",
      pathPrefix: "/tools/sentry",
      projectId: "12",
      publicKey: "key",
    });
    expect(envelopeEndpoint(dsn!)).toBe("http://sentry.internal:9000/tools/sentry/api/12/envelope/");
  });

  it("GlitchTip", () => {
    expect(envelopeEndpoint(parseDsn("https://0f1e2d3c4b5a@app.glitchtip.com/7")!)).toBe(
      "https://app.glitchtip.com/api/7/envelope/",
    );
  });

  it("loopback capture server", () => {
    expect(envelopeEndpoint(parseDsn("http://publickey@127.0.0.1:3299/1")!)).toBe(
      "http://127.0.0.1:3299/api/1/envelope/",
    );
  });

  it.each([
    "",
    "not a dsn",
    "ftp://key@host/1",
    "https://host/1",
    "https://key@host/",
    "https://key@host/abc",
    "https://key@host/1?x=1",
    "https://key@host/1#x",
  ])("refuses %j", (value) => {
    expect(parseDsn(value)).toBeUndefined();
  });
});

describe("DSN matching", () => {
  const configured = parseDsn("https://abc@o1.ingest.sentry.io/42")!;

  it("the same project matches, even re-serialised with another host case", () => {
    expect(isSameDsn(configured, parseDsn("https://abc@O1.ingest.sentry.io/42")!)).toBe(true);
    expect(findAllowedDsn("https://abc@o1.ingest.sentry.io/42", [configured])).toBe(configured);
  });

  it.each([
    ["another key", "https://xyz@o1.ingest.sentry.io/42"],
    ["another project", "https://abc@o1.ingest.sentry.io/43"],
    ["another host", "https://abc@evil.example/42"],
    ["another scheme", "http://abc@o1.ingest.sentry.io/42"],
    ["another prefix", "https://abc@o1.ingest.sentry.io/x/42"],
    ["another port", "https://abc@o1.ingest.sentry.io:8443/42"],
    ["garbage", "garbage"],
  ])("%s does not match", (_label, other) => {
    expect(findAllowedDsn(other, [configured])).toBeUndefined();
  });

  it("no DSN in the header, or nothing configured, matches nothing", () => {
    expect(findAllowedDsn(undefined, [configured])).toBeUndefined();
    expect(findAllowedDsn("https://abc@o1.ingest.sentry.io/42", [])).toBeUndefined();
  });
});

describe("readEnvelopeHeader", () => {
  it("reads the first line only, whatever binary follows", () => {
    const head = encoder.encode(
      '{"event_id":"9ec79c33ec9942ab8353589fcb2e04dc","dsn":"https://abc@o1.ingest.sentry.io/42"}\n{"type":"attachment","length":4}\n',
    );
    const body = new Uint8Array([...head, 0xff, 0x00, 0xfe, 0x0a]);
    expect(readEnvelopeHeader(body)).toEqual({
      event_id: "9ec79c33ec9942ab8353589fcb2e04dc",
      dsn: "https://abc@o1.ingest.sentry.io/42",
    });
  });

  it("a header without a newline is the whole body", () => {
    expect(readEnvelopeHeader(encoder.encode('{"dsn":"https://a@b.c/1"}'))).toEqual({ dsn: "https://a@b.c/1" });
  });

  it.each([
    ["empty", new Uint8Array()],
    ["not JSON", encoder.encode("hello\n{}")],
    ["an array", encoder.encode("[1,2]\n")],
    ["a number dsn", encoder.encode('{"dsn":1}\n')],
    ["invalid UTF-8", new Uint8Array([0xff, 0xfe, 0x0a])],
  ])("%s is not an envelope", (_label, body) => {
    expect(readEnvelopeHeader(body)).toBeUndefined();
  });
});

describe("sizes and headers", () => {
  it("a declared length above 1 MiB is too large; missing or odd values are left to the streamed count", () => {
    expect(MAX_ENVELOPE_BYTES).toBe(1_048_576);
    expect(isDeclaredTooLarge(String(MAX_ENVELOPE_BYTES + 1))).toBe(true);
    expect(isDeclaredTooLarge(String(MAX_ENVELOPE_BYTES))).toBe(false);
    expect(isDeclaredTooLarge(null)).toBe(false);
    expect(isDeclaredTooLarge("-1")).toBe(false);
    expect(isDeclaredTooLarge("12abc")).toBe(false);
  });

  it("the auth header carries the public key only", () => {
    const header = sentryAuthHeader(parseDsn("https://key:secret@host/1")!);
    expect(header).toContain("sentry_key=key");
    expect(header).not.toContain("secret");
  });
});
