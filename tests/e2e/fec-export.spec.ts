import fs from "node:fs";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { ADMIN, expect, expectNoSeriousAxeViolations, signIn, test, waitForHydration } from "./fixtures";

// The FEC and the XLSX export from the sales journal (decision 056): refused with the reason while the firm has no
// SIREN, its accounts set in Settings → Accounting export (validated), then downloaded for a
// period, named <SIREN>FEC<closing date>.txt, tab-separated with the 18 columns. A period long
// past holds none of the other specs' documents, so the file is the header alone whatever ran before.

const PERIOD = "?period=custom&from=2001-01-01&to=2001-01-31";
const HEADER =
  "JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\tPieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise";

/** Sets the firm's registration number; returns the one it had, to put back. */
async function setRegistrationNumber(page: Page, value: string): Promise<string> {
  await page.goto("/bo/settings");
  await expect(page.getByLabel("Firm name")).not.toHaveValue("");
  await waitForHydration(page, "form");
  const before = await page.getByLabel("Registration number").inputValue();
  await page.getByLabel("Registration number").fill(value);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  return before;
}

test("the FEC: refused without a SIREN, accounts in Settings, downloaded from the journal", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  const registrationNumber = await setRegistrationNumber(page, "");

  await page.goto(`/bo/reports/journal${PERIOD}`);
  await expect(page.getByTestId("fec-note")).toContainText("No FEC for this period");
  await expect(page.getByTestId("fec-note")).toContainText("SIREN");
  await expect(page.getByRole("link", { name: "Export FEC" })).toHaveCount(0);

  // Settings → Accounting export: an account outside its class is refused, the defaults shown.
  await page.goto("/bo/settings");
  const section = page.getByRole("form", { name: "Accounting export" });
  await waitForHydration(page, 'form[aria-label="Accounting export"]');
  await expect(section.getByLabel("Client account")).toHaveValue("411");
  await section.getByLabel("Sales account").fill("606");
  await section.getByRole("button", { name: "Save accounting export" }).click();
  await expect(section.getByText("A sales account starts with 70.")).toBeVisible();
  await section.getByLabel("Sales account").fill("706000");
  await section.getByRole("button", { name: "Save accounting export" }).click();
  await expect(page.getByText("Accounting export saved.")).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/fec-settings.png", fullPage: false });

  try {
    await setRegistrationNumber(page, "732 829 320");
    await page.goto(`/bo/reports/journal${PERIOD}`);
    await expect(page.getByTestId("fec-note")).toContainText("Fichier des Écritures Comptables");
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: "test-results/fec-journal.png" });
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export FEC" }).click(),
    ]);
    expect(file.suggestedFilename()).toBe("732829320FEC20010131.txt");
    const bytes = fs.readFileSync(await file.path());
    expect(bytes[0]).not.toBe(0xef); // no BOM
    expect(bytes.toString("utf8")).toBe(`${HEADER}\r\n`);

    // The journal as XLSX beside its CSV: a workbook with the CSV's header row, frozen.
    const [xlsx] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export journal (XLSX)" }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe("sales-journal-2001-01-01-2001-01-31.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(fs.readFileSync(await xlsx.path())).buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Number",
      "Kind",
      "Date",
      "Client",
      "Client VAT number",
      "VAT rate %",
      "Net",
      "VAT",
      "Total",
      "Currency",
    ]);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/bo/reports/journal${PERIOD}`);
    await expect(page.getByRole("link", { name: "Export FEC" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: "test-results/fec-journal-375.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  } finally {
    await setRegistrationNumber(page, registrationNumber);
    await page.goto("/bo/settings");
    const accounts = page.getByRole("form", { name: "Accounting export" });
    await waitForHydration(page, 'form[aria-label="Accounting export"]');
    await accounts.getByLabel("Sales account").fill("706");
    await accounts.getByRole("button", { name: "Save accounting export" }).click();
    await expect(page.getByText("Accounting export saved.")).toBeVisible();
  }
});
