// Pure client rules: countries (ISO 3166-1 alpha-2), currencies (ISO 4217) and the shape of
// EU VAT numbers. No network: the shape check catches typos at entry; whether the number is
// registered is a VIES question for later.
import { allowed, refuse, type RuleResult } from "@/lib/rule-result";
import type { ClientCode } from "./client-codes";

/**
 * The 249 officially assigned ISO 3166-1 alpha-2 codes, plus XK (Kosovo), a user-assigned code
 * that the European Commission and most banks use. Hard-coded because Intl lists no regions.
 */
export const COUNTRY_CODES = [
  "AD",
  "AE",
  "AF",
  "AG",
  "AI",
  "AL",
  "AM",
  "AO",
  "AQ",
  "AR",
  "AS",
  "AT",
  "AU",
  "AW",
  "AX",
  "AZ",
  "BA",
  "BB",
  "BD",
  "BE",
  "BF",
  "BG",
  "BH",
  "BI",
  "BJ",
  "BL",
  "BM",
  "BN",
  "BO",
  "BQ",
  "BR",
  "BS",
  "BT",
  "BV",
  "BW",
  "BY",
  "BZ",
  "CA",
  "CC",
  "CD",
  "CF",
  "CG",
  "CH",
  "CI",
  "CK",
  "CL",
  "CM",
  "CN",
  "CO",
  "CR",
  "CU",
  "CV",
  "CW",
  "CX",
  "CY",
  "CZ",
  "DE",
  "DJ",
  "DK",
  "DM",
  "DO",
  "DZ",
  "EC",
  "EE",
  "EG",
  "EH",
  "ER",
  "ES",
  "ET",
  "FI",
  "FJ",
  "FK",
  "FM",
  "FO",
  "FR",
  "GA",
  "GB",
  "GD",
  "GE",
  "GF",
  "GG",
  "GH",
  "GI",
  "GL",
  "GM",
  "GN",
  "GP",
  "GQ",
  "GR",
  "GS",
  "GT",
  "GU",
  "GW",
  "GY",
  "HK",
  "HM",
  "HN",
  "HR",
  "HT",
  "HU",
  "ID",
  "IE",
  "IL",
  "IM",
  "IN",
  "IO",
  "IQ",
  "IR",
  "IS",
  "IT",
  "JE",
  "JM",
  "JO",
  "JP",
  "KE",
  "KG",
  "KH",
  "KI",
  "KM",
  "KN",
  "KP",
  "KR",
  "KW",
  "KY",
  "KZ",
  "LA",
  "LB",
  "LC",
  "LI",
  "LK",
  "LR",
  "LS",
  "LT",
  "LU",
  "LV",
  "LY",
  "MA",
  "MC",
  "MD",
  "ME",
  "MF",
  "MG",
  "MH",
  "MK",
  "ML",
  "MM",
  "MN",
  "MO",
  "MP",
  "MQ",
  "MR",
  "MS",
  "MT",
  "MU",
  "MV",
  "MW",
  "MX",
  "MY",
  "MZ",
  "NA",
  "NC",
  "NE",
  "NF",
  "NG",
  "NI",
  "NL",
  "NO",
  "NP",
  "NR",
  "NU",
  "NZ",
  "OM",
  "PA",
  "PE",
  "PF",
  "PG",
  "PH",
  "PK",
  "PL",
  "PM",
  "PN",
  "PR",
  "PS",
  "PT",
  "PW",
  "PY",
  "QA",
  "RE",
  "RO",
  "RS",
  "RU",
  "RW",
  "SA",
  "SB",
  "SC",
  "SD",
  "SE",
  "SG",
  "SH",
  "SI",
  "SJ",
  "SK",
  "SL",
  "SM",
  "SN",
  "SO",
  "SR",
  "SS",
  "ST",
  "SV",
  "SX",
  "SY",
  "SZ",
  "TC",
  "TD",
  "TF",
  "TG",
  "TH",
  "TJ",
  "TK",
  "TL",
  "TM",
  "TN",
  "TO",
  "TR",
  "TT",
  "TV",
  "TW",
  "TZ",
  "UA",
  "UG",
  "UM",
  "US",
  "UY",
  "UZ",
  "VA",
  "VC",
  "VE",
  "VG",
  "VI",
  "VN",
  "VU",
  "WF",
  "WS",
  "XK",
  "YE",
  "YT",
  "ZA",
  "ZM",
  "ZW",
] as const;

export type CountryCode = (typeof COUNTRY_CODES)[number];

const countryCodeSet: ReadonlySet<string> = new Set(COUNTRY_CODES);

export function isCountryCode(value: string): value is CountryCode {
  return countryCodeSet.has(value);
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in a language ("FR" → "France", in German "Frankreich"); English by default. */
export function countryName(code: string, language = "en"): string {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: "region", fallback: "code" });
    regionNames.set(language, names);
  }
  return names.of(code.toUpperCase()) ?? code;
}

/** Every country with its English name, sorted by name for a select. */
export const COUNTRIES: readonly { code: CountryCode; name: string }[] = COUNTRY_CODES.map((code) => ({
  code,
  name: countryName(code),
})).sort((a, b) => a.name.localeCompare(b.name, "en"));

/** ISO 4217 codes this runtime can format, sorted (Intl knows the current list and minor units). */
export const CURRENCY_CODES: readonly string[] = [...Intl.supportedValuesOf("currency")].sort();

const currencyCodeSet: ReadonlySet<string> = new Set(CURRENCY_CODES);

export function isCurrencyCode(value: string): boolean {
  return currencyCodeSet.has(value);
}

const englishCurrencyNames = new Intl.DisplayNames(["en"], { type: "currency", fallback: "code" });

/** "EUR" → "Euro". */
export function currencyName(code: string): string {
  return englishCurrencyNames.of(code.toUpperCase()) ?? code;
}

/** Every currency with its English name, sorted by code for a select ("EUR — Euro"). */
export const CURRENCIES: readonly { code: string; name: string }[] = CURRENCY_CODES.map((code) => ({
  code,
  name: currencyName(code),
}));

/** The 27 member states of the European Union (ISO codes: Greece is GR here, EL only in VAT numbers). */
export const EU_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
] as const satisfies readonly CountryCode[];

export type EuCountryCode = (typeof EU_COUNTRIES)[number];

const euCountrySet: ReadonlySet<string> = new Set(EU_COUNTRIES);

export function isEuCountry(code: string): code is EuCountryCode {
  return euCountrySet.has(code.toUpperCase());
}

/**
 * VAT number shapes per prefix, without the prefix, after removing spaces, dots and dashes.
 * Source: the European Commission's VIES format table. XI is Northern Ireland, which stays in
 * the EU VAT area for goods under the Windsor Framework although its country code is GB.
 */
const VAT_SHAPES: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  // First and last characters may be letters or digits, but not both digits.
  ES: /^(?=.*[A-Z])[A-Z\d]\d{7}[A-Z\d]$/,
  FI: /^\d{8}$/,
  // Two-character key (digits or letters except I and O), then the 9-digit SIREN.
  FR: /^[A-HJ-NP-Z\d]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  // New style 1234567WA / 1234567W, old style 1X23456W (second character a letter, + or *).
  IE: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The prefix a country's VAT numbers carry: the ISO code, except EL for Greece (VAT Directive art. 215). */
export function vatPrefixForCountry(country: string): string {
  const code = country.toUpperCase();
  return code === "GR" ? "EL" : code;
}

/** Upper-cases and removes spaces, dots and dashes: "fr 40 303 265 045" → "FR40303265045". */
export function compactVatNumber(vat: string): string {
  return vat.toUpperCase().replace(/[\s.\-\u00a0]/g, "");
}

function shapeFor(country: string, compact: string): { prefix: string; body: string } | null {
  const code = country.toUpperCase();
  // A GB client in Northern Ireland is identified by the XI prefix; accept "XI" as the country too.
  if ((code === "GB" || code === "XI") && compact.startsWith("XI")) return { prefix: "XI", body: compact.slice(2) };
  if (code === "XI") return { prefix: "XI", body: compact };
  const prefix = vatPrefixForCountry(code === "EL" ? "GR" : code);
  if (!(prefix in VAT_SHAPES) || prefix === "XI") return null;
  if (compact.startsWith(prefix)) return { prefix, body: compact.slice(prefix.length) };
  // Greek numbers are often typed with GR: accept it, the canonical form is EL.
  if (prefix === "EL" && compact.startsWith("GR")) return { prefix, body: compact.slice(2) };
  return { prefix, body: compact };
}

/**
 * True when `vat` has the shape of a VAT number of `country` (an EU member, "EL", or GB/"XI"
 * with an XI number), with or without the country prefix, ignoring spaces, dots and dashes.
 * False for any other country: the spec checks the EU shape only when the country is in the EU.
 */
export function isEuVatNumberShape(country: string, vat: string): boolean {
  const shape = shapeFor(country, compactVatNumber(vat));
  if (!shape) return false;
  const pattern = VAT_SHAPES[shape.prefix];
  return pattern !== undefined && pattern.test(shape.body);
}

/**
 * The canonical form to store and print (VAT Directive art. 226(4) asks for the customer's VAT
 * identification number): the prefix and the compacted body, "FR40303265045". Returns the
 * compacted text unchanged when the shape is not an EU one.
 */
export function normalizeVatNumber(country: string, vat: string): string {
  const compact = compactVatNumber(vat);
  const shape = shapeFor(country, compact);
  if (!shape || !isEuVatNumberShape(country, vat)) return compact;
  return `${shape.prefix}${shape.body}`;
}

/** Whether a client form's VAT number is acceptable; a refusal is about the `vatNumber` field. */
export function checkClientVatNumber(country: string | null, vat: string | null): RuleResult<ClientCode> {
  if (vat === null || vat.trim() === "" || country === null) return allowed;
  const compact = compactVatNumber(vat);
  const isNorthernIreland = country.toUpperCase() === "GB" && compact.startsWith("XI");
  if (!isEuCountry(country) && !isNorthernIreland) return allowed;
  if (isEuVatNumberShape(country, vat)) return allowed;
  return refuse(
    "client.vat_number_shape",
    // "a VAT number from Germany": the country's name, never turned into an adjective ("a Germany VAT number").
    `This does not look like a VAT number from ${isNorthernIreland ? "Northern Ireland" : countryName(country)} (${vatExample(country, compact)}).`,
    "vatNumber",
  );
}

const VAT_EXAMPLES: Record<string, string> = {
  AT: "ATU12345678",
  BE: "BE0123456789",
  BG: "BG123456789",
  CY: "CY12345678X",
  CZ: "CZ12345678",
  DE: "DE123456789",
  DK: "DK12345678",
  EE: "EE123456789",
  EL: "EL123456789",
  ES: "ESX1234567X",
  FI: "FI12345678",
  FR: "FRXX123456789",
  HR: "HR12345678901",
  HU: "HU12345678",
  IE: "IE1234567WA",
  IT: "IT12345678901",
  LT: "LT123456789",
  LU: "LU12345678",
  LV: "LV12345678901",
  MT: "MT12345678",
  NL: "NL123456789B01",
  PL: "PL1234567890",
  PT: "PT123456789",
  RO: "RO1234567890",
  SE: "SE123456789001",
  SI: "SI12345678",
  SK: "SK1234567890",
  XI: "XI123456789",
};

function vatExample(country: string, compact: string): string {
  const shape = shapeFor(country, compact);
  const example = shape ? VAT_EXAMPLES[shape.prefix] : undefined;
  return example ? `expected like ${example}` : "check the number";
}
