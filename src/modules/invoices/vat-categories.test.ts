import { describe, expect, it } from "vitest";
import { computeInvoiceTotals } from "./invoice-amounts";
import {
  DEFAULT_TAX_RATES,
  findTaxRate,
  legalMentions,
  normalizeTaxRate,
  proposeVatCategory,
  rateForCategory,
  showsBreakdownRows,
  VAT_CATEGORY_DEFAULTS,
} from "./vat-categories";

const french = { firmCountry: "FR", clientIsBusiness: true, clientVatNumber: null, clientDefaultCategory: null };

describe("proposeVatCategory", () => {
  it("proposes the standard rate for a domestic business, with or without a VAT number", () => {
    expect(proposeVatCategory({ ...french, clientCountry: "FR", clientVatNumber: "FR40303265045" })).toMatchObject({
      category: "S",
      reason: "domestic",
    });
    expect(proposeVatCategory({ ...french, clientCountry: null })).toMatchObject({ category: "S" });
  });

  it("proposes reverse charge for an EU business with a VAT number (art. 44 and 196)", () => {
    expect(proposeVatCategory({ ...french, clientCountry: "DE", clientVatNumber: "DE123456789" })).toMatchObject({
      category: "AE",
      reason: "eu_business",
    });
  });

  it("keeps the standard rate for an EU business without a VAT number and for an EU consumer", () => {
    expect(proposeVatCategory({ ...french, clientCountry: "BE" })).toMatchObject({
      category: "S",
      reason: "eu_business_without_vat_number",
    });
    expect(
      proposeVatCategory({ ...french, clientCountry: "DE", clientIsBusiness: false, clientVatNumber: "DE123456789" }),
    ).toMatchObject({ category: "S", reason: "eu_consumer" });
  });

  it("proposes outside scope for a business outside the EU, the standard rate for a consumer there", () => {
    expect(proposeVatCategory({ ...french, clientCountry: "GB", clientVatNumber: "GB123456789" })).toMatchObject({
      category: "O",
      reason: "non_eu_business",
    });
    expect(proposeVatCategory({ ...french, clientCountry: "US" })).toMatchObject({ category: "O" });
    expect(proposeVatCategory({ ...french, clientCountry: "CH", clientIsBusiness: false })).toMatchObject({
      category: "S",
      reason: "non_eu_consumer",
    });
  });

  it("lets the client's default win", () => {
    expect(
      proposeVatCategory({
        ...french,
        clientCountry: "DE",
        clientVatNumber: "DE123456789",
        clientDefaultCategory: "E",
      }),
    ).toMatchObject({ category: "E", reason: "client_default" });
  });

  it("is relative to the firm's country", () => {
    expect(
      proposeVatCategory({ ...french, firmCountry: "DE", clientCountry: "FR", clientVatNumber: "FR40303265045" }),
    ).toMatchObject({ category: "AE" });
    expect(proposeVatCategory({ ...french, firmCountry: "DE", clientCountry: "DE" })).toMatchObject({ category: "S" });
  });
});

describe("configured rates", () => {
  it("ships a French firm's defaults: four standard rates and one rate per other category, each with its mention", () => {
    const categories = DEFAULT_TAX_RATES.map((rate) => rate.category);
    expect(categories.filter((category) => category === "S")).toHaveLength(4);
    for (const category of ["Z", "E", "AE", "K", "G", "O"] as const) expect(categories).toContain(category);
    expect(DEFAULT_TAX_RATES.find((rate) => rate.category === "AE")).toMatchObject({
      basisPoints: 0,
      vatexCode: "VATEX-EU-AE",
      mention: expect.stringMatching(/Reverse charge.*Autoliquidation, article 283-2 du CGI/),
    });
    expect(DEFAULT_TAX_RATES.filter((rate) => rate.isDefault)).toEqual([
      expect.objectContaining({ basisPoints: 2000 }),
    ]);
  });

  it("reads rates saved before categories as standard above 0 % and zero rated at 0 %", () => {
    expect(normalizeTaxRate({ label: "Std", basisPoints: 2000, isDefault: true }).category).toBe("S");
    expect(normalizeTaxRate({ label: "Zero", basisPoints: 0, isDefault: false }).category).toBe("Z");
  });

  it("finds a line's rate by category and percentage, and the rate for a proposed category", () => {
    expect(findTaxRate(DEFAULT_TAX_RATES, 0, "AE")?.label).toBe("Reverse charge (EU business)");
    expect(findTaxRate(DEFAULT_TAX_RATES, 0, null)?.category).toBe("Z");
    expect(findTaxRate(DEFAULT_TAX_RATES, 2000, "AE")).toBeNull();
    expect(rateForCategory(DEFAULT_TAX_RATES, "S")?.basisPoints).toBe(2000);
    expect(rateForCategory(DEFAULT_TAX_RATES, "O")?.category).toBe("O");
    expect(rateForCategory(DEFAULT_TAX_RATES.slice(0, 4), "AE")).toBeNull();
  });
});

describe("breakdown by category and rate, and the mentions", () => {
  const line = (taxRateBp: number, vatCategory: "S" | "Z" | "AE" | "E" | "O", unitPriceMinor = 10000) => ({
    quantityMilli: 1000,
    unitPriceMinor,
    discountBp: 0,
    taxRateBp,
    vatCategory,
    vatMention: vatCategory === "S" ? null : VAT_CATEGORY_DEFAULTS[vatCategory].mention,
    vatexCode: vatCategory === "S" ? null : VAT_CATEGORY_DEFAULTS[vatCategory].vatexCode,
  });

  it("keeps one row per (category, rate): two 0 % categories stay apart, with their mentions", () => {
    const totals = computeInvoiceTotals([line(2000, "S"), line(0, "AE"), line(0, "E", 5000), line(0, "AE", 2500)]);
    expect(totals.taxes).toEqual([
      { category: "S", rateBp: 2000, base: 10000, tax: 2000 },
      {
        category: "E",
        rateBp: 0,
        base: 5000,
        tax: 0,
        mention: VAT_CATEGORY_DEFAULTS.E.mention,
        vatexCode: "VATEX-EU-132",
      },
      {
        category: "AE",
        rateBp: 0,
        base: 12500,
        tax: 0,
        mention: VAT_CATEGORY_DEFAULTS.AE.mention,
        vatexCode: "VATEX-EU-AE",
      },
    ]);
    expect(totals.tax).toBe(2000);
  });

  it("gives a reverse-charge invoice no VAT", () => {
    const totals = computeInvoiceTotals([line(0, "AE"), line(0, "AE", 3333)]);
    expect(totals).toMatchObject({ net: 13333, tax: 0, total: 13333 });
    expect(totals.taxes).toHaveLength(1);
  });

  it("prints one mention per category other than standard, each once", () => {
    const totals = computeInvoiceTotals([line(2000, "S"), line(0, "AE"), line(0, "AE", 1), line(0, "O")]);
    expect(legalMentions(totals.taxes).map((mention) => mention.category)).toEqual(["AE", "O"]);
    expect(legalMentions(computeInvoiceTotals([line(2000, "S"), line(1000, "S")]).taxes)).toEqual([]);
    // A row saved without its mention falls back on the category's default text.
    expect(legalMentions([{ category: "O", rateBp: 0 }])[0]?.text).toBe(VAT_CATEGORY_DEFAULTS.O.mention);
  });

  it("shows the per-rate rows only when there is more than one group", () => {
    expect(showsBreakdownRows(computeInvoiceTotals([line(2000, "S"), line(2000, "S")]).taxes)).toBe(false);
    expect(showsBreakdownRows(computeInvoiceTotals([line(2000, "S"), line(0, "AE")]).taxes)).toBe(true);
  });
});
