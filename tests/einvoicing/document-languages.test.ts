// Issue 22 (decision 061): the free texts of a French or German invoice's e-invoice (exemption reason
// BT-120, payment terms BT-20, notes) are in its language, and the documents still pass the official
// rules in every format.
import { describe, expect, it } from "vitest";
import { documentLanguageOf } from "@/i18n/document-language";
import { einvoiceFromInvoice, type EinvoiceSource } from "@/modules/einvoicing/einvoice-from-invoice";
import { EINVOICE_FORMATS, type EinvoiceFormat } from "@/modules/einvoicing/einvoice-model";
import { findEinvoiceProblems } from "@/modules/einvoicing/einvoice-rules";
import { einvoiceSyntax, writeEinvoiceXml } from "@/modules/einvoicing/einvoice-write";
import { ruleSetsFor } from "./support/property";
import { describeFindings, fatal, validateSchematron } from "./support/validate";

const firm = {
  version: 2 as const,
  name: "Northwind Consulting",
  addressLines: ["12 rue des Archives", "75004 Paris"],
  country: "FR",
  address: {
    lines: ["12 rue des Archives"],
    postalCode: "75004",
    city: "Paris",
    countrySubdivision: null,
    countryCode: "FR",
  },
  vatNumber: "FR15901234567",
  registrationNumber: "901234567",
  legalForm: "SAS",
  email: "hello@northwind.example",
  phone: "+33 1 23 45 67 89",
  iban: "FR7630006000011234567890189",
  bic: "AGRIFRPP",
};
const client = {
  version: 2 as const,
  name: "Kunde GmbH",
  addressLines: ["Hauptstraße 1", "10115 Berlin"],
  country: "DE",
  address: {
    lines: ["Hauptstraße 1"],
    postalCode: "10115",
    city: "Berlin",
    countrySubdivision: null,
    countryCode: "DE",
  },
  vatNumber: "DE123456789",
  email: "buchhaltung@kunde.example",
  phone: null,
};

// 2.5 days at 800.00, reverse charge: 2,000.00 net, no VAT.
const source = (language: string): EinvoiceSource & { language: string } => ({
  kind: "invoice",
  number: "2026-0042",
  issueDate: "2026-11-25",
  dueDate: "2026-12-25",
  servicePeriodStart: null,
  servicePeriodEnd: null,
  currency: "EUR",
  paymentTermsDays: 30,
  notes: null,
  footer: null,
  buyerReference: "04011000-12345-67",
  netTotal: 200_000,
  taxTotal: 0,
  total: 200_000,
  taxBreakdown: [{ rateBp: 0, base: 200_000, tax: 0, category: "AE", vatexCode: "VATEX-EU-AE" }],
  lines: [
    {
      position: 1,
      description: "Architekturberatung",
      quantityMilli: 2500,
      unit: "day",
      unitPrice: 80_000,
      discountBp: 0,
      taxRateBp: 0,
      vatCategory: "AE",
      net: 200_000,
    },
  ],
  creditedInvoice: null,
  language,
});

const documents = {
  de: einvoiceFromInvoice(source("de"), { firm, client }, documentLanguageOf("de", "en-GB")),
  fr: einvoiceFromInvoice(source("fr"), { firm, client }, documentLanguageOf("fr", "en-GB")),
};

describe("e-invoices in the client's language", () => {
  it("word the exemption reason and the payment terms in German and in French", () => {
    expect(documents.de.vatBreakdown[0]!.exemptionReason).toMatch(/^Steuerschuldnerschaft des Leistungsempfängers/);
    expect(documents.de.paymentTerms).toBe("Zahlbar innerhalb von 30 Tagen ohne Abzug");
    expect(documents.fr.vatBreakdown[0]!.exemptionReason).toMatch(/^Autoliquidation/);
    expect(documents.fr.paymentTerms).toBe("Paiement à 30 jours");
  });

  describe.each(Object.entries(documents))("the %s invoice", (_language, document) => {
    it.each(EINVOICE_FORMATS)("has no problem and 0 fatal findings as %s", (format: EinvoiceFormat) => {
      expect(findEinvoiceProblems(document, format)).toEqual([]);
      const xml = writeEinvoiceXml(document, format);
      expect(xml).toContain(document.vatBreakdown[0]!.exemptionReason!);
      const findings = validateSchematron(xml, einvoiceSyntax(format), ruleSetsFor(format));
      expect(fatal(findings), describeFindings(findings)).toEqual([]);
    });
  });
});
