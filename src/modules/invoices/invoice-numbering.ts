// Invoice numbers: the patterns of the settings ({YYYY}, {YY}, {MM}, {SEQ:n}), the number a pattern
// gives on a date, and the period its sequence counts in (decision 006). Pure: the counter itself
// is taken under a lock by invoice-mutations.ts.
import { isValidDateString, type DateString } from "@/lib/dates";
import { allowed, type ParseResult, refuse, type RuleResult } from "@/lib/rule-result";
import type { InvoiceCode } from "./invoice-codes";

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
export function validateNumberPattern(pattern: string): RuleResult<InvoiceCode> {
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
 * this, so the sequence restarts exactly when the pattern's period changes.
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
