import { describe, expect, it } from "vitest";
import { MAX_REPORT_DAYS, periodRange, reportRange } from "./report-rules";

describe("periodRange", () => {
  it("gives each named period in the firm's calendar", () => {
    const today = "2026-01-01"; // a Thursday
    expect(periodRange("this_week", today)).toEqual({ from: "2025-12-29", to: "2026-01-04" });
    expect(periodRange("last_week", today)).toEqual({ from: "2025-12-22", to: "2025-12-28" });
    expect(periodRange("this_month", today)).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(periodRange("last_month", today)).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(periodRange("this_quarter", today)).toEqual({ from: "2026-01-01", to: "2026-03-31" });
    expect(periodRange("last_quarter", today)).toEqual({ from: "2025-10-01", to: "2025-12-31" });
    expect(periodRange("this_year", today)).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    expect(periodRange("last_year", today)).toEqual({ from: "2025-01-01", to: "2025-12-31" });
  });

  it("knows February in leap years and the quarters' last days", () => {
    expect(periodRange("last_month", "2024-03-31")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(periodRange("this_quarter", "2026-05-15")).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(periodRange("this_quarter", "2026-09-30")).toEqual({ from: "2026-07-01", to: "2026-09-30" });
    expect(periodRange("this_quarter", "2026-12-31")).toEqual({ from: "2026-10-01", to: "2026-12-31" });
  });
});

describe("reportRange", () => {
  it("takes a named period over dates, swaps reversed dates and completes a single one", () => {
    expect(reportRange({ period: "this_year", from: "2026-02-01", to: "2026-02-10" }, "2026-05-05")).toEqual({
      from: "2026-01-01",
      to: "2026-12-31",
      period: "this_year",
    });
    expect(reportRange({ from: "2026-02-01", to: "2026-02-10" }, "2026-05-05")).toEqual({
      from: "2026-02-01",
      to: "2026-02-10",
    });
    expect(reportRange({ from: "2026-03-10", to: "2026-03-01" }, "2026-05-05")).toEqual({
      from: "2026-03-01",
      to: "2026-03-10",
    });
    expect(reportRange({ to: "2026-03-10" }, "2026-05-05")).toEqual({ from: "2026-03-10", to: "2026-03-10" });
  });

  it("is this month by default, and never longer than ten years", () => {
    expect(reportRange({}, "2026-05-05")).toEqual({ from: "2026-05-01", to: "2026-05-31", period: "this_month" });
    const long = reportRange({ from: "1900-01-01", to: "9999-12-31" }, "2026-05-05");
    expect(long.from).toBe("1900-01-01");
    expect(long.to).toBe("1910-01-08");
    expect((Date.parse(long.to) - Date.parse(long.from)) / 86_400_000 + 1).toBe(MAX_REPORT_DAYS);
  });
});
