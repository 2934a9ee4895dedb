import { describe, expect, it } from "vitest";
import { dayTotals, selectDay, timerRunsOn } from "./timesheet-day-rules";

const MONDAY = "2026-11-23";

describe("selectDay", () => {
  it("keeps the day asked for when it is in the week", () => {
    expect(selectDay(MONDAY, "2026-11-25", "2026-11-24")).toBe("2026-11-25");
    expect(selectDay(MONDAY, "2026-11-29", "2026-12-10")).toBe("2026-11-29");
  });

  it("falls back to today when today is in the week", () => {
    expect(selectDay(MONDAY, undefined, "2026-11-26")).toBe("2026-11-26");
    // A day of another week, or no real day, is not shown empty: today instead.
    expect(selectDay(MONDAY, "2026-11-30", "2026-11-26")).toBe("2026-11-26");
    expect(selectDay(MONDAY, "2026-11-22", "2026-11-26")).toBe("2026-11-26");
    expect(selectDay(MONDAY, "2026-02-30", "2026-11-26")).toBe("2026-11-26");
    expect(selectDay(MONDAY, "tuesday", "2026-11-26")).toBe("2026-11-26");
  });

  it("falls back to the Monday when today is in another week", () => {
    expect(selectDay(MONDAY, undefined, "2026-12-01")).toBe(MONDAY);
    expect(selectDay(MONDAY, undefined, "2026-11-22")).toBe(MONDAY);
    expect(selectDay(MONDAY, "2026-12-02", "2026-12-01")).toBe(MONDAY);
  });
});

describe("dayTotals", () => {
  it("gives the seven days, Monday first, with zero for days without time", () => {
    expect(dayTotals(MONDAY, [])).toEqual([
      { date: "2026-11-23", minutes: 0 },
      { date: "2026-11-24", minutes: 0 },
      { date: "2026-11-25", minutes: 0 },
      { date: "2026-11-26", minutes: 0 },
      { date: "2026-11-27", minutes: 0 },
      { date: "2026-11-28", minutes: 0 },
      { date: "2026-11-29", minutes: 0 },
    ]);
  });

  it("adds the entries of each day and ignores days outside the week", () => {
    const totals = dayTotals(MONDAY, [
      { date: "2026-11-24", minutes: 90 },
      { date: "2026-11-24", minutes: 45 },
      { date: "2026-11-29", minutes: 15 },
      { date: "2026-11-30", minutes: 600 },
      { date: "2026-11-22", minutes: 600 },
    ]);
    expect(totals.map((day) => day.minutes)).toEqual([0, 135, 0, 0, 0, 0, 15]);
  });
});

describe("timerRunsOn", () => {
  const PARIS = "Europe/Paris";
  it("shows a timer on the firm's day it runs, not UTC's", () => {
    // 23:30 in Paris on the 24th is 22:30 UTC.
    const start = new Date("2026-11-24T22:30:00Z");
    const now = new Date("2026-11-24T22:50:00Z");
    expect(timerRunsOn("2026-11-24", start, now, PARIS)).toBe(true);
    expect(timerRunsOn("2026-11-25", start, now, PARIS)).toBe(false);
    expect(timerRunsOn("2026-11-23", start, now, PARIS)).toBe(false);
  });

  it("shows a timer running past midnight on both days, and not after today", () => {
    const start = new Date("2026-11-24T22:30:00Z");
    const now = new Date("2026-11-25T00:10:00Z"); // 01:10 on the 25th in Paris
    expect(timerRunsOn("2026-11-24", start, now, PARIS)).toBe(true);
    expect(timerRunsOn("2026-11-25", start, now, PARIS)).toBe(true);
    expect(timerRunsOn("2026-11-26", start, now, PARIS)).toBe(false);
  });
});
