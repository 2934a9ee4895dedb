// What an invoice shows, computed once and rendered twice: by the read view (HTML) and by the
// PDF, so the two always match. Pure: no database, no React.
import type { PartySnapshot, TaxLine } from "@/db/schema";
import { formatDate } from "@/lib/dates";
import { formatBasisPoints, formatMoney } from "@/lib/money";
import { quantityMilliToDecimalString } from "./invoice-amounts";
import type { InvoiceKind } from "./invoice-rules";

type Address = {
  addressLine1: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
};

export function addressLinesOf(row: Address): string[] {
  return [row.addressLine1, row.addressLine2, [row.postalCode, row.city].filter(Boolean).join(" ")].filter(
    (line): line is string => Boolean(line && line.trim()),
  );
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
};

export function firmSnapshotOf(settings: FirmDetails): PartySnapshot {
  return {
    name: settings.firmName,
    addressLines: addressLinesOf(settings),
    country: settings.country,
    vatNumber: settings.vatNumber,
    registrationNumber: settings.registrationNumber,
    legalForm: settings.legalForm,
    email: settings.email,
    phone: settings.phone,
    iban: settings.iban,
    bic: settings.bic,
  };
}

export type ClientDetails = Address & {
  name: string;
  country: string | null;
  vatNumber: string | null;
  billingEmail: string | null;
  phone: string | null;
};

export function clientSnapshotOf(row: ClientDetails): PartySnapshot {
  return {
    name: row.name,
    addressLines: addressLinesOf(row),
    country: row.country,
    vatNumber: row.vatNumber,
    email: row.billingEmail,
    phone: row.phone,
  };
}

export type DocumentSource = {
  kind: InvoiceKind;
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
    net: number;
  }[];
  creditedInvoice: { number: string | null; issueDate: string } | null;
};

export type InvoiceDocument = ReturnType<typeof buildInvoiceDocument>;

/**
 * The printable content of an invoice. An issued invoice shows its frozen snapshots and totals;
 * a draft shows the current client and firm details, marked as a draft. Payments are not part
 * of the document: it is the same every time it is printed.
 */
export function buildInvoiceDocument(
  source: DocumentSource,
  live: { firm: PartySnapshot; client: PartySnapshot },
  locale: string,
) {
  const money = (minor: number) => formatMoney(minor, source.currency, locale);
  const day = (value: string) => formatDate(value, locale, "UTC", "long");
  const isDraft = source.status === "draft";
  const title = source.kind === "credit_note" ? "Credit note" : "Invoice";
  return {
    title,
    isDraft,
    heading: isDraft ? `Draft ${title.toLowerCase()}` : `${title} ${source.number ?? ""}`,
    number: source.number,
    firm: source.firmSnapshot ?? live.firm,
    client: source.clientSnapshot ?? live.client,
    facts: [
      { label: `${title} number`, value: source.number ?? "Draft: numbered when issued" },
      { label: "Issue date", value: day(source.issueDate) },
      ...(source.servicePeriodStart && source.servicePeriodEnd
        ? [
            {
              label: source.servicePeriodStart === source.servicePeriodEnd ? "Service date" : "Service period",
              value:
                source.servicePeriodStart === source.servicePeriodEnd
                  ? day(source.servicePeriodStart)
                  : `${day(source.servicePeriodStart)} to ${day(source.servicePeriodEnd)}`,
            },
          ]
        : [{ label: "Service date", value: day(source.issueDate) }]),
      ...(source.kind === "invoice"
        ? [
            { label: "Due date", value: day(source.dueDate) },
            {
              label: "Payment terms",
              value: source.paymentTermsDays === 0 ? "Due on receipt" : `${source.paymentTermsDays} days`,
            },
          ]
        : []),
      ...(source.creditedInvoice
        ? [
            {
              label: "Corrects invoice",
              value: `${source.creditedInvoice.number ?? ""} of ${day(source.creditedInvoice.issueDate)}`,
            },
          ]
        : []),
    ],
    lines: source.lines.map((line) => ({
      description: line.description,
      quantity: quantityMilliToDecimalString(line.quantityMilli),
      unit: line.unit,
      unitPrice: money(line.unitPrice),
      discount: line.discountBp > 0 ? formatBasisPoints(line.discountBp, locale) : "",
      taxRate: formatBasisPoints(line.taxRateBp, locale),
      net: money(line.net),
    })),
    taxes: source.taxBreakdown.map((row) => ({
      rate: formatBasisPoints(row.rateBp, locale),
      base: money(row.base),
      tax: money(row.tax),
    })),
    net: money(source.netTotal),
    tax: money(source.taxTotal),
    total: money(source.total),
    totalLabel: source.kind === "credit_note" ? "Total credited" : "Total due",
    currency: source.currency,
    notes: source.notes,
    footer: source.footer,
  };
}
