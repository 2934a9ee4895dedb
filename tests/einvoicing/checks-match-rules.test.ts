import { describe, expect, it } from "vitest";
import { writeCii } from "@/modules/einvoicing/einvoice-cii";
import type { EinvoiceDocument, EinvoiceFormat } from "@/modules/einvoicing/einvoice-model";
import { findEinvoiceProblems } from "@/modules/einvoicing/einvoice-rules";
import { writeUbl } from "@/modules/einvoicing/einvoice-ubl";
import { EinvoiceProblemsError, writeEinvoiceXml } from "@/modules/einvoicing/einvoice-write";
import { baseDocument, frenchBuyer, germanBuyer, withFigures } from "./support/build";
import { isPeppolAvailable, validateSchematron, type RuleSet } from "./support/validate";

// Each pre-issue check stands for an official rule: the document it refuses, written anyway
// (straight through the writers, past the check), fails that rule in the official rule set.

type Case = {
  problem: string;
  format: EinvoiceFormat;
  rule: string;
  ruleSet: RuleSet;
  document: EinvoiceDocument;
};

const line = { name: "Consulting", quantityMilli: 1000, unitPriceMinor: 100_000 };

const cases: Case[] = [
  {
    problem: "einvoice.buyer_vat_required_for_reverse_charge",
    format: "factur-x",
    rule: "BR-AE-02",
    ruleSet: "en16931",
    document: withFigures(baseDocument({ buyer: { ...germanBuyer, vatId: null } }), [{ ...line, vatCategory: "AE" }]),
  },
  {
    problem: "einvoice.buyer_vat_required_for_intra_community_supply",
    format: "peppol",
    rule: "BR-IC-02",
    ruleSet: "en16931",
    document: withFigures(
      baseDocument({ buyer: { ...germanBuyer, vatId: null }, delivery: { date: null, address: germanBuyer.address } }),
      [{ ...line, vatCategory: "K" }],
    ),
  },
  {
    problem: "einvoice.delivery_country_required_for_intra_community_supply",
    format: "factur-x",
    rule: "BR-IC-12",
    ruleSet: "en16931",
    document: withFigures(baseDocument({ buyer: germanBuyer }), [{ ...line, vatCategory: "K" }]),
  },
  {
    problem: "einvoice.seller_vat_required",
    format: "factur-x",
    rule: "BR-S-02",
    ruleSet: "en16931",
    document: withFigures(baseDocument({ seller: { ...baseDocument().seller, vatId: null } }), [line]),
  },
  {
    problem: "einvoice.exemption_reason_required",
    format: "peppol",
    rule: "BR-E-10",
    ruleSet: "en16931",
    document: withFigures(baseDocument(), [{ ...line, vatCategory: "E" }], {
      exemptions: { E: { reason: null, code: null } },
    }),
  },
  {
    problem: "einvoice.outside_scope_mixed",
    format: "factur-x",
    rule: "BR-O-11",
    ruleSet: "en16931",
    document: withFigures(baseDocument(), [line, { ...line, vatCategory: "O" }]),
  },
  {
    problem: "einvoice.seller_identifier_required",
    format: "xrechnung-ubl",
    rule: "BR-CO-26",
    ruleSet: "en16931",
    document: withFigures(baseDocument({ seller: { ...baseDocument().seller, legalRegistration: null } }), [
      { ...line, vatCategory: "O" },
    ]),
  },
  {
    problem: "einvoice.vat_rate_below_half_percent",
    format: "factur-x",
    rule: "BR-CO-17",
    ruleSet: "en16931",
    document: withFigures(baseDocument(), [{ ...line, unitPriceMinor: 10_000_000, vatRateBp: 30 }]),
  },
  {
    problem: "einvoice.figures_inconsistent",
    format: "factur-x",
    rule: "BR-CO-15",
    ruleSet: "en16931",
    document: (() => {
      const document = withFigures(baseDocument(), [line]);
      return { ...document, totals: { ...document.totals, grossMinor: document.totals.grossMinor + 1 } };
    })(),
  },
  {
    problem: "einvoice.xrechnung_buyer_reference_required",
    format: "xrechnung-cii",
    rule: "BR-DE-15",
    ruleSet: "xrechnung",
    document: withFigures(baseDocument({ buyerReference: null }), [line]),
  },
  {
    problem: "einvoice.xrechnung_seller_contact_phone_required",
    format: "xrechnung-ubl",
    rule: "BR-DE-6",
    ruleSet: "xrechnung",
    document: withFigures(
      baseDocument({
        seller: { ...baseDocument().seller, contact: { name: "Claire", phone: null, email: "c@x.example" } },
      }),
      [line],
    ),
  },
  {
    problem: "einvoice.xrechnung_payment_means_required",
    format: "xrechnung-ubl",
    rule: "BR-DE-1",
    ruleSet: "xrechnung",
    document: withFigures(baseDocument({ payment: null }), [line]),
  },
  {
    problem: "einvoice.xrechnung_buyer_electronic_address_required",
    format: "xrechnung-cii",
    rule: "PEPPOL-EN16931-R010",
    ruleSet: "xrechnung",
    document: withFigures(baseDocument({ buyer: { ...frenchBuyer, electronicAddress: null } }), [line]),
  },
  {
    problem: "einvoice.xrechnung_payment_terms_hash",
    format: "xrechnung-ubl",
    rule: "BR-DE-18",
    ruleSet: "xrechnung",
    document: withFigures(baseDocument({ paymentTerms: "#SKONTO#TAGE=7#PROZENT=2.00#" }), [line]),
  },
  {
    problem: "einvoice.line_rounding_beyond_tolerance",
    format: "peppol",
    rule: "PEPPOL-EN16931-R120",
    ruleSet: "peppol",
    document: withFigures(baseDocument({ currency: "JPY" }), [{ ...line, quantityMilli: 1234, unitPriceMinor: 100 }]),
  },
  {
    problem: "einvoice.peppol_buyer_reference_or_order_required",
    format: "peppol",
    rule: "PEPPOL-EN16931-R003",
    ruleSet: "peppol",
    document: withFigures(baseDocument({ buyerReference: null, purchaseOrderReference: null }), [line]),
  },
  {
    problem: "einvoice.peppol_de_buyer_reference_required",
    format: "peppol",
    rule: "DE-R-015",
    ruleSet: "peppol",
    document: withFigures(
      baseDocument({
        seller: { ...baseDocument().seller, address: { ...germanBuyer.address, city: "Berlin" }, vatId: "DE811907980" },
        buyer: germanBuyer,
        buyerReference: null,
      }),
      [line],
    ),
  },
  {
    problem: "einvoice.peppol_seller_electronic_address_scheme_not_supported",
    format: "peppol",
    rule: "PEPPOL-EN16931-CL008",
    ruleSet: "peppol",
    document: withFigures(
      baseDocument({ seller: { ...baseDocument().seller, electronicAddress: { value: "a@b.example", scheme: "EM" } } }),
      [line],
    ),
  },
];

const write = (document: EinvoiceDocument, format: EinvoiceFormat) => {
  switch (format) {
    case "factur-x":
      return writeCii(document, "factur-x");
    case "xrechnung-cii":
      return writeCii(document, "xrechnung");
    case "peppol":
      return writeUbl(document, "peppol");
    case "xrechnung-ubl":
      return writeUbl(document, "xrechnung");
  }
};

describe("each pre-issue check prevents a failure of the official rules", () => {
  it.for(cases)("$problem ($format) stands for $rule", ({ problem, format, rule, ruleSet, document }, context) => {
    expect(findEinvoiceProblems(document, format).map((found) => found.code)).toContain(problem);
    expect(() => writeEinvoiceXml(document, format)).toThrow(EinvoiceProblemsError);
    if (ruleSet === "peppol" && !isPeppolAvailable()) {
      console.warn(`\n[einvoicing] ${rule}: Peppol rules NOT RUN (not available here).\n`);
      context.skip();
    }
    const xml = write(document, format);
    const failed = validateSchematron(xml, format === "factur-x" || format === "xrechnung-cii" ? "cii" : "ubl", [
      ruleSet,
    ])
      .filter((finding) => finding.flag === "fatal")
      .map((finding) => finding.id);
    expect(failed).toContain(rule);
  });
});
