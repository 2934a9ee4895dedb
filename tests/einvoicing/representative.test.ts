import { beforeAll, describe, expect, it } from "vitest";
import type { EinvoiceDocument, EinvoiceFormat } from "@/modules/einvoicing/einvoice-model";
import { EINVOICE_FORMATS } from "@/modules/einvoicing/einvoice-model";
import { findEinvoiceProblems } from "@/modules/einvoicing/einvoice-rules";
import { einvoiceSyntax, writeEinvoiceXml } from "@/modules/einvoicing/einvoice-write";
import { baseDocument, germanBuyer, sepaPayment, swissBuyer, withFigures } from "./support/build";
import { ruleSetsFor } from "./support/property";
import {
  describeFindings,
  fatal,
  isUblSchemaAvailable,
  UBL_XSD_DIR,
  validateSchemas,
  validateSchematron,
} from "./support/validate";

// Hand-written representative invoices, each written in every format and checked against the
// official rules and the schemas.

const cases: Record<string, EinvoiceDocument> = {
  "domestic French invoice at the standard rate": withFigures(baseDocument(), [
    { name: "Strategy workshop", quantityMilli: 7500, unitPriceMinor: 12_000, discountBp: 1250 },
    { name: "Follow-up call", description: "Phone, 45 minutes", quantityMilli: 750, unitPriceMinor: 9000 },
  ]),
  "several rates (20 %, 10 %, 5.5 %, 2.1 %) and a zero-rated line": withFigures(baseDocument(), [
    { name: "Consulting", quantityMilli: 10_000, unitPriceMinor: 9500, vatRateBp: 2000 },
    { name: "Catering", quantityMilli: 12_000, unitPriceMinor: 1850, unitCode: "C62", vatRateBp: 1000 },
    { name: "Books", quantityMilli: 3000, unitPriceMinor: 2399, unitCode: "C62", vatRateBp: 550 },
    { name: "Press subscription", quantityMilli: 1000, unitPriceMinor: 4990, unitCode: "MON", vatRateBp: 210 },
    { name: "Zero-rated supply", quantityMilli: 1000, unitPriceMinor: 10_000, vatCategory: "Z" },
  ]),
  "reverse charge to a German business": withFigures(baseDocument({ buyer: germanBuyer }), [
    {
      name: "Software architecture review",
      quantityMilli: 4000,
      unitPriceMinor: 110_000,
      unitCode: "DAY",
      vatCategory: "AE",
    },
  ]),
  "intra-community supply (K) with the place of supply": withFigures(
    baseDocument({ buyer: germanBuyer, delivery: { date: "2026-02-27", address: germanBuyer.address } }),
    [{ name: "Training materials", quantityMilli: 25_000, unitPriceMinor: 3900, unitCode: "C62", vatCategory: "K" }],
  ),
  "export outside the EU (G) to a Swiss client": withFigures(
    baseDocument({ buyer: swissBuyer, currency: "CHF", purchaseOrderReference: "BE-2026-77" }),
    [{ name: "Market study", quantityMilli: 1000, unitPriceMinor: 850_000, vatCategory: "G" }],
  ),
  "exempt (E) with a VATEX code": withFigures(
    baseDocument(),
    [{ name: "Vocational training session", quantityMilli: 14_000, unitPriceMinor: 6500, vatCategory: "E" }],
    { exemptions: { E: { reason: "Exonération de TVA, article 261-4-4° du CGI", code: "VATEX-EU-132-1I" } } },
  ),
  "outside the scope of VAT (O)": withFigures(baseDocument(), [
    {
      name: "Disbursement: court fees paid on the client's behalf",
      quantityMilli: 1000,
      unitPriceMinor: 22_500,
      unitCode: "C62",
      vatCategory: "O",
    },
  ]),
  "zero-rated only (Z)": withFigures(baseDocument(), [
    { name: "Zero-rated service", quantityMilli: 2000, unitPriceMinor: 40_000, unitCode: "DAY", vatCategory: "Z" },
  ]),
  "credit note referencing its invoice": withFigures(
    baseDocument({
      kind: "credit_note",
      number: "CN-2026-0003",
      precedingInvoice: { number: "2026-0042", issueDate: "2026-03-02" },
      notes: ["Partial credit: one workshop day cancelled."],
      paymentTerms: "Refund by bank transfer within 15 days.",
    }),
    [{ name: "Strategy workshop (cancelled day)", quantityMilli: 7500, unitPriceMinor: 12_000, discountBp: 1250 }],
  ),
  "partially paid invoice (prepaid amount, amount due)": withFigures(
    baseDocument(),
    [{ name: "Retainer, March", quantityMilli: 1000, unitPriceMinor: 300_000, unitCode: "MON" }],
    { prepaidMinor: 100_000 },
  ),
  "JPY invoice (no decimals)": withFigures(
    baseDocument({ currency: "JPY", payment: { ...sepaPayment, meansCode: "30" } }),
    [
      {
        name: "翻訳サービス (translation)",
        quantityMilli: 12_000,
        unitPriceMinor: 8800,
        unitCode: "HUR",
        vatRateBp: 2000,
      },
      { name: "Discounted review", quantityMilli: 2000, unitPriceMinor: 15_000, unitCode: "HUR", discountBp: 1000 },
    ],
  ),
};

const written = new Map<string, string>();

beforeAll(() => {
  for (const [name, document] of Object.entries(cases))
    for (const format of EINVOICE_FORMATS) written.set(`${name}|${format}`, writeEinvoiceXml(document, format));
});

describe.each(Object.entries(cases))("%s", (name, document) => {
  it.each(EINVOICE_FORMATS)("has no pre-issue problem and 0 fatal findings as %s", (format: EinvoiceFormat) => {
    expect(findEinvoiceProblems(document, format)).toEqual([]);
    const xml = written.get(`${name}|${format}`)!;
    const findings = validateSchematron(xml, einvoiceSyntax(format), ruleSetsFor(format));
    expect(fatal(findings), describeFindings(findings)).toEqual([]);
  });

  it("is schema-valid in CII and UBL", async () => {
    const cii = [written.get(`${name}|factur-x`)!, written.get(`${name}|xrechnung-cii`)!];
    for (const result of await validateSchemas(cii, "cii")) expect(result.errors).toEqual([]);
    if (!isUblSchemaAvailable()) {
      const message = `UBL 2.1 schema check NOT RUN: no XSDs in ${UBL_XSD_DIR} (set UBL_XSD_DIR).`;
      if (process.env.REQUIRE_UBL_SCHEMAS === "1") throw new Error(`REQUIRE_UBL_SCHEMAS=1: ${message}`);
      console.warn(`\n[einvoicing] ${message}\n`);
      return;
    }
    const ubl = [written.get(`${name}|peppol`)!, written.get(`${name}|xrechnung-ubl`)!];
    const schema = document.kind === "invoice" ? "ubl-invoice" : "ubl-credit-note";
    for (const result of await validateSchemas(ubl, schema)) expect(result.errors).toEqual([]);
  });
});

describe("the schema check", () => {
  it("refuses a CII document out of the D16B schema's order, and one with an element Factur-X's EN 16931 profile leaves out", async () => {
    const cii = written.get("domestic French invoice at the standard rate|factur-x")!;
    // D16B: ExchangedDocument comes after ExchangedDocumentContext.
    const context = /<rsm:ExchangedDocumentContext>[\s\S]*?<\/rsm:ExchangedDocumentContext>\n/.exec(cii)![0];
    const reordered = cii
      .replace(context, "")
      .replace("</rsm:ExchangedDocument>\n", `</rsm:ExchangedDocument>\n${context}`);
    // D16B allows a document name (ram:Name) in ExchangedDocument; the Factur-X EN 16931 profile does not.
    const named = cii.replace(
      "<ram:TypeCode>380</ram:TypeCode>",
      "<ram:Name>Invoice</ram:Name>\n    <ram:TypeCode>380</ram:TypeCode>",
    );
    const [valid, outOfOrder, withName] = await validateSchemas([cii, reordered, named], "cii");
    expect(valid!.errors).toEqual([]);
    expect(outOfOrder!.valid).toBe(false);
    expect(outOfOrder!.errors.join("\n")).toContain("CrossIndustryInvoice_100pD16B.xsd");
    expect(withName!.valid).toBe(false);
    expect(withName!.errors.join("\n")).toContain("Factur-X_1.07.3_EN16931.xsd");
    expect(withName!.errors.join("\n")).not.toContain("CrossIndustryInvoice_100pD16B.xsd");
  });
});

describe("what the documents say", () => {
  const get = (name: string, format: EinvoiceFormat) => written.get(`${name}|${format}`)!;

  it("writes the credit note as a UBL CreditNote (381) with its invoice reference and due date in the payment means", () => {
    const ubl = get("credit note referencing its invoice", "peppol");
    expect(ubl).toMatch(/^<\?xml[^>]*>\n<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/);
    expect(ubl).toContain("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>");
    expect(ubl).toMatch(
      /<cac:InvoiceDocumentReference>\s*<cbc:ID>2026-0042<\/cbc:ID>\s*<cbc:IssueDate>2026-03-02<\/cbc:IssueDate>/,
    );
    expect(ubl).toContain("<cbc:PaymentDueDate>2026-04-01</cbc:PaymentDueDate>");
    expect(ubl).toContain("<cac:CreditNoteLine>");
    const cii = get("credit note referencing its invoice", "factur-x");
    expect(cii).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(cii).toMatch(/<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>2026-0042<\/ram:IssuerAssignedID>/);
  });

  it("writes the prepaid amount and the amount due", () => {
    const ubl = get("partially paid invoice (prepaid amount, amount due)", "peppol");
    expect(ubl).toContain('<cbc:PrepaidAmount currencyID="EUR">1000.00</cbc:PrepaidAmount>');
    expect(ubl).toContain('<cbc:PayableAmount currencyID="EUR">2600.00</cbc:PayableAmount>');
    const cii = get("partially paid invoice (prepaid amount, amount due)", "factur-x");
    expect(cii).toContain("<ram:TotalPrepaidAmount>1000.00</ram:TotalPrepaidAmount>");
    expect(cii).toContain("<ram:DuePayableAmount>2600.00</ram:DuePayableAmount>");
  });

  it("writes JPY amounts without decimals", () => {
    const ubl = get("JPY invoice (no decimals)", "peppol");
    expect(ubl).toContain('<cbc:LineExtensionAmount currencyID="JPY">105600</cbc:LineExtensionAmount>');
    expect(ubl).not.toMatch(/currencyID="JPY">\d+\.\d/);
  });

  it("writes the line discount as an allowance with its amount, and Bureau's net", () => {
    const cii = get("domestic French invoice at the standard rate", "factur-x");
    // 7.5 h × 120.00 = 900.00; 12.5 % off = 112.50; net 787.50.
    expect(cii).toMatch(
      /<ram:ActualAmount>112\.50<\/ram:ActualAmount>\s*<ram:ReasonCode>95<\/ram:ReasonCode>\s*<ram:Reason>Discount 12\.5%<\/ram:Reason>/,
    );
    expect(cii).toContain("<ram:LineTotalAmount>787.50</ram:LineTotalAmount>");
    expect(cii).toContain('<ram:BilledQuantity unitCode="HUR">7.5</ram:BilledQuantity>');
  });

  it("names no VAT identifier on an invoice outside the scope of VAT (BR-O-02)", () => {
    for (const format of EINVOICE_FORMATS) {
      const xml = get("outside the scope of VAT (O)", format);
      expect(xml).not.toContain("FR40303265045");
      expect(xml).toContain("303265045");
    }
  });

  it("writes the exemption reason and VATEX code", () => {
    const ubl = get("exempt (E) with a VATEX code", "xrechnung-ubl");
    expect(ubl).toContain("<cbc:TaxExemptionReasonCode>VATEX-EU-132-1I</cbc:TaxExemptionReasonCode>");
    expect(ubl).toContain(
      "<cbc:TaxExemptionReason>Exonération de TVA, article 261-4-4° du CGI</cbc:TaxExemptionReason>",
    );
  });

  it("is deterministic: the same model gives the same bytes", () => {
    for (const [name, document] of Object.entries(cases))
      for (const format of EINVOICE_FORMATS)
        expect(writeEinvoiceXml(structuredClone(document), format)).toBe(get(name, format));
  });
});
