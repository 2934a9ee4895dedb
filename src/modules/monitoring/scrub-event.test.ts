import type { ErrorEvent } from "@sentry/core";
import { describe, expect, it } from "vitest";
import { scrubEvent, scrubText, scrubValue } from "./scrub-event";

describe("scrubEvent", () => {
  it("drops cookies, bodies and identifying headers; keeps the rest", () => {
    const event: ErrorEvent = {
      type: undefined,
      request: {
        url: "https://bureau.example/bo/users?email=jane%40example.com&page=2&token=abc",
        method: "POST",
        cookies: { "better-auth.session_token": "s3cret" },
        data: { email: "jane@example.com", password: "hunter2 hunter2" },
        headers: {
          cookie: "a=b",
          Authorization: "Bearer x",
          "user-agent": "Chromium",
          "x-forwarded-for": "203.0.113.9",
        },
        query_string: "email=jane@example.com&page=2&password=x",
      },
    };
    const scrubbed = scrubEvent(event);
    expect(scrubbed.request?.cookies).toBeUndefined();
    expect(scrubbed.request?.data).toBeUndefined();
    expect(scrubbed.request?.headers).toEqual({ "user-agent": "Chromium" });
    expect(scrubbed.request?.url).toBe("https://bureau.example/bo/users?email=[redacted]&page=2&token=[redacted]");
    expect(scrubbed.request?.query_string).toBe("email=[redacted]&page=2&password=[redacted]");
  });

  it("keeps only the user id, masks emails in messages, exceptions and breadcrumbs, redacts sensitive extras", () => {
    const event: ErrorEvent = {
      type: undefined,
      user: { id: "u1", email: "jane@example.com", ip_address: "203.0.113.9", username: "jane" },
      message: "could not mail jane@example.com",
      exception: {
        values: [
          {
            type: "Error",
            value: "duplicate key jane@example.com",
            stacktrace: { frames: [{ function: "f", vars: { password: "x" } }] },
          },
        ],
      },
      breadcrumbs: [
        { message: "signed in as jane@example.com", data: { password: "x", to: "bob@example.org", count: 2 } },
      ],
      extra: { newPassword: "x", nested: { apiToken: "t", note: "mail ann@example.net" } },
    };
    const scrubbed = scrubEvent(event);
    expect(scrubbed.user).toEqual({ id: "u1" });
    expect(scrubbed.message).toBe("could not mail [email]");
    expect(scrubbed.exception?.values?.[0]?.value).toBe("duplicate key [email]");
    expect(scrubbed.exception?.values?.[0]?.stacktrace?.frames?.[0]?.vars).toBeUndefined();
    expect(scrubbed.breadcrumbs?.[0]).toEqual({
      message: "signed in as [email]",
      data: { password: "[redacted]", to: "[email]", count: 2 },
    });
    expect(scrubbed.extra).toEqual({
      newPassword: "[redacted]",
      nested: { apiToken: "[redacted]", note: "mail [email]" },
    });
  });

  it("an anonymous user becomes an empty user", () => {
    expect(scrubEvent({ type: undefined, user: { ip_address: "{{auto}}" } }).user).toEqual({});
  });
});

describe("helpers", () => {
  it("scrubText leaves text without addresses alone", () => {
    expect(scrubText("Invoice 2026-0001 failed")).toBe("Invoice 2026-0001 failed");
  });

  it("scrubValue stops at a depth", () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < 12; level++) deep = { child: deep };
    expect(JSON.stringify(scrubValue(deep))).toContain("[truncated]");
  });
});
