import {
  EINVOICE_TYPE_CODES,
  PEPPOL_BILLING_PROCESS,
  PEPPOL_CUSTOMIZATION,
  XRECHNUNG_CUSTOMIZATION,
  type EinvoiceAddress,
  type EinvoiceDocument,
  type EinvoiceLine,
  type EinvoiceParty,
  type EinvoiceVatBreakdown,
} from "./einvoice-model";
import { discountReason, hasOutsideScope, noteTexts } from "./einvoice-mapping";
import { el, formatAmount, formatPercent, formatQuantity, serializeXml, type XmlElement } from "./einvoice-xml";

// OASIS UBL 2.1 Invoice and CreditNote, as Peppol BIS Billing 3.0 and XRechnung 3.0 (UBL) use
// them; element order as in the UBL 2.1 schemas. The mapping BT → path is in
// docs/decisions/022-e-invoicing.md.

export type UblProfile = "peppol" | "xrechnung";

const CAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";
const CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";

/** The UBL XML: an Invoice (380) or a CreditNote (381) document. Same model, same bytes. */
export function writeUbl(document: EinvoiceDocument, profile: UblProfile): string {
  const currency = document.currency;
  const money = (name: string, minor: number) => el(name, { currencyID: currency }, formatAmount(minor, currency));
  const isCreditNote = document.kind === "credit_note";
  const root = isCreditNote ? "CreditNote" : "Invoice";
  const outsideScope = hasOutsideScope(document);
  const payment = document.payment;

  const xml = el(
    root,
    {
      xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`,
      "xmlns:cac": CAC,
      "xmlns:cbc": CBC,
    },
    el("cbc:CustomizationID", profile === "peppol" ? PEPPOL_CUSTOMIZATION : XRECHNUNG_CUSTOMIZATION),
    el("cbc:ProfileID", PEPPOL_BILLING_PROCESS),
    el("cbc:ID", document.number),
    el("cbc:IssueDate", document.issueDate),
    // A UBL CreditNote has no DueDate: its BT-9 is the payment means' PaymentDueDate (below).
    isCreditNote ? null : el("cbc:DueDate", document.dueDate),
    el(isCreditNote ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", EINVOICE_TYPE_CODES[document.kind]),
    noteTexts(document, profile).map((text) => el("cbc:Note", text)),
    el("cbc:DocumentCurrencyCode", currency),
    el("cbc:BuyerReference", document.buyerReference),
    document.invoicePeriod
      ? el(
          "cac:InvoicePeriod",
          el("cbc:StartDate", document.invoicePeriod.startDate),
          el("cbc:EndDate", document.invoicePeriod.endDate),
        )
      : null,
    document.purchaseOrderReference ? el("cac:OrderReference", el("cbc:ID", document.purchaseOrderReference)) : null,
    document.precedingInvoice
      ? el(
          "cac:BillingReference",
          el(
            "cac:InvoiceDocumentReference",
            el("cbc:ID", document.precedingInvoice.number),
            el("cbc:IssueDate", document.precedingInvoice.issueDate),
          ),
        )
      : null,
    el("cac:AccountingSupplierParty", party(document.seller, "seller", outsideScope)),
    el("cac:AccountingCustomerParty", party(document.buyer, "buyer", outsideScope)),
    document.delivery
      ? el(
          "cac:Delivery",
          el("cbc:ActualDeliveryDate", document.delivery.date),
          document.delivery.address
            ? el("cac:DeliveryLocation", address("cac:Address", document.delivery.address))
            : null,
        )
      : null,
    payment
      ? el(
          "cac:PaymentMeans",
          el("cbc:PaymentMeansCode", payment.meansCode),
          isCreditNote ? el("cbc:PaymentDueDate", document.dueDate) : null,
          el("cbc:PaymentID", payment.remittanceReference),
          el(
            "cac:PayeeFinancialAccount",
            el("cbc:ID", payment.accountId),
            el("cbc:Name", payment.accountName),
            payment.bic ? el("cac:FinancialInstitutionBranch", el("cbc:ID", payment.bic)) : null,
          ),
        )
      : null,
    document.paymentTerms ? el("cac:PaymentTerms", el("cbc:Note", document.paymentTerms)) : null,
    el(
      "cac:TaxTotal",
      money("cbc:TaxAmount", document.totals.taxMinor),
      document.vatBreakdown.map((row) => taxSubtotal(row, money)),
    ),
    el(
      "cac:LegalMonetaryTotal",
      money("cbc:LineExtensionAmount", document.totals.lineNetMinor),
      money("cbc:TaxExclusiveAmount", document.totals.lineNetMinor),
      money("cbc:TaxInclusiveAmount", document.totals.grossMinor),
      document.totals.prepaidMinor !== 0 ? money("cbc:PrepaidAmount", document.totals.prepaidMinor) : null,
      money("cbc:PayableAmount", document.totals.dueMinor),
    ),
    document.lines.map((line) => invoiceLine(line, isCreditNote, money, outsideScope)),
  );
  return serializeXml(xml!);
}

type Money = (name: string, minor: number) => XmlElement | null;

function party(party: EinvoiceParty, role: "seller" | "buyer", outsideScope: boolean): XmlElement | null {
  const contact = party.contact;
  return el(
    "cac:Party",
    party.electronicAddress
      ? el("cbc:EndpointID", { schemeID: party.electronicAddress.scheme }, party.electronicAddress.value)
      : null,
    address("cac:PostalAddress", party.address),
    // BR-O-02/03/04: an invoice outside the scope of VAT names no VAT identifier.
    party.vatId && !outsideScope
      ? el("cac:PartyTaxScheme", el("cbc:CompanyID", party.vatId), el("cac:TaxScheme", el("cbc:ID", "VAT")))
      : null,
    el(
      "cac:PartyLegalEntity",
      el("cbc:RegistrationName", party.name),
      party.legalRegistration
        ? el("cbc:CompanyID", { schemeID: party.legalRegistration.scheme }, party.legalRegistration.value)
        : null,
      role === "seller" ? el("cbc:CompanyLegalForm", party.legalInformation) : null,
    ),
    contact
      ? el(
          "cac:Contact",
          el("cbc:Name", contact.name),
          el("cbc:Telephone", contact.phone),
          el("cbc:ElectronicMail", contact.email),
        )
      : null,
  );
}

function address(name: string, value: EinvoiceAddress): XmlElement | null {
  const [streetName, additionalStreetName, lineThree] = value.lines.filter((line) => line.trim() !== "");
  return el(
    name,
    el("cbc:StreetName", streetName),
    el("cbc:AdditionalStreetName", additionalStreetName),
    el("cbc:CityName", value.city),
    el("cbc:PostalZone", value.postalCode),
    el("cbc:CountrySubentity", value.countrySubdivision),
    lineThree ? el("cac:AddressLine", el("cbc:Line", lineThree)) : null,
    el("cac:Country", el("cbc:IdentificationCode", value.countryCode)),
  );
}

function taxSubtotal(row: EinvoiceVatBreakdown, money: Money): XmlElement | null {
  return el(
    "cac:TaxSubtotal",
    money("cbc:TaxableAmount", row.taxableMinor),
    money("cbc:TaxAmount", row.taxMinor),
    el(
      "cac:TaxCategory",
      el("cbc:ID", row.category),
      // BT-119 even for O (0): XRechnung requires it (BR-DE-14) and EN 16931 allows it in the breakdown.
      el("cbc:Percent", formatPercent(row.rateBp)),
      el("cbc:TaxExemptionReasonCode", row.exemptionReasonCode),
      el("cbc:TaxExemptionReason", row.exemptionReason),
      el("cac:TaxScheme", el("cbc:ID", "VAT")),
    ),
  );
}

function invoiceLine(
  line: EinvoiceLine,
  isCreditNote: boolean,
  money: Money,
  outsideScope: boolean,
): XmlElement | null {
  return el(
    isCreditNote ? "cac:CreditNoteLine" : "cac:InvoiceLine",
    el("cbc:ID", line.id),
    el(
      isCreditNote ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity",
      { unitCode: line.unitCode },
      formatQuantity(line.quantityMilli),
    ),
    money("cbc:LineExtensionAmount", line.netMinor),
    line.discountMinor > 0
      ? el(
          "cac:AllowanceCharge",
          el("cbc:ChargeIndicator", "false"),
          // UNTDID 5189 code 95: discount.
          el("cbc:AllowanceChargeReasonCode", "95"),
          el("cbc:AllowanceChargeReason", discountReason(line)),
          money("cbc:Amount", line.discountMinor),
        )
      : null,
    el(
      "cac:Item",
      el("cbc:Description", line.description),
      el("cbc:Name", line.name),
      el(
        "cac:ClassifiedTaxCategory",
        el("cbc:ID", line.vatCategory),
        // BR-O-05: a line outside the scope of VAT carries no rate.
        outsideScope ? null : el("cbc:Percent", formatPercent(line.vatRateBp)),
        el("cac:TaxScheme", el("cbc:ID", "VAT")),
      ),
    ),
    el("cac:Price", money("cbc:PriceAmount", line.unitPriceMinor)),
  );
}
