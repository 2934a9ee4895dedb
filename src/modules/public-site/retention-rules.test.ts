import { describe, expect, it } from "vitest";
import { monthsBefore, retentionDays } from "./retention-rules";

describe("the retention cut-off", () => {
  it("is the same day and hour, whole calendar months before", () => {
    expect(monthsBefore(new Date("2026-03-31T12:00:00Z"), 1).toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(monthsBefore(new Date("2026-03-02T00:00:00Z"), 12).toISOString()).toBe("2025-03-02T00:00:00.000Z");
    expect(monthsBefore(new Date("2026-01-15T08:30:00Z"), 2).toISOString()).toBe("2025-11-15T08:30:00.000Z");
    expect(monthsBefore(new Date("2028-02-29T09:00:00Z"), 12).toISOString()).toBe("2027-02-28T09:00:00.000Z");
    expect(monthsBefore(new Date("2026-05-31T09:00:00Z"), 120).toISOString()).toBe("2016-05-31T09:00:00.000Z");
  });
});

describe("retention in days", () => {
  it("says how many days a retention setting keeps what is received today", () => {
    expect(retentionDays(12, new Date("2026-03-02T10:00:00Z"))).toBe(365);
    expect(retentionDays(12, new Date("2028-03-02T10:00:00Z"))).toBe(366);
    expect(retentionDays(1, new Date("2026-03-31T10:00:00Z"))).toBe(31);
    expect(retentionDays(6, new Date("2026-11-26T10:00:00Z"))).toBe(184);
    expect(retentionDays(24, new Date("2026-11-26T10:00:00Z"))).toBe(730);
  });

  it("grows with the setting, by at least 28 days a month", () => {
    const now = new Date("2026-11-26T10:00:00Z");
    for (let months = 1; months < 120; months += 1)
      expect(retentionDays(months + 1, now) - retentionDays(months, now)).toBeGreaterThanOrEqual(28);
  });
});
