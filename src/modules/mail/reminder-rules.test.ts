import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { todayInZone } from "@/lib/dates";
import { daysOverdue, hourInZone, isDailyRunDue, reminderDate, reminderStepsDue } from "./reminder-rules";

const steps = [3, 10, 30];

describe("reminderDate across month and year ends", () => {
  it.each([
    ["2026-01-31", 3, "2026-02-03"],
    ["2026-01-31", 30, "2026-03-02"],
    ["2025-02-28", 3, "2025-03-03"],
    ["2024-02-28", 3, "2024-03-02"],
    ["2024-02-29", 30, "2024-03-30"],
    ["2026-12-29", 3, "2027-01-01"],
    ["2026-12-31", 10, "2027-01-10"],
    ["2026-03-27", 3, "2026-03-30"],
    ["2026-10-23", 3, "2026-10-26"],
  ])("due %s + %i days = %s", (due, days, expected) => {
    expect(reminderDate(due, days)).toBe(expected);
  });
});

describe("reminderStepsDue", () => {
  it("sends nothing before the first step and nothing on the due date", () => {
    expect(reminderStepsDue({ dueDate: "2026-01-31", today: "2026-01-31", steps, done: [] })).toEqual({
      send: null,
      skip: [],
    });
    expect(reminderStepsDue({ dueDate: "2026-01-31", today: "2026-02-02", steps, done: [] })).toEqual({
      send: null,
      skip: [],
    });
  });
  it("sends the 3-day step 3 days after a 31 January due date (3 February)", () => {
    expect(reminderStepsDue({ dueDate: "2026-01-31", today: "2026-02-03", steps, done: [] })).toEqual({
      send: 3,
      skip: [],
    });
  });
  it("sends each step once", () => {
    expect(reminderStepsDue({ dueDate: "2026-01-31", today: "2026-02-05", steps, done: [3] })).toEqual({
      send: null,
      skip: [],
    });
    expect(reminderStepsDue({ dueDate: "2026-01-31", today: "2026-02-10", steps, done: [3] })).toEqual({
      send: 10,
      skip: [],
    });
  });
  it("when several steps are due at once, sends only the latest and skips the earlier ones", () => {
    expect(reminderStepsDue({ dueDate: "2025-12-31", today: "2026-02-15", steps, done: [] })).toEqual({
      send: 30,
      skip: [3, 10],
    });
  });
  it("never sends an earlier step after a later one", () => {
    expect(reminderStepsDue({ dueDate: "2025-12-31", today: "2026-02-15", steps: [3, 10, 30], done: [30] })).toEqual({
      send: null,
      skip: [3, 10],
    });
  });
  it("ignores bad or duplicate steps and any order", () => {
    expect(
      reminderStepsDue({ dueDate: "2026-02-28", today: "2026-03-10", steps: [10, 3, 3, 0, -1, 2.5], done: [] }),
    ).toEqual({ send: 10, skip: [3] });
  });
  it("property: a step is sent at most once and never before its day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 800 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 90 }), { maxLength: 5 }),
        fc.integer({ min: 0, max: 120 }),
        (offset, schedule, span) => {
          const dueDate = reminderDate("2024-01-01", offset);
          const done: number[] = [];
          for (let day = 0; day <= span; day++) {
            const today = reminderDate(dueDate, day);
            const decision = reminderStepsDue({ dueDate, today, steps: schedule, done });
            if (decision.send !== null) {
              expect(done).not.toContain(decision.send);
              expect(daysOverdue(dueDate, today)).toBeGreaterThanOrEqual(decision.send);
              done.push(decision.send);
            }
            done.push(...decision.skip);
          }
          expect(new Set(done).size).toBe(done.length);
        },
      ),
    );
  });
});

describe("the firm's day and the daily run", () => {
  it("the firm's day decides: 23:30 UTC on 31 January is already 1 February in Paris, still 31 January in New York", () => {
    const now = new Date("2026-01-31T23:30:00Z");
    expect(todayInZone("Europe/Paris", now)).toBe("2026-02-01");
    expect(todayInZone("America/New_York", now)).toBe("2026-01-31");
    // Due 29 January: the 3-day step is due in Paris, not yet in New York.
    expect(
      reminderStepsDue({ dueDate: "2026-01-29", today: todayInZone("Europe/Paris", now), steps, done: [] }).send,
    ).toBe(3);
    expect(
      reminderStepsDue({ dueDate: "2026-01-29", today: todayInZone("America/New_York", now), steps, done: [] }).send,
    ).toBeNull();
  });
  it("Pacific/Kiritimati (UTC+14) is a day ahead of UTC at noon UTC on 28 February 2026", () => {
    const now = new Date("2026-02-28T12:00:00Z");
    expect(todayInZone("Pacific/Kiritimati", now)).toBe("2026-03-01");
    expect(
      reminderStepsDue({ dueDate: "2026-02-26", today: todayInZone("Pacific/Kiritimati", now), steps, done: [] }).send,
    ).toBe(3);
  });
  it("runs once per firm day from 08:00 local time, across daylight-saving changes", () => {
    // 29 March 2026: Paris moves to summer time; 06:30 UTC is 08:30 local.
    expect(hourInZone(new Date("2026-03-29T06:30:00Z"), "Europe/Paris")).toBe(8);
    expect(
      isDailyRunDue({ now: new Date("2026-03-29T06:30:00Z"), timeZone: "Europe/Paris", lastRunOn: "2026-03-28" }),
    ).toBe(true);
    expect(
      isDailyRunDue({ now: new Date("2026-03-29T05:30:00Z"), timeZone: "Europe/Paris", lastRunOn: "2026-03-28" }),
    ).toBe(false);
    expect(
      isDailyRunDue({ now: new Date("2026-03-29T20:00:00Z"), timeZone: "Europe/Paris", lastRunOn: "2026-03-29" }),
    ).toBe(false);
    expect(isDailyRunDue({ now: new Date("2026-03-29T07:00:00Z"), timeZone: "Europe/Paris", lastRunOn: null })).toBe(
      true,
    );
    // A month end: ran on 31 January, due again on 1 February.
    expect(
      isDailyRunDue({ now: new Date("2026-02-01T09:00:00Z"), timeZone: "Europe/Paris", lastRunOn: "2026-01-31" }),
    ).toBe(true);
  });
});
