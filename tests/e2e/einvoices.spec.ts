// E-invoices through the real UI (decisions 028, 043): the firm's details, a client with its
// default e-invoice format, a draft whose checks say what XRechnung and Peppol lack (a buyer
// reference) with a link to the field, the reference given, the invoice issued, then every format
// downloaded from the invoice page and validated by the official rules (0 fatal) and the XML
// schemas; then a full credit note, whose four formats are downloaded and validated the same way.
import fs from "node:fs";
import { PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, type PDFArray } from "pdf-lib";
import type { Page } from "@playwright/test";
import {
  describeFindings,
  fatal,
  isPeppolAvailable,
  isUblSchemaAvailable,
  type RuleSet,
  validateSchemas,
  validateSchematron,
} from "../einvoicing/support/validate";
import { ADMIN, chooseInvoiceClient, expect, expectNoSeriousAxeViolations, signIn, test } from "./fixtures";

const RULES: Record<string, { syntax: "cii" | "ubl"; rules: RuleSet[] }> = {
  "factur-x": { syntax: "cii", rules: ["en16931"] },
  "xrechnung-cii": { syntax: "cii", rules: ["en16931", "xrechnung"] },
  "xrechnung-ubl": { syntax: "ubl", rules: ["en16931", "xrechnung"] },
  peppol: { syntax: "ubl", rules: ["en16931", "peppol"] },
};

function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** The firm details every format needs: VAT number, address, contact, bank account. */
async function fillFirmDetails(page: Page) {
  await page.goto("/bo/settings");
  await expect(page.getByLabel("Firm name")).not.toHaveValue("");
  await page.getByLabel("Registration number").fill("901 234 567");
  await page.getByLabel("VAT number").fill("FR15901234567");
  await page.getByLabel("Address line 1").fill("12 rue des Archives");
  await page.getByLabel("Postal code").fill("75004");
  await page.getByLabel("City", { exact: true }).fill("Paris");
  await page.getByLabel(/^Country( \*)?$/).selectOption("FR");
  await page.getByLabel("Email", { exact: true }).fill("billing@firm.example");
  await page.getByLabel("Phone").fill("+33 1 23 45 67 89");
  await page.getByLabel("IBAN").fill("FR7630006000011234567890189");
  await page.getByLabel("BIC").fill("AGRIFRPP");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
}

/** A German business client whose invoices default to XRechnung (UBL). */
async function createGermanClient(page: Page, name: string) {
  await page.goto("/bo/clients");
  await page.getByRole("button", { name: "New client" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New client" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Billing email").fill("rechnung@kunde.example");
  await dialog.getByLabel("Address line 1").fill("Unter den Linden 1");
  await dialog.getByLabel("Postal code").fill("10117");
  await dialog.getByLabel("City", { exact: true }).fill("Berlin");
  await dialog.getByLabel(/^Country( \*)?$/).selectOption("DE");
  await dialog.getByLabel("VAT number").fill("DE123456789");
  // German public buyers are reached on Peppol by their Leitweg-ID (scheme 0204).
  await dialog.getByLabel("Peppol ID").fill("0204 : 04011000-1234512345-06");
  await dialog.getByLabel("E-invoice format").selectOption("xrechnung-ubl");
  await dialog.getByRole("button", { name: "Create client" }).click();
  await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);
}

function embeddedXml(pdfBytes: Uint8Array): Promise<string> {
  return PDFDocument.load(pdfBytes, { updateMetadata: false }).then((pdf) => {
    const files = pdf.catalog.lookup(PDFName.of("AF")) as PDFArray;
    const spec = files.lookup(0) as PDFDict;
    const stream = (spec.lookup(PDFName.of("EF")) as PDFDict).lookup(PDFName.of("F")) as PDFRawStream;
    return new TextDecoder().decode(decodePDFRawStream(stream).decode());
  });
}

/** Downloads every format from the open invoice or credit note page and validates each one. */
async function downloadAndValidateEveryFormat(page: Page, kind: "invoice" | "credit_note") {
  const downloaded: string[] = [];
  for (const format of ["factur-x", "xrechnung-cii", "xrechnung-ubl", "peppol"]) {
    const link = page.locator(`[data-format="${format}"]`).getByRole("link", { name: /^Download / });
    await expect(link, `${kind} ${format} is offered`).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
    const xml = format === "factur-x" ? await embeddedXml(bytes) : new TextDecoder().decode(bytes);
    if (format === "factur-x") {
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
      // Kept for a look (pdftoppm -png) and for pdfdetach / qpdf --check.
      fs.mkdirSync("test-reports/einvoicing", { recursive: true });
      fs.writeFileSync(`test-reports/einvoicing/e2e-${kind}-factur-x.pdf`, bytes);
    }
    const { syntax, rules } = RULES[format]!;
    const ruleSets = rules.filter((ruleSet) => ruleSet !== "peppol" || isPeppolAvailable());
    const findings = validateSchematron(xml, syntax, ruleSets);
    expect(fatal(findings), `${kind} ${format}\n${describeFindings(findings)}`).toEqual([]);
    if (syntax === "ubl") expect(xml).toContain(kind === "credit_note" ? "<CreditNote " : "<Invoice ");
    if (format === "peppol")
      expect(xml).toContain('<cbc:EndpointID schemeID="0204">04011000-1234512345-06</cbc:EndpointID>');
    if (syntax === "cii" || isUblSchemaAvailable()) {
      const schema = syntax === "cii" ? "cii" : kind === "credit_note" ? "ubl-credit-note" : "ubl-invoice";
      expect((await validateSchemas([xml], schema))[0]!.errors, `${kind} ${format} schema`).toEqual([]);
    }
    downloaded.push(format);
  }
  return downloaded;
}

test("a draft says what a format lacks; the issued invoice and its credit note download in every format, valid by the official rules and schemas", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await fillFirmDetails(page);
  const clientName = uniqueName("Kunde GmbH");
  await createGermanClient(page, clientName);

  await page.goto("/bo/invoices/create");
  await chooseInvoiceClient(page, clientName);
  await page.getByLabel("Description").fill("Security audit");
  await page.getByLabel("Quantity").fill("2.5");
  await page.getByLabel(/Unit price/).fill("130");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);

  // The draft already says what each format needs: XRechnung and Peppol a buyer reference, with a
  // link to the invoice form's field.
  await expect(page.getByRole("heading", { name: "E-invoice checks" })).toBeVisible();
  await expect(page.locator('[data-format="factur-x"]')).toContainText("Ready");
  const missing = page.locator(
    '[data-format="xrechnung-ubl"] [data-code="einvoice.xrechnung_buyer_reference_required"]',
  );
  await expect(missing).toBeVisible();
  await expect(
    page.locator('[data-format="peppol"] [data-code="einvoice.peppol_buyer_reference_or_order_required"]'),
  ).toBeVisible();
  await missing.getByRole("link", { name: "Fix on the invoice form" }).click();
  await expect(page).toHaveURL(/\/bo\/invoices\/edit\/[0-9a-f-]{36}$/);
  await page.getByLabel("Buyer reference").fill("04011000-1234512345-06");
  await page.getByLabel("Purchase order").fill("PO-2026-0815");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
  for (const format of ["factur-x", "xrechnung-cii", "xrechnung-ubl", "peppol"])
    await expect(page.locator(`[data-format="${format}"]`)).toContainText("Ready");

  await page.getByRole("button", { name: "Issue", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /Issue this/ });
  await dialog.getByRole("button", { name: "Issue invoice" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Download e-invoice" })).toBeVisible();
  // Without the "Issued as" toast, which is still sliding in.
  await page.reload();
  await expectNoSeriousAxeViolations(page);

  // The client's format comes first.
  await expect(page.getByTestId("einvoice-formats").locator("> li").first()).toHaveAttribute(
    "data-format",
    "xrechnung-ubl",
  );
  expect(await downloadAndValidateEveryFormat(page, "invoice")).toHaveLength(4);

  // A full credit note: a UBL CreditNote (381) referencing the invoice, in every format too.
  await page.getByRole("button", { name: "Credit note" }).click();
  const creditDialog = page.getByRole("dialog", { name: "Create a credit note" });
  await creditDialog.getByLabel(/^Full/).check();
  await creditDialog.getByRole("button", { name: "Issue full credit note" }).click();
  await expect(creditDialog).toBeHidden();
  await page.getByRole("link", { name: /^CN-\d{4}-\d{4}$/ }).click();
  await expect(page.getByRole("heading", { name: "Download e-invoice" })).toBeVisible();
  expect(await downloadAndValidateEveryFormat(page, "credit_note")).toHaveLength(4);
});
