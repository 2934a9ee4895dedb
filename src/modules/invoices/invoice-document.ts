// What an invoice shows, computed once and rendered three times: by the read view (HTML), by the
// PDF and, for its figures, by the invoice mail, so they always match. Pure: no database, no React.
// Every word and figure is in the document's language (decision 061), given as its translator.
import type { PartySnapshot, StructuredAddress, TaxLine } from "@/db/schema";
import type { DocumentLanguage } from "@/i18n/document-language";
import { formatDate } from "@/lib/dates";
import { formatBasisPoints, formatMoney } from "@/lib/money";
import { countryName } from "@/modules/clients/client-rules";
import { formatCompanyNumber } from "@/modules/clients/french-identifiers";
import { quantityMilliToDecimalString } from "./invoice-amounts";
import type { InvoiceKind } from "./invoice-rules";
import type { PaymentMeans } from "./invoice-schemas";
import { FRENCH_INVOICE_FOOTER } from "@/modules/settings/settings-schemas";
import {
  categoryOfRate,
  legalMentions,
  showsBreakdownRows,
  VAT_CATEGORY_DEFAULTS,
  type VatCategory,
} from "./vat-categories";

type Address = {
  addressLine1: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  countrySubdivision?: string | null;
};

/** The address as printed, without the country: street lines, "postal code city", region. */
export function addressLinesOf(row: Address): string[] {
  return [
    row.addressLine1,
    row.addressLine2,
    [row.postalCode, row.city].filter(Boolean).join(" "),
    row.countrySubdivision ?? null,
  ].filter((line): line is string => Boolean(line && line.trim()));
}

/** The address in fields (EN 16931 BG-5, BG-8). */
export function structuredAddressOf(row: Address & { country: string | null }): StructuredAddress {
  return {
    lines: [row.addressLine1, row.addressLine2].filter((line): line is string => Boolean(line && line.trim())),
    postalCode: row.postalCode,
    city: row.city,
    countrySubdivision: row.countrySubdivision ?? null,
    countryCode: row.country,
  };
}

export type FirmDetails = Address & {
  firmName: string;
  country: string;
  vatNumber: string | null;
  registrationNumber: string | null;
  legalForm: string | null;
  email: string | null;
  phone: string | null;
  iban: string | null;
  bic: string | null;
  shareCapital?: number | null;
  rcsCity?: string | null;
  currency?: string;
  peppolId?: string | null;
};

/** The firm's details frozen at issue (snapshot version 2). */
export function firmSnapshotOf(settings: FirmDetails): PartySnapshot {
  return {
    version: 2,
    name: settings.firmName,
    addressLines: addressLinesOf(settings),
    country: settings.country,
    address: structuredAddressOf(settings),
    vatNumber: settings.vatNumber,
    registrationNumber: settings.registrationNumber,
    legalForm: settings.legalForm,
    shareCapital: settings.shareCapital ?? null,
    shareCapitalCurrency: settings.shareCapital == null ? null : (settings.currency ?? null),
    rcsCity: settings.rcsCity ?? null,
    email: settings.email,
    phone: settings.phone,
    iban: settings.iban,
    bic: settings.bic,
    ...(settings.peppolId ? { peppolId: settings.peppolId } : {}),
  };
}

export type ClientDetails = Address & {
  name: string;
  country: string | null;
  vatNumber: string | null;
  billingEmail: string | null;
  phone: string | null;
  registrationNumber?: string | null;
  peppolId?: string | null;
};

/** The client's details frozen at issue (snapshot version 2). */
export function clientSnapshotOf(row: ClientDetails): PartySnapshot {
  return {
    version: 2,
    name: row.name,
    addressLines: addressLinesOf(row),
    country: row.country,
    address: structuredAddressOf(row),
    vatNumber: row.vatNumber,
    registrationNumber: row.registrationNumber ?? null,
    email: row.billingEmail,
    phone: row.phone,
    ...(row.peppolId ? { peppolId: row.peppolId } : {}),
  };
}

/** "FR7630006000011234567890189" → "FR76 3000 6000 0112 3456 7890 189" (ISO 13616 print format). */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * The firm's legal identification as one text (EN 16931 BT-33; French invoices print it,
 * Code de commerce R123-237/238): legal form and share capital, trade register and number.
 */
export function firmLegalLines(party: PartySnapshot, { locale, t }: DocumentLanguage): string[] {
  const capital =
    party.shareCapital != null && party.shareCapitalCurrency
      ? t("document.shareCapital", {
          amount: formatMoney(party.shareCapital, party.shareCapitalCurrency, locale),
        })
      : null;
  const form = [party.legalForm, capital].filter(Boolean).join(", ");
  return [form, registrationText(party, t)].filter((line): line is string => Boolean(line));
}

function registrationText(party: PartySnapshot, t: DocumentLanguage["t"]): string | null {
  if (!party.registrationNumber) return null;
  const number = formatCompanyNumber(party.registrationNumber);
  if (party.rcsCity) return `RCS ${party.rcsCity} ${number}`;
  const country = party.address?.countryCode ?? party.country;
  // A French number printed on its own is a SIREN (9 digits) or a SIRET (14).
  if (country === "FR" && /^\d{3} \d{3} \d{3}$/.test(number)) return `SIREN ${number}`;
  if (country === "FR" && /^\d{3} \d{3} \d{3} \d{5}$/.test(number)) return `SIRET ${number}`;
  return t("document.registrationNumber", { number });
}

/** BT-33 for the e-invoice: the legal lines of the firm joined. */
export function firmLegalInformation(party: PartySnapshot, language: DocumentLanguage): string | null {
  const lines = firmLegalLines(party, language);
  return lines.length > 0 ? lines.join(", ") : null;
}

/** One party as the document prints it. */
export type DocumentParty = {
  name: string;
  /** Street lines, postal code and city, region, then the country's name. */
  addressLines: string[];
  vatNumber: string | null;
  /** "VAT number: FR…" in the document's language, when it has one. */
  vatLine: string | null;
  /** Legal form, capital, register (firm); SIREN or registration number (client). */
  legalLines: string[];
  email: string | null;
  phone: string | null;
};

function documentParty(snapshot: PartySnapshot, language: DocumentLanguage, isFirm: boolean): DocumentParty {
  // Version 1 kept the lines and the country code; version 2 keeps the fields too. Both print
  // the lines as frozen, then the country's name (never a bare code).
  const code = snapshot.address?.countryCode ?? snapshot.country;
  return {
    name: snapshot.name,
    addressLines: [...snapshot.addressLines, ...(code ? [countryName(code, language.language)] : [])],
    vatNumber: snapshot.vatNumber,
    vatLine: snapshot.vatNumber ? language.t("document.vatNumber", { number: snapshot.vatNumber }) : null,
    legalLines: isFirm
      ? firmLegalLines(snapshot, language)
      : [registrationText(snapshot, language.t)].filter((line): line is string => Boolean(line)),
    email: snapshot.email ?? null,
    phone: snapshot.phone ?? null,
  };
}

/** What a document is: an invoice, a credit note, or a quote (decision 064: printed alike, no payment). */
export type DocumentKind = InvoiceKind | "quote";

export type DocumentSource = {
  kind: DocumentKind;
  number: string | null;
  status: string;
  issueDate: string;
  dueDate: string;
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  currency: string;
  paymentTermsDays: number;
  notes: string | null;
  footer: string | null;
  buyerReference?: string | null;
  purchaseOrderReference?: string | null;
  paymentMeans?: PaymentMeans;
  netTotal: number;
  taxTotal: number;
  total: number;
  taxBreakdown: TaxLine[];
  clientSnapshot: PartySnapshot | null;
  firmSnapshot: PartySnapshot | null;
  lines: {
    description: string;
    quantityMilli: number;
    unit: string;
    unitPrice: number;
    discountBp: number;
    taxRateBp: number;
    vatCategory?: VatCategory;
    net: number;
  }[];
  creditedInvoice: { number: string | null; issueDate: string } | null;
  /** A quote's last valid day (instead of a due date and payment terms). */
  validUntil?: string | null;
  /** The language it is written in (frozen at issue); null for documents saved before languages. */
  language?: string | null;
};

export type InvoiceDocument = ReturnType<typeof buildInvoiceDocument>;

/** "20 %", or "0 % AE" for a category other than standard: the line's VAT column. */
function rateText(rateBp: number, category: VatCategory, locale: string): string {
  const rate = formatBasisPoints(rateBp, locale);
  return category === "S" ? rate : `${rate} ${category}`;
}

/** The units Bureau names itself; any other is the free text typed on the line, printed as typed. */
const NAMED_UNITS = ["hour", "day", "item"] as const;

/**
 * A line's unit in the document's language, agreeing with its quantity ("1,5 heure", "1,5 Stunden":
 * CLDR plural rules). A document saved before languages prints the unit as it was saved.
 */
export function unitName(unit: string, quantityMilli: number, language: DocumentLanguage, isLegacy: boolean): string {
  if (isLegacy || !(NAMED_UNITS as readonly string[]).includes(unit)) return unit;
  const count = Number(quantityMilliToDecimalString(quantityMilli));
  return language.t(`units.${unit as (typeof NAMED_UNITS)[number]}`, { count });
}

const quantityFormatters = new Map<string, Intl.NumberFormat>();

/** A quantity in the locale's digits ("1,5" in French); up to 3 decimals, written exactly. */
export function formatQuantity(quantityMilli: number, locale: string): string {
  let formatter = quantityFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    quantityFormatters.set(locale, formatter);
  }
  return formatter.format(quantityMilliToDecimalString(quantityMilli) as `${number}`);
}

/**
 * A category's legal mention in the document's language: the firm's own text when it wrote one, else
 * the catalog's wording for the category (the English default that older rates saved counts as none).
 */
export function mentionIn(category: VatCategory, saved: string | null | undefined, language: DocumentLanguage): string {
  const own = saved?.trim() ?? "";
  if (category === "S") return own;
  if (own !== "" && own !== VAT_CATEGORY_DEFAULTS[category].mention) return own;
  return language.t(`vatMention.${category}`);
}

/**
 * The printable content of an invoice. An issued invoice shows its frozen snapshots and totals;
 * a draft shows the current client and firm details, marked as a draft. Payments are not part
 * of the document: it is the same every time it is printed.
 */
export function buildInvoiceDocument(
  source: DocumentSource,
  live: { firm: PartySnapshot; client: PartySnapshot },
  language: DocumentLanguage,
) {
  const { locale, t } = language;
  const isLegacy = !source.language;
  const money = (minor: number) => formatMoney(minor, source.currency, locale);
  const day = (value: string) => formatDate(value, locale, "UTC", "long");
  const isDraft = source.status === "draft";
  const isCreditNote = source.kind === "credit_note";
  const isQuote = source.kind === "quote";
  const kind = source.kind;
  const title = t("document.title", { kind });
  const firmSnapshot = source.firmSnapshot ?? live.firm;
  const clientSnapshot = source.clientSnapshot ?? live.client;
  const firm = documentParty(firmSnapshot, language, true);
  const client = documentParty(clientSnapshot, language, false);
  const breakdown = source.taxBreakdown.map((row) => {
    const category = categoryOfRate({ ...row, basisPoints: row.rateBp });
    return { ...row, category, mention: mentionIn(category, row.mention, language) };
  });
  const missing = t("document.missing");
  const mentions = legalMentions(breakdown).map((mention) =>
    // Reverse charge: the customer accounts for the VAT, so both VAT numbers are printed with it
    // (VAT Directive art. 226 (3) and (4), (11a)).
    mention.category === "AE"
      ? {
          ...mention,
          vatNumbers: t("document.reverseChargeNumbers", {
            firm: firmSnapshot.vatNumber ?? missing,
            client: clientSnapshot.vatNumber ?? missing,
          }),
        }
      : { ...mention, vatNumbers: null },
  );
  const paymentMeans = source.paymentMeans ?? "credit_transfer";
  return {
    title,
    kind: source.kind,
    /** The language and locale it is written in (the PDF's language tag, html lang of the view). */
    language: language.language,
    locale,
    isDraft,
    heading: isDraft ? t("document.draftHeading", { kind }) : `${title} ${source.number ?? ""}`,
    number: source.number,
    firm,
    client,
    /** The parties as frozen (or, for a draft, as they are now): what the e-invoice maps. */
    firmSnapshot,
    clientSnapshot,
    facts: [
      { label: t("document.numberLabel", { kind }), value: source.number ?? t("document.draftNumber") },
      { label: isQuote ? t("document.quoteDate") : t("document.issueDate"), value: day(source.issueDate) },
      ...(isQuote
        ? [{ label: t("document.validUntil"), value: day(source.validUntil ?? source.dueDate) }]
        : source.servicePeriodStart && source.servicePeriodEnd
          ? [
              {
                label:
                  source.servicePeriodStart === source.servicePeriodEnd
                    ? t("document.serviceDate")
                    : t("document.servicePeriod"),
                value:
                  source.servicePeriodStart === source.servicePeriodEnd
                    ? day(source.servicePeriodStart)
                    : t("document.periodRange", {
                        start: day(source.servicePeriodStart),
                        end: day(source.servicePeriodEnd),
                      }),
              },
            ]
          : [{ label: t("document.serviceDate"), value: day(source.issueDate) }]),
      ...(source.kind === "invoice"
        ? [
            { label: t("document.dueDate"), value: day(source.dueDate) },
            {
              label: t("document.paymentTerms"),
              value: t("document.paymentTermsValue", { days: source.paymentTermsDays }),
            },
          ]
        : []),
      ...(source.creditedInvoice
        ? [
            {
              label: t("document.correctsInvoice"),
              value: t("document.correctsInvoiceValue", {
                number: source.creditedInvoice.number ?? "",
                date: day(source.creditedInvoice.issueDate),
              }),
            },
          ]
        : []),
      ...(source.buyerReference ? [{ label: t("document.buyerReference"), value: source.buyerReference }] : []),
      ...(source.purchaseOrderReference
        ? [{ label: t("document.purchaseOrder"), value: source.purchaseOrderReference }]
        : []),
    ],
    lines: source.lines.map((line) => ({
      description: line.description,
      quantity: isLegacy
        ? quantityMilliToDecimalString(line.quantityMilli)
        : formatQuantity(line.quantityMilli, locale),
      unit: unitName(line.unit, line.quantityMilli, language, isLegacy),
      unitPrice: money(line.unitPrice),
      discount: line.discountBp > 0 ? formatBasisPoints(line.discountBp, locale) : "",
      /** "less 10 %": the discount as the narrow view says it under the description. */
      discountText:
        line.discountBp > 0
          ? t("document.lineSummaryDiscount", { discount: formatBasisPoints(line.discountBp, locale) })
          : "",
      taxRate: rateText(line.taxRateBp, line.vatCategory ?? categoryOfRate({ basisPoints: line.taxRateBp }), locale),
      net: money(line.net),
    })),
    /** One row per (category, rate); printed only when there is more than one (showTaxRows). */
    taxes: breakdown
      .map((row) => ({
        key: `${row.category}:${row.rateBp}`,
        category: row.category,
        rate:
          row.category === "S"
            ? formatBasisPoints(row.rateBp, locale)
            : `${formatBasisPoints(row.rateBp, locale)}, ${t(`vatCategory.${row.category}`)}`,
        base: money(row.base),
        tax: money(row.tax),
      }))
      .map((row) => ({
        ...row,
        netLabel: t("document.netAt", { rate: row.rate }),
        vatLabel: t("document.vatAt", { rate: row.rate }),
      })),
    showTaxRows: showsBreakdownRows(breakdown),
    mentions,
    net: money(source.netTotal),
    tax: money(source.taxTotal),
    total: money(source.total),
    totalLabel: isCreditNote
      ? t("document.totalCredited")
      : isQuote
        ? t("document.totalQuoted")
        : t("document.totalDue"),
    currency: source.currency,
    /**
     * An invoice says how to pay; a credit note says what happens to the amount credited
     * (nothing is to be paid on it).
     */
    payment:
      isCreditNote || isQuote || source.total <= 0
        ? null
        : {
            means: t(`paymentMeans.${paymentMeans}`),
            iban: paymentMeans === "credit_transfer" && firmSnapshot.iban ? formatIban(firmSnapshot.iban) : null,
            bic: paymentMeans === "credit_transfer" ? (firmSnapshot.bic ?? null) : null,
            reference: source.number,
            referenceText: source.number ? t("document.reference", { reference: source.number }) : null,
          },
    settlement: isCreditNote ? t("document.settlementText", { number: source.creditedInvoice?.number ?? "" }) : null,
    notes: source.notes,
    // The footer a French firm starts with is bilingual (English and French); a document in a
    // language prints that language's version of it. A footer the firm wrote is printed as written.
    footer: !isLegacy && source.footer === FRENCH_INVOICE_FOOTER ? t("document.frenchFooter") : source.footer,
    /** The fixed words of the layout, in the document's language. */
    labels: {
      draftWarning: t("document.draftWarning", { kind }),
      draftFooter: t("document.draftFooter"),
      from: isQuote ? t("document.quoteFrom") : t("document.from"),
      billTo: isQuote ? t("document.quoteTo") : t("document.billTo"),
      description: t("document.description"),
      quantity: t("document.quantity"),
      unit: t("document.unit"),
      unitPrice: t("document.unitPrice"),
      discount: t("document.discount"),
      vat: t("document.vat"),
      net: t("document.net"),
      totalNet: t("document.totalNet"),
      totalVat: t("document.totalVat"),
      payment: t("document.payment"),
      settlement: t("document.settlement"),
      notes: t("document.notes"),
    },
  };
}
