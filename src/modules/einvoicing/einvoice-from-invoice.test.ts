import { describe, expect, it } from "vitest";
import { einvoiceFromInvoice, electronicAddressOf, unitCodeOf, type EinvoiceSource } from "./einvoice-from-invoice";
import { findEinvoiceProblems } from "./einvoice-rules";

const firm = {
  name: "Northwind Consulting",
  addressLines: ["12 rue des Archives", "75004 Paris"],
  country: "FR",
  vatNumber: "FR15901234567",
  registrationNumber: "RCS Paris 901 234 567",
  legalForm: "SAS",
  email: "hello@northwind.example",
  phone: "+33 1 23 45 67 89",
  iban: "FR76 3000 6000 0112 3456 7890 189",
  bic: "AGRIFRPP",
};
const client = {
  name: "Acme Industries",
  addressLines: ["3 quai Rambaud", "69002 Lyon"],
  country: "FR",
  vatNumber: "FR40303265045",
  email: "accounts@acme.example",
};

// 2 × 1,200.00 at 20 % less 10 %, and 1.5 h × 100.00 at 0 %: 2,160.00 + 150.00 net, 432.00 VAT.
const invoice: EinvoiceSource = {
  kind: "invoice",
  number: "2026-0007",
  issueDate: "2026-03-02",
  dueDate: "2026-04-01",
  servicePeriodStart: null,
  servicePeriodEnd: null,
  currency: "EUR",
  paymentTermsDays: 30,
  notes: "Thank you.",
  footer: "Late payment: 40 € fixed fee.",
  netTotal: 231_000,
  taxTotal: 43_200,
  total: 274_200,
  taxBreakdown: [
    { rateBp: 2000, base: 216_000, tax: 43_200 },
    { rateBp: 0, base: 15_000, tax: 0 },
  ],
  lines: [
    {
      position: 1,
      description: "Workshop\nTwo days on site",
      quantityMilli: 2000,
      unit: "days",
      unitPrice: 120_000,
      discountBp: 1000,
      taxRateBp: 2000,
      net: 216_000,
    },
    {
      position: 2,
      description: "Support",
      quantityMilli: 1500,
      unit: "hours",
      unitPrice: 10_000,
      discountBp: 0,
      taxRateBp: 0,
      net: 15_000,
    },
  ],
  creditedInvoice: null,
};

describe("einvoiceFromInvoice", () => {
  it("maps an invoice of snapshot version 1 figure for figure, with standard and zero rates", () => {
    const document = einvoiceFromInvoice(invoice, { firm, client });
    expect(document.lines).toEqual([
      {
        id: "1",
        name: "Workshop",
        description: "Two days on site",
        quantityMilli: 2000,
        unitCode: "DAY",
        unitPriceMinor: 120_000,
        discountBp: 1000,
        discountMinor: 24_000,
        netMinor: 216_000,
        vatCategory: "S",
        vatRateBp: 2000,
      },
      expect.objectContaining({ unitCode: "HUR", vatCategory: "Z", vatRateBp: 0, discountMinor: 0, netMinor: 15_000 }),
    ]);
    expect(document.vatBreakdown.map((row) => [row.category, row.rateBp, row.taxableMinor, row.taxMinor])).toEqual([
      ["S", 2000, 216_000, 43_200],
      ["Z", 0, 15_000, 0],
    ]);
    expect(document.totals).toEqual({
      lineNetMinor: 231_000,
      taxMinor: 43_200,
      grossMinor: 274_200,
      prepaidMinor: 0,
      dueMinor: 274_200,
    });
    expect(document.seller.address).toEqual({
      lines: ["12 rue des Archives"],
      postalCode: "75004",
      city: "Paris",
      countrySubdivision: null,
      countryCode: "FR",
    });
    expect(document.seller.legalRegistration).toEqual({ value: "901234567", scheme: "0002" });
    expect(document.seller.electronicAddress).toEqual({ value: "FR15901234567", scheme: "9957" });
    expect(document.payment).toEqual({
      meansCode: "58",
      accountId: "FR7630006000011234567890189",
      accountName: "Northwind Consulting",
      bic: "AGRIFRPP",
      remittanceReference: "2026-0007",
    });
    expect(document.notes).toEqual(["Thank you.", "Late payment: 40 € fixed fee."]);
    expect(document.paymentTerms).toBe("30 days net");
    expect(document.delivery).toEqual({ date: "2026-03-02", address: null });
    expect(findEinvoiceProblems(document, "factur-x")).toEqual([]);
  });

  it("reads postal code and city from a version 1 snapshot only where the line says so for certain", () => {
    const irish = { ...client, country: "IE", addressLines: ["8 Harbour Road", "D02 XY45 Dublin"] };
    expect(einvoiceFromInvoice(invoice, { firm, client: irish }).buyer.address).toMatchObject({
      lines: ["8 Harbour Road", "D02 XY45 Dublin"],
      postalCode: null,
      city: null,
    });
    const cityOnly = { ...client, country: "DE", addressLines: ["Berlin"] };
    expect(einvoiceFromInvoice(invoice, { firm, client: cityOnly }).buyer.address).toMatchObject({
      lines: ["Berlin"],
      city: null,
    });
    expect(einvoiceFromInvoice(invoice, { firm, client }).buyer.address).toMatchObject({
      lines: ["3 quai Rambaud"],
      postalCode: "69002",
      city: "Lyon",
    });
  });

  it("maps a credit note by magnitude, with the invoice it corrects", () => {
    const credit = einvoiceFromInvoice(
      {
        ...invoice,
        kind: "credit_note",
        number: "CN-2026-0001",
        netTotal: -231_000,
        taxTotal: -43_200,
        total: -274_200,
        taxBreakdown: invoice.taxBreakdown.map((row) => ({ ...row, base: -row.base, tax: -row.tax })),
        lines: invoice.lines.map((line) => ({ ...line, net: -line.net })),
        creditedInvoice: { number: "2026-0007", issueDate: "2026-03-02" },
      },
      { firm, client },
    );
    expect(credit.kind).toBe("credit_note");
    expect(credit.precedingInvoice).toEqual({ number: "2026-0007", issueDate: "2026-03-02" });
    expect(credit.totals.grossMinor).toBe(274_200);
    expect(credit.lines[0]).toMatchObject({ netMinor: 216_000, discountMinor: 24_000 });
    expect(credit.paymentTerms).toBeNull();
    expect(findEinvoiceProblems(credit, "factur-x")).toEqual([]);
  });

  it("uses the saved categories, mentions, units, references and structured addresses (snapshot version 2)", () => {
    const document = einvoiceFromInvoice(
      {
        ...invoice,
        buyerReference: " 04011000-12345-03 ",
        purchaseOrderReference: "PO-77",
        taxTotal: 0,
        total: 231_000,
        taxBreakdown: [
          { category: "AE", rateBp: 0, base: 231_000, tax: 0, mention: "Reverse charge", vatexCode: "VATEX-EU-AE" },
        ],
        lines: invoice.lines.map((line) => ({ ...line, taxRateBp: 0, vatCategory: "AE", unitCode: "LS" })),
      },
      {
        firm,
        client: {
          ...client,
          country: "DE",
          vatNumber: "DE123456789",
          address: {
            lines: ["Unter den Linden 1"],
            postalCode: "10117",
            city: "Berlin",
            countrySubdivision: null,
            countryCode: "DE",
          },
        },
      },
    );
    expect(document.buyerReference).toBe("04011000-12345-03");
    expect(document.purchaseOrderReference).toBe("PO-77");
    expect(document.lines.map((line) => [line.vatCategory, line.vatRateBp, line.unitCode])).toEqual([
      ["AE", 0, "LS"],
      ["AE", 0, "LS"],
    ]);
    expect(document.vatBreakdown[0]).toMatchObject({
      category: "AE",
      exemptionReason: "Reverse charge",
      exemptionReasonCode: "VATEX-EU-AE",
    });
    expect(document.buyer.address).toMatchObject({ postalCode: "10117", city: "Berlin", countryCode: "DE" });
    expect(document.buyer.electronicAddress).toEqual({ value: "DE123456789", scheme: "9930" });
    expect(findEinvoiceProblems(document, "factur-x")).toEqual([]);
    expect(findEinvoiceProblems(document, "peppol")).toEqual([]);
  });

  it("takes a party's Peppol ID as its electronic address, before the VAT number; an email address is refused by Peppol", () => {
    const noVat = { ...client, vatNumber: null };
    const withEmail = einvoiceFromInvoice({ ...invoice, buyerReference: "ACHATS-2231" }, { firm, client: noVat });
    expect(withEmail.buyer.electronicAddress).toEqual({ value: "accounts@acme.example", scheme: "EM" });
    expect(findEinvoiceProblems(withEmail, "peppol").map((problem) => problem.code)).toContain(
      "einvoice.peppol_buyer_electronic_address_scheme_not_supported",
    );
    const withPeppolId = einvoiceFromInvoice(
      { ...invoice, buyerReference: "ACHATS-2231" },
      { firm: { ...firm, peppolId: "0009:90123456700015" }, client: { ...noVat, peppolId: "0208:0123456749" } },
    );
    expect(withPeppolId.seller.electronicAddress).toEqual({ value: "90123456700015", scheme: "0009" });
    expect(withPeppolId.buyer.electronicAddress).toEqual({ value: "0123456749", scheme: "0208" });
    expect(findEinvoiceProblems(withPeppolId, "peppol").map((problem) => problem.code)).not.toContain(
      "einvoice.peppol_buyer_electronic_address_scheme_not_supported",
    );
  });

  it("says what a format lacks: XRechnung without a buyer reference", () => {
    const document = einvoiceFromInvoice(invoice, { firm, client });
    expect(findEinvoiceProblems(document, "xrechnung-ubl").map((problem) => problem.code)).toContain(
      "einvoice.xrechnung_buyer_reference_required",
    );
  });
});

describe("unitCodeOf and electronicAddressOf", () => {
  it("maps typed units to UN/ECE Rec 20 codes, C62 when unknown", () => {
    expect(["hours", "h", "Jours", "month", "km", "forfait", "HUR", "widgets", ""].map(unitCodeOf)).toEqual([
      "HUR",
      "HUR",
      "DAY",
      "MON",
      "KMT",
      "LS",
      "HUR",
      "C62",
      "C62",
    ]);
  });

  it("uses the VAT number under its Peppol scheme, else the email", () => {
    expect(electronicAddressOf("BE0123456789", null)).toEqual({ value: "BE0123456789", scheme: "9925" });
    expect(electronicAddressOf("US123", "a@b.example")).toEqual({ value: "a@b.example", scheme: "EM" });
    expect(electronicAddressOf(null, null)).toBeNull();
  });
});
