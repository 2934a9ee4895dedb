import { describe, expect, it } from "vitest";
import { isKnownUnitCode, UNIT_CODES, unitCodeFor, unitName } from "./unit-codes";

describe("UN/ECE Recommendation 20 units", () => {
  it("maps the units people type to their codes", () => {
    expect(unitCodeFor("hour")).toBe("HUR");
    expect(unitCodeFor("Hours")).toBe("HUR");
    expect(unitCodeFor(" h ")).toBe("HUR");
    expect(unitCodeFor("jours")).toBe("DAY");
    expect(unitCodeFor("item")).toBe("H87");
    expect(unitCodeFor("km")).toBe("KMT");
    expect(unitCodeFor("month")).toBe("MON");
    expect(unitCodeFor("Forfait")).toBe("LS");
    expect(unitCodeFor("lump sum")).toBe("LS");
  });

  it("keeps a code typed as a code and maps anything else to C62 (one)", () => {
    expect(unitCodeFor("HUR")).toBe("HUR");
    expect(unitCodeFor("licence seat")).toBe("C62");
    expect(unitCodeFor("")).toBe("C62");
  });

  it("names each code, and every code has the Rec 20 shape", () => {
    expect(unitName("HUR")).toBe("hour");
    expect(unitName("LS")).toBe("lump sum");
    expect(unitName("XYZ")).toBe("XYZ");
    for (const unit of UNIT_CODES) {
      expect(unit.code).toMatch(/^[A-Z0-9]{2,3}$/);
      expect(isKnownUnitCode(unit.code)).toBe(true);
    }
  });
});
