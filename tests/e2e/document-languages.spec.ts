// Issue 22 through the browser (decision 061): a client whose document language is German gets its
// invoice page, PDF and mail in German; the invoice keeps German once issued.
import type { Page } from "@playwright/test";
import { ADMIN, chooseInvoiceClient, expect, expectNoSeriousAxeViolations, signIn, test } from "./fixtures";
import { pdfText } from "../support/pdf-text";

function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

async function pdfOf(page: Page): Promise<Buffer> {
  const response = await page.request.get(`${page.url()}/pdf`);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  return Buffer.from(await response.body());
}

test.describe("documents in the client's language", () => {
  test("a German client's invoice page and PDF are in German", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN.email, ADMIN.password);

    const clientName = uniqueName("Kunde GmbH");
    await page.goto("/bo/clients");
    await page.getByRole("button", { name: "New client" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New client" });
    await dialog.getByLabel("Name").fill(clientName);
    await dialog.getByLabel("Billing email").fill("rechnung@kunde.example");
    await dialog.getByLabel("Address line 1").fill("Unter den Linden 1");
    await dialog.getByLabel("Postal code").fill("10117");
    await dialog.getByLabel("City", { exact: true }).fill("Berlin");
    await dialog.getByLabel(/^Country( \*)?$/).selectOption("DE");
    await dialog.getByLabel("VAT number").fill("DE123456789");
    await dialog.getByLabel("Document language").selectOption("de");
    await dialog.getByRole("button", { name: "Create client" }).click();
    await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);

    await page.goto("/bo/invoices/create");
    await chooseInvoiceClient(page, clientName);
    await page.getByLabel("Description").fill("Sicherheitsprüfung");
    await page.getByLabel("Quantity").fill("1.5");
    await page.getByLabel(/^Unit( \*)?$/).fill("hour");
    await page.getByLabel(/Unit price/).fill("1300");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Issue", exact: true }).click();
    const issue = page.getByRole("dialog", { name: /Issue this/ });
    await issue.getByRole("button", { name: "Issue invoice" }).click();
    await expect(issue).toBeHidden();
    await page.reload();

    // The page: the document in German, marked as German for assistive technology.
    const document = page.getByTestId("invoice-document");
    await expect(document).toHaveAttribute("lang", "de");
    // The page around it is the admin's interface, in the firm's language (English), and says so.
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(document.getByText("Rechnung", { exact: true })).toBeVisible();
    await expect(document.getByText("Rechnungsempfänger")).toBeVisible();
    await expect(document.getByText("Fälligkeitsdatum")).toBeVisible();
    await expect(document.getByRole("columnheader", { name: "Einzelpreis" })).toBeVisible();
    await expect(document.getByText("Stunden", { exact: true })).toBeVisible();
    await expect(document.getByText("Deutschland")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: "test-results/i22-german-invoice-page.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "test-results/i22-german-invoice-page-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The PDF: German labels, dates, numbers and units.
    const text = pdfText(await pdfOf(page)).replace(/[\u00a0\u202f]/g, " ");
    for (const expected of ["Rechnung", "Rechnungsnummer", "Fälligkeitsdatum", "Einzelpreis", "1,5", "Stunden"])
      expect(text.toLowerCase()).toContain(expected.toLowerCase());
    expect(text).toContain("1.950,00 €");
    expect(text).toMatch(/Seite 1 von 1/);
    expect(text).not.toMatch(/Invoice number|Due date/i);
  });

  test("a public page is in the language the browser asks for, and says so", async ({ browser }) => {
    // The browser's language (its Accept-Language): French, German, and Italian, which Bureau does
    // not speak, so the firm's language (English) is used.
    for (const [locale, expected] of [
      ["fr-FR", "fr"],
      ["de-DE", "de"],
      ["it-IT", "en"],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto("/jobs");
      await expect(page.locator("html")).toHaveAttribute("lang", expected);
      await context.close();
    }
  });
});
