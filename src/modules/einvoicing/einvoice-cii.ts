import {
  EINVOICE_TYPE_CODES,
  EN16931_GUIDELINE,
  PEPPOL_BILLING_PROCESS,
  XRECHNUNG_CUSTOMIZATION,
  type EinvoiceAddress,
  type EinvoiceDocument,
  type EinvoiceLine,
  type EinvoiceParty,
  type EinvoiceVatBreakdown,
} from "./einvoice-model";
import {
  el,
  formatAmount,
  formatDate102,
  formatPercent,
  formatQuantity,
  serializeXml,
  type XmlElement,
} from "./einvoice-xml";
import { discountReason, hasOutsideScope, noteTexts } from "./einvoice-mapping";

// UN/CEFACT Cross Industry Invoice D16B (the syntax of Factur-X / ZUGFeRD and of XRechnung CII),
// element order as in the D16B schema. The mapping BT → path is in docs/decisions/022-e-invoicing.md.

export type CiiProfile = "factur-x" | "xrechnung";

const NAMESPACES = {
  "xmlns:rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  "xmlns:ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  "xmlns:qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  "xmlns:udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

/**
 * The CII XML of an e-invoice: Factur-X profile EN 16931 (guideline urn:cen.eu:en16931:2017, the
 * XML embedded as factur-x.xml) or XRechnung 3.0 CII. Same model, same bytes.
 */
export function writeCii(document: EinvoiceDocument, profile: CiiProfile): string {
  const currency = document.currency;
  const amount = (minor: number) => formatAmount(minor, currency);
  const outsideScope = hasOutsideScope(document);

  const context = el(
    "rsm:ExchangedDocumentContext",
    profile === "xrechnung"
      ? el("ram:BusinessProcessSpecifiedDocumentContextParameter", el("ram:ID", PEPPOL_BILLING_PROCESS))
      : null,
    el(
      "ram:GuidelineSpecifiedDocumentContextParameter",
      el("ram:ID", profile === "xrechnung" ? XRECHNUNG_CUSTOMIZATION : EN16931_GUIDELINE),
    ),
  );

  const exchangedDocument = el(
    "rsm:ExchangedDocument",
    el("ram:ID", document.number),
    el("ram:TypeCode", EINVOICE_TYPE_CODES[document.kind]),
    el("ram:IssueDateTime", dateTime("udt", document.issueDate)),
    noteTexts(document, profile === "xrechnung" ? "xrechnung" : "factur-x").map((text) =>
      el("ram:IncludedNote", el("ram:Content", text)),
    ),
  );

  const lines = document.lines.map((line) => lineItem(line, amount, outsideScope));

  const agreement = el(
    "ram:ApplicableHeaderTradeAgreement",
    el("ram:BuyerReference", document.buyerReference),
    party("ram:SellerTradeParty", document.seller, "seller", outsideScope),
    party("ram:BuyerTradeParty", document.buyer, "buyer", outsideScope),
    document.purchaseOrderReference
      ? el("ram:BuyerOrderReferencedDocument", el("ram:IssuerAssignedID", document.purchaseOrderReference))
      : null,
  );

  const delivery = el(
    "ram:ApplicableHeaderTradeDelivery",
    document.delivery?.address
      ? el("ram:ShipToTradeParty", address("ram:PostalTradeAddress", document.delivery.address))
      : null,
    document.delivery?.date
      ? el("ram:ActualDeliverySupplyChainEvent", el("ram:OccurrenceDateTime", dateTime("udt", document.delivery.date)))
      : null,
  ) ?? { name: "ram:ApplicableHeaderTradeDelivery", attributes: [], children: [] };

  const payment = document.payment;
  const settlement = el(
    "ram:ApplicableHeaderTradeSettlement",
    el("ram:PaymentReference", payment?.remittanceReference),
    el("ram:InvoiceCurrencyCode", currency),
    payment
      ? el(
          "ram:SpecifiedTradeSettlementPaymentMeans",
          el("ram:TypeCode", payment.meansCode),
          el(
            "ram:PayeePartyCreditorFinancialAccount",
            el("ram:IBANID", payment.accountId),
            el("ram:AccountName", payment.accountName),
          ),
          payment.bic ? el("ram:PayeeSpecifiedCreditorFinancialInstitution", el("ram:BICID", payment.bic)) : null,
        )
      : null,
    document.vatBreakdown.map((row) => headerTax(row, amount)),
    document.invoicePeriod
      ? el(
          "ram:BillingSpecifiedPeriod",
          el("ram:StartDateTime", dateTime("udt", document.invoicePeriod.startDate)),
          el("ram:EndDateTime", dateTime("udt", document.invoicePeriod.endDate)),
        )
      : null,
    el(
      "ram:SpecifiedTradePaymentTerms",
      el("ram:Description", document.paymentTerms),
      document.dueDate ? el("ram:DueDateDateTime", dateTime("udt", document.dueDate)) : null,
    ),
    el(
      "ram:SpecifiedTradeSettlementHeaderMonetarySummation",
      el("ram:LineTotalAmount", amount(document.totals.lineNetMinor)),
      el("ram:TaxBasisTotalAmount", amount(document.totals.lineNetMinor)),
      el("ram:TaxTotalAmount", { currencyID: currency }, amount(document.totals.taxMinor)),
      el("ram:GrandTotalAmount", amount(document.totals.grossMinor)),
      document.totals.prepaidMinor !== 0 ? el("ram:TotalPrepaidAmount", amount(document.totals.prepaidMinor)) : null,
      el("ram:DuePayableAmount", amount(document.totals.dueMinor)),
    ),
    document.precedingInvoice
      ? el(
          "ram:InvoiceReferencedDocument",
          el("ram:IssuerAssignedID", document.precedingInvoice.number),
          document.precedingInvoice.issueDate
            ? el("ram:FormattedIssueDateTime", dateTime("qdt", document.precedingInvoice.issueDate))
            : null,
        )
      : null,
  );

  const root = el(
    "rsm:CrossIndustryInvoice",
    NAMESPACES,
    context,
    exchangedDocument,
    el("rsm:SupplyChainTradeTransaction", lines, agreement, delivery, settlement),
  );
  return serializeXml(root!);
}

function dateTime(prefix: "udt" | "qdt", date: string): XmlElement | null {
  return el(`${prefix}:DateTimeString`, { format: "102" }, formatDate102(date));
}

function lineItem(line: EinvoiceLine, amount: (minor: number) => string, outsideScope: boolean): XmlElement | null {
  return el(
    "ram:IncludedSupplyChainTradeLineItem",
    el("ram:AssociatedDocumentLineDocument", el("ram:LineID", line.id)),
    el("ram:SpecifiedTradeProduct", el("ram:Name", line.name), el("ram:Description", line.description)),
    el(
      "ram:SpecifiedLineTradeAgreement",
      el("ram:NetPriceProductTradePrice", el("ram:ChargeAmount", amount(line.unitPriceMinor))),
    ),
    el(
      "ram:SpecifiedLineTradeDelivery",
      el("ram:BilledQuantity", { unitCode: line.unitCode }, formatQuantity(line.quantityMilli)),
    ),
    el(
      "ram:SpecifiedLineTradeSettlement",
      el(
        "ram:ApplicableTradeTax",
        el("ram:TypeCode", "VAT"),
        el("ram:CategoryCode", line.vatCategory),
        // BR-O-05: a line outside the scope of VAT carries no rate.
        outsideScope ? null : el("ram:RateApplicablePercent", formatPercent(line.vatRateBp)),
      ),
      line.discountMinor > 0
        ? el(
            "ram:SpecifiedTradeAllowanceCharge",
            el("ram:ChargeIndicator", el("udt:Indicator", "false")),
            el("ram:ActualAmount", amount(line.discountMinor)),
            // UNTDID 5189 code 95: discount.
            el("ram:ReasonCode", "95"),
            el("ram:Reason", discountReason(line)),
          )
        : null,
      el("ram:SpecifiedTradeSettlementLineMonetarySummation", el("ram:LineTotalAmount", amount(line.netMinor))),
    ),
  );
}

function party(name: string, party: EinvoiceParty, role: "seller" | "buyer", outsideScope: boolean): XmlElement | null {
  const contact = party.contact;
  return el(
    name,
    el("ram:Name", party.name),
    role === "seller" ? el("ram:Description", party.legalInformation) : null,
    party.legalRegistration
      ? el(
          "ram:SpecifiedLegalOrganization",
          el("ram:ID", { schemeID: party.legalRegistration.scheme }, party.legalRegistration.value),
        )
      : null,
    contact
      ? el(
          "ram:DefinedTradeContact",
          el("ram:PersonName", contact.name),
          contact.phone ? el("ram:TelephoneUniversalCommunication", el("ram:CompleteNumber", contact.phone)) : null,
          contact.email ? el("ram:EmailURIUniversalCommunication", el("ram:URIID", contact.email)) : null,
        )
      : null,
    address("ram:PostalTradeAddress", party.address),
    party.electronicAddress
      ? el(
          "ram:URIUniversalCommunication",
          el("ram:URIID", { schemeID: party.electronicAddress.scheme }, party.electronicAddress.value),
        )
      : null,
    // BR-O-02/03/04: an invoice outside the scope of VAT names no VAT identifier.
    party.vatId && !outsideScope
      ? el("ram:SpecifiedTaxRegistration", el("ram:ID", { schemeID: "VA" }, party.vatId))
      : null,
  );
}

function address(name: string, value: EinvoiceAddress): XmlElement | null {
  const [lineOne, lineTwo, lineThree] = value.lines.filter((line) => line.trim() !== "");
  return el(
    name,
    el("ram:PostcodeCode", value.postalCode),
    el("ram:LineOne", lineOne),
    el("ram:LineTwo", lineTwo),
    el("ram:LineThree", lineThree),
    el("ram:CityName", value.city),
    el("ram:CountryID", value.countryCode),
    el("ram:CountrySubDivisionName", value.countrySubdivision),
  );
}

function headerTax(row: EinvoiceVatBreakdown, amount: (minor: number) => string): XmlElement | null {
  return el(
    "ram:ApplicableTradeTax",
    el("ram:CalculatedAmount", amount(row.taxMinor)),
    el("ram:TypeCode", "VAT"),
    el("ram:ExemptionReason", row.exemptionReason),
    el("ram:BasisAmount", amount(row.taxableMinor)),
    el("ram:CategoryCode", row.category),
    el("ram:ExemptionReasonCode", row.exemptionReasonCode),
    // BT-119 even for O (0): XRechnung requires it (BR-DE-14) and EN 16931 allows it in the breakdown.
    el("ram:RateApplicablePercent", formatPercent(row.rateBp)),
  );
}
