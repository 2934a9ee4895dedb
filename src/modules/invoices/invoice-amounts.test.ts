import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeBalance,
  computeInvoiceTotals,
  computeLineNet,
  computeTax,
  isValidDiscountBp,
  isValidQuantityMilli,
  isValidTaxRateBp,
  MAX_QUANTITY_MILLI,
  parseDiscountPercent,
  parseQuantity,
  quantityMilliFromMinutes,
  quantityMilliToDecimalString,
  type InvoiceTotals,
  type TotalsLineInput,
} from "./invoice-amounts";

const line = (overrides: Partial<TotalsLineInput> = {}): TotalsLineInput => ({
  quantityMilli: 1000,
  unitPriceMinor: 10000,
  discountBp: 0,
  taxRateBp: 2000,
  ...overrides,
});
describe("quantities and discounts", () => {
  it.each([
    ["1", 1000],
    ["1.5", 1500],
    ["1,5", 1500],
    ["0.333", 333],
    [".5", 500],
    ["0.001", 1],
    [" 7 ", 7000],
    ["999999.999", 999_999_999],
  ])("parses quantity %s → %i thousandths", (input, expected) => {
    expect(parseQuantity(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["", "invoice.quantity_missing", "Enter a quantity."],
    ["0", "invoice.quantity_not_positive", "The quantity must be greater than zero."],
    ["-1", "invoice.quantity_not_positive", "The quantity must be greater than zero."],
    ["0.0001", "invoice.quantity_too_precise", "Use at most 3 decimals for the quantity."],
    ["1000000", "invoice.quantity_too_large", "The quantity can be at most 999,999.999."],
    ["abc", "invoice.quantity_not_a_number", "Enter the quantity as a number, e.g. 1.5."],
    ["1e3", "invoice.quantity_not_a_number", "Enter the quantity as a number, e.g. 1.5."],
  ])("refuses quantity %s", (input, code, message) => {
    expect(parseQuantity(input)).toEqual({ ok: false, code, message });
  });

  it("writes quantities back as plain decimals", () => {
    expect(quantityMilliToDecimalString(1500)).toBe("1.5");
    expect(quantityMilliToDecimalString(1000)).toBe("1");
    expect(quantityMilliToDecimalString(333)).toBe("0.333");
    expect(quantityMilliToDecimalString(1)).toBe("0.001");
    expect(quantityMilliToDecimalString(-500)).toBe("-0.5");
    expect(quantityMilliToDecimalString(MAX_QUANTITY_MILLI)).toBe("999999.999");
  });

  it("round-trips quantities", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_QUANTITY_MILLI }), (milli) => {
        expect(parseQuantity(quantityMilliToDecimalString(milli))).toEqual({ ok: true, value: milli });
      }),
    );
  });

  it.each([
    ["10", 1000],
    ["12.5 %", 1250],
    ["0,01", 1],
    ["100", 10000],
    ["", 0],
  ])("parses discount %s → %i bp", (input, expected) => {
    expect(parseDiscountPercent(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["100.01", "invoice.discount_out_of_range"],
    ["-1", "invoice.discount_out_of_range"],
    ["12.345", "invoice.discount_not_a_number"],
    ["ten", "invoice.discount_not_a_number"],
  ])("refuses discount %s", (input, code) => {
    expect(parseDiscountPercent(input)).toMatchObject({ ok: false, code });
  });

  it("checks stored values", () => {
    expect(isValidQuantityMilli(1)).toBe(true);
    expect(isValidQuantityMilli(0)).toBe(false);
    expect(isValidQuantityMilli(MAX_QUANTITY_MILLI + 1)).toBe(false);
    expect(isValidQuantityMilli(1.5)).toBe(false);
    expect(isValidDiscountBp(10000)).toBe(true);
    expect(isValidDiscountBp(10001)).toBe(false);
    expect(isValidDiscountBp(-1)).toBe(false);
    expect(isValidTaxRateBp(550)).toBe(true);
    expect(isValidTaxRateBp(-1)).toBe(false);
  });

  it("converts minutes of time into an hours quantity", () => {
    expect(quantityMilliFromMinutes(90)).toBe(1500);
    expect(quantityMilliFromMinutes(20)).toBe(333);
    expect(quantityMilliFromMinutes(40)).toBe(667);
    expect(quantityMilliFromMinutes(1)).toBe(17);
  });
});

describe("computeLineNet", () => {
  it("multiplies quantity, price and discount", () => {
    expect(computeLineNet({ quantityMilli: 1500, unitPriceMinor: 8000, discountBp: 0 })).toBe(12000);
    expect(computeLineNet({ quantityMilli: 2000, unitPriceMinor: 10000, discountBp: 1000 })).toBe(18000);
    expect(computeLineNet({ quantityMilli: 333, unitPriceMinor: 1, discountBp: 0 })).toBe(0);
    expect(computeLineNet({ quantityMilli: 1000, unitPriceMinor: 0, discountBp: 0 })).toBe(0);
  });

  it("rounds half-cent ties up", () => {
    expect(computeLineNet({ quantityMilli: 500, unitPriceMinor: 1, discountBp: 0 })).toBe(1); // 0.5 → 1
    expect(computeLineNet({ quantityMilli: 1500, unitPriceMinor: 1, discountBp: 0 })).toBe(2); // 1.5 → 2
    expect(computeLineNet({ quantityMilli: 2500, unitPriceMinor: 1, discountBp: 0 })).toBe(3); // 2.5 → 3, not banker's 2
    expect(computeLineNet({ quantityMilli: 1000, unitPriceMinor: 1, discountBp: 5000 })).toBe(1); // 0.5 → 1
    expect(computeLineNet({ quantityMilli: 1000, unitPriceMinor: 3, discountBp: 5000 })).toBe(2); // 1.5 → 2
    expect(computeLineNet({ quantityMilli: 499, unitPriceMinor: 1, discountBp: 0 })).toBe(0); // 0.499 → 0
    expect(computeLineNet({ quantityMilli: 1000, unitPriceMinor: 999, discountBp: 1250 })).toBe(874); // 874.125
    expect(computeLineNet({ quantityMilli: 1000, unitPriceMinor: 1001, discountBp: 1250 })).toBe(876); // 875.875
  });

  it("gives zero with a 100 % discount", () => {
    expect(computeLineNet({ quantityMilli: 999_999_999, unitPriceMinor: 1_000_000_000, discountBp: 10000 })).toBe(0);
  });

  it("is exact for the largest quantity and a large price (floats would not be)", () => {
    // 999 999.999 × 123 456 789 = 123 456 788 876 543.211 → 123 456 788 876 543
    expect(computeLineNet({ quantityMilli: 999_999_999, unitPriceMinor: 123_456_789, discountBp: 0 })).toBe(
      123_456_788_876_543,
    );
    // 999 999.999 × 10^9 minor units = 999 999 999 000 000
    const net = computeLineNet({ quantityMilli: 999_999_999, unitPriceMinor: 1_000_000_000, discountBp: 0 });
    expect(net).toBe(999_999_999_000_000);
    expect(Number.isSafeInteger(net)).toBe(true);
    // With 33.33 % off: 999 999 999 000 000 × 0.6667 = 666 699 999 333 300 exactly.
    expect(computeLineNet({ quantityMilli: 999_999_999, unitPriceMinor: 1_000_000_000, discountBp: 3333 })).toBe(
      666_699_999_333_300,
    );
  });

  it("throws a clear error when the result cannot be exact", () => {
    expect(() =>
      computeLineNet({ quantityMilli: 999_999_999, unitPriceMinor: 100_000_000_000, discountBp: 0 }),
    ).toThrow(/Line net is too large/);
  });

  it("refuses fractional or out-of-range inputs", () => {
    expect(() => computeLineNet({ quantityMilli: 1.5, unitPriceMinor: 1, discountBp: 0 })).toThrow(RangeError);
    expect(() => computeLineNet({ quantityMilli: 1000, unitPriceMinor: 0.5, discountBp: 0 })).toThrow(RangeError);
    expect(() => computeLineNet({ quantityMilli: 1000, unitPriceMinor: 1, discountBp: 10001 })).toThrow(RangeError);
    expect(() => computeLineNet({ quantityMilli: 1000, unitPriceMinor: 1, discountBp: -1 })).toThrow(RangeError);
  });

  it("matches the exact rational value within half a cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_QUANTITY_MILLI }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 10000 }),
        (quantityMilli, unitPriceMinor, discountBp) => {
          const net = computeLineNet({ quantityMilli, unitPriceMinor, discountBp });
          const exactTimes10e7 = BigInt(quantityMilli) * BigInt(unitPriceMinor) * BigInt(10000 - discountBp);
          const difference = BigInt(net) * 10_000_000n - exactTimes10e7;
          expect(difference * 2n <= 10_000_000n && difference * 2n > -10_000_000n).toBe(true);
        },
      ),
    );
  });
});

describe("computeTax", () => {
  it("rounds half up", () => {
    expect(computeTax(10000, 2000)).toBe(2000);
    expect(computeTax(5, 1000)).toBe(1); // 0.5
    expect(computeTax(10, 550)).toBe(1); // 0.55
    expect(computeTax(90, 550)).toBe(5); // 4.95
    expect(computeTax(1, 2000)).toBe(0); // 0.2
    expect(computeTax(-5, 1000)).toBe(-1); // -0.5 mirrors 0.5
    expect(computeTax(12345, 0)).toBe(0);
  });
});

describe("computeInvoiceTotals", () => {
  it("totals a simple invoice", () => {
    expect(
      computeInvoiceTotals([
        line({ quantityMilli: 1500, unitPriceMinor: 8000 }),
        line({ quantityMilli: 1000, unitPriceMinor: 5000, taxRateBp: 550 }),
      ]),
    ).toEqual({
      lines: [{ net: 12000 }, { net: 5000 }],
      taxes: [
        { category: "S", rateBp: 2000, base: 12000, tax: 2400 },
        { category: "S", rateBp: 550, base: 5000, tax: 275 },
      ],
      net: 17000,
      tax: 2675,
      total: 19675,
    });
  });

  it("totals an empty invoice as zero", () => {
    expect(computeInvoiceTotals([])).toEqual({ lines: [], taxes: [], net: 0, tax: 0, total: 0 });
  });

  it("rounds each of a thousand 0.333 × 0.01 lines before summing", () => {
    const lines = Array.from({ length: 1000 }, () => line({ quantityMilli: 333, unitPriceMinor: 1 }));
    const totals = computeInvoiceTotals(lines);
    expect(totals.lines).toHaveLength(1000);
    expect(totals.lines.every(({ net }) => net === 0)).toBe(true);
    expect(totals).toMatchObject({
      net: 0,
      tax: 0,
      total: 0,
      taxes: [{ category: "S", rateBp: 2000, base: 0, tax: 0 }],
    });

    // 0.333 × 0.02 = 0.666 → 1 cent per line.
    const doubled = computeInvoiceTotals(
      Array.from({ length: 1000 }, () => line({ quantityMilli: 333, unitPriceMinor: 2 })),
    );
    expect(doubled).toMatchObject({ net: 1000, tax: 200, total: 1200 });
  });

  it("computes tax per rate on the sum of the nets, not line by line", () => {
    // Three lines of 0.05 at 10 %: per line 0.005 → 0.01 each would give 0.03; on the sum 0.015 → 0.02.
    const totals = computeInvoiceTotals([
      line({ unitPriceMinor: 5, taxRateBp: 1000 }),
      line({ unitPriceMinor: 5, taxRateBp: 1000 }),
      line({ unitPriceMinor: 5, taxRateBp: 1000 }),
    ]);
    expect(totals.taxes).toEqual([{ category: "S", rateBp: 1000, base: 15, tax: 2 }]);
    expect(totals.total).toBe(17);
  });

  it("rounds half-cent tax ties up", () => {
    expect(computeInvoiceTotals([line({ unitPriceMinor: 5, taxRateBp: 1000 })]).tax).toBe(1); // 0.5
    expect(computeInvoiceTotals([line({ unitPriceMinor: 10, taxRateBp: 550 })]).tax).toBe(1); // 0.55
    expect(computeInvoiceTotals([line({ unitPriceMinor: 250, taxRateBp: 210 })]).tax).toBe(5); // 5.25
    expect(computeInvoiceTotals([line({ unitPriceMinor: 2500, taxRateBp: 210 })]).tax).toBe(53); // 52.5
  });

  it("handles a 100 % discount line", () => {
    const totals = computeInvoiceTotals([line({ discountBp: 10000 }), line({ unitPriceMinor: 1000 })]);
    expect(totals.lines).toEqual([{ net: 0 }, { net: 1000 }]);
    expect(totals).toMatchObject({ net: 1000, tax: 200, total: 1200 });
  });

  it("lists zero-rated bases and sorts mixed rates from highest to lowest", () => {
    const totals = computeInvoiceTotals([
      line({ unitPriceMinor: 1000, taxRateBp: 0 }),
      line({ unitPriceMinor: 1000, taxRateBp: 550 }),
      line({ unitPriceMinor: 1000, taxRateBp: 2000 }),
      line({ unitPriceMinor: 1000, taxRateBp: 210 }),
      line({ unitPriceMinor: 1000, taxRateBp: 1000 }),
      line({ unitPriceMinor: 3333, taxRateBp: 550 }),
    ]);
    expect(totals.taxes).toEqual([
      { category: "S", rateBp: 2000, base: 1000, tax: 200 },
      { category: "S", rateBp: 1000, base: 1000, tax: 100 },
      { category: "S", rateBp: 550, base: 4333, tax: 238 }, // 238.315
      { category: "S", rateBp: 210, base: 1000, tax: 21 },
      { category: "Z", rateBp: 0, base: 1000, tax: 0 },
    ]);
    expect(totals).toMatchObject({ net: 8333, tax: 559, total: 8892 });
  });

  it("zero-rated only invoice has no tax", () => {
    expect(computeInvoiceTotals([line({ taxRateBp: 0 })])).toMatchObject({
      net: 10000,
      tax: 0,
      total: 10000,
      taxes: [{ category: "Z", rateBp: 0, base: 10000, tax: 0 }],
    });
  });

  it("is exact for very large amounts and says clearly when a total is too large", () => {
    const big = line({ quantityMilli: 999_999_999, unitPriceMinor: 1_000_000_000 });
    const totals = computeInvoiceTotals([big]);
    expect(totals).toMatchObject({ net: 999_999_999_000_000, tax: 199_999_999_800_000, total: 1_199_999_998_800_000 });
    for (const value of [totals.net, totals.tax, totals.total]) expect(Number.isSafeInteger(value)).toBe(true);
    // Eight such lines exceed 2^53 − 1 minor units.
    expect(() => computeInvoiceTotals(Array.from({ length: 8 }, () => big))).toThrow(/too large to be handled exactly/);
  });

  it("refuses a negative tax rate", () => {
    expect(() => computeInvoiceTotals([line({ taxRateBp: -1 })])).toThrow(RangeError);
  });

  it("gives a credit note the negated totals", () => {
    const lines = [
      line({ quantityMilli: 500, unitPriceMinor: 1 }),
      line({ unitPriceMinor: 5, taxRateBp: 1000 }),
      line({ taxRateBp: 0 }),
    ];
    expect(computeInvoiceTotals(lines, "credit_note")).toEqual({
      lines: [{ net: -1 }, { net: -5 }, { net: -10000 }],
      taxes: [
        { category: "S", rateBp: 2000, base: -1, tax: 0 },
        { category: "S", rateBp: 1000, base: -5, tax: -1 },
        { category: "Z", rateBp: 0, base: -10000, tax: 0 },
      ],
      net: -10006,
      tax: -1,
      total: -10007,
    });
  });

  const rates = fc.constantFrom(2000, 1000, 550, 210, 0);
  const lineArbitrary = fc.record({
    quantityMilli: fc.integer({ min: 1, max: MAX_QUANTITY_MILLI }),
    unitPriceMinor: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000_000 })),
    discountBp: fc.oneof(fc.constant(0), fc.constant(10000), fc.integer({ min: 0, max: 10000 })),
    taxRateBp: rates,
  });
  const linesArbitrary = fc.array(lineArbitrary, { maxLength: 30 });

  it("property: total = net + tax, net = Σ line nets = Σ bases, tax = Σ taxes", () => {
    fc.assert(
      fc.property(linesArbitrary, (lines) => {
        const totals = computeInvoiceTotals(lines);
        expect(totals.total).toBe(totals.net + totals.tax);
        expect(totals.net).toBe(totals.lines.reduce((sum, { net }) => sum + net, 0));
        expect(totals.net).toBe(totals.taxes.reduce((sum, { base }) => sum + base, 0));
        expect(totals.tax).toBe(totals.taxes.reduce((sum, { tax }) => sum + tax, 0));
        for (const { base, rateBp, tax } of totals.taxes) expect(tax).toBe(computeTax(base, rateBp));
        const rateOrder = totals.taxes.map(({ rateBp }) => rateBp);
        expect(rateOrder).toEqual([...rateOrder].sort((a, b) => b - a));
        expect(new Set(rateOrder).size).toBe(rateOrder.length);
      }),
    );
  });

  it("property: line order does not change the totals", () => {
    fc.assert(
      fc.property(
        linesArbitrary.chain((lines) =>
          fc.tuple(
            fc.constant(lines),
            fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length }),
          ),
        ),
        ([lines, shuffled]) => {
          // Line nets follow the lines; everything else must be identical.
          const summary = ({ taxes, net, tax, total }: InvoiceTotals) => ({ taxes, net, tax, total });
          expect(summary(computeInvoiceTotals(shuffled))).toEqual(summary(computeInvoiceTotals(lines)));
        },
      ),
    );
  });

  it("property: a credit note mirrors its invoice exactly, however it is entered", () => {
    fc.assert(
      fc.property(linesArbitrary, (lines) => {
        const invoice = computeInvoiceTotals(lines, "invoice");
        const credit = computeInvoiceTotals(lines, "credit_note");
        const negate = (value: number) => (value === 0 ? 0 : -value);
        expect(credit).toEqual({
          lines: invoice.lines.map(({ net }) => ({ net: negate(net) })),
          taxes: invoice.taxes.map((row) => ({ ...row, base: negate(row.base), tax: negate(row.tax) })),
          net: negate(invoice.net),
          tax: negate(invoice.tax),
          total: negate(invoice.total),
        });
        // Entering the credit note with negative prices gives the same cents: rounding is symmetric.
        const negativePrices = computeInvoiceTotals(
          lines.map((entry) => ({ ...entry, unitPriceMinor: -entry.unitPriceMinor })),
        );
        expect(negativePrices).toEqual(credit);
        // An invoice and its full credit note cancel out.
        expect(invoice.total + credit.total).toBe(0);
      }),
    );
  });
});
describe("computeBalance", () => {
  it("computes the balance", () => {
    expect(computeBalance({ total: 12000, paid: 0, credited: 0 })).toBe(12000);
    expect(computeBalance({ total: 12000, paid: 5000, credited: 2000 })).toBe(5000);
    expect(computeBalance({ total: 12000, paid: 12000, credited: 12000 })).toBe(-12000);
    expect(() => computeBalance({ total: 1.5, paid: 0, credited: 0 })).toThrow(RangeError);
  });
});
