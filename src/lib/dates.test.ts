import fc from "fast-check";
import { TZDate } from "@date-fns/tz";
import { getISOWeek, getISOWeekYear } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  addDaysToDate,
  dateInZone,
  differenceInDays,
  formatDate,
  formatDateTime,
  formatTime,
  isMonday,
  isoDayOfWeek,
  isoWeekMonday,
  isoWeekOf,
  isValidDateString,
  startOfDayInZone,
  todayInZone,
  wallClockInZone,
  weekDays,
} from "./dates";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const dateArbitrary = fc
  .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2199-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe("isValidDateString", () => {
  it.each(["2026-03-12", "2024-02-29", "2000-02-29", "1900-01-01", "9999-12-31"])("accepts %s", (value) => {
    expect(isValidDateString(value)).toBe(true);
  });

  it.each([
    "2026-02-29",
    "1900-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-04-31",
    "2026-3-12",
    "12/03/2026",
    "",
    "2026-03-12T00:00:00Z",
    " 2026-03-12",
    "0000-01-01",
    "0001-01-01",
    "1899-12-31",
    "0202-03-01",
    "99999-01-01",
  ])("refuses %s", (value) => {
    expect(isValidDateString(value)).toBe(false);
  });
});

describe("timezone days", () => {
  // 2026-03-12T23:30Z is already the 13th in Paris (UTC+1) and still the 12th in New York.
  const instant = new Date("2026-03-12T23:30:00Z");

  it("gives today in the firm's timezone", () => {
    expect(todayInZone("Europe/Paris", instant)).toBe("2026-03-13");
    expect(todayInZone("America/New_York", instant)).toBe("2026-03-12");
    expect(todayInZone("UTC", instant)).toBe("2026-03-12");
    expect(todayInZone("Pacific/Kiritimati", new Date("2026-03-12T10:30:00Z"))).toBe("2026-03-13");
  });

  it("defaults to now", () => {
    expect(isValidDateString(todayInZone("Europe/Paris"))).toBe(true);
  });

  it("finds the day an instant falls on", () => {
    expect(dateInZone(new Date("2026-06-30T22:00:00Z"), "Europe/Paris")).toBe("2026-07-01");
    expect(dateInZone(new Date("2026-06-30T21:59:59Z"), "Europe/Paris")).toBe("2026-06-30");
  });

  it("finds the instant a day starts, across daylight saving time", () => {
    expect(startOfDayInZone("2026-01-15", "Europe/Paris").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(startOfDayInZone("2026-07-15", "Europe/Paris").toISOString()).toBe("2026-07-14T22:00:00.000Z");
    // The day of the spring change still starts at local midnight (UTC+1).
    expect(startOfDayInZone("2026-03-29", "Europe/Paris").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDayInZone("2026-03-30", "Europe/Paris").toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  it("round-trips: the start of a day falls on that day", () => {
    fc.assert(
      fc.property(
        dateArbitrary,
        fc.constantFrom("Europe/Paris", "America/Sao_Paulo", "Asia/Tokyo", "Pacific/Auckland", "UTC"),
        (date, zone) => {
          expect(dateInZone(startOfDayInZone(date, zone), zone)).toBe(date);
        },
      ),
    );
  });
});

describe("calendar arithmetic", () => {
  it("adds days across months, years, leap days and DST changes", () => {
    expect(addDaysToDate("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDaysToDate("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDaysToDate("2026-10-25", 1)).toBe("2026-10-26");
    expect(addDaysToDate("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDaysToDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToDate("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDaysToDate("2026-01-31", 30)).toBe("2026-03-02");
    expect(addDaysToDate("2026-01-31", 0)).toBe("2026-01-31");
  });

  it("refuses bad input", () => {
    expect(() => addDaysToDate("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addDaysToDate("2026-02-10", 1.5)).toThrow(RangeError);
  });

  it("counts days between dates", () => {
    expect(differenceInDays("2026-03-31", "2026-03-01")).toBe(30);
    expect(differenceInDays("2026-03-01", "2026-03-31")).toBe(-30);
    expect(differenceInDays("2027-01-01", "2026-01-01")).toBe(365);
  });

  it("adding then counting gives the same number of days", () => {
    fc.assert(
      fc.property(dateArbitrary, fc.integer({ min: -5000, max: 5000 }), (date, days) => {
        expect(differenceInDays(addDaysToDate(date, days), date)).toBe(days);
      }),
    );
  });
});

describe("ISO weeks", () => {
  it("finds the Monday of the week", () => {
    expect(isoWeekMonday("2026-03-12")).toBe("2026-03-09"); // Thursday
    expect(isoWeekMonday("2026-03-09")).toBe("2026-03-09"); // Monday
    expect(isoWeekMonday("2026-03-15")).toBe("2026-03-09"); // Sunday belongs to the week before
    expect(isoWeekMonday("2027-01-01")).toBe("2026-12-28"); // across a year
    expect(isoWeekMonday("2024-03-03")).toBe("2024-02-26"); // across a leap day
  });

  it("numbers days Monday 1 to Sunday 7", () => {
    expect(isoDayOfWeek("2026-03-09")).toBe(1);
    expect(isoDayOfWeek("2026-03-15")).toBe(7);
    expect(isMonday("2026-03-09")).toBe(true);
    expect(isMonday("2026-03-10")).toBe(false);
    expect(isMonday("not a date")).toBe(false);
  });

  it("lists the seven days of a week", () => {
    expect(weekDays("2026-12-28")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
    expect(() => weekDays("2026-12-29")).toThrow(/not a Monday/);
  });

  it("gives the ISO week number and week year", () => {
    expect(isoWeekOf("2026-03-12")).toEqual({ year: 2026, week: 11 });
    expect(isoWeekOf("2027-01-01")).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf("2024-12-30")).toEqual({ year: 2025, week: 1 });
  });

  it("numbers weeks as date-fns does, on any day", () => {
    fc.assert(
      fc.property(dateArbitrary, (date) => {
        const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
        const reference = new TZDate(year, month - 1, day, "UTC");
        expect(isoWeekOf(date)).toEqual({ year: getISOWeekYear(reference), week: getISOWeek(reference) });
      }),
    );
  });

  it("reads an instant's wall clock in a zone as date-fns does", () => {
    const zones = ["Europe/Paris", "America/New_York", "Pacific/Auckland", "Asia/Kolkata", "UTC", "America/St_Johns"];
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1950-01-01T00:00:00Z"), max: new Date("2090-12-31T23:59:59Z"), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          const zoned = new TZDate(instant.getTime(), zone);
          expect(wallClockInZone(instant, zone)).toEqual({
            year: zoned.getFullYear(),
            month: zoned.getMonth() + 1,
            day: zoned.getDate(),
            hour: zoned.getHours(),
            minute: zoned.getMinutes(),
          });
        },
      ),
    );
  });

  it("every date is in the week of its Monday", () => {
    fc.assert(
      fc.property(dateArbitrary, (date) => {
        const monday = isoWeekMonday(date);
        expect(isoDayOfWeek(monday)).toBe(1);
        expect(weekDays(monday)).toContain(date);
        expect(isoWeekOf(monday)).toEqual(isoWeekOf(date));
      }),
    );
  });
});

describe("formatting", () => {
  it("formats a date-only value as that very day in any zone", () => {
    expect(formatDate("2026-03-12", "en-GB", "Europe/Paris")).toBe("12 Mar 2026");
    expect(formatDate("2026-03-12", "en-GB", "Pacific/Auckland")).toBe("12 Mar 2026");
    expect(formatDate("2026-03-12", "en-GB", "America/Los_Angeles")).toBe("12 Mar 2026");
    expect(formatDate("2026-03-12", "en-US", "Europe/Paris")).toBe("Mar 12, 2026");
    expect(formatDate("2026-03-12", "fr-FR", "Europe/Paris", "long")).toBe("12 mars 2026");
    // French writes the first of the month as an ordinal in words-style dates, not in numeric ones.
    expect(formatDate("2026-12-01", "fr-FR", "Europe/Paris", "long")).toBe("1er décembre 2026");
    expect(formatDate("2026-06-01", "fr-BE", "Europe/Paris", "full")).toBe("lundi 1er juin 2026");
    expect(formatDate("2026-12-01", "fr-FR", "Europe/Paris")).toBe("1 déc. 2026");
    expect(formatDate("2026-12-10", "fr-FR", "Europe/Paris", "long")).toBe("10 décembre 2026");
    expect(formatDate("2026-12-01", "en-GB", "Europe/Paris", "long")).toBe("1 December 2026");
    expect(formatDate("2026-03-12", "en-GB", "Europe/Paris", "short")).toBe("12/03/2026");
  });

  it("formats an instant as its day in the firm's zone", () => {
    const instant = new Date("2026-03-12T23:30:00Z");
    expect(formatDate(instant, "en-GB", "Europe/Paris")).toBe("13 Mar 2026");
    expect(formatDate(instant, "en-GB", "America/New_York")).toBe("12 Mar 2026");
  });

  it("formats date and time in the firm's zone", () => {
    expect(plain(formatDateTime(new Date("2026-03-12T13:30:00Z"), "en-GB", "Europe/Paris"))).toBe("12 Mar 2026, 14:30");
    expect(plain(formatDateTime("2026-07-12T13:30:00Z", "en-GB", "Europe/Paris"))).toBe("12 Jul 2026, 15:30");
    expect(() => formatDateTime("yesterday", "en-GB", "Europe/Paris")).toThrow(RangeError);
    expect(formatTime(new Date("2026-03-12T13:30:00Z"), "en-GB", "Europe/Paris")).toBe("14:30");
  });

  it("refuses a malformed date", () => {
    expect(() => formatDate("2026-02-30", "en-GB", "Europe/Paris")).toThrow(RangeError);
  });
});
