// Invoice amounts: what a line's quantity and discount may be, and the one function that computes
// totals, shared by the form preview, the server and the PDF, so a number on screen is the number
// on paper (decision 006). Pure: no database, no React.
//
// Units: amounts are integer minor units; quantity is integer thousandths (1.5 → 1500: a quantity
// has at most 3 decimals); discounts and tax rates are integer basis points (20 % → 2000).
//
// Credit notes: lines are entered exactly like an invoice's (positive quantity, price ≥ 0)
// and the kind decides the sign: every amount of a credit note (line nets, bases, taxes,
// totals) is the negation of what the same lines give on an invoice. Rounding is half away
// from zero, so negating the inputs or negating the result gives the same cents: a credit
// note copied from its invoice mirrors it exactly, and sums over invoices and credit notes
// give the real turnover.
import { parseScaledDecimal, roundHalfUp, toSafeNumber } from "@/lib/money";
import { type ParseResult, refuse } from "@/lib/rule-result";
import type { VatCategory } from "@/modules/einvoicing/einvoice-model";
import type { InvoiceCode } from "./invoice-codes";
import type { InvoiceKind } from "./invoice-rules";

// ---------------------------------------------------------------------------------------
// Quantities, discounts, rates

export const QUANTITY_SCALE = 1000;
/** 999 999.999, the largest quantity a line takes. */
export const MAX_QUANTITY_MILLI = 999_999_999;
export const BASIS_POINTS_SCALE = 10_000;
export const MAX_DISCOUNT_BP = 10_000;

export function isValidQuantityMilli(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_QUANTITY_MILLI;
}

export function isValidDiscountBp(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0 && value <= MAX_DISCOUNT_BP;
}

export function isValidTaxRateBp(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0 && value <= BASIS_POINTS_SCALE;
}

/** "1.5", "1,5", "0.333" → thousandths; more than 3 decimals, zero or too large is refused. */
export function parseQuantity(input: string): ParseResult<number, InvoiceCode> {
  const text = input.trim();
  if (text === "") return refuse("invoice.quantity_missing", "Enter a quantity.");
  const scaled = parseScaledDecimal(text, 3);
  if (scaled === null) {
    return /^[+-]?\d*[.,]\d{4,}$/.test(text)
      ? refuse("invoice.quantity_too_precise", "Use at most 3 decimals for the quantity.")
      : refuse("invoice.quantity_not_a_number", "Enter the quantity as a number, e.g. 1.5.");
  }
  if (scaled <= 0n) return refuse("invoice.quantity_not_positive", "The quantity must be greater than zero.");
  if (scaled > BigInt(MAX_QUANTITY_MILLI))
    return refuse("invoice.quantity_too_large", "The quantity can be at most 999,999.999.");
  return { ok: true, value: Number(scaled) };
}

/** "10", "12.5 %" → basis points; 0 to 100 with at most two decimals. */
export function parseDiscountPercent(input: string): ParseResult<number, InvoiceCode> {
  const text = input.replace(/%/g, "").trim();
  if (text === "") return { ok: true, value: 0 };
  const scaled = parseScaledDecimal(text, 2);
  if (scaled === null)
    return refuse(
      "invoice.discount_not_a_number",
      "Enter the discount as a percentage with at most 2 decimals, e.g. 12.5.",
    );
  if (scaled < 0n || scaled > BigInt(MAX_DISCOUNT_BP))
    return refuse("invoice.discount_out_of_range", "The discount must be between 0 % and 100 %.");
  return { ok: true, value: Number(scaled) };
}

/** 1500 → "1.5": the plain decimal for an input field or a CSV export. */
export function quantityMilliToDecimalString(quantityMilli: number): string {
  const whole = Math.trunc(quantityMilli / QUANTITY_SCALE);
  const fraction = String(Math.abs(quantityMilli % QUANTITY_SCALE))
    .padStart(3, "0")
    .replace(/0+$/, "");
  const sign = quantityMilli < 0 && whole === 0 ? "-" : "";
  return fraction === "" ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

/** Minutes of time to an hours quantity, rounded half-up to the thousandth (20 min → 0.333). */
export function quantityMilliFromMinutes(minutes: number): number {
  return toSafeNumber(roundHalfUp(BigInt(minutes) * BigInt(QUANTITY_SCALE), 60n), "Quantity");
}

// ---------------------------------------------------------------------------------------
// Totals

export type LineAmountsInput = {
  quantityMilli: number;
  unitPriceMinor: number;
  discountBp: number;
};

export type TotalsLineInput = LineAmountsInput & {
  taxRateBp: number;
  /** The rate's VAT category; a line without one is standard above 0 %, zero rated at 0 %. */
  vatCategory?: VatCategory;
  /** The category's legal mention and VATEX code, carried to the breakdown (not for S). */
  vatMention?: string | null;
  vatexCode?: string | null;
};

/** One row per (category, rate), as EN 16931 asks (BG-23); mention and code only when set, never for S. */
export type TaxBreakdown = {
  category: VatCategory;
  rateBp: number;
  base: number;
  tax: number;
  mention?: string | null;
  vatexCode?: string | null;
};

const CATEGORY_ORDER: readonly VatCategory[] = ["S", "Z", "E", "AE", "K", "G", "O"];

export type InvoiceTotals = {
  lines: { net: number }[];
  /**
   * One row per (category, rate) used, highest rate first, then by category (S, Z, E, AE, K, G, O);
   * zero-rated bases are listed too (EU invoices show them).
   */
  taxes: TaxBreakdown[];
  net: number;
  tax: number;
  total: number;
};

function assertInteger(value: number, label: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${label} must be an integer (got ${String(value)}).`);
}

function lineNetExact(line: LineAmountsInput): bigint {
  assertInteger(line.quantityMilli, "Quantity (thousandths)");
  assertInteger(line.unitPriceMinor, "Unit price (minor units)");
  assertInteger(line.discountBp, "Discount (basis points)");
  if (line.discountBp < 0 || line.discountBp > MAX_DISCOUNT_BP)
    throw new RangeError(`Discount must be 0–10000 basis points (got ${line.discountBp}).`);
  // quantity/1000 × price × (10000 − discount)/10000, one division at the end: exact.
  const numerator =
    BigInt(line.quantityMilli) * BigInt(line.unitPriceMinor) * BigInt(MAX_DISCOUNT_BP - line.discountBp);
  return roundHalfUp(numerator, BigInt(QUANTITY_SCALE * BASIS_POINTS_SCALE));
}

/** round-half-up(quantity × unit price × (1 − discount)), exact. */
export function computeLineNet(line: LineAmountsInput): number {
  return toSafeNumber(lineNetExact(line), "Line net");
}

/** Tax on a base at a rate, rounded half away from zero. */
export function computeTax(baseMinor: number, rateBp: number): number {
  assertInteger(baseMinor, "Tax base");
  assertInteger(rateBp, "Tax rate (basis points)");
  return toSafeNumber(roundHalfUp(BigInt(baseMinor) * BigInt(rateBp), BigInt(BASIS_POINTS_SCALE)), "Tax");
}

/**
 * Totals of an invoice or credit note. Tax is computed per rate on the sum of the line nets at
 * that rate, not line by line (VAT Directive art. 226(8)–(10) asks for the
 * taxable amount and the VAT payable per rate). Throws a RangeError if any result cannot be
 * held exactly as a number.
 */
export function computeInvoiceTotals(lines: readonly TotalsLineInput[], kind: InvoiceKind = "invoice"): InvoiceTotals {
  const sign = kindSign(kind);
  type Group = {
    category: VatCategory;
    rateBp: number;
    base: bigint;
    mention: string | null;
    vatexCode: string | null;
  };
  const groups = new Map<string, Group>();
  const lineNets: { net: number }[] = [];
  let net = 0n;
  for (const line of lines) {
    assertInteger(line.taxRateBp, "Tax rate (basis points)");
    if (line.taxRateBp < 0) throw new RangeError(`Tax rate cannot be negative (got ${line.taxRateBp}).`);
    const lineNet = lineNetExact(line) * sign;
    lineNets.push({ net: toSafeNumber(lineNet, "Line net") });
    const category = line.vatCategory ?? (line.taxRateBp > 0 ? "S" : "Z");
    const key = `${category}:${line.taxRateBp}`;
    const group = groups.get(key);
    if (group) group.base += lineNet;
    else
      groups.set(key, {
        category,
        rateBp: line.taxRateBp,
        base: lineNet,
        mention: line.vatMention ?? null,
        vatexCode: line.vatexCode ?? null,
      });
    net += lineNet;
  }
  let tax = 0n;
  const taxes: TaxBreakdown[] = [...groups.values()]
    .sort((a, b) => b.rateBp - a.rateBp || CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category))
    .map((group) => {
      const rateTax = roundHalfUp(group.base * BigInt(group.rateBp), BigInt(BASIS_POINTS_SCALE));
      tax += rateTax;
      const row: TaxBreakdown = {
        category: group.category,
        rateBp: group.rateBp,
        base: toSafeNumber(group.base, "Tax base"),
        tax: toSafeNumber(rateTax, "Tax"),
      };
      if (group.category !== "S" && group.mention !== null) row.mention = group.mention;
      if (group.category !== "S" && group.vatexCode !== null) row.vatexCode = group.vatexCode;
      return row;
    });
  return {
    lines: lineNets,
    taxes,
    net: toSafeNumber(net, "Net total"),
    tax: toSafeNumber(tax, "Tax total"),
    total: toSafeNumber(net + tax, "Total"),
  };
}

function kindSign(kind: InvoiceKind): bigint {
  switch (kind) {
    case "invoice":
      return 1n;
    case "credit_note":
      return -1n;
    default: {
      const unreachable: never = kind;
      throw new Error(`Unknown invoice kind: ${String(unreachable)}`);
    }
  }
}

export type BalanceInput = {
  /** The invoice total (positive for an invoice). */
  total: number;
  /** Sum of payments received, positive. */
  paid: number;
  /** Sum of the issued credit notes on this invoice, as a positive amount (their totals are negative). */
  credited: number;
};

/** What the client still owes: total − paid − credited. Negative means the firm owes a refund. */
export function computeBalance({ total, paid, credited }: BalanceInput): number {
  assertInteger(total, "Total");
  assertInteger(paid, "Paid");
  assertInteger(credited, "Credited");
  return toSafeNumber(BigInt(total) - BigInt(paid) - BigInt(credited), "Balance");
}
