import fc from "fast-check";
import type { EinvoiceDocument, EinvoiceParty, VatCategory } from "@/modules/einvoicing/einvoice-model";
import { baseDocument, EXEMPTIONS, frenchSeller, germanBuyer, swissBuyer, withFigures, type LineInput } from "./build";

// Invoices over the space Bureau allows: 1 to 60 lines, quantities up to
// 999 999.999 with 3 decimals, prices ≥ 0, discounts 0–100 % with two decimals, several rates and
// every VAT category, EUR and other currencies (JPY without decimals), invoices and credit notes
// (full or partial: any subset of lines), partial payments, long and Unicode text.

const unicodeText = (maxLength: number) =>
  fc
    .oneof(
      fc.string({ unit: "grapheme", minLength: 1, maxLength }),
      fc.string({ unit: "binary", minLength: 1, maxLength }),
      fc.constantFrom(
        "Conseil en stratégie — atelier « Été 2026 »",
        "Ünïcödé & <XML> \"quotes\" 'apostrophes'",
        "日本語の請求書明細",
        "עברית ועربية",
        "Emoji 🧾💶 and ZWJ 👩‍💻",
        "Line one\nLine two\r\nLine three",
        "Tab\there and a soft\u00adhyphen",
        "#Hash at the start",
        "x".repeat(maxLength),
      ),
    )
    // Bureau trims text and refuses empty fields; what is left must show something once cleaned.
    .map((text) => text.trim())
    .filter((text) => /[\p{L}\p{N}]/u.test(text.replace(/[\u0000-\u001f\ufffe\uffff]|\p{Cs}/gu, "")));

const quantityMilli = fc.oneof(
  fc.integer({ min: 1, max: 200 }).map((units) => units * 1000),
  fc.integer({ min: 1, max: 999_999_999 }),
  fc.constantFrom(1, 500, 1500, 7250, 999_999_999),
);

const unitPriceMinor = fc.oneof(
  fc.integer({ min: 0, max: 500_000 }),
  fc.integer({ min: 0, max: 10_000_000 }),
  fc.constantFrom(0, 1, 5, 99, 12_000),
);

const discountBp = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 10_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(1250, 5000, 10_000) },
);

const standardRateBp = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(2000, 1000, 550, 210, 1900, 700, 2100, 50) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 3000 }) },
);

const taxedCategory = fc.constantFrom<VatCategory>("S", "S", "S", "Z", "E", "AE", "K", "G");

const lineInput = (category: fc.Arbitrary<VatCategory>): fc.Arbitrary<LineInput> =>
  fc.record({
    name: unicodeText(200),
    description: fc.option(unicodeText(500), { nil: null }),
    quantityMilli,
    unitCode: fc.constantFrom("HUR", "DAY", "C62", "MON", "KGM"),
    unitPriceMinor,
    discountBp,
    vatCategory: category,
    vatRateBp: standardRateBp,
  });

const sellers: EinvoiceParty[] = [
  frenchSeller,
  {
    ...frenchSeller,
    name: "Brussels Advisory SRL",
    address: {
      lines: ["Rue Royale 1"],
      postalCode: "1000",
      city: "Bruxelles",
      countrySubdivision: null,
      countryCode: "BE",
    },
    vatId: "BE0403019261",
    legalRegistration: { value: "0403019261", scheme: "0208" },
    legalInformation: null,
    electronicAddress: { value: "0403019261", scheme: "0208" },
  },
  {
    ...frenchSeller,
    name: "Beratung Schmidt GmbH",
    address: {
      lines: ["Hauptstraße 5"],
      postalCode: "10115",
      city: "Berlin",
      countrySubdivision: null,
      countryCode: "DE",
    },
    vatId: "DE811907980",
    legalRegistration: null,
    legalInformation: "Amtsgericht Berlin HRB 12345",
    electronicAddress: { value: "DE811907980", scheme: "9930" },
  },
];

const currency = fc.oneof(
  { weight: 6, arbitrary: fc.constant("EUR") },
  { weight: 3, arbitrary: fc.constantFrom("USD", "GBP", "CHF", "SEK") },
  { weight: 1, arbitrary: fc.constant("JPY") },
);

// Mostly Peppol participant identifiers; sometimes an email address, which EN 16931 and XRechnung
// accept (scheme EM) and Peppol does not.
const withEmailAddress = (party: EinvoiceParty, email: string): fc.Arbitrary<EinvoiceParty> =>
  fc.oneof(
    { weight: 19, arbitrary: fc.constant(party) },
    { weight: 1, arbitrary: fc.constant({ ...party, electronicAddress: { value: email, scheme: "EM" } }) },
  );

// Validation time grows with the lines: most invoices are short, some reach Bureau's 60.
const lineCount = fc.oneof(
  { weight: 7, arbitrary: fc.integer({ min: 1, max: 8 }) },
  { weight: 2, arbitrary: fc.integer({ min: 9, max: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 31, max: 60 }) },
);

/** A document that Bureau could issue, with Bureau's figures, valid for the EN 16931 core rules. */
export const einvoiceArbitrary: fc.Arbitrary<EinvoiceDocument> = fc
  .record({
    kind: fc.constantFrom<"invoice" | "credit_note">("invoice", "invoice", "credit_note"),
    scope: fc.constantFrom("taxed", "taxed", "taxed", "taxed", "outside"),
    currency,
    seller: fc.constantFrom(...sellers).chain((seller) => withEmailAddress(seller, "invoices@seller.example")),
    buyer: fc
      .constantFrom(germanBuyer, swissBuyer, baseDocument().buyer)
      .chain((buyer) => withEmailAddress(buyer, "ap@buyer.example")),
    lineCount,
    lines: fc.array(lineInput(taxedCategory), { minLength: 60, maxLength: 60 }),
    outsideLines: fc.array(lineInput(fc.constant<VatCategory>("O")), { minLength: 60, maxLength: 60 }),
    paidShare: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
    notes: fc.array(unicodeText(1000), { maxLength: 3 }),
    paymentTerms: fc.option(unicodeText(300), { nil: null }),
    withPeriod: fc.boolean(),
    withOrder: fc.boolean(),
    withBuyerReference: fc.oneof(
      { weight: 9, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
    number: fc.oneof(fc.constant("2026-0001"), fc.stringMatching(/^[A-Z]{0,3}-?\d{4}-\d{4,6}$/)),
  })
  .map((input) => {
    const lines = (input.scope === "outside" ? input.outsideLines : input.lines).slice(0, input.lineCount);
    const categories = new Set(lines.map((line) => line.vatCategory));
    const buyerNeedsVat = categories.has("AE") || categories.has("K");
    const buyer = buyerNeedsVat && input.buyer.address.countryCode === "CH" ? germanBuyer : input.buyer;
    const isCredit = input.kind === "credit_note";
    const document = baseDocument({
      kind: input.kind,
      number: isCredit ? `CN-${input.number}` : input.number,
      currency: input.currency,
      seller: input.seller,
      buyer,
      precedingInvoice: isCredit ? { number: "2026-0007", issueDate: "2026-01-15" } : null,
      purchaseOrderReference: input.withOrder ? "PO-4711" : null,
      buyerReference: input.withBuyerReference ? "04011000-12345-34" : null,
      invoicePeriod:
        input.withPeriod || categories.has("K") ? { startDate: "2026-02-01", endDate: "2026-02-28" } : null,
      delivery: categories.has("K") ? { date: null, address: buyer.address } : null,
      notes: input.notes,
      paymentTerms: input.paymentTerms,
      payment: {
        meansCode: input.currency === "EUR" ? "58" : "30",
        accountId: "FR7630006000011234567890189",
        accountName: input.seller.name,
        bic: "AGRIFRPP",
        remittanceReference: input.number,
      },
    });
    const figures = withFigures(document, lines, { exemptions: EXEMPTIONS });
    const prepaidMinor = Math.floor((figures.totals.grossMinor * input.paidShare) / 100);
    return withFigures(document, lines, { exemptions: EXEMPTIONS, prepaidMinor });
  });

/** How many generated invoices per format: 200 by default, EINVOICE_RUNS=n for more. */
export const EINVOICE_RUNS = Number.parseInt(process.env.EINVOICE_RUNS ?? "200", 10);
