import { describe, expect, it } from "vitest";
import {
  checkFrenchRegistrationNumber,
  formatCompanyNumber,
  frenchVatNumberOf,
  isValidSiren,
  isValidSiret,
  passesLuhn,
} from "./french-identifiers";
import { DEMO_FIRM } from "../settings/settings-seed";

describe("French company identifiers", () => {
  it("derives the VAT number's key from the SIREN; the demo firm's VAT number matches its SIREN", () => {
    expect(frenchVatNumberOf("732 829 320")).toBe("FR44732829320");
    expect(frenchVatNumberOf("303265045")).toBe("FR40303265045");
    expect(frenchVatNumberOf(DEMO_FIRM.registrationNumber)).toBe(DEMO_FIRM.vatNumber);
  });

  it("checks a SIREN's 9 digits and Luhn key", () => {
    expect(isValidSiren("732 829 320")).toBe(true);
    expect(isValidSiren("732829321")).toBe(false);
    expect(isValidSiren("73282932")).toBe(false);
    expect(passesLuhn("")).toBe(false);
  });

  it("checks a SIRET (14 digits), La Poste's included", () => {
    expect(isValidSiret("732 829 320 00074")).toBe(true);
    expect(isValidSiret("73282932000075")).toBe(false);
    expect(isValidSiret("35600000000056")).toBe(true);
    expect(isValidSiret("35600000000048")).toBe(false);
  });

  it("checks French parties only, and says what is wrong", () => {
    expect(checkFrenchRegistrationNumber("FR", "732 829 320")).toBeNull();
    expect(checkFrenchRegistrationNumber("FR", "732 829 321")).toMatch(/check digit/);
    expect(checkFrenchRegistrationNumber("FR", "RCS Paris 732 829 320")).toMatch(/SIREN \(9 digits\)/);
    expect(checkFrenchRegistrationNumber("DE", "HRB 12345")).toBeNull();
    expect(checkFrenchRegistrationNumber("FR", null)).toBeNull();
  });

  it("prints SIREN and SIRET in groups", () => {
    expect(formatCompanyNumber("732829320")).toBe("732 829 320");
    expect(formatCompanyNumber("73282932000074")).toBe("732 829 320 00074");
    expect(formatCompanyNumber("HRB 12345")).toBe("HRB 12345");
  });
});
