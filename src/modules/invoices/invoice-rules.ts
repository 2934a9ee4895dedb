import { addDaysToDate, isValidDateString, type DateString } from "@/lib/dates";
import { parseScaledDecimal, roundHalfUp, toSafeNumber } from "@/lib/money";
import { allowed, type ParseResult, refuse, type RuleResult } from "@/lib/rule-result";
import type { InvoiceCode } from "./invoice-codes";

// Pure invoice rules: amounts, numbering, states. One function computes totals and it is
// shared by the form preview, the server and the PDF (SPEC section 5), so a number on screen
// is the number on paper.
//
// Units: amounts are integer minor units; quantity is integer thousandths (1.5 → 1500,
// SPEC: "3 decimals"); discounts and tax rates are integer basis points (20 % → 2000).
//
// Credit notes: lines are entered exactly like an invoice's (positive quantity, price ≥ 0)
// and the kind decides the sign: every amount of a credit note (line nets, bases, taxes,
// totals) is the negation of what the same lines give on an invoice. Rounding is half away
// from zero, so negating the inputs or negating the result gives the same cents: a credit
// note copied from its invoice mirrors it exactly, and sums over invoices and credit notes
// give the real turnover.

type InvoiceRuleResult = RuleResult<InvoiceCode>;

export type InvoiceKind = "invoice" | "credit_note";
export type InvoiceStatus = "draft" | "issued" | "partially_paid" | "paid" | "cancelled";
/** What a list shows: `overdue` is derived from the due date, never stored (SPEC section 4). */
export type InvoiceDisplayStatus = InvoiceStatus | "overdue";

export const INVOICE_KINDS = ["invoice", "credit_note"] as const satisfies readonly InvoiceKind[];
export const INVOICE_STATUSES = [
  "draft",
  "issued",
  "partially_paid",
  "paid",
  "cancelled",
] as const satisfies readonly InvoiceStatus[];

// ---------------------------------------------------------------------------------------
// Quantities, discounts, rates

export const QUANTITY_SCALE = 1000;
/** 999 999.999, the largest quantity a line takes (SPEC section 3). */
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

export type TotalsLineInput = LineAmountsInput & { taxRateBp: number };

export type TaxBreakdown = { rateBp: number; base: number; tax: number };

export type InvoiceTotals = {
  lines: { net: number }[];
  /** One row per rate used, highest rate first; zero-rated bases are listed too (EU invoices show them). */
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

/** round-half-up(quantity × unit price × (1 − discount)), exact (SPEC section 5). */
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
 * that rate, not line by line (SPEC section 5; VAT Directive art. 226(8)–(10) asks for the
 * taxable amount and the VAT payable per rate). Throws a RangeError if any result cannot be
 * held exactly as a number.
 */
export function computeInvoiceTotals(lines: readonly TotalsLineInput[], kind: InvoiceKind = "invoice"): InvoiceTotals {
  const sign = kindSign(kind);
  const bases = new Map<number, bigint>();
  const lineNets: { net: number }[] = [];
  let net = 0n;
  for (const line of lines) {
    assertInteger(line.taxRateBp, "Tax rate (basis points)");
    if (line.taxRateBp < 0) throw new RangeError(`Tax rate cannot be negative (got ${line.taxRateBp}).`);
    const lineNet = lineNetExact(line) * sign;
    lineNets.push({ net: toSafeNumber(lineNet, "Line net") });
    bases.set(line.taxRateBp, (bases.get(line.taxRateBp) ?? 0n) + lineNet);
    net += lineNet;
  }
  let tax = 0n;
  const taxes: TaxBreakdown[] = [...bases.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rateBp, base]) => {
      const rateTax = roundHalfUp(base * BigInt(rateBp), BigInt(BASIS_POINTS_SCALE));
      tax += rateTax;
      return { rateBp, base: toSafeNumber(base, "Tax base"), tax: toSafeNumber(rateTax, "Tax") };
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

// ---------------------------------------------------------------------------------------
// Numbering

export const DEFAULT_INVOICE_NUMBER_PATTERN = "{YYYY}-{SEQ:4}";
export const DEFAULT_CREDIT_NOTE_NUMBER_PATTERN = "CN-{YYYY}-{SEQ:4}";
export const MAX_NUMBER_PATTERN_LENGTH = 40;

type PatternPart =
  | { type: "literal"; text: string }
  | { type: "year4" }
  | { type: "year2" }
  | { type: "month" }
  | { type: "seq"; width: number };

function tokenizePattern(pattern: string): ParseResult<PatternPart[], InvoiceCode> {
  const parts: PatternPart[] = [];
  const tokenPattern = /\{([^{}]*)\}|([^{}]+)|([{}])/g;
  for (const match of pattern.matchAll(tokenPattern)) {
    const [, token, literal, stray] = match;
    if (stray !== undefined)
      return refuse("invoice.number_pattern_unmatched_brace", `The pattern has an unmatched "${stray}".`);
    if (literal !== undefined) {
      if (!/^[A-Za-z0-9\-/_.]+$/.test(literal)) {
        return refuse(
          "invoice.number_pattern_bad_character",
          `"${literal}" contains a character that is not allowed; use letters, digits, "-", "/", "_" or ".".`,
        );
      }
      parts.push({ type: "literal", text: literal });
      continue;
    }
    if (token === "YYYY") parts.push({ type: "year4" });
    else if (token === "YY") parts.push({ type: "year2" });
    else if (token === "MM") parts.push({ type: "month" });
    else if (token !== undefined && /^SEQ:\d{1,2}$/.test(token)) {
      const width = Number(token.slice(4));
      if (width < 1 || width > 10)
        return refuse(
          "invoice.number_pattern_bad_sequence_width",
          "The sequence width in {SEQ:n} must be between 1 and 10.",
        );
      parts.push({ type: "seq", width });
    } else {
      return refuse(
        "invoice.number_pattern_unknown_token",
        `Unknown token {${token ?? ""}}; use {YYYY}, {YY}, {MM} or {SEQ:n}.`,
      );
    }
  }
  return { ok: true, value: parts };
}

/** Checks a number pattern from the settings page; the message is shown next to the field. */
export function validateNumberPattern(pattern: string): InvoiceRuleResult {
  if (pattern.trim() === "")
    return refuse("invoice.number_pattern_missing", "Enter a number pattern, e.g. {YYYY}-{SEQ:4}.");
  if (pattern.length > MAX_NUMBER_PATTERN_LENGTH)
    return refuse(
      "invoice.number_pattern_too_long",
      `The pattern can be at most ${MAX_NUMBER_PATTERN_LENGTH} characters long.`,
    );
  const tokens = tokenizePattern(pattern);
  if (!tokens.ok) return tokens;
  const sequences = tokens.value.filter((part) => part.type === "seq").length;
  if (sequences !== 1)
    return refuse(
      "invoice.number_pattern_sequence_count",
      "The pattern must contain exactly one sequence token {SEQ:n}, e.g. {SEQ:4}.",
    );
  const hasMonth = tokens.value.some((part) => part.type === "month");
  const hasYear = tokens.value.some((part) => part.type === "year4" || part.type === "year2");
  // The sequence restarts every month with {MM}; without a year, March 2027 would reuse
  // March 2026's numbers, and VAT Directive art. 226(2) requires numbers that identify the
  // invoice uniquely.
  if (hasMonth && !hasYear)
    return refuse(
      "invoice.number_pattern_month_without_year",
      "A pattern with {MM} must also contain {YYYY} or {YY}, or numbers would repeat every year.",
    );
  return allowed;
}

function parsePatternOrThrow(pattern: string): PatternPart[] {
  const validation = validateNumberPattern(pattern);
  if (!validation.ok) throw new RangeError(`Invalid number pattern "${pattern}": ${validation.message}`);
  const tokens = tokenizePattern(pattern);
  if (!tokens.ok) throw new RangeError(tokens.message);
  return tokens.value;
}

/** formatInvoiceNumber("{YYYY}-{SEQ:4}", { date: "2026-03-05", seq: 7 }) → "2026-0007". */
export function formatInvoiceNumber(pattern: string, { date, seq }: { date: DateString; seq: number }): string {
  if (!isValidDateString(date)) throw new RangeError(`Expected a date written YYYY-MM-DD (got "${date}").`);
  if (!Number.isSafeInteger(seq) || seq < 1)
    throw new RangeError(`The sequence must be a positive integer (got ${String(seq)}).`);
  const [year = "", month = ""] = date.split("-");
  return parsePatternOrThrow(pattern)
    .map((part) => {
      switch (part.type) {
        case "literal":
          return part.text;
        case "year4":
          return year;
        case "year2":
          return year.slice(-2);
        case "month":
          return month;
        case "seq":
          // Padding is a minimum: the 10 000th invoice of {SEQ:4} is 10000, never a wrap to 0000.
          return String(seq).padStart(part.width, "0");
        default: {
          const unreachable: never = part;
          throw new Error(`Unknown pattern part ${JSON.stringify(unreachable)}`);
        }
      }
    })
    .join("");
}

/**
 * The period a sequence counts in: "2026-03" when the pattern has {MM}, "2026" when it has a
 * year, "" when it has no date token (the sequence never resets). The counter row is keyed by
 * this, so the sequence restarts exactly when the pattern's period changes (SPEC section 5).
 */
export function numberingPeriodKey(pattern: string, date: DateString): string {
  if (!isValidDateString(date)) throw new RangeError(`Expected a date written YYYY-MM-DD (got "${date}").`);
  const parts = parsePatternOrThrow(pattern);
  if (parts.some((part) => part.type === "month")) return date.slice(0, 7);
  if (parts.some((part) => part.type === "year4" || part.type === "year2")) return date.slice(0, 4);
  return "";
}

type CharacterClass = "digit" | { char: string };

function fixedEdge(parts: PatternPart[], fromEnd: boolean): CharacterClass[] {
  const ordered = fromEnd ? [...parts].reverse() : parts;
  const classes: CharacterClass[] = [];
  for (const part of ordered) {
    switch (part.type) {
      case "seq":
        return classes;
      case "literal": {
        const chars = [...part.text].map((char): CharacterClass => (/\d/.test(char) ? "digit" : { char }));
        classes.push(...(fromEnd ? chars.reverse() : chars));
        break;
      }
      case "year4":
        classes.push("digit", "digit", "digit", "digit");
        break;
      case "year2":
      case "month":
        classes.push("digit", "digit");
        break;
      default: {
        const unreachable: never = part;
        throw new Error(`Unknown pattern part ${JSON.stringify(unreachable)}`);
      }
    }
  }
  return classes;
}

function edgesDiffer(a: CharacterClass[], b: CharacterClass[]): boolean {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const left = a[index];
    const right = b[index];
    if (left === undefined || right === undefined) return false;
    if (left === "digit" && right === "digit") continue;
    if (left === "digit" || right === "digit") return true;
    if (left.char.toUpperCase() !== right.char.toUpperCase()) return true;
  }
  return false;
}

/**
 * True when no number from one pattern can equal a number from the other, judged on the fixed
 * characters before and after {SEQ:n} ("{YYYY}-{SEQ:4}" and "CN-{YYYY}-{SEQ:4}" differ at the
 * first character). Invoices and credit notes share one numbering space in the eyes of the
 * tax authority, so their series must never collide. Case-insensitive, to be safe.
 */
export function areNumberPatternsDistinct(first: string, second: string): boolean {
  const a = parsePatternOrThrow(first);
  const b = parsePatternOrThrow(second);
  return edgesDiffer(fixedEdge(a, false), fixedEdge(b, false)) || edgesDiffer(fixedEdge(a, true), fixedEdge(b, true));
}

// ---------------------------------------------------------------------------------------
// States

/** The due date: issue date + the client's payment terms (SPEC section 3), terms 0–365 days. */
export function dueDateFromTerms(issueDate: DateString, days: number): DateString {
  if (!Number.isSafeInteger(days) || days < 0 || days > 365)
    throw new RangeError(`Payment terms must be 0–365 days (got ${String(days)}).`);
  return addDaysToDate(issueDate, days);
}

/** Adds `overdue` for an issued or partially paid invoice whose due date is before today. */
export function deriveDisplayStatus({
  status,
  dueDate,
  today,
}: {
  status: InvoiceStatus;
  dueDate: DateString | null;
  today: DateString;
}): InvoiceDisplayStatus {
  switch (status) {
    case "issued":
    case "partially_paid":
      // 'YYYY-MM-DD' strings compare in calendar order.
      return dueDate !== null && dueDate < today ? "overdue" : status;
    case "draft":
    case "paid":
    case "cancelled":
      return status;
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown invoice status: ${String(unreachable)}`);
    }
  }
}

/**
 * The status an issued invoice has given its money: a credit covering the whole total cancels
 * it (SPEC: "a full credit note moves an issued invoice to cancelled"; any payment then becomes
 * a refund, the negative balance); otherwise nothing left to pay is `paid` (a zero-total
 * invoice too), some payment is `partially_paid`, none is `issued`. A partial credit only lowers
 * the balance. Credit notes themselves stay `issued`: they take no payments.
 */
export function statusAfterPayments({
  total,
  paid,
  credited,
}: BalanceInput): "issued" | "partially_paid" | "paid" | "cancelled" {
  const balance = computeBalance({ total, paid, credited });
  if (credited > 0 && credited >= total) return "cancelled";
  if (balance <= 0) return "paid";
  if (paid > 0) return "partially_paid";
  return "issued";
}

const INVOICE_TRANSITIONS: Record<InvoiceKind, Record<InvoiceStatus, readonly InvoiceStatus[]>> = {
  invoice: {
    draft: ["issued"],
    // Payments recorded or deleted, and credit notes, move an issued invoice between these.
    issued: ["partially_paid", "paid", "cancelled"],
    partially_paid: ["issued", "paid", "cancelled"],
    paid: ["issued", "partially_paid", "cancelled"],
    // A cancelled invoice is final: it cannot be issued again or paid (VAT Directive art. 219
    // treats the credit note as the correcting document; the pair stays on record).
    cancelled: [],
  },
  credit_note: {
    draft: ["issued"],
    issued: [],
    partially_paid: [],
    paid: [],
    cancelled: [],
  },
};

export const INVOICE_STATUS_LABELS: Record<InvoiceDisplayStatus, string> = {
  draft: "Draft",
  issued: "Issued",
  partially_paid: "Partially paid",
  paid: "Paid",
  cancelled: "Cancelled",
  overdue: "Overdue",
};

function documentName(kind: InvoiceKind): string {
  switch (kind) {
    case "invoice":
      return "invoice";
    case "credit_note":
      return "credit note";
    default: {
      const unreachable: never = kind;
      throw new Error(`Unknown invoice kind: ${String(unreachable)}`);
    }
  }
}

/** Whether a status change is allowed, with a message for the person who tried it. */
export function canTransition({
  kind,
  from,
  to,
}: {
  kind: InvoiceKind;
  from: InvoiceStatus;
  to: InvoiceStatus;
}): InvoiceRuleResult {
  if (INVOICE_TRANSITIONS[kind][from].includes(to)) return allowed;
  const name = documentName(kind);
  if (from === to)
    return refuse("invoice.already_in_status", `This ${name} is already ${INVOICE_STATUS_LABELS[from].toLowerCase()}.`);
  const fromLabel = INVOICE_STATUS_LABELS[from].toLowerCase();
  const article = /^[aeiou]/.test(fromLabel) ? "An" : "A";
  return refuse(
    "invoice.transition_not_allowed",
    `${article} ${fromLabel} ${name} cannot become ${INVOICE_STATUS_LABELS[to].toLowerCase()}.`,
  );
}

export type IssueCheckInput = {
  kind: InvoiceKind;
  status: InvoiceStatus;
  lineCount: number;
  issueDate: DateString;
  /** The latest issue date already used in this number series, or null for the first. */
  latestIssuedDate: DateString | null;
  today: DateString;
  /** For a credit note: its total as a positive amount, and what is still creditable on the invoice. */
  credit?: { amount: number; creditable: number };
};

/**
 * Whether a draft can be issued. Numbers are sequential and chronological (VAT Directive
 * art. 226(2); SPEC section 5), so an issue date before the series' latest one is refused.
 * Refusals about the date name the `issueDate` field.
 */
export function canIssue(input: IssueCheckInput): InvoiceRuleResult {
  const name = documentName(input.kind);
  if (input.status !== "draft")
    return refuse(
      "invoice.already_issued",
      `Only a draft can be issued; this ${name} is already ${INVOICE_STATUS_LABELS[input.status].toLowerCase()}.`,
    );
  if (input.lineCount < 1) return refuse("invoice.no_lines", `Add at least one line before issuing the ${name}.`);
  if (!isValidDateString(input.issueDate))
    return refuse("invoice.issue_date_invalid", "Enter a valid issue date.", "issueDate");
  if (input.issueDate > input.today)
    return refuse("invoice.issue_date_in_future", "The issue date cannot be in the future.", "issueDate");
  if (input.latestIssuedDate !== null && input.issueDate < input.latestIssuedDate) {
    return refuse(
      "invoice.issue_date_before_last",
      `The issue date cannot be earlier than ${input.latestIssuedDate}, the date of the last ${name} in this series: numbers must follow the order of dates.`,
      "issueDate",
    );
  }
  if (input.credit) {
    const result = canCreditAmount(input.credit);
    if (!result.ok) return result;
  }
  return allowed;
}

/** Only a draft may be edited or deleted: issuing makes it read-only for ever (SPEC section 4). */
export function canEditInvoice({ kind, status }: { kind: InvoiceKind; status: InvoiceStatus }): InvoiceRuleResult {
  if (status === "draft") return allowed;
  return refuse(
    "invoice.issued_read_only",
    `An issued ${documentName(kind)} cannot be changed; create a credit note to correct it.`,
  );
}

export function canDeleteInvoice({ kind, status }: { kind: InvoiceKind; status: InvoiceStatus }): InvoiceRuleResult {
  if (status === "draft") return allowed;
  return refuse(
    "invoice.issued_not_deletable",
    `Only a draft can be deleted; an issued ${documentName(kind)} is kept for ever, numbers must have no gaps.`,
  );
}

/**
 * A payment: amount > 0 and at most the balance, date not in the future (SPEC section 3).
 * Refusals about the amount or the date name the `amount` or `date` field.
 */
export function canRecordPayment(input: {
  kind: InvoiceKind;
  status: InvoiceStatus;
  balance: number;
  amount: number;
  date: DateString;
  today: DateString;
}): InvoiceRuleResult {
  if (input.kind === "credit_note")
    return refuse("invoice.payment_on_credit_note", "Payments are recorded on invoices, not on credit notes.");
  switch (input.status) {
    case "draft":
      return refuse("invoice.payment_on_draft", "Issue the invoice before recording a payment.");
    case "cancelled":
      return refuse("invoice.payment_on_cancelled", "This invoice is cancelled; it takes no payment.");
    case "paid":
      return refuse("invoice.already_paid", "This invoice is already paid.");
    case "issued":
    case "partially_paid":
      break;
    default: {
      const unreachable: never = input.status;
      throw new Error(`Unknown invoice status: ${String(unreachable)}`);
    }
  }
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    return refuse("invoice.payment_amount_not_positive", "The amount must be greater than zero.", "amount");
  if (input.amount > input.balance)
    return refuse("invoice.payment_amount_over_balance", "The amount cannot be more than the balance due.", "amount");
  if (!isValidDateString(input.date))
    return refuse("invoice.payment_date_invalid", "Enter a valid payment date.", "date");
  if (input.date > input.today)
    return refuse("invoice.payment_date_in_future", "The payment date cannot be in the future.", "date");
  return allowed;
}

/** A payment can be deleted (a mistake) while the invoice is not cancelled. */
export function canDeletePayment({ status }: { status: InvoiceStatus }): InvoiceRuleResult {
  if (status === "cancelled")
    return refuse(
      "invoice.payments_of_cancelled_final",
      "The invoice is cancelled; its payments can no longer be changed.",
    );
  return allowed;
}

/** A credit note corrects an issued invoice (VAT Directive art. 219), never a draft or a credit note. */
export function canCreateCreditNote({ kind, status }: { kind: InvoiceKind; status: InvoiceStatus }): InvoiceRuleResult {
  if (kind === "credit_note")
    return refuse("invoice.credit_note_of_credit_note", "A credit note cannot itself be credited.");
  switch (status) {
    case "draft":
      return refuse(
        "invoice.credit_note_of_draft",
        "A draft can still be edited or deleted; only an issued invoice needs a credit note.",
      );
    case "cancelled":
      return refuse("invoice.already_fully_credited", "This invoice is already fully credited.");
    case "issued":
    case "partially_paid":
    case "paid":
      return allowed;
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown invoice status: ${String(unreachable)}`);
    }
  }
}

/** What may still be credited: the invoice total minus the credit notes already issued on it. */
export function creditableAmount({ total, credited }: { total: number; credited: number }): number {
  return Math.max(0, toSafeNumber(BigInt(total) - BigInt(credited), "Creditable amount"));
}

/** A credit note's total (as a positive amount) must be > 0 and at most what is still creditable. */
export function canCreditAmount({ amount, creditable }: { amount: number; creditable: number }): InvoiceRuleResult {
  if (amount <= 0) return refuse("invoice.credit_not_positive", "The credit note total must be greater than zero.");
  if (amount > creditable)
    return refuse(
      "invoice.credit_over_remaining",
      "The credit note cannot credit more than what remains on the invoice.",
    );
  return allowed;
}

// ---------------------------------------------------------------------------------------
// Unbilled time → invoice lines

export type UnbilledEntry = {
  id: string;
  projectId: string;
  projectName: string;
  userId: string;
  userName: string;
  date: DateString;
  minutes: number;
  description: string | null;
  /** Frozen at approval; null only for entries approved without any rate configured. */
  hourlyRate: number | null;
};

export type TimeGrouping = "project" | "person" | "entry";
export const TIME_GROUPINGS = ["project", "person", "entry"] as const satisfies readonly TimeGrouping[];

export type TimeLineDraft = {
  description: string;
  quantityMilli: number;
  unit: "hour";
  unitPriceMinor: number;
  timeEntryIds: string[];
};

const MAX_LINE_DESCRIPTION = 500;

function clip(text: string): string {
  return text.length <= MAX_LINE_DESCRIPTION ? text : `${text.slice(0, MAX_LINE_DESCRIPTION - 1)}…`;
}

function dateRange(dates: DateString[]): string {
  const sorted = [...dates].sort();
  const first = sorted[0] ?? "";
  const last = sorted[sorted.length - 1] ?? "";
  return first === last ? first : `${first} to ${last}`;
}

/**
 * Turns approved entries into invoice lines: one per project, per person or per entry. Entries
 * at different hourly rates never share a line (a line has one unit price). The quantity is the
 * group's total minutes in hours, rounded half-up to the thousandth once per line, so grouping
 * loses less than rounding entry by entry. Lines come out in a stable order (first date, then
 * name), and each keeps the ids of the entries it bills.
 */
export function groupUnbilledEntries(entries: readonly UnbilledEntry[], grouping: TimeGrouping): TimeLineDraft[] {
  type Group = { key: string; entries: UnbilledEntry[]; rate: number };
  const groups = new Map<string, Group>();
  for (const entry of entries) {
    const rate = entry.hourlyRate ?? 0;
    let key: string;
    switch (grouping) {
      case "project":
        key = `${entry.projectId}|${rate}`;
        break;
      case "person":
        key = `${entry.userId}|${rate}`;
        break;
      case "entry":
        key = entry.id;
        break;
      default: {
        const unreachable: never = grouping;
        throw new Error(`Unknown grouping: ${String(unreachable)}`);
      }
    }
    const group = groups.get(key) ?? { key, entries: [], rate };
    group.entries.push(entry);
    groups.set(key, group);
  }
  const describe = (group: Group): string => {
    const first = group.entries[0]!;
    const period = dateRange(group.entries.map((entry) => entry.date));
    switch (grouping) {
      case "project":
        return `${first.projectName}: time ${period}`;
      case "person": {
        const projects = [...new Set(group.entries.map((entry) => entry.projectName))].sort().join(", ");
        return `${first.userName} (${projects}): time ${period}`;
      }
      case "entry":
        return `${first.projectName}, ${first.userName}, ${first.date}${first.description ? `: ${first.description}` : ""}`;
      default: {
        const unreachable: never = grouping;
        throw new Error(`Unknown grouping: ${String(unreachable)}`);
      }
    }
  };
  return [...groups.values()]
    .map((group) => {
      const minutes = group.entries.reduce((sum, entry) => sum + entry.minutes, 0);
      const firstDate = group.entries.map((entry) => entry.date).sort()[0] ?? "";
      return {
        sortKey: `${firstDate}|${describe(group)}`,
        line: {
          description: clip(describe(group)),
          quantityMilli: quantityMilliFromMinutes(minutes),
          unit: "hour" as const,
          unitPriceMinor: group.rate,
          timeEntryIds: group.entries.map((entry) => entry.id),
        },
      };
    })
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0))
    .map((item) => item.line);
}

/** Which statuses the list filter offers: the stored ones plus the derived `overdue`. */
export const INVOICE_FILTER_STATUSES = [
  "draft",
  "issued",
  "partially_paid",
  "paid",
  "cancelled",
  "overdue",
] as const satisfies readonly InvoiceDisplayStatus[];

/** RFC 4180: a field with a comma, quote, CR or LF is quoted and its quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  // A leading =, +, - or @ makes spreadsheets run a formula (CSV injection, OWASP); numbers are safe.
  const isPlainNumber = /^-?\d+(\.\d+)?$/.test(text);
  const guarded = typeof value === "string" && !isPlainNumber && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
