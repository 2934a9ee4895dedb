// Money is an integer count of minor units (cents) with an ISO 4217 currency; never a float
//. Amounts travel as JavaScript numbers, so every amount must be a safe
// integer; any arithmetic that can leave that range or needs a division is done in BigInt.

/** The largest amount, in minor units, that a number holds exactly. */
export const MAX_MINOR = Number.MAX_SAFE_INTEGER;

export function isMinorAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}

/** Throws a RangeError unless `value` is a safe integer; returns it for chaining. */
export function assertMinorAmount(value: number, label = "Amount"): number {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${label} must be a whole number of minor units (got ${String(value)}).`);
  }
  return value;
}

/**
 * Converts a BigInt result back to a number, refusing anything a number cannot hold exactly,
 * so an overflow is a clear error instead of a silently wrong total.
 */
export function toSafeNumber(value: bigint, label = "Amount"): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${label} is too large to be handled exactly (${value.toString()} minor units).`);
  }
  // Number(-0n) is 0, so no negative zero can leak out of here.
  return Number(value);
}

/**
 * Rounds the rational numerator / denominator to the nearest integer, ties away from zero.
 *
 * "Round half up" in the spec is commercial rounding (DIN 1333, the rounding tax authorities
 * use): it applies to the magnitude, so -2.5 becomes -3. That symmetry is what lets a credit
 * note mirror its invoice to the cent.
 */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("Cannot divide by zero.");
  if (denominator < 0n) return roundHalfUp(-numerator, -denominator);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = magnitude / denominator;
  const remainder = magnitude % denominator;
  const rounded = remainder * 2n >= denominator ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** Adds amounts exactly; throws when the sum leaves the safe range. */
export function sumMinor(values: readonly number[]): number {
  let sum = 0n;
  for (const value of values) sum += BigInt(assertMinorAmount(value));
  return toSafeNumber(sum);
}

type CurrencyFormatter = { format: Intl.NumberFormat; digits: number };

// Building a formatter, and even asking one for its options, costs far more than formatting:
// both are done once per locale and currency, since lists format hundreds of amounts a page.
const currencyFormatters = new Map<string, CurrencyFormatter>();

function currencyFormatter(currency: string, locale: string): CurrencyFormatter {
  const key = `${locale}|${currency}`;
  let formatter = currencyFormatters.get(key);
  if (!formatter) {
    const format = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatter = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    currencyFormatters.set(key, formatter);
  }
  return formatter;
}

/** Digits after the decimal point for a currency per ISO 4217 (EUR 2, JPY 0, BHD 3). */
export function currencyMinorDigits(currency: string): number {
  // The locale does not change ISO 4217 minor units, so one fixed locale keeps the cache small.
  return currencyFormatter(currency.toUpperCase(), "en").digits;
}

/** Writes minor units as an exact decimal string in major units: (123456, 2) → "1234.56". */
export function minorToDecimalString(minor: number, digits: number): string {
  assertMinorAmount(minor);
  const negative = minor < 0;
  const magnitude = String(Math.abs(minor));
  if (digits === 0) return negative ? `-${magnitude}` : magnitude;
  const padded = magnitude.padStart(digits + 1, "0");
  const text = `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
  return negative ? `-${text}` : text;
}

/** Plain value for an input field, without symbol or grouping: 123456 EUR → "1234.56". */
export function formatMoneyInput(minor: number, currency: string): string {
  return minorToDecimalString(minor, currencyMinorDigits(currency));
}

/** Formats an amount for display: formatMoney(123456, "EUR", "en-GB") → "€1,234.56". */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const { format, digits } = currencyFormatter(currency.toUpperCase(), locale);
  // A decimal string is formatted exactly (ECMA-402 NumberFormat v3); a float could be off
  // by one unit in the last place for amounts above 2^53 / 10^digits.
  const decimal = minorToDecimalString(minor, digits) as `${number}`;
  return format.format(decimal);
}

/**
 * Parses a plain decimal typed by a person ("12", "12.5", "12,50", ".5") into an integer scaled
 * by 10^maxDecimals. Either "." or "," is the decimal separator; no grouping, no exponent.
 * Returns null when the text is not such a number or has more than maxDecimals decimals.
 */
export function parseScaledDecimal(input: string, maxDecimals: number): bigint | null {
  const match = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(input.trim());
  if (!match) return null;
  const [, sign = "", whole = "", fraction = ""] = match;
  if (whole === "" && fraction === "") return null;
  if (fraction.length > maxDecimals) return null;
  const digits = `${whole}${fraction.padEnd(maxDecimals, "0")}`;
  const value = BigInt(digits === "" ? "0" : digits);
  return sign === "-" ? -value : value;
}

const GROUP_SEPARATORS = /[\s\u00a0\u202f'’]/g;

/**
 * Reads an amount typed by a person into minor units, or null when it cannot be read exactly.
 *
 * Accepts "1234.56", "1 234,56", "1,234.56", "1.234,56", "1'234.56", "€ 12", "12,50 EUR" and a
 * leading minus (the calling schema decides whether negatives are allowed). When both "." and
 * "," appear, the last one is the decimal separator. When only one appears once and exactly
 * three digits follow it, it is read as a thousands separator unless the currency itself has
 * three decimals (BHD, KWD...): "1.234" EUR is 1234.00, "1.234" BHD is 1.234. More decimals than
 * the currency has are refused rather than rounded, so nothing typed is silently changed.
 */
export function parseMoneyInput(input: string, currency: string): number | null {
  const code = currency.toUpperCase();
  const digits = currencyMinorDigits(code);
  let text = input.trim();
  if (text.toUpperCase().startsWith(code)) text = text.slice(code.length);
  if (text.toUpperCase().endsWith(code)) text = text.slice(0, -code.length);
  text = text.replace(/\p{Sc}/gu, "").trim();

  let sign = "";
  if (text.startsWith("-") || text.startsWith("+") || text.startsWith("\u2212")) {
    sign = text.startsWith("+") ? "" : "-";
    text = text.slice(1).trim();
  }
  const hasSpaceGroups = /[\s\u00a0\u202f'’]/.test(text);
  text = text.replace(GROUP_SEPARATORS, "");
  if (!/^[\d.,]+$/.test(text)) return null;

  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  let decimalSeparator: "." | "," | null = null;
  let groupSeparator: "." | "," | null = null;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalSeparator = lastDot > lastComma ? "." : ",";
    groupSeparator = decimalSeparator === "." ? "," : ".";
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? "." : ",";
    const count = text.split(separator).length - 1;
    const after = text.length - text.lastIndexOf(separator) - 1;
    const looksLikeGrouping =
      count > 1 || (after === 3 && digits !== 3 && !hasSpaceGroups && text.indexOf(separator) > 0);
    if (looksLikeGrouping) groupSeparator = separator;
    else decimalSeparator = separator;
  }

  let integerPart = text;
  let fractionPart = "";
  if (decimalSeparator) {
    const index = text.lastIndexOf(decimalSeparator);
    integerPart = text.slice(0, index);
    fractionPart = text.slice(index + 1);
    if (integerPart.includes(decimalSeparator) || /[.,]/.test(fractionPart)) return null;
  }
  if (groupSeparator && integerPart.includes(groupSeparator)) {
    // Thousands groups must really be thousands: "1,23,4" is a typo, not 1234.
    if (!/^\d{1,3}(?:[.,]\d{3})+$/.test(integerPart)) return null;
    integerPart = integerPart.replaceAll(groupSeparator, "");
  }
  const scaled = parseScaledDecimal(`${sign}${integerPart}.${fractionPart}`, digits);
  if (scaled === null) return null;
  if (scaled > BigInt(MAX_MINOR) || scaled < -BigInt(MAX_MINOR)) return null;
  return Number(scaled);
}

const percentFormatters = new Map<string, Intl.NumberFormat>();

/** Formats basis points as a percentage for the locale: 2000 → "20%" (en-GB), 550 → "5,5 %" (fr-FR). */
export function formatBasisPoints(basisPoints: number, locale = "en-GB"): string {
  if (!Number.isSafeInteger(basisPoints))
    throw new RangeError(`Basis points must be an integer (got ${String(basisPoints)}).`);
  let formatter = percentFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
    percentFormatters.set(locale, formatter);
  }
  // 1 bp = 0.0001 as a fraction: an exact decimal string keeps 5.5 % from becoming 5.499999 %.
  return formatter.format(minorToDecimalString(basisPoints, 4) as `${number}`);
}

/** Parses a percentage typed by a person ("20", "5,5", "2.10") into basis points, or null. */
export function parsePercentToBasisPoints(input: string): number | null {
  const scaled = parseScaledDecimal(input.replace(/%/g, ""), 2);
  if (scaled === null || scaled > BigInt(MAX_MINOR) || scaled < -BigInt(MAX_MINOR)) return null;
  return Number(scaled);
}
