import { currencyMinorDigits, roundHalfUp } from "@/lib/money";
import type {
  EinvoiceAddress,
  EinvoiceDocument,
  EinvoiceFormat,
  EinvoiceLine,
  EinvoiceParty,
  VatCategory,
} from "./einvoice-model";
import { cleanXmlText } from "./einvoice-xml";

// Pre-issue checks: what would make a format's document invalid, said before the invoice is issued
// (issue 21, point 3). Pure: no database, no XML. Each problem has a stable code, the part of the
// invoice it concerns and the field, so that the issuing form can link to it, and a message in
// plain words. The rules are those of EN 16931-1 (BR-*, BR-CO-*, and per VAT category BR-S-*,
// BR-Z-*, BR-E-*, BR-AE-*, BR-IC-* for K, BR-G-*, BR-O-*), Peppol BIS Billing 3.0
// (PEPPOL-EN16931-*) and XRechnung 3.0 (BR-DE-*), as far as Bureau's data can break them; the
// tests check that a document without problems passes the official rule sets.

export type EinvoiceProblemSubject = "document" | "seller" | "buyer" | "line" | "payment" | "delivery";

export type EinvoiceProblem = {
  code: `einvoice.${string}`;
  subject: EinvoiceProblemSubject;
  /** The model field, e.g. "buyer.vatId", "lines.3.vatRateBp", "buyerReference". */
  field: string;
  /** The line's id (BT-126) when the subject is a line. */
  lineId?: string;
  message: string;
};

/** Every problem that would make the document invalid in this format. Empty: the document can be written. */
export function findEinvoiceProblems(document: EinvoiceDocument, format: EinvoiceFormat): EinvoiceProblem[] {
  const problems = [...findCoreProblems(document)];
  switch (format) {
    case "factur-x":
      break;
    case "peppol":
      problems.push(...findPeppolProblems(document));
      break;
    case "xrechnung-cii":
    case "xrechnung-ubl":
      problems.push(...findXrechnungProblems(document));
      break;
    default: {
      const unreachable: never = format;
      throw new Error(`Unknown e-invoice format: ${String(unreachable)}`);
    }
  }
  return problems;
}

const problem = (
  code: `einvoice.${string}`,
  subject: EinvoiceProblemSubject,
  field: string,
  message: string,
  lineId?: string,
): EinvoiceProblem =>
  lineId === undefined ? { code, subject, field, message } : { code, subject, field, lineId, message };

// What the writers leave out (einvoice-xml.ts drops controls XML cannot carry, and empty elements).
const isBlank = (value: string | null | undefined) =>
  value === null || value === undefined || cleanXmlText(value).trim() === "";
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const CATEGORY_NAMES: Record<VatCategory, string> = {
  S: "standard rate",
  Z: "zero rate",
  E: "exempt",
  AE: "reverse charge",
  K: "intra-community supply",
  G: "export outside the EU",
  O: "outside the scope of VAT",
};

// ---------------------------------------------------------------------------------------
// EN 16931 (every format)

function findCoreProblems(document: EinvoiceDocument): EinvoiceProblem[] {
  const problems: EinvoiceProblem[] = [];
  const push = (...args: Parameters<typeof problem>) => problems.push(problem(...args));

  // Amounts have at most 2 decimals (BR-DEC-*): BHD, KWD, OMR, TND... cannot be written.
  if (!/^[A-Z]{3}$/.test(document.currency)) {
    push(
      "einvoice.currency_invalid",
      "document",
      "currency",
      `"${document.currency}" is not an ISO 4217 currency code.`,
    );
  } else if (currencyMinorDigits(document.currency) > 2) {
    push(
      "einvoice.currency_has_three_decimals",
      "document",
      "currency",
      `${document.currency} amounts have ${currencyMinorDigits(document.currency)} decimals, and European e-invoices allow at most 2. Invoice this client in another currency to send an e-invoice.`,
    );
  }
  if (isBlank(document.number))
    push("einvoice.number_required", "document", "number", "The invoice has no number yet.");
  if (!DATE.test(document.issueDate))
    push("einvoice.issue_date_invalid", "document", "issueDate", "The issue date is missing or not a date.");
  if (document.dueDate !== null && !DATE.test(document.dueDate))
    push("einvoice.due_date_invalid", "document", "dueDate", "The due date is not a date.");
  if (document.invoicePeriod) {
    const { startDate, endDate } = document.invoicePeriod;
    if (!DATE.test(startDate) || !DATE.test(endDate))
      push(
        "einvoice.service_period_invalid",
        "document",
        "invoicePeriod",
        "The service period needs a start and an end date.",
      );
    else if (endDate < startDate)
      // BR-29
      push(
        "einvoice.service_period_reversed",
        "document",
        "invoicePeriod",
        "The service period ends before it starts.",
      );
  }
  if (document.precedingInvoice && isBlank(document.precedingInvoice.number))
    push(
      "einvoice.preceding_invoice_number_required",
      "document",
      "precedingInvoice",
      "The credited invoice has no number.",
    );

  problems.push(...partyProblems(document.seller, "seller"), ...partyProblems(document.buyer, "buyer"));

  if (document.lines.length === 0)
    push("einvoice.lines_required", "document", "lines", "An invoice needs at least one line.");
  const ids = new Set<string>();
  document.lines.forEach((line, index) => {
    if (ids.has(line.id))
      push("einvoice.line_id_duplicate", "line", `lines.${index}.id`, `Two lines have the number ${line.id}.`, line.id);
    ids.add(line.id);
    problems.push(...lineProblems(line, index));
  });

  problems.push(...categoryProblems(document));
  problems.push(...figureProblems(document));

  // BR-CO-25: an amount due needs a due date or payment terms.
  if (document.totals.dueMinor > 0 && document.dueDate === null && isBlank(document.paymentTerms))
    push(
      "einvoice.due_date_or_terms_required",
      "document",
      "dueDate",
      "An invoice with an amount due needs a due date or payment terms.",
    );
  if (document.payment) {
    // BR-61: a credit transfer names the account.
    if (isBlank(document.payment.accountId))
      push(
        "einvoice.payment_account_required",
        "payment",
        "payment.accountId",
        "Bank transfer needs the firm's IBAN (Settings).",
      );
    // A UBL credit note carries its due date inside the payment means only (there is no DueDate).
  }
  return problems;
}

function partyProblems(party: EinvoiceParty, subject: "seller" | "buyer"): EinvoiceProblem[] {
  const problems: EinvoiceProblem[] = [];
  const who = subject === "seller" ? "The firm" : "The client";
  const where = subject === "seller" ? " (Settings)" : "";
  if (isBlank(party.name))
    problems.push(
      problem(`einvoice.${subject}_name_required`, subject, `${subject}.name`, `${who} has no name${where}.`),
    );
  problems.push(...addressProblems(party.address, subject, `${subject}.address`, `${who}'s address${where}`));
  if (
    party.legalRegistration &&
    !isBlank(party.legalRegistration.scheme) &&
    !/^\d{4}$/.test(party.legalRegistration.scheme!)
  )
    problems.push(
      problem(
        `einvoice.${subject}_registration_scheme_invalid`,
        subject,
        `${subject}.legalRegistration`,
        `${who}'s registration number has an unknown scheme "${party.legalRegistration.scheme}" (expected a 4-digit ISO 6523 code such as 0002 for a SIREN).`,
      ),
    );
  if (party.electronicAddress && !/^([0-9]{4}|[A-Z]{2})$/.test(party.electronicAddress.scheme))
    problems.push(
      problem(
        `einvoice.${subject}_electronic_address_scheme_invalid`,
        subject,
        `${subject}.electronicAddress`,
        `${who}'s e-invoicing address has an unknown scheme "${party.electronicAddress.scheme}".`,
      ),
    );
  if (party.vatId !== null && !/^[A-Z]{2}/.test(party.vatId.trim()))
    // BR-CO-09: the VAT identifier starts with the country's ISO 3166 prefix (EL for Greece).
    problems.push(
      problem(
        `einvoice.${subject}_vat_prefix_required`,
        subject,
        `${subject}.vatId`,
        `${who}'s VAT number must start with its country code (e.g. FR, DE).`,
      ),
    );
  return problems;
}

function addressProblems(
  address: EinvoiceAddress,
  subject: EinvoiceProblemSubject,
  field: string,
  label: string,
): EinvoiceProblem[] {
  // BR-09, BR-11, BR-57: the country is required.
  if (!/^[A-Z]{2}$/.test(address.countryCode))
    return [
      problem(`einvoice.${subject}_country_required`, subject, `${field}.countryCode`, `${label} has no country.`),
    ];
  return [];
}

function lineProblems(line: EinvoiceLine, index: number): EinvoiceProblem[] {
  const problems: EinvoiceProblem[] = [];
  const field = `lines.${index}`;
  const push = (code: `einvoice.${string}`, name: string, message: string) =>
    problems.push(problem(code, "line", `${field}.${name}`, `Line ${line.id}: ${message}`, line.id));
  if (isBlank(line.name)) push("einvoice.line_name_required", "name", "the description is empty.");
  if (!Number.isSafeInteger(line.quantityMilli) || line.quantityMilli <= 0)
    push("einvoice.line_quantity_invalid", "quantityMilli", "the quantity must be more than 0.");
  // BR-27: the item net price is not negative.
  if (!Number.isSafeInteger(line.unitPriceMinor) || line.unitPriceMinor < 0)
    push("einvoice.line_price_invalid", "unitPriceMinor", "the unit price must not be negative.");
  // BR-CL-23: UN/ECE Recommendation 20 (with 21) codes: 2 or 3 upper-case letters and digits.
  if (!/^[A-Z0-9]{2,3}$/.test(line.unitCode))
    push(
      "einvoice.line_unit_code_invalid",
      "unitCode",
      `the unit "${line.unitCode}" has no UN/ECE Recommendation 20 code (use hour, day or item, or map it to a code such as HUR, DAY, C62).`,
    );
  if (line.discountBp < 0 || line.discountBp > 10_000 || line.discountMinor < 0)
    push("einvoice.line_discount_invalid", "discountBp", "the discount must be between 0 and 100 %.");
  return problems;
}

/** The rules per VAT category: which identifiers, which rate, whether an exemption reason. */
function categoryProblems(document: EinvoiceDocument): EinvoiceProblem[] {
  const problems: EinvoiceProblem[] = [];
  const categories = new Set<VatCategory>(document.lines.map((line) => line.vatCategory));
  const sellerHasVat = !isBlank(document.seller.vatId);
  const buyerHasVat = !isBlank(document.buyer.vatId);

  // BR-S-02, BR-Z-02, BR-E-02, BR-AE-02, BR-IC-02, BR-G-02: the seller's VAT identifier (Bureau
  // has no separate tax registration or tax representative).
  const needSellerVat = [...categories].filter((category) => category !== "O");
  if (needSellerVat.length > 0 && !sellerHasVat)
    problems.push(
      problem(
        "einvoice.seller_vat_required",
        "seller",
        "seller.vatId",
        `Lines taxed as ${needSellerVat.map((category) => CATEGORY_NAMES[category]).join(", ")} need the firm's VAT number (Settings).`,
      ),
    );
  // BR-AE-02: reverse charge names the buyer's VAT identifier (or its legal registration).
  if (categories.has("AE") && !buyerHasVat && !document.buyer.legalRegistration)
    problems.push(
      problem(
        "einvoice.buyer_vat_required_for_reverse_charge",
        "buyer",
        "buyer.vatId",
        "Reverse charge needs the client's VAT number: add it to the client.",
      ),
    );
  if (categories.has("K")) {
    // BR-IC-02, BR-IC-11, BR-IC-12.
    if (!buyerHasVat)
      problems.push(
        problem(
          "einvoice.buyer_vat_required_for_intra_community_supply",
          "buyer",
          "buyer.vatId",
          "An intra-community supply needs the client's VAT number: add it to the client.",
        ),
      );
    if (!document.invoicePeriod && !document.delivery?.date)
      problems.push(
        problem(
          "einvoice.delivery_date_or_period_required_for_intra_community_supply",
          "document",
          "invoicePeriod",
          "An intra-community supply needs the service period or the delivery date.",
        ),
      );
    if (!document.delivery?.address)
      problems.push(
        problem(
          "einvoice.delivery_country_required_for_intra_community_supply",
          "delivery",
          "delivery.address",
          "An intra-community supply needs the country the service was supplied to.",
        ),
      );
  }
  // BR-O-11 to BR-O-14: outside the scope of VAT cannot be mixed with taxed lines.
  if (categories.has("O") && categories.size > 1)
    problems.push(
      problem(
        "einvoice.outside_scope_mixed",
        "document",
        "lines",
        "Lines outside the scope of VAT cannot be on the same invoice as taxed lines: invoice them separately.",
      ),
    );

  // BR-CO-26: the seller is identified by its VAT identifier or legal registration; an invoice
  // outside the scope of VAT carries no VAT identifier (BR-O-02), so it needs the registration.
  const sellerIdentified = document.seller.legalRegistration !== null || (sellerHasVat && !categories.has("O"));
  if (!sellerIdentified)
    problems.push(
      problem(
        "einvoice.seller_identifier_required",
        "seller",
        "seller.legalRegistration",
        categories.has("O")
          ? "An invoice outside the scope of VAT names no VAT number, so it needs the firm's registration number (e.g. SIREN, Settings)."
          : "The firm needs a VAT number or a registration number (Settings).",
      ),
    );

  document.lines.forEach((line, index) => {
    // The official rule BR-CO-17 rounds the rate to a whole percent before it decides whether the
    // category is taxed, so a standard rate under 0.5 % with any VAT is refused by the validators.
    if (line.vatCategory === "S" && line.vatRateBp > 0 && line.vatRateBp < 50)
      problems.push(
        problem(
          "einvoice.vat_rate_below_half_percent",
          "line",
          `lines.${index}.vatRateBp`,
          `Line ${line.id}: European e-invoices cannot carry a VAT rate under 0.5 %.`,
          line.id,
        ),
      );
    // BR-S-05: a positive rate; BR-Z-05, BR-E-05, BR-AE-05, BR-IC-05, BR-G-05: 0 (O has none, BR-O-05).
    const rateOk = line.vatCategory === "S" ? line.vatRateBp > 0 : line.vatRateBp === 0;
    if (!rateOk)
      problems.push(
        problem(
          "einvoice.vat_rate_not_allowed_for_category",
          "line",
          `lines.${index}.vatRateBp`,
          line.vatCategory === "S"
            ? `Line ${line.id}: a standard-rated line needs a rate above 0 %.`
            : `Line ${line.id}: a line taxed as ${CATEGORY_NAMES[line.vatCategory]} has a 0 % rate.`,
          line.id,
        ),
      );
  });

  document.vatBreakdown.forEach((row, index) => {
    const hasReason = !isBlank(row.exemptionReason) || !isBlank(row.exemptionReasonCode);
    const needsReason = row.category !== "S" && row.category !== "Z";
    // BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10: a reason; BR-S-10, BR-Z-10: none.
    if (needsReason && !hasReason)
      problems.push(
        problem(
          "einvoice.exemption_reason_required",
          "document",
          `vatBreakdown.${index}.exemptionReason`,
          `Lines taxed as ${CATEGORY_NAMES[row.category]} need the reason (e.g. the article of the VAT Directive) printed on the invoice.`,
        ),
      );
    if (!needsReason && hasReason)
      problems.push(
        problem(
          "einvoice.exemption_reason_not_allowed",
          "document",
          `vatBreakdown.${index}.exemptionReason`,
          `Lines taxed at the ${CATEGORY_NAMES[row.category]} carry no exemption reason.`,
        ),
      );
    if (!isBlank(row.exemptionReasonCode) && !/^VATEX-[A-Z]{2}-[A-Z0-9-]+$/i.test(row.exemptionReasonCode!))
      problems.push(
        problem(
          "einvoice.exemption_reason_code_invalid",
          "document",
          `vatBreakdown.${index}.exemptionReasonCode`,
          `"${row.exemptionReasonCode}" is not a VATEX code (e.g. VATEX-EU-AE).`,
        ),
      );
  });
  return problems;
}

/** BR-CO-10 to BR-CO-16 and the breakdown rules per category: the figures must add up. */
function figureProblems(document: EinvoiceDocument): EinvoiceProblem[] {
  const problems: EinvoiceProblem[] = [];
  const inconsistent = (field: string, message: string) =>
    problems.push(
      problem("einvoice.figures_inconsistent", "document", field, `The invoice's figures do not add up: ${message}`),
    );
  const sum = (values: number[]) => values.reduce((total, value) => total + BigInt(value), 0n);

  const groups = new Map<string, bigint>();
  for (const line of document.lines) {
    const key = `${line.vatCategory}|${line.vatRateBp}`;
    groups.set(key, (groups.get(key) ?? 0n) + BigInt(line.netMinor));
  }
  const rows = new Map(document.vatBreakdown.map((row) => [`${row.category}|${row.rateBp}`, row]));
  if (rows.size !== document.vatBreakdown.length)
    inconsistent("vatBreakdown", "a VAT category and rate appears twice.");
  for (const [key, base] of groups) {
    const row = rows.get(key);
    if (!row) inconsistent("vatBreakdown", `no VAT breakdown row for ${key.replace("|", " at ")} bp.`);
    else if (BigInt(row.taxableMinor) !== base)
      inconsistent("vatBreakdown", `the taxable amount of ${key.replace("|", " at ")} bp is not the sum of its lines.`);
  }
  for (const row of document.vatBreakdown) {
    if (!groups.has(`${row.category}|${row.rateBp}`))
      inconsistent("vatBreakdown", `a VAT breakdown row (${row.category} at ${row.rateBp} bp) has no line.`);
    // BR-S-09 etc.: tax = taxable × rate, rounded; 0 for every category but S.
    const expected = roundHalfUp(BigInt(row.taxableMinor) * BigInt(row.rateBp), 10_000n);
    if (BigInt(row.taxMinor) !== expected)
      inconsistent("vatBreakdown", `the VAT of ${row.category} at ${row.rateBp} bp is not its taxable amount × rate.`);
  }
  const { totals } = document;
  if (sum(document.lines.map((line) => line.netMinor)) !== BigInt(totals.lineNetMinor))
    inconsistent("totals.lineNetMinor", "the net total is not the sum of the lines."); // BR-CO-10
  if (sum(document.vatBreakdown.map((row) => row.taxMinor)) !== BigInt(totals.taxMinor))
    inconsistent("totals.taxMinor", "the VAT total is not the sum of the VAT breakdown."); // BR-CO-14
  if (BigInt(totals.lineNetMinor) + BigInt(totals.taxMinor) !== BigInt(totals.grossMinor))
    inconsistent("totals.grossMinor", "the total is not net + VAT."); // BR-CO-15
  if (BigInt(totals.grossMinor) - BigInt(totals.prepaidMinor) !== BigInt(totals.dueMinor))
    inconsistent("totals.dueMinor", "the amount due is not the total less what was paid."); // BR-CO-16
  if (totals.prepaidMinor < 0) inconsistent("totals.prepaidMinor", "the amount paid is negative.");
  return problems;
}

// ---------------------------------------------------------------------------------------
// Peppol BIS Billing 3.0

/** Peppol's electronic address schemes (PEPPOL-EN16931-CL008, release 3.0.19): no EM (email). */
export const PEPPOL_EAS_SCHEMES: ReadonlySet<string> = new Set(
  (
    "0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0151 0177 0183 0184 0188 0190 0191 0192 " +
    "0193 0195 0196 0198 0199 0200 0201 0202 0204 0208 0209 0210 0211 0212 0213 0215 0216 0218 0221 0230 " +
    "0235 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 " +
    "9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 " +
    "9957 9959 0147 0154 0158 0170 0194 0203 0205 0217 0225 0240"
  ).split(" "),
);

/**
 * Sellers whose country has national rules in Peppol BIS 3.0 (DK, GR, IT, NL, NO, SE: invoice
 * number formats, national registries...) that Bureau does not check: refused rather than sent
 * invalid. Germany's DE-R-* rules apply to German sellers and buyers and are the XRechnung ones.
 */
const PEPPOL_UNCHECKED_SELLER_COUNTRIES = new Set(["DK", "GR", "IT", "NL", "NO", "SE"]);

function findPeppolProblems(document: EinvoiceDocument): EinvoiceProblem[] {
  const problems: EinvoiceProblem[] = [];
  // PEPPOL-EN16931-R003.
  if (isBlank(document.buyerReference) && isBlank(document.purchaseOrderReference))
    problems.push(
      problem(
        "einvoice.peppol_buyer_reference_or_order_required",
        "document",
        "buyerReference",
        "Peppol needs the client's reference or purchase order number.",
      ),
    );
  // PEPPOL-EN16931-R020, R010, CL008.
  for (const subject of ["seller", "buyer"] as const) {
    const party = document[subject];
    const who = subject === "seller" ? "the firm's Peppol address (Settings)" : "the client's Peppol address";
    if (!party.electronicAddress || isBlank(party.electronicAddress.value))
      problems.push(
        problem(
          `einvoice.peppol_${subject}_electronic_address_required`,
          subject,
          `${subject}.electronicAddress`,
          `Peppol needs ${who}.`,
        ),
      );
    else if (!PEPPOL_EAS_SCHEMES.has(party.electronicAddress.scheme))
      problems.push(
        problem(
          `einvoice.peppol_${subject}_electronic_address_scheme_not_supported`,
          subject,
          `${subject}.electronicAddress`,
          `Peppol does not accept the scheme "${party.electronicAddress.scheme}" for ${who} (an email address is not a Peppol address).`,
        ),
      );
  }
  if (PEPPOL_UNCHECKED_SELLER_COUNTRIES.has(document.seller.address.countryCode))
    problems.push(
      problem(
        "einvoice.peppol_seller_country_not_supported",
        "seller",
        "seller.address.countryCode",
        `Peppol has national rules for sellers in ${document.seller.address.countryCode} that Bureau does not check yet.`,
      ),
    );
  problems.push(...lineRoundingProblems(document));
  // DE-R-*: Peppol applies the German rules when seller and buyer are both in Germany.
  if (document.seller.address.countryCode === "DE" && document.buyer.address.countryCode === "DE")
    problems.push(...findGermanProblems(document, "peppol_de"));
  return problems;
}

// ---------------------------------------------------------------------------------------
// XRechnung 3.0

function findXrechnungProblems(document: EinvoiceDocument): EinvoiceProblem[] {
  const problems = findGermanProblems(document, "xrechnung");
  const push = (...args: Parameters<typeof problem>) => problems.push(problem(...args));
  // PEPPOL-EN16931-R020 and R010, adopted by XRechnung (any EAS scheme, email included).
  if (!document.seller.electronicAddress || isBlank(document.seller.electronicAddress.value))
    push(
      "einvoice.xrechnung_seller_electronic_address_required",
      "seller",
      "seller.electronicAddress",
      "XRechnung needs the firm's e-invoicing address (Settings).",
    );
  if (!document.buyer.electronicAddress || isBlank(document.buyer.electronicAddress.value))
    push(
      "einvoice.xrechnung_buyer_electronic_address_required",
      "buyer",
      "buyer.electronicAddress",
      "XRechnung needs the client's e-invoicing address.",
    );
  // PEPPOL-EN16931-R120 (line net = quantity × price − discount within 0.02) is only a warning in
  // XRechnung 3.0.2, so a JPY line with a fractional quantity is accepted there, with that warning.
  return problems;
}

/**
 * The German rules: XRechnung's BR-DE-* and, in Peppol between a German seller and a German buyer,
 * the same rules as DE-R-*.
 */
function findGermanProblems(document: EinvoiceDocument, rules: "xrechnung" | "peppol_de"): EinvoiceProblem[] {
  const label = rules === "xrechnung" ? "XRechnung" : "Peppol between German businesses";
  const problems: EinvoiceProblem[] = [];
  const push = (...args: Parameters<typeof problem>) => problems.push(problem(...args));
  // BR-DE-15: the Leitweg-ID or another buyer reference.
  if (isBlank(document.buyerReference))
    push(
      `einvoice.${rules}_buyer_reference_required`,
      "document",
      "buyerReference",
      `${label} needs the client's buyer reference (the Leitweg-ID for German public buyers).`,
    );
  // BR-DE-2, BR-DE-5, BR-DE-6, BR-DE-7.
  const contact = document.seller.contact;
  if (isBlank(contact?.name))
    push(
      `einvoice.${rules}_seller_contact_name_required`,
      "seller",
      "seller.contact.name",
      `${label} needs a contact person of the firm (Settings).`,
    );
  if (isBlank(contact?.phone))
    push(
      `einvoice.${rules}_seller_contact_phone_required`,
      "seller",
      "seller.contact.phone",
      `${label} needs the firm's phone number (Settings).`,
    );
  if (isBlank(contact?.email))
    push(
      `einvoice.${rules}_seller_contact_email_required`,
      "seller",
      "seller.contact.email",
      `${label} needs the firm's email address (Settings).`,
    );
  // BR-DE-3, BR-DE-4, BR-DE-8, BR-DE-9, BR-DE-10, BR-DE-11.
  const places: [EinvoiceProblemSubject, string, EinvoiceAddress | null | undefined, string][] = [
    ["seller", "seller.address", document.seller.address, "the firm's address (Settings)"],
    ["buyer", "buyer.address", document.buyer.address, "the client's address"],
    ["delivery", "delivery.address", document.delivery?.address, "the delivery address"],
  ];
  for (const [subject, field, address, place] of places) {
    if (!address) continue;
    if (isBlank(address.city))
      push(
        `einvoice.${rules}_${subject}_city_required`,
        subject,
        `${field}.city`,
        `${label} needs the city in ${place}.`,
      );
    if (isBlank(address.postalCode))
      push(
        `einvoice.${rules}_${subject}_postal_code_required`,
        subject,
        `${field}.postalCode`,
        `${label} needs the postal code in ${place}.`,
      );
  }
  // BR-DE-1.
  if (!document.payment)
    push(
      `einvoice.${rules}_payment_means_required`,
      "payment",
      "payment",
      `${label} needs the payment details (the firm's IBAN, Settings).`,
    );
  // BR-DE-18: a payment-terms line that starts with # is read as a structured cash discount.
  if (document.paymentTerms && /(^|\n)\s*#/.test(document.paymentTerms))
    push(
      `einvoice.${rules}_payment_terms_hash`,
      "document",
      "paymentTerms",
      `In ${label} a payment-terms line starting with # is a structured discount: reword it.`,
    );
  return problems;
}

/**
 * PEPPOL-EN16931-R120 (fatal in Peppol): line net = quantity × price − discount within
 * 0.02. Bureau rounds each line to the currency's minor unit, which is within 0.005 for a 2-decimal
 * currency but up to 0.5 for one without decimals (JPY with a fractional quantity).
 */
function lineRoundingProblems(document: EinvoiceDocument): EinvoiceProblem[] {
  if (!/^[A-Z]{3}$/.test(document.currency)) return [];
  const digits = currencyMinorDigits(document.currency);
  if (digits > 2) return [];
  // |net + discount − quantity × price| ≤ 0.02 major units, in thousandths of minor units.
  const tolerance = 2n * 10n ** BigInt(digits) * 10n;
  const problems: EinvoiceProblem[] = [];
  document.lines.forEach((line, index) => {
    const exact = BigInt(line.quantityMilli) * BigInt(line.unitPriceMinor);
    const written = (BigInt(line.netMinor) + BigInt(line.discountMinor)) * 1000n;
    const difference = written > exact ? written - exact : exact - written;
    if (difference > tolerance)
      problems.push(
        problem(
          "einvoice.line_rounding_beyond_tolerance",
          "line",
          `lines.${index}.quantityMilli`,
          `Line ${line.id}: Peppol accepts a line total at most 0.02 ${document.currency} away from quantity × price, and ${document.currency} has no decimals to get closer: use a whole quantity or a price that gives a whole amount.`,
          line.id,
        ),
      );
  });
  return problems;
}
