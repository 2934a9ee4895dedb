import { roundHalfUp, toSafeNumber } from "@/lib/money";
import type {
  EinvoiceDocument,
  EinvoiceLine,
  EinvoiceParty,
  EinvoiceVatBreakdown,
  VatCategory,
} from "@/modules/einvoicing/einvoice-model";
import { VAT_CATEGORIES } from "@/modules/einvoicing/einvoice-model";

// Test documents with Bureau's figures. The money rule (decision 006), computed here with the
// src/lib/money.ts helpers: line net = round-half-up(quantity × unit price × (1 − discount)); tax
// per (category, rate) = round-half-up(sum of the group's nets × rate); total = nets + taxes.
// computeInvoiceTotals (src/modules/invoices/invoice-rules.ts) groups by rate only today; once it
// groups by (category, rate) the lead maps its result instead.

export type LineInput = {
  name: string;
  description?: string | null;
  quantityMilli: number;
  unitCode?: string;
  unitPriceMinor: number;
  discountBp?: number;
  vatCategory?: VatCategory;
  vatRateBp?: number;
};

export const EXEMPTIONS: Record<Exclude<VatCategory, "S" | "Z">, { reason: string; code: string }> = {
  E: { reason: "Exempt based on article 132 of Council Directive 2006/112/EC", code: "VATEX-EU-132" },
  AE: { reason: "Reverse charge", code: "VATEX-EU-AE" },
  K: { reason: "Intra-community supply", code: "VATEX-EU-IC" },
  G: { reason: "Export outside the EU", code: "VATEX-EU-G" },
  O: { reason: "Not subject to VAT", code: "VATEX-EU-O" },
};

export function computeLine(input: LineInput, index: number): EinvoiceLine {
  const discountBp = input.discountBp ?? 0;
  const product = BigInt(input.quantityMilli) * BigInt(input.unitPriceMinor);
  const net = roundHalfUp(product * BigInt(10_000 - discountBp), 10_000_000n);
  const undiscounted = roundHalfUp(product, 1000n);
  const category = input.vatCategory ?? "S";
  return {
    id: String(index + 1),
    name: input.name,
    description: input.description ?? null,
    quantityMilli: input.quantityMilli,
    unitCode: input.unitCode ?? "HUR",
    unitPriceMinor: input.unitPriceMinor,
    discountBp,
    discountMinor: toSafeNumber(undiscounted - net),
    netMinor: toSafeNumber(net),
    vatCategory: category,
    vatRateBp: category === "S" ? (input.vatRateBp ?? 2000) : 0,
  };
}

export function computeBreakdown(
  lines: readonly EinvoiceLine[],
  exemptions: Partial<Record<VatCategory, { reason: string | null; code: string | null }>> = {},
): EinvoiceVatBreakdown[] {
  const groups = new Map<string, { category: VatCategory; rateBp: number; base: bigint }>();
  for (const line of lines) {
    const key = `${line.vatCategory}|${line.vatRateBp}`;
    const group = groups.get(key) ?? { category: line.vatCategory, rateBp: line.vatRateBp, base: 0n };
    group.base += BigInt(line.netMinor);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => VAT_CATEGORIES.indexOf(a.category) - VAT_CATEGORIES.indexOf(b.category) || b.rateBp - a.rateBp)
    .map((group) => {
      const exemption =
        group.category === "S" || group.category === "Z"
          ? null
          : (exemptions[group.category] ?? EXEMPTIONS[group.category]);
      return {
        category: group.category,
        rateBp: group.rateBp,
        taxableMinor: toSafeNumber(group.base),
        taxMinor: toSafeNumber(roundHalfUp(group.base * BigInt(group.rateBp), 10_000n)),
        exemptionReason: exemption?.reason ?? null,
        exemptionReasonCode: exemption?.code ?? null,
      };
    });
}

/** Lines, breakdown and totals from line inputs. */
export function withFigures(
  document: Omit<EinvoiceDocument, "lines" | "vatBreakdown" | "totals">,
  inputs: readonly LineInput[],
  options: {
    prepaidMinor?: number;
    exemptions?: Partial<Record<VatCategory, { reason: string | null; code: string | null }>>;
  } = {},
): EinvoiceDocument {
  const lines = inputs.map(computeLine);
  const vatBreakdown = computeBreakdown(lines, options.exemptions);
  const lineNet = lines.reduce((sum, line) => sum + BigInt(line.netMinor), 0n);
  const tax = vatBreakdown.reduce((sum, row) => sum + BigInt(row.taxMinor), 0n);
  const prepaid = BigInt(options.prepaidMinor ?? 0);
  return {
    ...document,
    lines,
    vatBreakdown,
    totals: {
      lineNetMinor: toSafeNumber(lineNet),
      taxMinor: toSafeNumber(tax),
      grossMinor: toSafeNumber(lineNet + tax),
      prepaidMinor: toSafeNumber(prepaid),
      dueMinor: toSafeNumber(lineNet + tax - prepaid),
    },
  };
}

export const frenchSeller: EinvoiceParty = {
  name: "Atelier Durand SARL",
  address: {
    lines: ["12 rue de la Paix", "Bâtiment B"],
    postalCode: "75002",
    city: "Paris",
    countrySubdivision: null,
    countryCode: "FR",
  },
  vatId: "FR40303265045",
  legalRegistration: { value: "303265045", scheme: "0002" },
  legalInformation: "SARL au capital de 10 000 €, RCS Paris 303 265 045",
  contact: { name: "Claire Durand", phone: "+33 1 23 45 67 89", email: "billing@atelier-durand.example" },
  electronicAddress: { value: "30326504500013", scheme: "0009" },
};

export const frenchBuyer: EinvoiceParty = {
  name: "Globex SAS",
  address: { lines: ["5 avenue Foch"], postalCode: "69006", city: "Lyon", countrySubdivision: null, countryCode: "FR" },
  vatId: "FR61954506077",
  legalRegistration: { value: "954506077", scheme: "0002" },
  legalInformation: null,
  contact: { name: "Marc Martin", phone: "+33 4 00 00 00 00", email: "ap@globex.example" },
  electronicAddress: { value: "95450607700010", scheme: "0009" },
};

export const germanBuyer: EinvoiceParty = {
  name: "Müller & Söhne GmbH",
  address: {
    lines: ["Königstraße 1"],
    postalCode: "70173",
    city: "Stuttgart",
    countrySubdivision: "Baden-Württemberg",
    countryCode: "DE",
  },
  vatId: "DE136695976",
  legalRegistration: null,
  legalInformation: null,
  contact: { name: "Jens Müller", phone: "+49 711 000000", email: "rechnung@mueller.example" },
  electronicAddress: { value: "DE136695976", scheme: "9930" },
};

export const swissBuyer: EinvoiceParty = {
  name: "Helvetia Consulting AG",
  address: {
    lines: ["Bahnhofstrasse 10"],
    postalCode: "8001",
    city: "Zürich",
    countrySubdivision: null,
    countryCode: "CH",
  },
  vatId: "CHE-123.456.788 MWST",
  legalRegistration: null,
  legalInformation: null,
  contact: null,
  electronicAddress: { value: "CHE123456788", scheme: "0183" },
};

export const sepaPayment = {
  meansCode: "58",
  accountId: "FR7630006000011234567890189",
  accountName: "Atelier Durand SARL",
  bic: "AGRIFRPP",
  remittanceReference: "2026-0042",
} as const;

/** A plain domestic French invoice: two lines at 20 %, 30 days. Override what a case needs. */
export function baseDocument(
  overrides: Partial<Omit<EinvoiceDocument, "lines" | "vatBreakdown" | "totals">> = {},
): Omit<EinvoiceDocument, "lines" | "vatBreakdown" | "totals"> {
  return {
    kind: "invoice",
    number: "2026-0042",
    issueDate: "2026-03-02",
    dueDate: "2026-04-01",
    currency: "EUR",
    buyerReference: "04011000-12345-34",
    purchaseOrderReference: "PO-7781",
    precedingInvoice: null,
    invoicePeriod: { startDate: "2026-02-01", endDate: "2026-02-28" },
    delivery: null,
    notes: ["Thank you for your business."],
    paymentTerms: "30 days net. Late payment: 40 EUR fixed fee and interest at three times the legal rate.",
    seller: frenchSeller,
    buyer: frenchBuyer,
    payment: { ...sepaPayment },
    ...overrides,
  };
}
