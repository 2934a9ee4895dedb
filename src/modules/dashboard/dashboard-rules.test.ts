import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDaysToDate, isoDayOfWeek } from "@/lib/dates";
import {
  chartGeometry,
  DEFAULT_CHART_LAYOUT,
  formatCompactMoney,
  lastMonths,
  monthLabel,
  monthOf,
  niceTicks,
  weekFill,
  weekOf,
  WEEKLY_TARGET_MINUTES,
} from "./dashboard-rules";

describe("monthOf", () => {
  it("gives the first and last day of the month, leap years included", () => {
    expect(monthOf("2026-03-31")).toEqual({ key: "2026-03", from: "2026-03-01", to: "2026-03-31" });
    expect(monthOf("2026-12-05")).toEqual({ key: "2026-12", from: "2026-12-01", to: "2026-12-31" });
    // The calendar's last month: no 1 January of year 10000 to count back from.
    expect(monthOf("9999-12-31")).toEqual({ key: "9999-12", from: "9999-12-01", to: "9999-12-31" });
    expect(monthOf("2026-02-14")).toEqual({ key: "2026-02", from: "2026-02-01", to: "2026-02-28" });
    expect(monthOf("2028-02-01")).toEqual({ key: "2028-02", from: "2028-02-01", to: "2028-02-29" });
    expect(monthOf("2026-12-31")).toEqual({ key: "2026-12", from: "2026-12-01", to: "2026-12-31" });
  });

  it("refuses what is not a calendar day", () => {
    expect(() => monthOf("2026-02-30")).toThrow(RangeError);
    expect(() => monthOf("March")).toThrow(RangeError);
  });

  it("always contains the day, and the day after its end starts the next month", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (offset) => {
        const day = addDaysToDate("1990-01-01", offset);
        const month = monthOf(day);
        expect(month.from <= day && day <= month.to).toBe(true);
        expect(addDaysToDate(month.to, 1).endsWith("-01")).toBe(true);
        expect(month.to.slice(0, 7)).toBe(month.key);
      }),
    );
  });
});

describe("lastMonths", () => {
  it("ends with the current month and goes back across the year", () => {
    const months = lastMonths("2026-03-31");
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ key: "2025-04", from: "2025-04-01", to: "2025-04-30" });
    expect(months[11]).toEqual({ key: "2026-03", from: "2026-03-01", to: "2026-03-31" });
    expect(months.map((month) => month.key)).toContain("2026-02");
  });

  it("covers consecutive days without gap or overlap", () => {
    const months = lastMonths("2026-01-01", 14);
    for (let index = 1; index < months.length; index += 1)
      expect(addDaysToDate(months[index - 1]!.to, 1)).toBe(months[index]!.from);
    expect(() => lastMonths("2026-01-01", 0)).toThrow(RangeError);
  });
});

describe("weekOf", () => {
  it("runs Monday to Sunday, across a month and a year end", () => {
    expect(weekOf("2026-04-01")).toEqual({ monday: "2026-03-30", sunday: "2026-04-05" });
    expect(weekOf("2027-01-01")).toEqual({ monday: "2026-12-28", sunday: "2027-01-03" });
    expect(weekOf("2026-03-30")).toEqual({ monday: "2026-03-30", sunday: "2026-04-05" });
    expect(weekOf("2026-04-05")).toEqual({ monday: "2026-03-30", sunday: "2026-04-05" });
  });

  it("always starts on a Monday no later than the day", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (offset) => {
        const day = addDaysToDate("1990-01-01", offset);
        const { monday, sunday } = weekOf(day);
        expect(isoDayOfWeek(monday)).toBe(1);
        expect(monday <= day && day <= sunday).toBe(true);
      }),
    );
  });
});

describe("weekFill", () => {
  it("is the share of 40 hours, capped to the bar", () => {
    expect(WEEKLY_TARGET_MINUTES).toBe(2400);
    expect(weekFill(0)).toBe(0);
    expect(weekFill(1200)).toBe(0.5);
    expect(weekFill(2400)).toBe(1);
    expect(weekFill(3000)).toBe(1);
    expect(() => weekFill(10, 0)).toThrow(RangeError);
  });
});

describe("labels", () => {
  it("names months in the firm's locale", () => {
    expect(monthLabel("2026-03", "en-GB", "axis")).toBe("Mar");
    expect(monthLabel("2026-03", "en-GB", "long")).toBe("March 2026");
    expect(monthLabel("2026-03", "fr-FR", "long")).toBe("mars 2026");
  });

  it("writes compact amounts from minor units and the currency's digits", () => {
    // The compact suffix's case depends on the ICU version ("K" or "k").
    expect(formatCompactMoney(1_250_000, "EUR", "en-GB")).toMatch(/^€12\.5[kK]$/);
    expect(formatCompactMoney(0, "EUR", "en-GB")).toBe("€0");
    expect(formatCompactMoney(1_250_000, "JPY", "en-GB")).toMatch(/^JP¥1\.3[mM]$/);
  });
});

describe("niceTicks", () => {
  it("covers the values with round steps and includes zero", () => {
    expect(niceTicks(0, 1_000_000)).toEqual([0, 500_000, 1_000_000]);
    expect(niceTicks(0, 1_234_567)).toEqual([0, 500_000, 1_000_000, 1_500_000]);
    expect(niceTicks(0, 0)).toEqual([0]);
    expect(niceTicks(-300, 900)).toEqual([-500, 0, 500, 1000]);
    expect(niceTicks(0, 1)).toEqual([0, 1]);
  });

  it("always spans the range, with zero among the ticks and no step under one minor unit", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 0 }), fc.integer({ min: 0, max: 1e12 }), (min, max) => {
        const ticks = niceTicks(min, max);
        expect(ticks[0]!).toBeLessThanOrEqual(min);
        expect(ticks[ticks.length - 1]!).toBeGreaterThanOrEqual(max);
        expect(ticks).toContain(0);
        expect(ticks.length).toBeLessThanOrEqual(12);
        for (let index = 1; index < ticks.length; index += 1)
          expect(ticks[index]! - ticks[index - 1]!).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe("chartGeometry", () => {
  const points = [
    { key: "2026-01", invoiced: 100_000, received: 50_000 },
    { key: "2026-02", invoiced: 0, received: 100_000 },
    { key: "2026-03", invoiced: -20_000, received: 0 },
  ];

  it("puts two bars per month, invoiced first, inside the plot", () => {
    const chart = chartGeometry(points);
    expect(chart.groups.map((group) => group.key)).toEqual(["2026-01", "2026-02", "2026-03"]);
    for (const group of chart.groups) {
      const [invoiced, received] = group.bars;
      expect(invoiced.series).toBe("invoiced");
      expect(received.series).toBe("received");
      expect(invoiced.x + invoiced.width).toBeLessThan(received.x);
      expect(received.x + received.width).toBeLessThanOrEqual(group.x + group.width);
      for (const bar of group.bars) {
        expect(bar.y).toBeGreaterThanOrEqual(chart.plot.top - 1e-9);
        expect(bar.y + bar.height).toBeLessThanOrEqual(chart.plot.bottom + 1e-9);
      }
    }
  });

  it("scales heights to the values from the zero line, below it for a negative month", () => {
    const chart = chartGeometry(points);
    const [january, february, march] = chart.groups;
    expect(january!.bars[0].height).toBeCloseTo(2 * january!.bars[1].height);
    expect(february!.bars[1].height).toBeCloseTo(january!.bars[0].height);
    expect(february!.bars[0].height).toBe(0);
    expect(january!.bars[0].y + january!.bars[0].height).toBeCloseTo(chart.zeroY);
    expect(march!.bars[0].y).toBeCloseTo(chart.zeroY);
    expect(march!.bars[0].height).toBeCloseTo(january!.bars[0].height / 5);
    expect(chart.ticks.map((tick) => tick.value)).toContain(0);
    expect(chart.ticks.find((tick) => tick.value === 0)!.y).toBeCloseTo(chart.zeroY);
  });

  it("draws nothing tall when every month is zero", () => {
    const chart = chartGeometry([{ key: "2026-01", invoiced: 0, received: 0 }]);
    expect(chart.groups[0]!.bars.every((bar) => bar.height === 0 && Number.isFinite(bar.y))).toBe(true);
    expect(chart.zeroY).toBe(DEFAULT_CHART_LAYOUT.height - DEFAULT_CHART_LAYOUT.bottom);
  });
});
