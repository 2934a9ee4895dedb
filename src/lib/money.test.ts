import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assertMinorAmount,
  currencyMinorDigits,
  formatBasisPoints,
  formatMoney,
  formatMoneyInput,
  isMinorAmount,
  minorToDecimalString,
  parseMoneyInput,
  parsePercentToBasisPoints,
  parseScaledDecimal,
  roundHalfUp,
  sumMinor,
  toSafeNumber,
} from "./money";

// Intl uses narrow no-break spaces in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("roundHalfUp", () => {
  it.each([
    [5n, 2n, 3n],
    [3n, 2n, 2n],
    [-5n, 2n, -3n],
    [-3n, 2n, -2n],
    [7n, 3n, 2n],
    [8n, 3n, 3n],
    [-7n, 3n, -2n],
    [0n, 7n, 0n],
    [1n, -2n, -1n],
    [149n, 100n, 1n],
    [150n, 100n, 2n],
    [-150n, 100n, -2n],
  ])("%s / %s → %s (ties away from zero)", (numerator, denominator, expected) => {
    expect(roundHalfUp(numerator, denominator)).toBe(expected);
  });

  it("refuses a zero denominator", () => {
    expect(() => roundHalfUp(1n, 0n)).toThrow(RangeError);
  });

  it("is symmetric: round(-x) = -round(x)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (numerator, denominator) => {
          expect(roundHalfUp(-numerator, denominator)).toBe(-roundHalfUp(numerator, denominator));
        },
      ),
    );
  });

  it("stays within half a unit of the exact value", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (numerator, denominator) => {
          const rounded = roundHalfUp(numerator, denominator);
          const error = rounded * denominator - numerator; // scaled by denominator
          expect(error * 2n <= denominator && error * 2n >= -denominator).toBe(true);
        },
      ),
    );
  });
});

describe("safe integers", () => {
  it("accepts integers and refuses fractions, NaN and unsafe values", () => {
    expect(isMinorAmount(12)).toBe(true);
    expect(isMinorAmount(-12)).toBe(true);
    expect(isMinorAmount(1.5)).toBe(false);
    expect(isMinorAmount(Number.NaN)).toBe(false);
    expect(isMinorAmount(2 ** 53)).toBe(false);
    expect(isMinorAmount("12")).toBe(false);
    expect(() => assertMinorAmount(0.1)).toThrow(/whole number of minor units/);
    expect(assertMinorAmount(7)).toBe(7);
  });

  it("converts BigInt back only when exact", () => {
    expect(toSafeNumber(9007199254740991n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toSafeNumber(9007199254740992n)).toThrow(/too large/);
    expect(Object.is(toSafeNumber(-0n), 0)).toBe(true);
  });

  it("sums exactly and refuses overflow", () => {
    expect(sumMinor([1, 2, 3])).toBe(6);
    expect(sumMinor([])).toBe(0);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => sumMinor([0.5])).toThrow(RangeError);
  });
});

describe("currencyMinorDigits", () => {
  it.each([
    ["EUR", 2],
    ["USD", 2],
    ["JPY", 0],
    ["BHD", 3],
    ["KWD", 3],
    ["eur", 2],
  ])("%s has %i digits", (currency, digits) => {
    expect(currencyMinorDigits(currency)).toBe(digits);
  });

  it("throws for a code that is not a currency", () => {
    expect(() => currencyMinorDigits("EURO")).toThrow(RangeError);
  });
});

describe("minorToDecimalString", () => {
  it.each([
    [123456, 2, "1234.56"],
    [5, 2, "0.05"],
    [-5, 2, "-0.05"],
    [0, 2, "0.00"],
    [1234, 0, "1234"],
    [-1234, 0, "-1234"],
    [1, 3, "0.001"],
    [Number.MAX_SAFE_INTEGER, 2, "90071992547409.91"],
  ])("%i with %i digits → %s", (minor, digits, expected) => {
    expect(minorToDecimalString(minor, digits)).toBe(expected);
  });
});

describe("formatMoney", () => {
  it("formats with the currency's minor digits and the locale's conventions", () => {
    expect(formatMoney(123456, "EUR", "en-GB")).toBe("€1,234.56");
    expect(plain(formatMoney(123456, "EUR", "fr-FR"))).toBe("1 234,56 €");
    expect(plain(formatMoney(123456, "EUR", "de-DE"))).toBe("1.234,56 €");
    expect(formatMoney(1234, "JPY", "en-GB")).toBe("JP¥1,234");
    expect(plain(formatMoney(1234, "BHD", "en-GB"))).toBe("BHD 1.234");
    expect(formatMoney(-550, "EUR", "en-GB")).toBe("-€5.50");
    expect(formatMoney(0, "EUR", "en-GB")).toBe("€0.00");
  });

  it("is exact for the largest safe amount (no float rounding)", () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, "EUR", "en-GB")).toBe("€90,071,992,547,409.91");
  });

  it("refuses fractional minor units", () => {
    expect(() => formatMoney(12.5, "EUR", "en-GB")).toThrow(RangeError);
  });

  it("gives a plain value for input fields", () => {
    expect(formatMoneyInput(123456, "EUR")).toBe("1234.56");
    expect(formatMoneyInput(1234, "JPY")).toBe("1234");
  });
});

describe("parseScaledDecimal", () => {
  it.each([
    ["12", 2, 1200n],
    ["12.5", 2, 1250n],
    ["12,50", 2, 1250n],
    [".5", 2, 50n],
    ["5.", 2, 500n],
    ["-1.25", 2, -125n],
    ["  3 ", 0, 3n],
    ["0.001", 3, 1n],
  ])("%s at scale %i → %s", (input, scale, expected) => {
    expect(parseScaledDecimal(input, scale)).toBe(expected);
  });

  it.each([
    ["", 2],
    [".", 2],
    ["1.234", 2],
    ["1e3", 2],
    ["abc", 2],
    ["1.2.3", 2],
    ["1,234.5", 2],
    ["1.5", 0],
  ])("refuses %s at scale %i", (input, scale) => {
    expect(parseScaledDecimal(input, scale)).toBeNull();
  });
});

describe("parseMoneyInput", () => {
  it.each([
    ["1234.56", "EUR", 123456],
    ["1234,56", "EUR", 123456],
    ["1 234,56", "EUR", 123456],
    ["1\u202f234,56", "EUR", 123456],
    ["1,234.56", "EUR", 123456],
    ["1.234,56", "EUR", 123456],
    ["1'234.56", "CHF", 123456],
    ["1,234,567.89", "USD", 123456789],
    ["1.234.567", "EUR", 123456700],
    ["1.234", "EUR", 123400],
    // One separator followed by exactly three digits is read as thousands for a 2-digit currency.
    ["12.345", "EUR", 1234500],
    ["1,234", "EUR", 123400],
    ["1.234", "BHD", 1234],
    ["1 234", "EUR", 123400],
    ["12.5", "EUR", 1250],
    ["0.05", "EUR", 5],
    [".5", "EUR", 50],
    ["12", "EUR", 1200],
    ["€ 12.50", "EUR", 1250],
    ["12,50 €", "EUR", 1250],
    ["EUR 12.50", "EUR", 1250],
    ["12.50 eur", "EUR", 1250],
    ["-12.50", "EUR", -1250],
    ["1234", "JPY", 1234],
    ["0", "EUR", 0],
  ])("%s (%s) → %i", (input, currency, expected) => {
    expect(parseMoneyInput(input, currency)).toBe(expected);
  });

  it.each([
    ["", "EUR"],
    ["abc", "EUR"],
    ["12.3456", "EUR"],
    ["1 234.567", "EUR"],
    ["12.5", "JPY"],
    ["1,23,456", "EUR"],
    ["1.2.3,4", "EUR"],
    ["1,2.3", "EUR"],
    ["12..5", "EUR"],
    ["-", "EUR"],
    ["99999999999999999", "EUR"],
    ["1e5", "EUR"],
  ])("refuses %s (%s)", (input, currency) => {
    expect(parseMoneyInput(input, currency)).toBeNull();
  });

  it("round-trips every amount through the input format", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 13), max: 10 ** 13 }),
        fc.constantFrom("EUR", "JPY", "BHD"),
        (minor, currency) => {
          expect(parseMoneyInput(formatMoneyInput(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });

  it("reads back what formatMoney writes for the usual locales", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.constantFrom("en-GB", "fr-FR", "de-DE", "en-US"),
        (minor, locale) => {
          expect(parseMoneyInput(formatMoney(minor, "EUR", locale), "EUR")).toBe(minor);
        },
      ),
    );
  });
});

describe("formatBasisPoints", () => {
  it("formats per locale", () => {
    expect(formatBasisPoints(2000, "en-GB")).toBe("20%");
    expect(formatBasisPoints(550, "en-GB")).toBe("5.5%");
    expect(formatBasisPoints(210, "en-GB")).toBe("2.1%");
    expect(formatBasisPoints(0, "en-GB")).toBe("0%");
    expect(formatBasisPoints(1, "en-GB")).toBe("0.01%");
    expect(plain(formatBasisPoints(2000, "fr-FR"))).toBe("20 %");
    expect(plain(formatBasisPoints(550, "fr-FR"))).toBe("5,5 %");
    expect(formatBasisPoints(10000, "en-GB")).toBe("100%");
  });

  it("refuses a fractional basis point", () => {
    expect(() => formatBasisPoints(5.5, "en-GB")).toThrow(RangeError);
  });

  it("parses percentages into basis points", () => {
    expect(parsePercentToBasisPoints("20")).toBe(2000);
    expect(parsePercentToBasisPoints("5,5")).toBe(550);
    expect(parsePercentToBasisPoints("2.1 %")).toBe(210);
    expect(parsePercentToBasisPoints("2.125")).toBeNull();
    expect(parsePercentToBasisPoints("x")).toBeNull();
  });
});
