import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  areNumberPatternsDistinct,
  DEFAULT_CREDIT_NOTE_NUMBER_PATTERN,
  DEFAULT_INVOICE_NUMBER_PATTERN,
  formatInvoiceNumber,
  numberingPeriodKey,
  validateNumberPattern,
} from "./invoice-numbering";

describe("numbering", () => {
  it("formats the defaults", () => {
    expect(formatInvoiceNumber(DEFAULT_INVOICE_NUMBER_PATTERN, { date: "2026-03-05", seq: 1 })).toBe("2026-0001");
    expect(formatInvoiceNumber(DEFAULT_CREDIT_NOTE_NUMBER_PATTERN, { date: "2026-03-05", seq: 42 })).toBe(
      "CN-2026-0042",
    );
  });

  it("formats every token", () => {
    expect(formatInvoiceNumber("INV/{YY}{MM}/{SEQ:3}", { date: "2026-03-05", seq: 7 })).toBe("INV/2603/007");
    expect(formatInvoiceNumber("{YYYY}.{MM}_{SEQ:1}", { date: "2026-11-30", seq: 9 })).toBe("2026.11_9");
    expect(formatInvoiceNumber("F{SEQ:10}", { date: "2026-01-01", seq: 123 })).toBe("F0000000123");
    expect(formatInvoiceNumber("{SEQ:6}", { date: "2026-01-01", seq: 5 })).toBe("000005");
  });

  it("grows past the padding instead of wrapping", () => {
    expect(formatInvoiceNumber("{YYYY}-{SEQ:4}", { date: "2026-03-05", seq: 10000 })).toBe("2026-10000");
    expect(formatInvoiceNumber("{SEQ:1}", { date: "2026-03-05", seq: 123456 })).toBe("123456");
  });

  it("refuses a bad sequence, date or pattern", () => {
    expect(() => formatInvoiceNumber("{YYYY}-{SEQ:4}", { date: "2026-03-05", seq: 0 })).toThrow(RangeError);
    expect(() => formatInvoiceNumber("{YYYY}-{SEQ:4}", { date: "2026-03-05", seq: 1.5 })).toThrow(RangeError);
    expect(() => formatInvoiceNumber("{YYYY}-{SEQ:4}", { date: "2026-02-30", seq: 1 })).toThrow(RangeError);
    expect(() => formatInvoiceNumber("{YYYY}", { date: "2026-03-05", seq: 1 })).toThrow(/exactly one sequence token/);
  });

  it.each([
    DEFAULT_INVOICE_NUMBER_PATTERN,
    DEFAULT_CREDIT_NOTE_NUMBER_PATTERN,
    "{SEQ:1}",
    "{SEQ:10}",
    "INV-{YY}{MM}-{SEQ:3}",
    "a_b.c/d-{YYYY}{SEQ:5}",
    "F{YY}-{SEQ:4}",
  ])("accepts pattern %s", (pattern) => {
    expect(validateNumberPattern(pattern)).toEqual({ ok: true });
  });

  it.each([
    ["", "invoice.number_pattern_missing", "Enter a number pattern, e.g. {YYYY}-{SEQ:4}."],
    [
      "{YYYY}",
      "invoice.number_pattern_sequence_count",
      "The pattern must contain exactly one sequence token {SEQ:n}, e.g. {SEQ:4}.",
    ],
    [
      "{SEQ:2}-{SEQ:3}",
      "invoice.number_pattern_sequence_count",
      "The pattern must contain exactly one sequence token {SEQ:n}, e.g. {SEQ:4}.",
    ],
    ["{SEQ:0}", "invoice.number_pattern_bad_sequence_width", "The sequence width in {SEQ:n} must be between 1 and 10."],
    [
      "{SEQ:11}",
      "invoice.number_pattern_bad_sequence_width",
      "The sequence width in {SEQ:n} must be between 1 and 10.",
    ],
    ["{SEQ}", "invoice.number_pattern_unknown_token", "Unknown token {SEQ}; use {YYYY}, {YY}, {MM} or {SEQ:n}."],
    [
      "{SEQ:123}",
      "invoice.number_pattern_unknown_token",
      "Unknown token {SEQ:123}; use {YYYY}, {YY}, {MM} or {SEQ:n}.",
    ],
    ["{DD}-{SEQ:4}", "invoice.number_pattern_unknown_token", "Unknown token {DD}; use {YYYY}, {YY}, {MM} or {SEQ:n}."],
    [
      "{yyyy}-{SEQ:4}",
      "invoice.number_pattern_unknown_token",
      "Unknown token {yyyy}; use {YYYY}, {YY}, {MM} or {SEQ:n}.",
    ],
    [
      "INV {SEQ:4}",
      "invoice.number_pattern_bad_character",
      '"INV " contains a character that is not allowed; use letters, digits, "-", "/", "_" or ".".',
    ],
    [
      "INV#{SEQ:4}",
      "invoice.number_pattern_bad_character",
      '"INV#" contains a character that is not allowed; use letters, digits, "-", "/", "_" or ".".',
    ],
    [
      "FÄ-{SEQ:4}",
      "invoice.number_pattern_bad_character",
      '"FÄ-" contains a character that is not allowed; use letters, digits, "-", "/", "_" or ".".',
    ],
    [
      "{YYYY-{SEQ:4}",
      "invoice.number_pattern_unknown_token",
      "Unknown token {YYYY-{SEQ:4}; use {YYYY}, {YY}, {MM} or {SEQ:n}.",
    ],
    ["{YYYY}}-{SEQ:4}", "invoice.number_pattern_unmatched_brace", 'The pattern has an unmatched "}".'],
    [
      "{MM}-{SEQ:4}",
      "invoice.number_pattern_month_without_year",
      "A pattern with {MM} must also contain {YYYY} or {YY}, or numbers would repeat every year.",
    ],
    [
      "INVOICE-NUMBER-FOR-{YYYY}-{MM}-{SEQ:10}XY",
      "invoice.number_pattern_too_long",
      "The pattern can be at most 40 characters long.",
    ],
  ])("refuses pattern %s", (pattern, code, message) => {
    const result = validateNumberPattern(pattern);
    expect(result.ok).toBe(false);
    // Unbalanced braces may be reported either as an unknown token or an unmatched brace.
    if (!result.ok && !pattern.startsWith("{YYYY-")) expect(result).toEqual({ ok: false, code, message });
  });

  it("accepts a pattern of exactly 40 characters", () => {
    const pattern = "ABCDEFGHIJKLMNOPQRSTUVWXYZ-{YYYY}{SEQ:4}";
    expect(pattern).toHaveLength(40);
    expect(validateNumberPattern(pattern)).toEqual({ ok: true });
  });

  it("gives the period in which the sequence counts", () => {
    expect(numberingPeriodKey("{YYYY}-{SEQ:4}", "2026-03-05")).toBe("2026");
    expect(numberingPeriodKey("CN-{YY}-{SEQ:4}", "2026-03-05")).toBe("2026");
    expect(numberingPeriodKey("{YYYY}{MM}-{SEQ:4}", "2026-03-05")).toBe("2026-03");
    expect(numberingPeriodKey("{YY}/{MM}/{SEQ:4}", "2026-12-31")).toBe("2026-12");
    expect(numberingPeriodKey("F-{SEQ:6}", "2026-03-05")).toBe("");
    expect(() => numberingPeriodKey("nope", "2026-03-05")).toThrow(RangeError);
    expect(() => numberingPeriodKey("{YYYY}-{SEQ:4}", "2026-3-5")).toThrow(RangeError);
  });

  it("property: numbers in one period are unique and sort by sequence when padded", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 9999 }), { minLength: 2, maxLength: 50 }), (sequences) => {
        const numbers = sequences.map((seq) => formatInvoiceNumber("{YYYY}-{SEQ:4}", { date: "2026-06-01", seq }));
        expect(new Set(numbers).size).toBe(numbers.length);
        const bySequence = [...sequences]
          .sort((a, b) => a - b)
          .map((seq) => formatInvoiceNumber("{YYYY}-{SEQ:4}", { date: "2026-06-01", seq }));
        expect([...numbers].sort()).toEqual(bySequence);
      }),
    );
  });

  it("tells whether invoice and credit-note series can collide", () => {
    expect(areNumberPatternsDistinct(DEFAULT_INVOICE_NUMBER_PATTERN, DEFAULT_CREDIT_NOTE_NUMBER_PATTERN)).toBe(true);
    expect(areNumberPatternsDistinct("{YYYY}-{SEQ:4}", "{YYYY}-{SEQ:4}")).toBe(false);
    expect(areNumberPatternsDistinct("{YYYY}-{SEQ:4}", "{YYYY}-{SEQ:5}")).toBe(false); // 2026-10000 from both
    expect(areNumberPatternsDistinct("F{YYYY}-{SEQ:4}", "A{YYYY}-{SEQ:4}")).toBe(true);
    expect(areNumberPatternsDistinct("{YYYY}-{SEQ:4}", "{YYYY}/{SEQ:4}")).toBe(true);
    expect(areNumberPatternsDistinct("{SEQ:4}-F", "{SEQ:4}-A")).toBe(true);
    expect(areNumberPatternsDistinct("INV-{SEQ:4}", "inv-{SEQ:4}")).toBe(false);
    expect(areNumberPatternsDistinct("{SEQ:4}", "{YYYY}{SEQ:4}")).toBe(false);
  });
});
