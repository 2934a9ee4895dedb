// Issue 20 through the browser: a reverse-charge invoice to a German business read back from its
// PDF (both VAT numbers, the mention, the title apart from the number), the logo on the PDF, the
// invoice page and the mail in the outbox, and a 30-line invoice on two numbered pages whose rows
// all end above the footer (word boxes from pdftotext -bbox, not only the text).
import { deflateSync } from "node:zlib";
import type { Page } from "@playwright/test";
import {
  ADMIN,
  chooseInvoiceClient,
  expect,
  expectNoSeriousAxeViolations,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";
import { boxesOverlap, pdfImageCount, pdfText, pdfWords } from "../support/pdf-text";

function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** A solid-colour RGB PNG of width × height pixels. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function issue(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Issue", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /Issue this/ });
  await dialog.getByRole("button", { name: "Issue invoice" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Invoice \d{4}-\d{4}/);
  return (await page.getByRole("heading", { level: 1 }).innerText()).match(/\d{4}-\d{4}/)![0];
}

async function pdfOf(page: Page): Promise<Buffer> {
  const response = await page.request.get(`${page.url()}/pdf`);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  return Buffer.from(await response.body());
}

test.describe("the invoice document", () => {
  test("a reverse-charge invoice to a German business: both VAT numbers and the mention on its PDF, the logo on the PDF, the page and the mail", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    // The firm's VAT number, and its logo (Settings → Brand).
    await page.goto("/bo/settings");
    await expect(page.getByLabel("Firm name")).not.toHaveValue("");
    const firmName = await page.getByLabel("Firm name").inputValue();
    await page.getByLabel("VAT number").fill("FR15901234567");
    await page.getByLabel(/^Country( \*)?$/).selectOption("FR");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
    const logo = solidPng(120, 40, [31, 79, 209]);
    await waitForHydration(page, "form:has(input[name='logo'])");
    await page
      .getByLabel("Logo", { exact: true })
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await expect(page.getByText("Logo saved.")).toBeVisible();

    try {
      // A German business client with a VAT number.
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
      await dialog.getByRole("button", { name: "Create client" }).click();
      await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);

      // The form proposes reverse charge on the lines.
      await page.goto("/bo/invoices/create");
      await chooseInvoiceClient(page, clientName);
      await expect(page.getByTestId("vat-proposal")).toContainText(/reverse charge/i);
      await page.getByLabel("Description").fill("Security audit");
      await page.getByLabel("Quantity").fill("2");
      await page.getByLabel(/Unit price/).fill("1300");
      await expect(page.getByTestId("invoice-grand-total")).toHaveText("€2,600.00");
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
      const number = await issue(page);
      await page.reload();

      // The page: the logo as an <img> (loaded), named for the firm.
      const pageLogo = page.getByTestId("invoice-logo");
      await expect(pageLogo).toBeVisible();
      await expect(pageLogo).toHaveAttribute("alt", firmName);
      expect(await pageLogo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(120);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: "test-results/i20b-invoice-page.png", fullPage: true });

      // The PDF: both VAT numbers, the mention, a zero VAT total, the logo, the title apart from the number.
      const bytes = await pdfOf(page);
      const text = pdfText(bytes);
      expect(text).toContain("FR15901234567");
      expect(text).toContain("DE123456789");
      expect(text).toContain("Supplier VAT number FR15901234567; customer VAT number DE123456789.");
      expect(text).toContain("Reverse charge");
      expect(text).toContain("Autoliquidation");
      expect(text).toContain("2,600.00");
      expect(pdfImageCount(bytes)).toBe(1);
      const { words } = pdfWords(bytes);
      const topmost = (value: string) =>
        words.filter((word) => word.text === value).sort((a, b) => a.yMin - b.yMin)[0]!;
      const title = topmost("Invoice");
      const numberBox = topmost(number);
      expect(title, "the title").toBeDefined();
      expect(numberBox, "the number").toBeDefined();
      expect(boxesOverlap(title, numberBox)).toBe(false);
      expect(numberBox.yMin).toBeGreaterThanOrEqual(title.yMax - 0.5);

      // The mail: the logo as an inline part, an <img> in the HTML the outbox shows.
      await page.getByRole("button", { name: "Send by email" }).click();
      const send = page.getByRole("dialog", { name: `Send invoice ${number}` });
      await send.getByRole("button", { name: "Send" }).click();
      await expect(send).toBeHidden();
      await page.goto("/bo/outbox");
      const row = page.getByRole("row").filter({ hasText: number });
      await expect(async () => {
        await page.reload();
        await expect(row.getByText("Captured")).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      await row.getByRole("link").first().click();
      await expect(page.getByText("logo.png")).toBeVisible();
      await expect(page.getByText(/shown in the message/)).toBeVisible();
      // The preview frame's document: the mail's HTML, its cid: logo shown as a data: image.
      const srcdoc = (await page.locator("iframe[title^='HTML version']").getAttribute("srcdoc")) ?? "";
      const mailLogo = /<img src="(data:image\/png;base64,[^"]+)" alt="([^"]*)"/.exec(srcdoc);
      expect(mailLogo, "an <img> of the logo in the mail's HTML").not.toBeNull();
      expect(Buffer.from(mailLogo![1]!.split(",")[1]!, "base64").equals(logo)).toBe(true);
      expect(mailLogo![2]).toBe(firmName.replace(/&/g, "&amp;"));
      expect(srcdoc).not.toContain("cid:");
      expect(srcdoc).toMatch(/Amount due|Balance due/);
      await page.screenshot({ path: "test-results/i20b-outbox-mail.png", fullPage: true });
    } finally {
      await page.goto("/bo/settings");
      // The button submits a client action: pressed before hydration, the press is lost.
      await waitForHydration(page, "form:has(input[name='logo'])");
      await page.getByRole("button", { name: "Remove logo" }).click();
      await expect(page.getByRole("img", { name: "Current logo" })).toHaveCount(0);
    }
  });

  test("a 30-line invoice has 'Page 1 of 2' and no row reaches the footer", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    const clientName = uniqueName("Long Ltd");
    await page.goto("/bo/clients");
    await page.getByRole("button", { name: "New client" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New client" });
    await dialog.getByLabel("Name").fill(clientName);
    await dialog.getByRole("button", { name: "Create client" }).click();
    await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);

    await page.goto("/bo/invoices/create");
    await chooseInvoiceClient(page, clientName);
    for (let index = 0; index < 30; index++) {
      if (index > 0) await page.getByRole("button", { name: "Add line" }).click();
      await page
        .getByLabel("Description")
        .nth(index)
        .fill(
          `Row${index + 1} ${index % 15 === 7 ? "A long description of the work that wraps over the lines of its column. ".repeat(3) : "Consulting"}`,
        );
      await page
        .getByLabel(/Unit price/)
        .nth(index)
        .fill("100");
    }
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
    const invoiceNumber = await issue(page);

    const { words, pages } = pdfWords(await pdfOf(page));
    expect(pages).toBe(2);
    expect(words.filter((word) => /^Row\d+$/.test(word.text))).toHaveLength(30);
    for (let number = 1; number <= pages; number++) {
      const onPage = words.filter((word) => word.page === number);
      const pageWord = onPage.find((word) => word.text === "Page")!;
      const numbering = onPage
        .filter((word) => Math.abs(word.yMin - pageWord.yMin) < 1 && word.xMin >= pageWord.xMin)
        .sort((a, b) => a.xMin - b.xMin)
        .map((word) => word.text)
        .join(" ");
      expect(numbering).toBe(`Page ${number} of 2`);
      // The footer's top: its right column holds the document's number above "Page x of y".
      const footerNumber = onPage.filter((word) => word.text === invoiceNumber).sort((a, b) => b.yMin - a.yMin)[0]!;
      expect(footerNumber.yMin).toBeLessThan(pageWord.yMin);
      const footerTop = footerNumber.yMin;
      const rows = onPage.filter((word) => /^Row\d+$/.test(word.text));
      expect(rows.length).toBeGreaterThan(0);
      // Every row, and every word of the lines' table, ends above the footer's first line.
      const lastRow = rows.sort((a, b) => b.yMax - a.yMax)[0]!;
      for (const row of rows) expect(row.yMax, `${row.text} on page ${number}`).toBeLessThan(footerTop);
      for (const word of onPage.filter((other) => other.yMin <= lastRow.yMax))
        expect(word.yMax, `${word.text} on page ${number}`).toBeLessThan(footerTop);
    }
  });
});
