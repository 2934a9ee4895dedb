import { describe, expect, it } from "vitest";
import { documentLanguageOf } from "@/i18n/document-language";
import { buildInvoiceDocument, formatQuantity, type DocumentSource } from "./invoice-document";

const firm = {
  version: 2 as const,
  name: "Atelier Nord SAS",
  addressLines: ["12 rue de la Paix", "75002 Paris"],
  country: "FR",
  vatNumber: "FR40123456824",
  registrationNumber: "123456824",
  legalForm: "SAS",
  shareCapital: 1_000_000,
  shareCapitalCurrency: "EUR",
  rcsCity: "Paris",
  email: "factures@atelier.example",
  phone: null,
  iban: "FR7630006000011234567890189",
  bic: "AGRIFRPP",
};
const client = {
  version: 2 as const,
  name: "Kunde GmbH",
  addressLines: ["Hauptstraße 1", "10115 Berlin"],
  country: "DE",
  vatNumber: "DE123456789",
  email: null,
  phone: null,
};

function source(overrides: Partial<DocumentSource> = {}): DocumentSource {
  return {
    kind: "invoice",
    number: "2026-0042",
    status: "issued",
    issueDate: "2026-11-25",
    dueDate: "2027-01-09",
    servicePeriodStart: "2026-11-01",
    servicePeriodEnd: "2026-11-30",
    currency: "EUR",
    paymentTermsDays: 45,
    notes: null,
    footer: null,
    netTotal: 123_450,
    taxTotal: 0,
    total: 123_450,
    taxBreakdown: [{ rateBp: 0, base: 123_450, tax: 0, category: "AE" }],
    clientSnapshot: client,
    firmSnapshot: firm,
    lines: [
      {
        description: "Audit",
        quantityMilli: 1500,
        unit: "hour",
        unitPrice: 82_300,
        discountBp: 0,
        taxRateBp: 0,
        vatCategory: "AE",
        net: 123_450,
      },
    ],
    creditedInvoice: null,
    language: "en",
    ...overrides,
  };
}

const build = (language: string | null, overrides: Partial<DocumentSource> = {}) =>
  buildInvoiceDocument(source({ language, ...overrides }), { firm, client }, documentLanguageOf(language, "en-GB"));

describe("the invoice document in the client's language", () => {
  it("writes a French invoice in French: labels, dates, money, units, country, mentions", () => {
    const document = build("fr");
    expect(document.title).toBe("Facture");
    expect(document.language).toBe("fr");
    expect(document.facts).toEqual(
      expect.arrayContaining([
        { label: "Numéro de facture", value: "2026-0042" },
        { label: "Date d'émission", value: "25 novembre 2026" },
        { label: "Période de prestation", value: "du 1er novembre 2026 au 30 novembre 2026" },
        { label: "Date d'échéance", value: "9 janvier 2027" },
        { label: "Conditions de paiement", value: "45 jours" },
      ]),
    );
    // CLDR: 1.5 is "one" in French ("1,5 heure"), "other" in German and English.
    expect(document.lines[0]).toMatchObject({ quantity: "1,5", unit: "heure", net: "1\u202f234,50\u00a0€" });
    expect(document.client.addressLines.at(-1)).toBe("Allemagne");
    expect(document.client.vatLine).toBe("N° de TVA intracommunautaire : DE123456789");
    expect(document.mentions[0]!.text).toMatch(/^Autoliquidation/);
    expect(document.labels.totalNet).toBe("Total HT");
    expect(document.totalLabel).toBe("Net à payer");
    expect(document.firm.legalLines[0]).toBe("SAS, au capital de 10\u202f000,00\u00a0€");
  });

  it("writes a German invoice in German", () => {
    const document = build("de");
    expect(document.title).toBe("Rechnung");
    expect(document.facts).toEqual(
      expect.arrayContaining([
        { label: "Rechnungsnummer", value: "2026-0042" },
        { label: "Fälligkeitsdatum", value: "9. Januar 2027" },
        { label: "Leistungszeitraum", value: "1. November 2026 bis 30. November 2026" },
      ]),
    );
    expect(document.lines[0]).toMatchObject({ quantity: "1,5", unit: "Stunden", net: "1.234,50\u00a0€" });
    expect(document.client.addressLines.at(-1)).toBe("Deutschland");
    expect(document.firm.addressLines.at(-1)).toBe("Frankreich");
    expect(document.mentions[0]!.text).toMatch(/^Steuerschuldnerschaft des Leistungsempfängers/);
    expect(document.mentions[0]!.vatNumbers).toBe(
      "USt-IdNr. des Leistenden: FR40123456824; USt-IdNr. des Leistungsempfängers: DE123456789.",
    );
    expect(document.payment?.means).toBe("Überweisung");
  });

  it("names a credit note in each language", () => {
    const credit = { kind: "credit_note" as const, creditedInvoice: { number: "2026-0041", issueDate: "2026-11-20" } };
    expect(build("fr", credit).title).toBe("Avoir");
    expect(build("de", credit).title).toBe("Gutschrift");
    expect(build("de", credit).facts).toContainEqual({
      label: "Korrektur zu Rechnung",
      value: "2026-0041 vom 20. November 2026",
    });
    expect(build("en", { ...credit, status: "draft", number: null }).heading).toBe("Draft credit note");
  });

  it("keeps a firm's own mention as written, in every language", () => {
    const own = {
      taxBreakdown: [{ rateBp: 0, base: 123_450, tax: 0, category: "AE" as const, mention: "Our own words." }],
    };
    expect(build("de", own).mentions[0]!.text).toBe("Our own words.");
  });

  it("prints a document saved before languages as it was: English words, units and quantities as saved", () => {
    const legacy = build(null, { lines: [{ ...source().lines[0]!, quantityMilli: 1_234_500 }] });
    expect(legacy.language).toBe("en");
    expect(legacy.lines[0]).toMatchObject({ quantity: "1234.5", unit: "hour" });
    expect(legacy.title).toBe("Invoice");
    const english = build("en");
    expect(english.lines[0]).toMatchObject({ quantity: "1.5", unit: "hours" });
  });
});

describe("formatQuantity", () => {
  it("writes up to three decimals in the locale's digits, exactly", () => {
    expect(formatQuantity(1500, "fr-FR")).toBe("1,5");
    expect(formatQuantity(1_234_567, "de-DE")).toBe("1.234,567");
    expect(formatQuantity(999_999_999, "en-GB")).toBe("999,999.999");
    expect(formatQuantity(1000, "fr-FR")).toBe("1");
  });
});
