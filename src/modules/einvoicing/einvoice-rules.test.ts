import { describe, expect, it } from "vitest";
import { baseDocument, germanBuyer, swissBuyer, withFigures } from "../../../tests/einvoicing/support/build";
import { EINVOICE_FORMATS, type EinvoiceDocument, type EinvoiceFormat } from "./einvoice-model";
import { findEinvoiceProblems } from "./einvoice-rules";
import { EinvoiceProblemsError, writeEinvoiceXml } from "./einvoice-write";

const line = { name: "Consulting", quantityMilli: 1000, unitPriceMinor: 100_000 };
const valid = withFigures(baseDocument(), [line]);
const codes = (document: EinvoiceDocument, format: EinvoiceFormat) =>
  findEinvoiceProblems(document, format).map((problem) => problem.code);

describe("findEinvoiceProblems", () => {
  it("finds nothing in a complete domestic invoice, in any format", () => {
    for (const format of EINVOICE_FORMATS) expect(findEinvoiceProblems(valid, format)).toEqual([]);
  });

  it("refuses currencies with three decimals: EN 16931 amounts have at most two", () => {
    const document = withFigures(baseDocument({ currency: "BHD" }), [line]);
    const [problem] = findEinvoiceProblems(document, "factur-x");
    expect(problem).toEqual({
      code: "einvoice.currency_has_three_decimals",
      subject: "document",
      field: "currency",
      message:
        "BHD amounts have 3 decimals, and European e-invoices allow at most 2. Invoice this client in another currency to send an e-invoice.",
    });
    expect(() => writeEinvoiceXml(document, "factur-x")).toThrow(EinvoiceProblemsError);
  });

  it("asks for the client's VAT number for reverse charge, pointing at the client", () => {
    const document = withFigures(baseDocument({ buyer: { ...germanBuyer, vatId: null } }), [
      { ...line, vatCategory: "AE" },
    ]);
    expect(findEinvoiceProblems(document, "factur-x")).toEqual([
      {
        code: "einvoice.buyer_vat_required_for_reverse_charge",
        subject: "buyer",
        field: "buyer.vatId",
        message: "Reverse charge needs the client's VAT number: add it to the client.",
      },
    ]);
  });

  it("accepts reverse charge to a client identified by its legal registration instead (BR-AE-02)", () => {
    const buyer = { ...germanBuyer, vatId: null, legalRegistration: { value: "HRB 1234", scheme: "0204" } };
    expect(codes(withFigures(baseDocument({ buyer }), [{ ...line, vatCategory: "AE" }]), "factur-x")).toEqual([]);
  });

  it("asks an intra-community supply for the client's VAT number, a date or period, and the place of supply", () => {
    const document = withFigures(baseDocument({ buyer: { ...germanBuyer, vatId: null }, invoicePeriod: null }), [
      { ...line, vatCategory: "K" },
    ]);
    expect(codes(document, "factur-x")).toEqual([
      "einvoice.buyer_vat_required_for_intra_community_supply",
      "einvoice.delivery_date_or_period_required_for_intra_community_supply",
      "einvoice.delivery_country_required_for_intra_community_supply",
    ]);
  });

  it("needs the firm's VAT number for every category but O", () => {
    const seller = { ...baseDocument().seller, vatId: null };
    for (const vatCategory of ["S", "Z", "E", "AE", "G"] as const)
      expect(
        codes(withFigures(baseDocument({ seller, buyer: germanBuyer }), [{ ...line, vatCategory }]), "factur-x"),
      ).toContain("einvoice.seller_vat_required");
    expect(codes(withFigures(baseDocument({ seller }), [{ ...line, vatCategory: "O" }]), "factur-x")).toEqual([]);
  });

  it("keeps O apart from taxed lines, and needs the firm's registration number then (BR-O-11, BR-CO-26)", () => {
    expect(codes(withFigures(baseDocument(), [line, { ...line, vatCategory: "O" }]), "factur-x")).toEqual([
      "einvoice.outside_scope_mixed",
    ]);
    const seller = { ...baseDocument().seller, legalRegistration: null };
    expect(codes(withFigures(baseDocument({ seller }), [{ ...line, vatCategory: "O" }]), "factur-x")).toEqual([
      "einvoice.seller_identifier_required",
    ]);
  });

  it("checks the rate of each category and the exemption reasons", () => {
    const document = withFigures(baseDocument({ buyer: swissBuyer }), [{ ...line, vatCategory: "G" }], {
      exemptions: { G: { reason: null, code: null } },
    });
    expect(codes(document, "factur-x")).toEqual(["einvoice.exemption_reason_required"]);
    const zeroWithRate = { ...valid, lines: [{ ...valid.lines[0]!, vatCategory: "Z" as const }] };
    expect(codes(zeroWithRate, "factur-x")).toContain("einvoice.vat_rate_not_allowed_for_category");
    const standardWithReason = {
      ...valid,
      vatBreakdown: [{ ...valid.vatBreakdown[0]!, exemptionReason: "Because" }],
    };
    expect(codes(standardWithReason, "factur-x")).toEqual(["einvoice.exemption_reason_not_allowed"]);
    expect(codes(withFigures(baseDocument(), [{ ...line, vatRateBp: 49 }]), "factur-x")).toEqual([
      "einvoice.vat_rate_below_half_percent",
    ]);
  });

  it("checks that the figures add up (BR-CO-10 to BR-CO-16, tax per category and rate)", () => {
    const wrongTax = { ...valid, vatBreakdown: [{ ...valid.vatBreakdown[0]!, taxMinor: 20_001 }] };
    expect(findEinvoiceProblems(wrongTax, "factur-x").map((problem) => problem.field)).toEqual([
      "vatBreakdown",
      "totals.taxMinor",
    ]);
    const wrongDue = { ...valid, totals: { ...valid.totals, dueMinor: 0 } };
    expect(findEinvoiceProblems(wrongDue, "factur-x")).toEqual([
      expect.objectContaining({ code: "einvoice.figures_inconsistent", field: "totals.dueMinor" }),
    ]);
    const missingRow = { ...valid, vatBreakdown: [] };
    expect(codes(missingRow, "factur-x")).toContain("einvoice.figures_inconsistent");
  });

  it("points at the line, with its id, for line problems", () => {
    const document = { ...valid, lines: [{ ...valid.lines[0]!, unitCode: "hour" }] };
    expect(findEinvoiceProblems(document, "factur-x")).toEqual([
      expect.objectContaining({
        code: "einvoice.line_unit_code_invalid",
        subject: "line",
        field: "lines.0.unitCode",
        lineId: "1",
      }),
    ]);
  });

  it("adds Peppol's needs: a reference, Peppol addresses, lines that round within 0.02", () => {
    const document = withFigures(
      baseDocument({
        buyerReference: null,
        purchaseOrderReference: null,
        currency: "JPY",
        buyer: { ...baseDocument().buyer, electronicAddress: { value: "ap@globex.example", scheme: "EM" } },
      }),
      [{ ...line, quantityMilli: 1500, unitPriceMinor: 101 }],
    );
    expect(codes(document, "peppol")).toEqual([
      "einvoice.peppol_buyer_reference_or_order_required",
      "einvoice.peppol_buyer_electronic_address_scheme_not_supported",
      "einvoice.line_rounding_beyond_tolerance",
    ]);
    expect(codes(document, "factur-x")).toEqual([]);
  });

  it("refuses Peppol sellers from countries whose national rules Bureau does not check", () => {
    const seller = { ...baseDocument().seller, address: { ...baseDocument().seller.address, countryCode: "NL" } };
    expect(codes(withFigures(baseDocument({ seller }), [line]), "peppol")).toContain(
      "einvoice.peppol_seller_country_not_supported",
    );
  });

  it("adds XRechnung's needs: buyer reference, the firm's contact, postal codes, payment details", () => {
    const document = withFigures(
      baseDocument({
        buyerReference: null,
        payment: null,
        seller: { ...baseDocument().seller, contact: null },
        buyer: { ...baseDocument().buyer, address: { ...baseDocument().buyer.address, postalCode: null } },
        paymentTerms: "Net 30\n# not a discount line",
      }),
      [line],
    );
    expect(codes(document, "xrechnung-ubl")).toEqual([
      "einvoice.xrechnung_buyer_reference_required",
      "einvoice.xrechnung_seller_contact_name_required",
      "einvoice.xrechnung_seller_contact_phone_required",
      "einvoice.xrechnung_seller_contact_email_required",
      "einvoice.xrechnung_buyer_postal_code_required",
      "einvoice.xrechnung_payment_means_required",
      "einvoice.xrechnung_payment_terms_hash",
    ]);
    expect(codes(document, "xrechnung-cii")).toEqual(codes(document, "xrechnung-ubl"));
    expect(codes(document, "factur-x")).toEqual([]);
  });

  it("treats text that is only control characters or spaces as missing", () => {
    const document = { ...valid, lines: [{ ...valid.lines[0]!, name: "\u0001\u0002 \u00a0" }] };
    expect(codes(document, "factur-x")).toEqual(["einvoice.line_name_required"]);
  });
});

describe("Peppol between German businesses", () => {
  it("applies the German rules (DE-R-*) when seller and buyer are both in Germany", () => {
    const seller = {
      ...baseDocument().seller,
      address: { ...germanBuyer.address, city: "Berlin" },
      vatId: "DE811907980",
      contact: null,
    };
    const document = withFigures(baseDocument({ seller, buyer: germanBuyer, buyerReference: null }), [line]);
    expect(codes(document, "peppol")).toEqual([
      "einvoice.peppol_de_buyer_reference_required",
      "einvoice.peppol_de_seller_contact_name_required",
      "einvoice.peppol_de_seller_contact_phone_required",
      "einvoice.peppol_de_seller_contact_email_required",
    ]);
    expect(codes({ ...document, buyer: baseDocument().buyer }, "peppol")).toEqual([]);
  });
});
