// The e-invoice model: one typed document that every format (Factur-X / CII, UBL for Peppol BIS
// Billing 3.0, XRechnung in both syntaxes) is written from. It follows Bureau's conventions and not
// the XML's: amounts are integer minor units of `currency` (ISO 4217, exponent from
// currencyMinorDigits in src/lib/money.ts), quantities integer thousandths, rates and discounts
// integer basis points, dates `YYYY-MM-DD`.
//
// The figures are given, never recomputed by the writers: the model carries Bureau's line nets,
// VAT breakdown and totals exactly as Bureau computed them, so the e-invoice says
// what the PDF says. einvoice-rules.ts checks that they add up the way EN 16931 expects before an
// invoice is issued.
//
// Amounts of a credit note are positive here (EN 16931 writes credit notes with positive amounts
// and lets the type code 381 say what they are); the lead maps Bureau's negative credit-note
// totals by their magnitude.

/** UNTDID 1001: 380 commercial invoice, 381 credit note. */
export type EinvoiceKind = "invoice" | "credit_note";

export const EINVOICE_TYPE_CODES = { invoice: "380", credit_note: "381" } as const satisfies Record<
  EinvoiceKind,
  string
>;

/**
 * UNTDID 5305 as restricted by EN 16931 (BT-118, BT-151), without L and M (Canary Islands, Ceuta
 * and Melilla taxes), which a firm billing under EU VAT does not use.
 * S standard rate, Z zero rated, E exempt, AE reverse charge, K intra-community supply (EEA),
 * G export outside the EU, O outside the scope of VAT.
 */
export type VatCategory = "S" | "Z" | "E" | "AE" | "K" | "G" | "O";

export const VAT_CATEGORIES = ["S", "Z", "E", "AE", "K", "G", "O"] as const satisfies readonly VatCategory[];

/** A postal address as EN 16931 wants it (BG-5, BG-8, BG-15). */
export type EinvoiceAddress = {
  /** Up to three lines: BT-35/36/162 (seller), BT-50/51/163 (buyer). Empty lines are left out. */
  lines: string[];
  postalCode: string | null;
  city: string | null;
  /** Region, county, state (BT-39, BT-54). */
  countrySubdivision: string | null;
  /** ISO 3166-1 alpha-2 (BT-40, BT-55, BT-80). */
  countryCode: string;
};

/** An identifier with its ISO/IEC 6523 ICD scheme, e.g. SIREN `0002`, SIRET `0009`, KBO/BCE `0208`. */
export type SchemedIdentifier = { value: string; scheme: string | null };

/** An electronic address (BT-34, BT-49) with its EAS scheme, e.g. `EM` (email) or `0009` (SIRET). */
export type ElectronicAddress = { value: string; scheme: string };

export type EinvoiceContact = {
  name: string | null;
  phone: string | null;
  email: string | null;
};

export type EinvoiceParty = {
  name: string;
  address: EinvoiceAddress;
  /** VAT identifier with its country prefix (BT-31, BT-48), e.g. FR40303265045. */
  vatId: string | null;
  /** Legal registration identifier (BT-30, BT-47), e.g. SIREN with scheme 0002. */
  legalRegistration: SchemedIdentifier | null;
  /** Seller only (BT-33): e.g. "SARL au capital de 10 000 €, RCS Paris 123 456 789". */
  legalInformation: string | null;
  /** BG-6 (seller) / BG-9 (buyer). */
  contact: EinvoiceContact | null;
  electronicAddress: ElectronicAddress | null;
};

/**
 * Payment instructions (BG-16) for a credit transfer. UNTDID 4461 code 58 is a SEPA credit
 * transfer (EUR between SEPA countries), 30 any other credit transfer.
 */
export type EinvoicePayment = {
  meansCode: "30" | "58";
  /** BT-84: the IBAN (or another account identifier for code 30). */
  accountId: string;
  /** BT-85. */
  accountName: string | null;
  /** BT-86: the BIC. */
  bic: string | null;
  /** BT-83: what the buyer writes on the transfer, usually the invoice number. */
  remittanceReference: string | null;
};

export type EinvoiceLine = {
  /** BT-126: unique within the document (Bureau: the line position). */
  id: string;
  /** BT-153: the item name (Bureau's line description, first line). */
  name: string;
  /** BT-154: more text about the item, optional. */
  description: string | null;
  /** BT-129 in thousandths (1.5 → 1500), > 0. */
  quantityMilli: number;
  /** BT-130: UN/ECE Recommendation 20 (HUR hour, DAY day, C62 one/unit, ...). */
  unitCode: string;
  /** BT-146: the unit price before the line discount, in minor units, ≥ 0. */
  unitPriceMinor: number;
  /** The line discount in basis points (0–10000), shown as the allowance's reason text. */
  discountBp: number;
  /**
   * BT-136: the discount as an amount, ≥ 0. With Bureau's rule it is
   * round(quantity × unit price) − net, so that net = quantity × price − discount up to the
   * rounding of the line (Peppol allows 0.02 of slack, PEPPOL-EN16931-R120).
   */
  discountMinor: number;
  /** BT-131: round-half-up(quantity × unit price × (1 − discount)), Bureau's line net. */
  netMinor: number;
  vatCategory: VatCategory;
  /** BT-152 in basis points; 0 for every category but S. */
  vatRateBp: number;
};

/** One row of the VAT breakdown (BG-23) per (category, rate). */
export type EinvoiceVatBreakdown = {
  category: VatCategory;
  rateBp: number;
  /** BT-116: sum of the line nets in this group. */
  taxableMinor: number;
  /** BT-117: round-half-up(taxable × rate). */
  taxMinor: number;
  /** BT-120: required for E, AE, K, G, O (with or instead of the code); absent for S and Z. */
  exemptionReason: string | null;
  /** BT-121: VATEX code, e.g. VATEX-EU-AE, VATEX-EU-IC, VATEX-EU-G, VATEX-EU-O, VATEX-EU-132. */
  exemptionReasonCode: string | null;
};

/** Document totals (BG-22). Bureau has no document-level allowances or charges. */
export type EinvoiceTotals = {
  /** BT-106: sum of the line nets; also BT-109 (total without VAT), as there are no document allowances. */
  lineNetMinor: number;
  /** BT-110: sum of the breakdown's tax amounts. */
  taxMinor: number;
  /** BT-112: lineNet + tax. */
  grossMinor: number;
  /** BT-113: what was paid before this document was issued (a deposit), ≥ 0. */
  prepaidMinor: number;
  /** BT-115: gross − prepaid. */
  dueMinor: number;
};

export type EinvoiceDocument = {
  kind: EinvoiceKind;
  /** BT-1. */
  number: string;
  /** BT-2. */
  issueDate: string;
  /** BT-9. */
  dueDate: string | null;
  /** BT-5, ISO 4217. */
  currency: string;
  /** BT-10: the buyer's reference (Leitweg-ID for German public buyers). */
  buyerReference: string | null;
  /** BT-13. */
  purchaseOrderReference: string | null;
  /** BG-3 (BT-25, BT-26): on a credit note, the invoice it corrects. */
  precedingInvoice: { number: string; issueDate: string | null } | null;
  /** BG-14 (BT-73, BT-74): the service period. */
  invoicePeriod: { startDate: string; endDate: string } | null;
  /** BG-13: actual delivery date (BT-72) and deliver-to address (BG-15), which K needs (BR-IC-11, BR-IC-12). */
  delivery: { date: string | null; address: EinvoiceAddress | null } | null;
  /** BT-22: free-text notes; Peppol allows one, so the Peppol writer joins them. */
  notes: string[];
  /** BT-20: payment terms in words, e.g. "30 days net; late payment: 40 EUR fixed fee". */
  paymentTerms: string | null;
  seller: EinvoiceParty;
  buyer: EinvoiceParty;
  payment: EinvoicePayment | null;
  lines: EinvoiceLine[];
  vatBreakdown: EinvoiceVatBreakdown[];
  totals: EinvoiceTotals;
};

/** The formats Bureau writes. */
export type EinvoiceFormat = "factur-x" | "peppol" | "xrechnung-cii" | "xrechnung-ubl";

export const EINVOICE_FORMATS = [
  "factur-x",
  "peppol",
  "xrechnung-cii",
  "xrechnung-ubl",
] as const satisfies readonly EinvoiceFormat[];

/** The formats' names as people know them (download menu, client form). */
export const EINVOICE_FORMAT_LABELS: Record<EinvoiceFormat, string> = {
  "factur-x": "Factur-X (PDF)",
  peppol: "Peppol BIS 3 (UBL)",
  "xrechnung-cii": "XRechnung (CII)",
  "xrechnung-ubl": "XRechnung (UBL)",
};

// Specification identifiers (BT-24) and business process (BT-23).
export const EN16931_GUIDELINE = "urn:cen.eu:en16931:2017";
export const PEPPOL_CUSTOMIZATION = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const XRECHNUNG_CUSTOMIZATION = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0";
/** Peppol BIS Billing 3.0's process; XRechnung requires BT-23 too (PEPPOL-EN16931-R001) and uses the same. */
export const PEPPOL_BILLING_PROCESS = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";
