import { describe, expect, it } from "vitest";
import {
  describeSchedule,
  dueOccurrences,
  dueOccurrencesAt,
  nextOccurrence,
  occurrences,
  type RunState,
  type Schedule,
  servicePeriodOf,
} from "./recurrence-rules";

const monthly = (startDate: string, dayOfPeriod: number, extra: Partial<Schedule> = {}): Schedule => ({
  frequency: "monthly",
  intervalWeeks: 1,
  dayOfPeriod,
  startDate,
  endDate: null,
  occurrenceCount: null,
  ...extra,
});

function first(schedule: Schedule, count: number): string[] {
  const dates: string[] = [];
  for (const date of occurrences(schedule)) {
    dates.push(date);
    if (dates.length === count) break;
  }
  return dates;
}

const fresh = (schedule: Schedule, extra: Partial<RunState> = {}): RunState => ({
  schedule,
  lastRunDate: null,
  billsFrom: null,
  madeCount: 0,
  ...extra,
});

describe("the calendar's last days", () => {
  // Found by the action fuzz (FUZZ_SEED=1777213337): a weekly schedule starting on 9999-12-31 whose
  // first weekday is in year 10000 threw a RangeError instead of having no occurrence.
  it("has no occurrence past 9999-12-31, whatever the frequency, and never throws", () => {
    for (const dayOfPeriod of [1, 2, 3, 4, 5, 6, 7])
      for (const intervalWeeks of [1, 52])
        expect(first(monthly("9999-12-31", dayOfPeriod, { frequency: "weekly", intervalWeeks }), 3)).toEqual(
          dayOfPeriod === 5 ? ["9999-12-31"] : [],
        );
    for (const frequency of ["monthly", "quarterly", "yearly"] as const)
      for (const dayOfPeriod of [1, 30, 31])
        expect(first(monthly("9999-12-31", dayOfPeriod, { frequency }), 3)).toEqual(
          dayOfPeriod === 31 ? ["9999-12-31"] : [],
        );
    expect(nextOccurrence(fresh(monthly("9999-12-28", 1, { frequency: "weekly" })))).toBeNull(); // a Tuesday; Monday is in 10000
  });
});

describe("occurrences across month ends", () => {
  it("bills the 31st on each month's last day when the month is shorter, and the 31st again after", () => {
    expect(first(monthly("2026-01-01", 31), 6)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
      "2026-06-30",
    ]);
  });

  it("uses 29 February in a leap year and 28 February otherwise", () => {
    expect(first(monthly("2028-01-15", 30), 3)).toEqual(["2028-01-30", "2028-02-29", "2028-03-30"]);
    expect(first(monthly("2027-02-01", 29), 2)).toEqual(["2027-02-28", "2027-03-29"]);
  });

  it("starts in the next period when the start date is after the day of the period", () => {
    expect(first(monthly("2026-01-20", 5), 2)).toEqual(["2026-02-05", "2026-03-05"]);
    expect(first(monthly("2026-01-05", 5), 1)).toEqual(["2026-01-05"]);
  });

  it("crosses the year end", () => {
    expect(first(monthly("2026-11-10", 10), 3)).toEqual(["2026-11-10", "2026-12-10", "2027-01-10"]);
  });

  it("counts quarters and years from the start month, clamping 29 February outside leap years", () => {
    expect(first({ ...monthly("2026-01-01", 31), frequency: "quarterly" }, 4)).toEqual([
      "2026-01-31",
      "2026-04-30",
      "2026-07-31",
      "2026-10-31",
    ]);
    expect(first({ ...monthly("2028-02-01", 29), frequency: "yearly" }, 5)).toEqual([
      "2028-02-29",
      "2029-02-28",
      "2030-02-28",
      "2031-02-28",
      "2032-02-29",
    ]);
  });
});

describe("every N weeks", () => {
  it("takes the first chosen weekday on or after the start, then every N weeks", () => {
    // 2026-01-01 is a Thursday; day 1 is Monday.
    const schedule: Schedule = { ...monthly("2026-01-01", 1), frequency: "weekly", intervalWeeks: 2 };
    expect(first(schedule, 4)).toEqual(["2026-01-05", "2026-01-19", "2026-02-02", "2026-02-16"]);
    expect(first({ ...schedule, dayOfPeriod: 4, intervalWeeks: 1 }, 2)).toEqual(["2026-01-01", "2026-01-08"]);
  });

  it("keeps the weekday across daylight-saving changes and leap days", () => {
    const schedule: Schedule = { ...monthly("2028-02-21", 1), frequency: "weekly", intervalWeeks: 1 };
    expect(first(schedule, 6)).toEqual([
      "2028-02-21",
      "2028-02-28",
      "2028-03-06",
      "2028-03-13",
      "2028-03-20",
      "2028-03-27",
    ]);
  });
});

describe("what is due", () => {
  it("makes nothing before the first date, then one date a period", () => {
    const state = fresh(monthly("2026-01-01", 1));
    expect(dueOccurrences(state, "2025-12-31")).toEqual([]);
    expect(dueOccurrences(state, "2026-01-01")).toEqual(["2026-01-01"]);
    expect(dueOccurrences({ ...state, lastRunDate: "2026-01-01", madeCount: 1 }, "2026-01-31")).toEqual([]);
    expect(dueOccurrences({ ...state, lastRunDate: "2026-01-01", madeCount: 1 }, "2026-02-01")).toEqual(["2026-02-01"]);
  });

  it("catches up every missed period, oldest first", () => {
    const state = fresh(monthly("2026-01-01", 1), { lastRunDate: "2026-01-01", madeCount: 1 });
    expect(dueOccurrences(state, "2026-03-15")).toEqual(["2026-02-01", "2026-03-01"]);
  });

  it("stops at the count of invoices made and at the end date", () => {
    const counted = fresh(monthly("2026-01-01", 1, { occurrenceCount: 2 }));
    expect(dueOccurrences(counted, "2026-12-31")).toEqual(["2026-01-01", "2026-02-01"]);
    expect(dueOccurrences({ ...counted, lastRunDate: "2026-02-01", madeCount: 2 }, "2026-12-31")).toEqual([]);
    expect(nextOccurrence({ ...counted, lastRunDate: "2026-02-01", madeCount: 2 })).toBeNull();
    const ended = fresh(monthly("2026-01-01", 1, { endDate: "2026-03-01" }));
    expect(dueOccurrences(ended, "2026-12-31")).toEqual(["2026-01-01", "2026-02-01", "2026-03-01"]);
    expect(nextOccurrence({ ...ended, lastRunDate: "2026-03-01", madeCount: 3 })).toBeNull();
  });

  it("skips the periods of a pause: only dates from the resume day on are made", () => {
    const state = fresh(monthly("2026-01-01", 1), { lastRunDate: "2026-01-01", madeCount: 1, billsFrom: "2026-03-10" });
    expect(dueOccurrences(state, "2026-03-20")).toEqual([]);
    expect(dueOccurrences(state, "2026-04-01")).toEqual(["2026-04-01"]);
    expect(nextOccurrence(state)).toBe("2026-04-01");
  });

  it("applies an edited schedule to future dates only", () => {
    // Billed on 1 March with day 1; changed to day 20: the next is 20 March, never 1 March again.
    const state = fresh(monthly("2026-01-01", 20), { lastRunDate: "2026-03-01", madeCount: 3 });
    expect(dueOccurrences(state, "2026-03-19")).toEqual([]);
    expect(dueOccurrences(state, "2026-03-20")).toEqual(["2026-03-20"]);
  });
});

describe("the firm's day around daylight-saving changes", () => {
  const state = fresh(monthly("2026-03-01", 29));
  it("is due from midnight in Paris when clocks go forward (29 March 2026)", () => {
    expect(dueOccurrencesAt(state, new Date("2026-03-28T22:59:00Z"), "Europe/Paris")).toEqual([]);
    expect(dueOccurrencesAt(state, new Date("2026-03-28T23:00:00Z"), "Europe/Paris")).toEqual(["2026-03-29"]);
    // Still 28 March in New York.
    expect(dueOccurrencesAt(state, new Date("2026-03-29T03:59:00Z"), "America/New_York")).toEqual([]);
    expect(dueOccurrencesAt(state, new Date("2026-03-29T04:00:00Z"), "America/New_York")).toEqual(["2026-03-29"]);
  });

  it("is due from midnight in Paris when clocks go back (25 October 2026)", () => {
    const october = fresh(monthly("2026-10-01", 25));
    // Midnight of 25 October is still summer time (UTC+2).
    expect(dueOccurrencesAt(october, new Date("2026-10-24T21:59:00Z"), "Europe/Paris")).toEqual([]);
    expect(dueOccurrencesAt(october, new Date("2026-10-24T22:00:00Z"), "Europe/Paris")).toEqual(["2026-10-25"]);
    // And 26 October starts at 23:00 UTC (winter time): the day after is not due before then.
    const daily = fresh({ ...monthly("2026-10-26", 1), frequency: "weekly", intervalWeeks: 1 });
    expect(dueOccurrencesAt(daily, new Date("2026-10-25T22:59:00Z"), "Europe/Paris")).toEqual([]);
    expect(dueOccurrencesAt(daily, new Date("2026-10-25T23:00:00Z"), "Europe/Paris")).toEqual(["2026-10-26"]);
  });
});

describe("service periods and descriptions", () => {
  it("bills from the occurrence to the day before the next one", () => {
    expect(servicePeriodOf(monthly("2026-01-01", 31), "2026-02-28")).toEqual({
      start: "2026-02-28",
      end: "2026-03-30",
    });
    expect(servicePeriodOf(monthly("2026-01-01", 1), "2026-12-01")).toEqual({ start: "2026-12-01", end: "2026-12-31" });
  });

  it("says the schedule in words", () => {
    expect(describeSchedule(monthly("2026-01-01", 31))).toBe("Every month on day 31 (the last day in shorter months)");
    expect(describeSchedule({ frequency: "weekly", intervalWeeks: 2, dayOfPeriod: 5 })).toBe("Every 2 weeks on Friday");
  });
});

describe("the end of the calendar", () => {
  it("stops at 31 December 9999 instead of writing a five-digit year", () => {
    expect(first(monthly("9999-11-15", 31), 5)).toEqual(["9999-11-30", "9999-12-31"]);
    const weekly: Schedule = { ...monthly("9999-12-20", 1), frequency: "weekly", intervalWeeks: 1 };
    expect(first(weekly, 5)).toEqual(["9999-12-20", "9999-12-27"]);
    expect(nextOccurrence(fresh(weekly, { lastRunDate: "9999-12-27", madeCount: 2 }))).toBeNull();
  });
});
