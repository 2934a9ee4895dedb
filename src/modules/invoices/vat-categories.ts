// VAT categories of Bureau's tax rates and the rules that propose one for a client. Pure and
// browser-safe: the invoice form proposes with the same function the tests reach.
//
// The categories are EN 16931's (UNCL5305, einvoicing/einvoice-model.ts); each configured tax rate
// carries one, with the legal mention printed on the invoice (VAT Directive art. 226 (11) and
// (11a): an exemption or a reverse charge names its reason) and, where it exists, the VATEX code
// of that reason (BT-121).
import { isEuCountry } from "@/modules/clients/client-rules";
import { VAT_CATEGORIES, type VatCategory } from "@/modules/einvoicing/einvoice-model";

export { VAT_CATEGORIES, type VatCategory };

export const VAT_CATEGORY_LABELS: Record<VatCategory, string> = {
  S: "Standard rate",
  Z: "Zero rated",
  E: "Exempt",
  AE: "Reverse charge",
  K: "Intra-community supply",
  G: "Export outside the EU",
  O: "Outside the scope of VAT",
};

export function isVatCategory(value: unknown): value is VatCategory {
  return typeof value === "string" && (VAT_CATEGORIES as readonly string[]).includes(value);
}

/** A tax rate as configured in the settings. Rates saved before categories existed have none. */
export type ConfiguredTaxRate = {
  label: string;
  basisPoints: number;
  isDefault: boolean;
  category?: VatCategory;
  mention?: string | null;
  vatexCode?: string | null;
};

/** A rate with its category settled: old rates are standard when above 0 %, zero rated at 0 %. */
export type TaxRateChoice = {
  label: string;
  basisPoints: number;
  isDefault: boolean;
  category: VatCategory;
  mention: string | null;
  vatexCode: string | null;
};

export function categoryOfRate(rate: { basisPoints: number; category?: VatCategory | null }): VatCategory {
  return rate.category ?? (rate.basisPoints > 0 ? "S" : "Z");
}

export function normalizeTaxRate(rate: ConfiguredTaxRate): TaxRateChoice {
  return {
    label: rate.label,
    basisPoints: rate.basisPoints,
    isDefault: rate.isDefault,
    category: categoryOfRate(rate),
    mention: rate.mention ?? null,
    vatexCode: rate.vatexCode ?? null,
  };
}

/** The key of a rate in a select: its category and basis points, e.g. "AE:0", "S:2000". */
export function taxRateKey(rate: { category: VatCategory; basisPoints: number }): string {
  return `${rate.category}:${rate.basisPoints}`;
}

/**
 * The configured rate a line means: the one with its category and rate; a line that names no
 * category (an older client, a test) takes the first rate with that percentage.
 */
export function findTaxRate(
  rates: readonly TaxRateChoice[],
  basisPoints: number,
  category: VatCategory | null | undefined,
): TaxRateChoice | null {
  if (category) return rates.find((rate) => rate.basisPoints === basisPoints && rate.category === category) ?? null;
  return rates.find((rate) => rate.basisPoints === basisPoints) ?? null;
}

/**
 * Whether a rate's category and percentage agree: standard rates are above 0 % (and at least
 * 0.5 %, as EN 16931 BR-CO-17 rounds rates to whole percents), every other category is 0 %.
 */
export function checkRateForCategory(category: VatCategory, basisPoints: number): string | null {
  if (category === "S") return basisPoints >= 50 ? null : "A standard rate is at least 0.5 %.";
  return basisPoints === 0 ? null : `${VAT_CATEGORY_LABELS[category]} is at 0 %.`;
}

/** Categories whose reason must be printed and sent (EN 16931 BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
export function needsExemptionReason(category: VatCategory): boolean {
  return category === "E" || category === "AE" || category === "K" || category === "G" || category === "O";
}

/**
 * Default mentions and VATEX codes per category, for a French firm (English, then the French
 * legal wording a French invoice must carry).
 */
export const VAT_CATEGORY_DEFAULTS: Record<VatCategory, { mention: string | null; vatexCode: string | null }> = {
  S: { mention: null, vatexCode: null },
  Z: { mention: "Zero-rated supply.", vatexCode: null },
  E: {
    mention: "VAT exempt (VAT Directive art. 132). Exonération de TVA, article 261 du CGI.",
    vatexCode: "VATEX-EU-132",
  },
  AE: {
    mention:
      "Reverse charge: VAT to be accounted for by the customer (VAT Directive art. 44 and 196). Autoliquidation, article 283-2 du CGI.",
    vatexCode: "VATEX-EU-AE",
  },
  K: {
    mention:
      "Intra-community supply exempt from VAT (VAT Directive art. 138). Exonération de TVA, article 262 ter I du CGI.",
    vatexCode: "VATEX-EU-IC",
  },
  G: {
    mention:
      "Export outside the EU, exempt from VAT (VAT Directive art. 146). Exonération de TVA, article 262 I du CGI.",
    vatexCode: "VATEX-EU-G",
  },
  O: {
    mention:
      "Outside the scope of EU VAT: service to a business established outside the EU (VAT Directive art. 44). TVA non applicable, article 259-1 du CGI.",
    vatexCode: "VATEX-EU-O",
  },
};

/** A French firm's rates: the four French rates, then one 0 % rate per other category. */
export const DEFAULT_TAX_RATES: TaxRateChoice[] = [
  { label: "Standard 20 %", basisPoints: 2000, isDefault: true, category: "S", mention: null, vatexCode: null },
  { label: "Reduced 10 %", basisPoints: 1000, isDefault: false, category: "S", mention: null, vatexCode: null },
  { label: "Reduced 5.5 %", basisPoints: 550, isDefault: false, category: "S", mention: null, vatexCode: null },
  { label: "Super-reduced 2.1 %", basisPoints: 210, isDefault: false, category: "S", mention: null, vatexCode: null },
  { label: "Zero-rated 0 %", basisPoints: 0, isDefault: false, category: "Z", ...VAT_CATEGORY_DEFAULTS.Z },
  {
    label: "Reverse charge (EU business)",
    basisPoints: 0,
    isDefault: false,
    category: "AE",
    ...VAT_CATEGORY_DEFAULTS.AE,
  },
  {
    label: "Outside scope (non-EU business)",
    basisPoints: 0,
    isDefault: false,
    category: "O",
    ...VAT_CATEGORY_DEFAULTS.O,
  },
  { label: "Exempt", basisPoints: 0, isDefault: false, category: "E", ...VAT_CATEGORY_DEFAULTS.E },
  { label: "Intra-community supply", basisPoints: 0, isDefault: false, category: "K", ...VAT_CATEGORY_DEFAULTS.K },
  { label: "Export outside the EU", basisPoints: 0, isDefault: false, category: "G", ...VAT_CATEGORY_DEFAULTS.G },
];

// ---------------------------------------------------------------------------------------
// Proposal for a client

export type VatProposalInput = {
  firmCountry: string;
  clientCountry: string | null;
  /** A business (B2B) rather than a private person. */
  clientIsBusiness: boolean;
  clientVatNumber: string | null;
  /** The client's own default, which wins over the rules. */
  clientDefaultCategory: VatCategory | null;
};

export type VatProposalReason =
  | "client_default"
  | "domestic"
  | "eu_business"
  | "eu_business_without_vat_number"
  | "eu_consumer"
  | "non_eu_business"
  | "non_eu_consumer";

export type VatProposal = { category: VatCategory; reason: VatProposalReason; explanation: string };

/**
 * The VAT category proposed for services to a client (VAT Directive art. 44, 45, 196):
 * - a client in the firm's country (or with no country): standard rate;
 * - a business in another EU member state with a VAT number: reverse charge (art. 44 puts the
 *   place of supply at the customer's, art. 196 makes the customer liable);
 * - an EU business without a VAT number, or an EU consumer: standard rate (art. 45);
 * - a business outside the EU: outside the scope of EU VAT (art. 44);
 * - a consumer outside the EU: standard rate (art. 45, the general rule).
 * The client's own default category wins; the user can still change each line.
 */
export function proposeVatCategory(input: VatProposalInput): VatProposal {
  if (input.clientDefaultCategory)
    return {
      category: input.clientDefaultCategory,
      reason: "client_default",
      explanation: `${VAT_CATEGORY_LABELS[input.clientDefaultCategory]}: the client's default.`,
    };
  const firm = input.firmCountry.toUpperCase();
  const country = input.clientCountry?.toUpperCase() ?? null;
  if (country === null || country === firm)
    return { category: "S", reason: "domestic", explanation: "Standard rate: a client in the firm's country." };
  const hasVatNumber = Boolean(input.clientVatNumber && input.clientVatNumber.trim() !== "");
  if (isEuCountry(country)) {
    if (!input.clientIsBusiness)
      return { category: "S", reason: "eu_consumer", explanation: "Standard rate: a private client in the EU." };
    if (hasVatNumber)
      return {
        category: "AE",
        reason: "eu_business",
        explanation: "Reverse charge: a business in another EU member state with a VAT number.",
      };
    return {
      category: "S",
      reason: "eu_business_without_vat_number",
      explanation: "Standard rate: this EU business has no VAT number, so reverse charge does not apply.",
    };
  }
  if (input.clientIsBusiness)
    return {
      category: "O",
      reason: "non_eu_business",
      explanation: "Outside the scope of EU VAT: a business established outside the EU.",
    };
  return { category: "S", reason: "non_eu_consumer", explanation: "Standard rate: a private client outside the EU." };
}

/**
 * The configured rate for a proposed category: for S the default rate when it is standard (else
 * the first standard rate), for the others the first rate of that category; null when none is
 * configured.
 */
export function rateForCategory(rates: readonly TaxRateChoice[], category: VatCategory): TaxRateChoice | null {
  if (category === "S") {
    const fallback = rates.find((rate) => rate.isDefault && rate.category === "S");
    return fallback ?? rates.find((rate) => rate.category === "S") ?? null;
  }
  return rates.find((rate) => rate.category === category) ?? null;
}

// ---------------------------------------------------------------------------------------
// What the document prints

export type BreakdownRow = {
  category: VatCategory;
  rateBp: number;
  mention?: string | null;
};

/**
 * The legal mentions a document prints (art. 226 (11)): one per category other than standard
 * that it uses, in the order of the breakdown, each once.
 */
export function legalMentions(rows: readonly BreakdownRow[]): { category: VatCategory; text: string }[] {
  const seen = new Set<string>();
  const mentions: { category: VatCategory; text: string }[] = [];
  for (const row of rows) {
    if (row.category === "S") continue;
    const text = (row.mention ?? VAT_CATEGORY_DEFAULTS[row.category].mention ?? "").trim();
    if (text === "" || seen.has(text)) continue;
    seen.add(text);
    mentions.push({ category: row.category, text });
  }
  return mentions;
}

/** Whether the document prints "Net at 20 % / VAT at 20 %" rows: only with more than one group. */
export function showsBreakdownRows(rows: readonly unknown[]): boolean {
  return rows.length > 1;
}
