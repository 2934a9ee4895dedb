import { describe, expect, it } from "vitest";
import {
  checkClientVatNumber,
  compactVatNumber,
  COUNTRIES,
  COUNTRY_CODES,
  countryName,
  CURRENCIES,
  CURRENCY_CODES,
  currencyName,
  EU_COUNTRIES,
  isCountryCode,
  isCurrencyCode,
  isEuCountry,
  isEuVatNumberShape,
  normalizeVatNumber,
  vatPrefixForCountry,
} from "./client-rules";

describe("countries", () => {
  it("lists the 249 ISO 3166-1 alpha-2 codes plus Kosovo, unique and well formed", () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it("names every country in English", () => {
    expect(countryName("FR")).toBe("France");
    expect(countryName("gb")).toBe("United Kingdom");
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("XK")).toBe("Kosovo");
    const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).toBeTruthy();
  });

  it("sorts the select list by name", () => {
    expect(COUNTRIES).toHaveLength(COUNTRY_CODES.length);
    expect(COUNTRIES[0]).toEqual({ code: "AF", name: "Afghanistan" });
    const names = COUNTRIES.map(({ name }) => name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("recognises codes", () => {
    expect(isCountryCode("FR")).toBe(true);
    expect(isCountryCode("fr")).toBe(false);
    expect(isCountryCode("UK")).toBe(false);
    expect(isCountryCode("EU")).toBe(false);
    expect(isCountryCode("XI")).toBe(false);
  });
});

describe("currencies", () => {
  it("lists ISO 4217 codes from Intl, sorted", () => {
    expect(CURRENCY_CODES.length).toBeGreaterThan(100);
    expect(CURRENCY_CODES).toEqual([...CURRENCY_CODES].sort());
    for (const code of ["EUR", "USD", "GBP", "CHF", "JPY", "BHD", "SEK", "PLN"])
      expect(isCurrencyCode(code)).toBe(true);
    expect(isCurrencyCode("eur")).toBe(false);
    expect(isCurrencyCode("EURO")).toBe(false);
    for (const code of CURRENCY_CODES) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it("names currencies in English", () => {
    expect(currencyName("EUR")).toBe("Euro");
    expect(currencyName("gbp")).toBe("British Pound");
    expect(CURRENCIES.find(({ code }) => code === "USD")).toEqual({ code: "USD", name: "US Dollar" });
  });
});

describe("EU countries", () => {
  it("has the 27 member states, all valid country codes", () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    for (const code of EU_COUNTRIES) expect(isCountryCode(code)).toBe(true);
    expect(isEuCountry("GR")).toBe(true);
    expect(isEuCountry("fr")).toBe(true);
    expect(isEuCountry("GB")).toBe(false);
    expect(isEuCountry("CH")).toBe(false);
    expect(isEuCountry("EL")).toBe(false);
  });

  it("uses EL as Greece's VAT prefix", () => {
    expect(vatPrefixForCountry("GR")).toBe("EL");
    expect(vatPrefixForCountry("fr")).toBe("FR");
  });
});

describe("isEuVatNumberShape", () => {
  it.each([
    ["AT", "ATU12345678"],
    ["AT", "U12345678"],
    ["BE", "BE0123456789"],
    ["BE", "BE 1234.567.890"],
    ["BG", "BG123456789"],
    ["BG", "BG1234567890"],
    ["CY", "CY12345678X"],
    ["CZ", "CZ12345678"],
    ["CZ", "CZ1234567890"],
    ["DE", "DE123456789"],
    ["DE", "de 123 456 789"],
    ["DK", "DK12345678"],
    ["EE", "EE123456789"],
    ["GR", "EL123456789"],
    ["GR", "GR123456789"],
    ["GR", "123456789"],
    ["EL", "EL123456789"],
    ["ES", "ESA12345678"],
    ["ES", "ES12345678Z"],
    ["ES", "ESX1234567L"],
    ["FI", "FI12345678"],
    ["FR", "FR40303265045"],
    ["FR", "FR 40 303 265 045"],
    ["FR", "FRXX123456789"],
    ["FR", "FR1A123456789"],
    ["FR", "40303265045"],
    ["HR", "HR12345678901"],
    ["HU", "HU12345678"],
    ["IE", "IE1234567W"],
    ["IE", "IE1234567WA"],
    ["IE", "IE1A23456W"],
    ["IE", "IE1+23456W"],
    ["IT", "IT12345678901"],
    ["LT", "LT123456789"],
    ["LT", "LT123456789012"],
    ["LU", "LU12345678"],
    ["LV", "LV12345678901"],
    ["MT", "MT12345678"],
    ["NL", "NL123456789B01"],
    ["NL", "nl-123456789-b01"],
    ["PL", "PL1234567890"],
    ["PT", "PT123456789"],
    ["RO", "RO12"],
    ["RO", "RO1234567890"],
    ["SE", "SE123456789001"],
    ["SI", "SI12345678"],
    ["SK", "SK1234567890"],
    ["GB", "XI123456789"],
    ["GB", "XI 123 4567 89"],
    ["GB", "XIGD123"],
    ["XI", "123456789012"],
  ])("%s %s has the EU shape", (country, vat) => {
    expect(isEuVatNumberShape(country, vat)).toBe(true);
  });

  it.each([
    ["AT", "AT12345678"], // missing U
    ["BE", "BE2123456789"], // must start with 0 or 1
    ["BE", "BE123456789"], // 9 digits
    ["DE", "DE12345678"],
    ["DE", "FR123456789"], // another country's prefix
    ["GR", "GR12345678"],
    ["ES", "ES123456789"], // both ends digits
    ["ES", "ESAB1234567"],
    ["FR", "FRIO123456789"], // I and O are not used in the key
    ["FR", "FR4030326504"],
    ["IE", "IE12345678"],
    ["NL", "NL123456789X01"],
    ["RO", "RO0123"],
    ["RO", "RO1"],
    ["SE", "SE123456789012"],
    ["GB", "GB123456789"], // the UK is not in the EU
    ["GB", "123456789"],
    ["CH", "CHE123456789"],
    ["US", "XI123456789"],
    ["FR", ""],
    ["FR", "FR"],
  ])("%s %s does not", (country, vat) => {
    expect(isEuVatNumberShape(country, vat)).toBe(false);
  });
});

describe("normalising VAT numbers", () => {
  it("compacts", () => {
    expect(compactVatNumber(" fr 40.303-265\u00a0045 ")).toBe("FR40303265045");
  });

  it("adds the prefix and uses EL for Greece", () => {
    expect(normalizeVatNumber("FR", "40 303 265 045")).toBe("FR40303265045");
    expect(normalizeVatNumber("GR", "GR 123456789")).toBe("EL123456789");
    expect(normalizeVatNumber("GR", "123456789")).toBe("EL123456789");
    expect(normalizeVatNumber("AT", "u12345678")).toBe("ATU12345678");
    expect(normalizeVatNumber("GB", "xi 123 456 789")).toBe("XI123456789");
    expect(normalizeVatNumber("CH", "CHE-123.456.789")).toBe("CHE123456789");
    expect(normalizeVatNumber("FR", "not a number")).toBe("NOTANUMBER");
  });

  it("gives form messages only for EU (and Northern Ireland) clients", () => {
    expect(checkClientVatNumber("FR", "FR40303265045")).toEqual({ ok: true });
    expect(checkClientVatNumber("FR", null)).toEqual({ ok: true });
    expect(checkClientVatNumber("FR", "  ")).toEqual({ ok: true });
    expect(checkClientVatNumber(null, "anything")).toEqual({ ok: true });
    expect(checkClientVatNumber("CH", "CHE-123.456.789 MWST")).toEqual({ ok: true });
    expect(checkClientVatNumber("GB", "GB123456789")).toEqual({ ok: true });
    const refused = (message: string) => ({ ok: false, code: "client.vat_number_shape", field: "vatNumber", message });
    expect(checkClientVatNumber("FR", "FR123")).toStrictEqual(
      refused("This does not look like a VAT number from France (expected like FRXX123456789)."),
    );
    expect(checkClientVatNumber("GR", "123")).toStrictEqual(
      refused("This does not look like a VAT number from Greece (expected like EL123456789)."),
    );
    expect(checkClientVatNumber("GB", "XI12")).toStrictEqual(
      refused("This does not look like a VAT number from Northern Ireland (expected like XI123456789)."),
    );
  });
});
