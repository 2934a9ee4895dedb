// An issued invoice or credit note as an e-invoice: Bureau's frozen document (its snapshots of the
// firm and the client, its lines, its VAT breakdown and totals) mapped onto the e-invoice model
// (einvoice-model.ts), figure for figure. Pure: no database, no clock. The same issued invoice
// always maps to the same document, so its e-invoices are as stable as its PDF. Decision 028.
import type { PartySnapshot, TaxLine } from "@/db/schema";
import { roundHalfUp, toSafeNumber } from "@/lib/money";
import type {
  EinvoiceAddress,
  EinvoiceDocument,
  EinvoiceLine,
  EinvoiceParty,
  EinvoiceVatBreakdown,
  ElectronicAddress,
  SchemedIdentifier,
  VatCategory,
} from "./einvoice-model";
import { VAT_CATEGORIES } from "./einvoice-model";
import type { DocumentLanguage } from "@/i18n/document-language";
import { mentionIn } from "@/modules/invoices/invoice-document";
import { parsePeppolId } from "./peppol-id";

/** What the mapping reads of an invoice: its stored columns and lines (as getInvoice returns them). */
export type EinvoiceSource = {
  kind: "invoice" | "credit_note";
  number: string | null;
  issueDate: string;
  dueDate: string;
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  currency: string;
  paymentTermsDays: number;
  notes: string | null;
  footer: string | null;
  netTotal: number;
  taxTotal: number;
  total: number;
  taxBreakdown: (TaxLine & BreakdownCategory)[];
  /** BT-10 and BT-13, once invoices carry them (snapshot version 2). */
  buyerReference?: string | null;
  purchaseOrderReference?: string | null;
  /** How the client is asked to pay; a credit transfer when absent. */
  paymentMeans?: string | null;
  lines: {
    position: number;
    description: string;
    quantityMilli: number;
    unit: string;
    /** The UN/ECE Rec 20 code saved with the line; read from `unit` when absent. */
    unitCode?: string | null;
    unitPrice: number;
    discountBp: number;
    taxRateBp: number;
    /** The VAT category saved with the line; from the rate when absent (standard, or zero at 0 %). */
    vatCategory?: string | null;
    net: number;
  }[];
  creditedInvoice: { number: string | null; issueDate: string } | null;
};

/** What a breakdown row saved with categories adds (BG-23): the category, its mention (BT-120) and VATEX code (BT-121). */
type BreakdownCategory = { category?: string | null; mention?: string | null; vatexCode?: string | null };

/** A snapshot of version 2 keeps the address in fields. */
type StructuredAddressSnapshot = {
  lines: string[];
  postalCode: string | null;
  city: string | null;
  countrySubdivision: string | null;
  countryCode: string | null;
};
export type EinvoicePartySnapshot = PartySnapshot & { address?: StructuredAddressSnapshot };

/** The firm and the client as the document states them: the issued invoice's snapshots (a draft: the current details). */
export type EinvoiceParties = { firm: EinvoicePartySnapshot; client: EinvoicePartySnapshot };

/** Maps an invoice onto the e-invoice model. Amounts of a credit note become positive (type code 381 says what it is). */
export function einvoiceFromInvoice(
  source: EinvoiceSource,
  parties: EinvoiceParties,
  /**
   * The invoice's language, for the free texts (exemption reasons, payment terms) as the PDF words
   * them (decision 061); without one (an invoice saved before languages), the texts as saved, in English.
   */
  language?: DocumentLanguage,
): EinvoiceDocument {
  const magnitude = (value: number) => Math.abs(value);
  const lines = source.lines.map(lineOf);
  const vatBreakdown = source.taxBreakdown.map((row): EinvoiceVatBreakdown => {
    const category = categoryOf(row.category, row.rateBp);
    // BR-S-10, BR-Z-10: no exemption reason for the standard and zero rates; the others need one.
    const exempt = category !== "S" && category !== "Z";
    return {
      category,
      rateBp: category === "S" ? row.rateBp : 0,
      taxableMinor: magnitude(row.base),
      taxMinor: magnitude(row.tax),
      exemptionReason: exempt
        ? (language ? mentionIn(category, row.mention, language) : row.mention?.trim()) || null
        : null,
      exemptionReasonCode: exempt ? row.vatexCode?.trim() || null : null,
    };
  });
  const gross = magnitude(source.total);
  const seller = partyOf(parties.firm, "seller");
  const buyer = partyOf(parties.client, "buyer");
  const notes = [source.notes, source.footer].filter((text): text is string => Boolean(text && text.trim()));
  const iban = parties.firm.iban?.replace(/\s+/g, "") || null;
  return {
    kind: source.kind,
    number: source.number ?? "",
    issueDate: source.issueDate,
    dueDate: source.dueDate,
    currency: source.currency,
    buyerReference: source.buyerReference?.trim() || null,
    purchaseOrderReference: source.purchaseOrderReference?.trim() || null,
    precedingInvoice:
      source.kind === "credit_note" && source.creditedInvoice
        ? { number: source.creditedInvoice.number ?? "", issueDate: source.creditedInvoice.issueDate }
        : null,
    invoicePeriod:
      source.servicePeriodStart && source.servicePeriodEnd
        ? { startDate: source.servicePeriodStart, endDate: source.servicePeriodEnd }
        : null,
    // BT-72: the PDF states the issue date as the service date when there is no period; K
    // (intra-community supply) also needs the place of supply, the client's address (BR-IC-11, 12).
    delivery: {
      date: source.servicePeriodStart && source.servicePeriodEnd ? null : source.issueDate,
      address: lines.some((line) => line.vatCategory === "K") ? buyer.address : null,
    },
    notes,
    paymentTerms:
      source.kind !== "invoice"
        ? null
        : language
          ? language.t("document.einvoicePaymentTerms", { days: source.paymentTermsDays })
          : source.paymentTermsDays === 0
            ? "Due on receipt"
            : `${source.paymentTermsDays} days net`,
    seller,
    buyer,
    // BG-16: a credit transfer to the firm's account; Bureau prints the same on the PDF.
    payment:
      iban && (source.paymentMeans ?? "credit_transfer") === "credit_transfer"
        ? {
            meansCode: source.currency === "EUR" && isSepaIban(iban) ? "58" : "30",
            accountId: iban,
            accountName: parties.firm.name,
            bic: parties.firm.bic?.replace(/\s+/g, "") || null,
            remittanceReference: source.number,
          }
        : null,
    lines,
    vatBreakdown,
    totals: {
      lineNetMinor: magnitude(source.netTotal),
      taxMinor: magnitude(source.taxTotal),
      grossMinor: gross,
      // Payments are recorded after issue and are not part of the document (its PDF does not
      // change with them either): nothing was prepaid when it was issued.
      prepaidMinor: 0,
      dueMinor: gross,
    },
  };
}

const CATEGORIES: readonly string[] = VAT_CATEGORIES;

/** The saved category; before categories existed (snapshot version 1) a positive rate is standard, 0 % zero rated. */
function categoryOf(saved: string | null | undefined, rateBp: number): VatCategory {
  if (saved && CATEGORIES.includes(saved)) return saved as VatCategory;
  return rateBp > 0 ? "S" : "Z";
}

function lineOf(line: EinvoiceSource["lines"][number]): EinvoiceLine {
  const [first = "", ...rest] = line.description.split(/\r?\n/);
  const more = rest.join("\n").trim();
  const undiscounted = toSafeNumber(roundHalfUp(BigInt(line.quantityMilli) * BigInt(line.unitPrice), 1000n));
  const net = Math.abs(line.net);
  const category = categoryOf(line.vatCategory, line.taxRateBp);
  return {
    id: String(line.position),
    name: first.trim() || line.description.trim(),
    description: more || null,
    quantityMilli: line.quantityMilli,
    unitCode: line.unitCode?.trim() || unitCodeOf(line.unit),
    unitPriceMinor: line.unitPrice,
    discountBp: line.discountBp,
    discountMinor: Math.max(0, undiscounted - net),
    netMinor: net,
    vatCategory: category,
    vatRateBp: category === "S" ? line.taxRateBp : 0,
  };
}

// UN/ECE Recommendation 20 codes for the units people type; anything else is "one" (C62).
const UNIT_CODES: [RegExp, string][] = [
  [/^(h|hr|hrs|hour|hours|heure|heures|std|stunde|stunden)$/, "HUR"],
  [/^(d|day|days|jour|jours|j|tag|tage)$/, "DAY"],
  [/^(min|mins|minute|minutes|minuten)$/, "MIN"],
  [/^(wk|week|weeks|semaine|semaines|woche|wochen)$/, "WEE"],
  [/^(mo|month|months|mois|monat|monate)$/, "MON"],
  [/^(yr|year|years|an|ans|année|années|jahr|jahre)$/, "ANN"],
  [/^(km|kilometre|kilometres|kilometer|kilometers)$/, "KMT"],
  [/^(pc|pcs|piece|pieces|pièce|pièces|stück|stk)$/, "H87"],
  [/^(lump sum|forfait|pauschale|ls)$/, "LS"],
];

/** The Rec 20 code of a unit: a code already (HUR, DAY, C62...) or the closest to the words; otherwise C62 ("one"). */
export function unitCodeOf(unit: string): string {
  const trimmed = unit.trim();
  if (/^[A-Z0-9]{2,3}$/.test(trimmed)) return trimmed;
  const words = trimmed.toLowerCase().replace(/\.$/, "");
  for (const [pattern, code] of UNIT_CODES) if (pattern.test(words)) return code;
  return "C62";
}

function partyOf(snapshot: EinvoicePartySnapshot, role: "seller" | "buyer"): EinvoiceParty {
  const vatId = snapshot.vatNumber?.replace(/[\s.-]+/g, "").toUpperCase() || null;
  const country = snapshot.country?.trim().toUpperCase() ?? "";
  const email = snapshot.email?.trim() || null;
  return {
    name: snapshot.name,
    address: snapshot.address
      ? {
          lines: snapshot.address.lines
            .map((line) => line.trim())
            .filter(Boolean)
            .slice(0, 3),
          postalCode: snapshot.address.postalCode?.trim() || null,
          city: snapshot.address.city?.trim() || null,
          countrySubdivision: snapshot.address.countrySubdivision?.trim() || null,
          countryCode: snapshot.address.countryCode?.trim().toUpperCase() || country,
        }
      : addressOf(snapshot.addressLines, country),
    vatId,
    legalRegistration: registrationOf(snapshot.registrationNumber ?? null, country),
    legalInformation:
      role === "seller" ? [snapshot.legalForm, snapshot.registrationNumber].filter(Boolean).join(", ") || null : null,
    contact:
      snapshot.phone || email
        ? { name: role === "seller" ? snapshot.name : null, phone: snapshot.phone?.trim() || null, email }
        : null,
    // A Peppol ID given for the party first, else its VAT number under its country's scheme, else its email.
    electronicAddress: parsePeppolId(snapshot.peppolId) ?? electronicAddressOf(vatId, email),
  };
}

// Countries whose postal codes are 4 or 5 digits written before the city ("75004 Paris").
const DIGIT_POSTAL_CODE_FIRST = new Set(["AT", "BE", "CH", "DE", "DK", "ES", "FI", "FR", "IT", "LU", "NO"]);

/**
 * A snapshot of version 1 keeps the address as printed: "line 1", "line 2", "postal code city"
 * (addressLinesOf). The last line is read as postal code and city only where that is certain from
 * the line alone (4–5 digits then the city, in a country that writes them so); otherwise every
 * line stays an address line and the city is unknown. Only the snapshot is read, never the
 * client's current details, so the e-invoice of an issued invoice never changes.
 */
function addressOf(lines: string[], countryCode: string): EinvoiceAddress {
  const kept = lines.map((line) => line.trim()).filter(Boolean);
  let postalCode: string | null = null;
  let city: string | null = null;
  const last = kept.length > 0 ? /^(\d{4,5})\s+(\S.*)$/u.exec(kept[kept.length - 1]!) : null;
  if (last && DIGIT_POSTAL_CODE_FIRST.has(countryCode)) {
    kept.pop();
    postalCode = last[1]!;
    city = last[2]!.trim();
  }
  return { lines: kept.slice(0, 3), postalCode, city, countrySubdivision: null, countryCode };
}

/**
 * BT-30's scheme (ISO/IEC 6523) from the registration number's shape and the firm's country:
 * French SIREN (9 digits, 0002) or SIRET (14 digits, 0009), Belgian enterprise number (10 digits,
 * 0208). Any other text is kept without a scheme.
 */
function registrationOf(registration: string | null, country: string): SchemedIdentifier | null {
  if (!registration?.trim()) return null;
  const digits = registration.replace(/\D/g, "");
  if (country === "FR" && digits.length === 9) return { value: digits, scheme: "0002" };
  if (country === "FR" && digits.length === 14) return { value: digits, scheme: "0009" };
  if (country === "BE" && digits.length === 10) return { value: digits, scheme: "0208" };
  return { value: registration.trim(), scheme: null };
}

// The Peppol EAS schemes whose identifier is a VAT number, by its prefix (EAS code list, 99xx).
const VAT_EAS: Record<string, string> = {
  AD: "9922",
  AL: "9923",
  AT: "9914",
  BA: "9924",
  BE: "9925",
  BG: "9926",
  CH: "9927",
  CY: "9928",
  CZ: "9929",
  DE: "9930",
  EE: "9931",
  EL: "9933",
  ES: "9920",
  GB: "9932",
  HR: "9934",
  HU: "9910",
  IE: "9935",
  LI: "9936",
  LT: "9937",
  LU: "9938",
  LV: "9939",
  MC: "9940",
  ME: "9941",
  MK: "9942",
  MT: "9943",
  NL: "9944",
  PL: "9945",
  PT: "9946",
  RO: "9947",
  RS: "9948",
  SI: "9949",
  SK: "9950",
  SM: "9951",
  TR: "9952",
  VA: "9953",
  FR: "9957",
};

/**
 * BT-34 / BT-49: the VAT number under its country's VAT scheme, which Peppol accepts; without
 * one, the email address (EM), which XRechnung accepts and Peppol does not.
 */
export function electronicAddressOf(vatId: string | null, email: string | null): ElectronicAddress | null {
  const scheme = vatId ? VAT_EAS[vatId.slice(0, 2)] : undefined;
  if (vatId && scheme) return { value: vatId, scheme };
  if (email) return { value: email, scheme: "EM" };
  return null;
}

// SEPA member countries (ISO prefixes of their IBANs), for the payment means code 58.
const SEPA = new Set(
  "AD AT BE BG CH CY CZ DE DK EE ES FI FR GB GI GR HR HU IE IS IT LI LT LU LV MC MT NL NO PL PT RO SE SI SK SM VA".split(
    " ",
  ),
);

function isSepaIban(iban: string): boolean {
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban) && SEPA.has(iban.slice(0, 2));
}
