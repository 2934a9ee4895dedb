import { describe, expect, it } from "vitest";
import { canSetTimerStart, canStopTimer, formatElapsed, splitTimerByDay } from "./timer-rules";

const PARIS = "Europe/Paris";
const at = (iso: string) => new Date(iso);

describe("splitTimerByDay", () => {
  it("keeps a timer inside one day whole, rounded half-up to the minute", () => {
    expect(splitTimerByDay(at("2026-03-03T08:00:00Z"), at("2026-03-03T09:15:29Z"), PARIS)).toEqual([
      { date: "2026-03-03", minutes: 75 },
    ]);
    expect(splitTimerByDay(at("2026-03-03T08:00:00Z"), at("2026-03-03T09:15:30Z"), PARIS)).toEqual([
      { date: "2026-03-03", minutes: 76 },
    ]);
  });

  it("splits at the firm's midnight, not UTC's", () => {
    // 22:30 → 01:15 in Paris (UTC+1 in March before the change): 90 min before midnight, 75 after.
    expect(splitTimerByDay(at("2026-03-03T21:30:00Z"), at("2026-03-04T00:15:00Z"), PARIS)).toEqual([
      { date: "2026-03-03", minutes: 90 },
      { date: "2026-03-04", minutes: 75 },
    ]);
    // Same instants in New York: all on the 3rd there.
    expect(splitTimerByDay(at("2026-03-03T21:30:00Z"), at("2026-03-04T00:15:00Z"), "America/New_York")).toEqual([
      { date: "2026-03-03", minutes: 165 },
    ]);
  });

  it("crosses a week boundary (Sunday night into Monday)", () => {
    expect(splitTimerByDay(at("2026-03-08T22:00:00Z"), at("2026-03-08T23:30:00Z"), PARIS)).toEqual([
      { date: "2026-03-08", minutes: 60 },
      { date: "2026-03-09", minutes: 30 },
    ]);
  });

  it("counts the real length of a daylight-saving night", () => {
    // Paris, 29 March 2026: 02:00 becomes 03:00. 01:00 → 04:00 wall time is 2 hours.
    expect(splitTimerByDay(at("2026-03-29T00:00:00Z"), at("2026-03-29T02:00:00Z"), PARIS)).toEqual([
      { date: "2026-03-29", minutes: 120 },
    ]);
    // 25 October 2026: 03:00 becomes 02:00. 23:00 on the 24th → 04:00 on the 25th is 6 hours; 1 before midnight.
    expect(splitTimerByDay(at("2026-10-24T21:00:00Z"), at("2026-10-25T03:00:00Z"), PARIS)).toEqual([
      { date: "2026-10-24", minutes: 60 },
      { date: "2026-10-25", minutes: 300 },
    ]);
  });

  it("rounds the total, never each part on its own", () => {
    // 23:59:40 → 00:00:50: 70 seconds are one minute, not 0 + 1 or 1 + 1.
    const parts = splitTimerByDay(at("2026-03-03T22:59:40Z"), at("2026-03-03T23:00:50Z"), PARIS);
    expect(parts.reduce((sum, part) => sum + part.minutes, 0)).toBe(1);
    expect(parts).toEqual([{ date: "2026-03-04", minutes: 1 }]);
    // 23:59:00 → 00:00:59: 119 s → 2 minutes, one each side.
    expect(splitTimerByDay(at("2026-03-03T22:59:00Z"), at("2026-03-03T23:00:59Z"), PARIS)).toEqual([
      { date: "2026-03-03", minutes: 1 },
      { date: "2026-03-04", minutes: 1 },
    ]);
  });

  it("gives nothing for a stop before the start", () => {
    expect(splitTimerByDay(at("2026-03-03T10:00:00Z"), at("2026-03-03T09:00:00Z"), PARIS)).toEqual([]);
  });
});

describe("canStopTimer and canSetTimerStart", () => {
  const start = at("2026-03-03T08:00:00Z");
  it("refuses under half a minute and over 24 hours", () => {
    expect(canStopTimer(start, at("2026-03-03T08:00:29Z"))).toMatchObject({
      ok: false,
      code: "timesheet.timer_under_a_minute",
    });
    expect(canStopTimer(start, at("2026-03-03T08:00:30Z")).ok).toBe(true);
    expect(canStopTimer(start, at("2026-03-04T08:00:00Z")).ok).toBe(true);
    expect(canStopTimer(start, at("2026-03-04T08:00:01Z"))).toMatchObject({
      ok: false,
      code: "timesheet.timer_over_24_hours",
    });
  });
  it("refuses a start in the future", () => {
    expect(canSetTimerStart(at("2026-03-03T08:01:00Z"), start)).toMatchObject({
      ok: false,
      code: "timesheet.timer_start_in_future",
      field: "startedAt",
    });
    expect(canSetTimerStart(start, start).ok).toBe(true);
  });
});

it("formats the elapsed time", () => {
  expect(formatElapsed(0)).toBe("0:00:00");
  expect(formatElapsed(3909.7)).toBe("1:05:09");
  expect(formatElapsed(-5)).toBe("0:00:00");
});
