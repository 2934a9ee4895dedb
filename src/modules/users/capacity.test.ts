import { describe, expect, it } from "vitest";
import { firmWeeklyMinutes, minutesToHoursText, optionalWeeklyHoursInput, personWeeklyMinutes } from "./capacity";

describe("weekly capacity", () => {
  it("is 35 h for a French firm and 40 h elsewhere unless the settings say otherwise", () => {
    expect(firmWeeklyMinutes({ country: "FR", weeklyCapacityMinutes: null })).toBe(2100);
    expect(firmWeeklyMinutes({ country: "GB", weeklyCapacityMinutes: null })).toBe(2400);
    expect(firmWeeklyMinutes({ country: "FR", weeklyCapacityMinutes: 2340 })).toBe(2340);
  });

  it("is the person's own where the profile has one", () => {
    const firm = { country: "FR", weeklyCapacityMinutes: null };
    expect(personWeeklyMinutes({ weeklyCapacityMinutes: 1680 }, firm)).toBe(1680);
    expect(personWeeklyMinutes({ weeklyCapacityMinutes: null }, firm)).toBe(2100);
    expect(personWeeklyMinutes(null, firm)).toBe(2100);
  });

  it("reads hours as people type them and writes them back", () => {
    const parse = (value: unknown) => optionalWeeklyHoursInput.safeParse(value);
    expect(parse("35").data).toBe(2100);
    expect(parse("37.5").data).toBe(2250);
    expect(parse("37,5").data).toBe(2250);
    expect(parse("37:45").data).toBe(2265);
    expect(parse(" ").data).toBeNull();
    expect(parse(undefined).data).toBeNull();
    for (const wrong of ["0", "81", "abc", "-5", "35h", "1e2"]) expect(parse(wrong).success, wrong).toBe(false);
    expect(minutesToHoursText(2100)).toBe("35");
    expect(minutesToHoursText(2250)).toBe("37.5");
    expect(minutesToHoursText(2265)).toBe("37:45");
    expect(minutesToHoursText(null)).toBe("");
  });
});
