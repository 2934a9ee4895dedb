import { describe, expect, it } from "vitest";
import { reminderWeekDue } from "./timesheet-reminder-rules";

// 2026-11-23 is a Monday; the reminder on Monday 09:00 is about the week of 2026-11-16.
const at = (day: number, hour: number, minute = 0) => ({ year: 2026, month: 11, day, hour, minute });

describe("reminderWeekDue", () => {
  it("is off without a setting", () => {
    expect(reminderWeekDue(null, at(23, 10))).toBeNull();
  });

  it("is due from the weekday and time to the end of the week, about the week before", () => {
    const monday9 = { weekday: 1, time: "09:00" };
    expect(reminderWeekDue(monday9, at(23, 8, 59))).toBeNull();
    expect(reminderWeekDue(monday9, at(23, 9, 0))).toBe("2026-11-16");
    expect(reminderWeekDue(monday9, at(29, 23, 59))).toBe("2026-11-16"); // Sunday: still that week's reminder
    expect(reminderWeekDue(monday9, at(30, 8, 0))).toBeNull(); // the next Monday before 09:00
  });

  it("waits for a later weekday", () => {
    const friday16 = { weekday: 5, time: "16:30" };
    expect(reminderWeekDue(friday16, at(26, 18))).toBeNull(); // Thursday
    expect(reminderWeekDue(friday16, at(27, 16, 29))).toBeNull();
    expect(reminderWeekDue(friday16, at(27, 16, 30))).toBe("2026-11-16");
  });

  it("crosses a year: Monday 2027-01-04 reminds about the week of 2026-12-28", () => {
    expect(reminderWeekDue({ weekday: 1, time: "00:00" }, { year: 2027, month: 1, day: 4, hour: 0, minute: 0 })).toBe(
      "2026-12-28",
    );
  });

  it("ignores a malformed setting", () => {
    expect(reminderWeekDue({ weekday: 8, time: "09:00" }, at(29, 12))).toBeNull();
    expect(reminderWeekDue({ weekday: 1, time: "9h" }, at(29, 12))).toBeNull();
  });
});
