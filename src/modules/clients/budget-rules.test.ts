import { describe, expect, it } from "vitest";
import { budgetOf, budgetPercent, budgetPeriodAt, budgetState, thresholdsReached } from "./budget-rules";

describe("budgetPeriodAt", () => {
  it("a total budget has one period, unbounded", () => {
    expect(budgetPeriodAt("total", new Date("2026-11-30T23:30:00Z"), "Europe/Paris")).toEqual({
      key: "total",
      from: null,
      to: null,
    });
  });

  it("a monthly budget's month is the firm's: 23:30 UTC on 30 November is December in Paris", () => {
    expect(budgetPeriodAt("month", new Date("2026-11-30T23:30:00Z"), "Europe/Paris")).toEqual({
      key: "2026-12",
      from: "2026-12-01",
      to: "2026-12-31",
    });
    expect(budgetPeriodAt("month", new Date("2026-11-30T22:59:59Z"), "Europe/Paris").key).toBe("2026-11");
  });

  it("and still the previous month west of UTC: 03:00 UTC on 1 March is February in New York", () => {
    expect(budgetPeriodAt("month", new Date("2028-03-01T03:00:00Z"), "America/New_York")).toEqual({
      key: "2028-02",
      from: "2028-02-01",
      to: "2028-02-29",
    });
    expect(budgetPeriodAt("month", new Date("2027-03-01T03:00:00Z"), "America/New_York").to).toBe("2027-02-28");
  });

  it("the year turns with the firm's new year (Auckland is ahead, Honolulu behind)", () => {
    expect(budgetPeriodAt("month", new Date("2026-12-31T11:00:00Z"), "Pacific/Auckland").key).toBe("2027-01");
    expect(budgetPeriodAt("month", new Date("2027-01-01T09:00:00Z"), "Pacific/Honolulu").key).toBe("2026-12");
  });

  it("months of 30 and 31 days end on their last day", () => {
    expect(budgetPeriodAt("month", new Date("2026-04-15T12:00:00Z"), "UTC").to).toBe("2026-04-30");
    expect(budgetPeriodAt("month", new Date("2026-07-15T12:00:00Z"), "UTC").to).toBe("2026-07-31");
  });
});

describe("budgetPercent and thresholdsReached", () => {
  it("rounds the percentage down, so 79.9 % does not show 80 %", () => {
    expect(budgetPercent(799, 1000)).toBe(79);
    expect(budgetPercent(800, 1000)).toBe(80);
    expect(budgetPercent(1500, 1000)).toBe(150);
    expect(budgetPercent(10, 0)).toBe(0);
  });

  it("crosses 80 % and 100 % exactly, without floating point", () => {
    expect(thresholdsReached(0, 600)).toEqual([]);
    expect(thresholdsReached(479, 600)).toEqual([]);
    expect(thresholdsReached(480, 600)).toEqual([80]);
    expect(thresholdsReached(599, 600)).toEqual([80]);
    expect(thresholdsReached(600, 600)).toEqual([80, 100]);
    expect(thresholdsReached(5000, 600)).toEqual([80, 100]);
    // 80 % of 7 minutes is 5.6: 5 is under, 6 is over.
    expect(thresholdsReached(5, 7)).toEqual([]);
    expect(thresholdsReached(6, 7)).toEqual([80]);
    expect(thresholdsReached(100, 0)).toEqual([]);
  });

  it("names the state the dashboard and the bar show", () => {
    expect(budgetState(100, 1000)).toBe("under");
    expect(budgetState(800, 1000)).toBe("near");
    expect(budgetState(1000, 1000)).toBe("over");
  });
});

describe("budgetOf", () => {
  it("reads hours, money or none from the columns", () => {
    expect(budgetOf({ budgetMinutes: 600, budgetAmount: null, budgetPeriod: "month" })).toEqual({
      unit: "hours",
      amount: 600,
      period: "month",
    });
    expect(budgetOf({ budgetMinutes: null, budgetAmount: 500000, budgetPeriod: "total" })).toEqual({
      unit: "money",
      amount: 500000,
      period: "total",
    });
    expect(budgetOf({ budgetMinutes: 0, budgetAmount: null, budgetPeriod: "total" })).toBeNull();
    expect(budgetOf({ budgetMinutes: null, budgetAmount: null, budgetPeriod: "total" })).toBeNull();
  });
});
