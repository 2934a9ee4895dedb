// Client share links through the browser (issue 25 item 4; decision 059): a manager shares an
// issued invoice, a browser without any session opens the link, sees the document and downloads
// its PDF; after the manager revokes it, the same link is the 404 page.
import type { Browser, Page } from "@playwright/test";
import {
  ADMIN,
  chooseInvoiceClient,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  firstSignIn,
  signIn,
  signOut,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

const SHOTS = process.env.SHARE_SCREENSHOTS_DIR;

function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

async function issuedInvoice(page: Page, clientName: string, description: string): Promise<string> {
  await page.goto("/bo/clients");
  await page.getByRole("button", { name: "New client" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New client" });
  await dialog.getByLabel("Name").fill(clientName);
  await dialog.getByLabel("Billing email").fill("accounts@client.example");
  await dialog.getByRole("button", { name: "Create client" }).click();
  await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);
  await page.goto("/bo/invoices/create");
  await chooseInvoiceClient(page, clientName);
  await page.getByLabel("Description").fill(description);
  await page.getByLabel("Quantity").fill("3");
  await page.getByLabel(/Unit price/).fill("450");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
  // A draft is never shared: no client links yet.
  await expect(page.getByRole("heading", { name: "Client links" })).toHaveCount(0);
  await page.getByRole("button", { name: "Issue", exact: true }).click();
  const issue = page.getByRole("dialog", { name: /Issue this/ });
  await issue.getByRole("button", { name: "Issue invoice" }).click();
  await expect(issue).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Invoice \d{4}-\d{4}/);
  return (await page.getByRole("heading", { level: 1 }).innerText()).match(/\d{4}-\d{4}/)![0];
}

/** A browser with no cookie at all: the client who received the link. */
async function asClient(browser: Browser, baseURL: string | undefined) {
  return browser.newContext({ baseURL, acceptDownloads: true });
}

test.describe("client share links", () => {
  test("a manager shares an issued invoice; the client opens it without signing in and downloads the PDF; a revoked link is a 404", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const manager = { name: "Morgan Share", email: uniqueEmail("share.manager"), password: "initial share password" };
    await signIn(page, ADMIN.email, ADMIN.password);
    await createUserThroughUi(page, { ...manager, role: "manager" });
    await signOut(page);
    await firstSignIn(page, manager.email, manager.password, "manager's own share password");

    const description = uniqueName("Strategy workshop");
    const number = await issuedInvoice(page, uniqueName("Share Client"), description);
    const invoiceUrl = page.url();

    // Create a link (no expiry): shown once, to copy.
    await waitForHydration(page, "form[aria-label='Create a link'] button[type='submit']");
    await page.getByRole("button", { name: "Create link" }).click();
    await expect(page.getByText("Link created.")).toBeVisible();
    const url = await page.getByTestId("new-share-link").inputValue();
    expect(url).toMatch(/\/d\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId("share-link-row")).toHaveCount(1);
    await expect(page.getByTestId("share-link-row")).toContainText("Active");
    await expect(page.getByTestId("share-link-row")).toContainText("Never");
    const path = new URL(url).pathname;

    // The client: no session, the document as the invoice page shows it.
    const client = await asClient(browser, baseURL);
    try {
      const visitor = await client.newPage();
      const response = await visitor.goto(path);
      expect(response!.status()).toBe(200);
      const headers = response!.headers();
      expect(headers["referrer-policy"]).toBe("no-referrer");
      expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(headers["cache-control"]).toContain("no-store");
      expect(headers["cache-control"]).not.toContain("public");
      await expect(visitor.locator("meta[name='robots']")).toHaveAttribute("content", /noindex/);
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${number}`);
      await expect(visitor.getByTestId("invoice-document")).toContainText(description);
      await expect(visitor.getByTestId("shared-balance")).toHaveText("€1,620.00");
      // Nothing of the back office is linked from it.
      expect(await visitor.locator("a[href^='/bo']").count()).toBe(0);
      await expectNoSeriousAxeViolations(visitor);
      if (SHOTS) {
        await visitor.setViewportSize({ width: 1280, height: 900 });
        await visitor.screenshot({ path: `${SHOTS}/shared-1280.png`, fullPage: true });
        await visitor.setViewportSize({ width: 390, height: 844 });
        await visitor.screenshot({ path: `${SHOTS}/shared-390.png`, fullPage: true });
        await visitor.setViewportSize({ width: 1280, height: 900 });
      }

      const [download] = await Promise.all([
        visitor.waitForEvent("download"),
        visitor.getByTestId("shared-pdf").click(),
      ]);
      expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
      const bytes = await download.createReadStream().then(async (stream) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      });
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      // The same bytes as the back office's PDF.
      const own = await page.request.get(`${invoiceUrl}/pdf`);
      expect(Buffer.from(await own.body()).equals(bytes)).toBe(true);

      // The manager sees the link was opened, in the list and in the history.
      await page.reload();
      await expect(page.getByTestId("share-link-row")).toContainText(/\d+ views?/);
      await expect(page.getByText("Opened through a client link")).toBeVisible();
      if (SHOTS)
        await page.getByRole("heading", { name: "Client links" }).screenshot({ path: `${SHOTS}/panel-title.png` });

      // Revoke: asked to confirm, then the link is dead at once.
      await waitForHydration(page, "[data-testid='share-link-row'] button");
      await page.getByRole("button", { name: /^Revoke the link created/ }).click();
      const confirm = page.getByRole("dialog", { name: "Revoke this link?" });
      await confirm.getByRole("button", { name: "Revoke link" }).click();
      await expect(page.getByText("Link revoked.")).toBeVisible();
      await expect(page.getByTestId("share-link-row")).toContainText("Revoked");
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/invoice-page.png`, fullPage: true });

      const gone = await visitor.goto(path);
      expect(gone!.status()).toBe(404);
      await expect(visitor.getByTestId("invoice-document")).toHaveCount(0);
      expect(await visitor.content()).not.toContain(description);
      const pdfGone = await visitor.request.get(`${path}/pdf`);
      expect(pdfGone.status()).toBe(404);
      // An unknown link answers exactly the same.
      const unknown = await visitor.request.get(`/d/${"A".repeat(43)}/pdf`);
      expect(unknown.status()).toBe(404);
      expect(await unknown.text()).toBe(await pdfGone.text());
    } finally {
      await client.close();
    }
  });

  test("Settings → Client links: invoice mails then carry a link to view the invoice online", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/bo/settings");
    const section = page.getByRole("form", { name: "Client links" });
    await waitForHydration(page, "form[aria-label='Client links'] button[type='submit']");
    await section.getByLabel("Include a link to view the invoice online in invoice mails").check();
    await section.getByLabel("Mailed links work for (days)").fill("45");
    await section.getByRole("button", { name: "Save client links" }).click();
    await expect(page.getByText("Client links saved.")).toBeVisible();
    try {
      await issuedInvoice(page, uniqueName("Mail Client"), uniqueName("Audit"));
      await waitForHydration(page, "form[aria-label='Create a link'] button[type='submit']");
      await page.getByRole("button", { name: "Send by email" }).click();
      const send = page.getByRole("dialog", { name: /Send invoice/ });
      await expect(send).toContainText("with a new link to view it online");
      await send.getByRole("button", { name: "Send", exact: true }).click();
      await expect(page.getByText("The invoice is in the outbox and will be sent shortly.")).toBeVisible();
      await page.reload();
      await expect(page.getByTestId("share-link-row")).toContainText("In the mail to accounts@client.example");
    } finally {
      await page.goto("/bo/settings");
      await waitForHydration(page, "form[aria-label='Client links'] button[type='submit']");
      await page
        .getByRole("form", { name: "Client links" })
        .getByLabel(/Include a link/)
        .uncheck();
      await page.getByRole("form", { name: "Client links" }).getByLabel("Mailed links work for (days)").fill("");
      await page.getByRole("button", { name: "Save client links" }).click();
      await expect(page.getByText("Client links saved.")).toBeVisible();
    }
  });
});
