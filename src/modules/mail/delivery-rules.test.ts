import { describe, expect, it } from "vitest";
import { backoffDelayMs, isPermanentSmtpError, MAX_ATTEMPTS } from "./delivery-rules";

describe("backoffDelayMs", () => {
  const noJitter = () => 0.5;
  it("doubles from the base after each failed try", () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelayMs(attempt, 30_000, 10 ** 9, noJitter))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
  });
  it("is capped", () => {
    expect(backoffDelayMs(MAX_ATTEMPTS, 30_000, 60_000, noJitter)).toBe(60_000);
  });
  it("jitters within ±10 %", () => {
    expect(backoffDelayMs(1, 1000, 10 ** 9, () => 0)).toBe(900);
    expect(backoffDelayMs(1, 1000, 10 ** 9, () => 0.999999)).toBe(1100);
  });
});

describe("isPermanentSmtpError", () => {
  it("5xx answers are permanent; connection errors and 4xx are not", () => {
    expect(isPermanentSmtpError({ responseCode: 550 })).toBe(true);
    expect(isPermanentSmtpError({ responseCode: 451 })).toBe(false);
    expect(isPermanentSmtpError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(
      false,
    );
  });
});
