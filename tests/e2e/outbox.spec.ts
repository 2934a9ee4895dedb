import AxeBuilder from "@axe-core/playwright";
import {
  ADMIN,
  chooseInvoiceClient,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";

test.describe("outbox", () => {
  test("creating a user writes a welcome mail, captured without SMTP, readable in /bo/outbox", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const email = uniqueEmail("welcome");
    const name = `Wel <b>Come</b> ${Date.now().toString(36)}`;
    await createUserThroughUi(page, { name, email, role: "staff", password: "a long unusual passphrase" });

    await page.goto("/bo/outbox");
    await expect(page.getByRole("heading", { name: "Outbox", level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "SMTP is not configured" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: email });
    // The in-process worker marks it captured within a second or two.
    await expect(async () => {
      await page.reload();
      await expect(row.getByText("Captured")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: "/tmp/outbox-list.png", fullPage: true });

    await row.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/bo\/outbox\/[0-9a-f-]{36}$/);
    await expect(page.getByText(email).first()).toBeVisible();
    const frame = page.locator("iframe[title^='HTML version']");
    await expect(frame).toHaveAttribute("sandbox", "");
    const srcdoc = await frame.getAttribute("srcdoc");
    expect(srcdoc).toContain("Content-Security-Policy");
    // The name is escaped in the mail: it shows as text, never as markup.
    expect(srcdoc).toContain("Wel &lt;b&gt;Come&lt;/b&gt;");
    expect(srcdoc).toMatch(/href="http:\/\/localhost:\d+\/bo\/login"/);
    await expect(frame).toBeVisible();
    await expect(page.locator("pre").getByText(/Sign in: http:\/\/localhost:\d+\/bo\/login/)).toBeVisible();
    // The sandboxed preview cannot be scanned from inside (no scripts run there): scan the page around it.
    const results = await new AxeBuilder({ page })
      .exclude("iframe")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(
      results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => violation.id),
    ).toEqual([]);
    await page.screenshot({ path: "/tmp/outbox-mail.png", fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: "/tmp/outbox-mail-375.png", fullPage: true });
    await page.goto("/bo/outbox");
    await page.screenshot({ path: "/tmp/outbox-list-375.png", fullPage: true });
  });

  test("attachments are for signed-in admins and managers only", async ({ page, request }) => {
    const anyId = "01900000-0000-7000-8000-000000000000";
    const anonymous = await request.get(`/bo/outbox/${anyId}/attachments/${anyId}`, { maxRedirects: 0 });
    // The proxy sends anonymous /bo requests to sign-in; the route itself would answer 401.
    expect([307, 401]).toContain(anonymous.status());
    if (anonymous.status() === 307) expect(anonymous.headers()["location"]).toContain("/bo/login");
    await signIn(page, ADMIN.email, ADMIN.password);
    const missing = await page.request.get(`/bo/outbox/${anyId}/attachments/${anyId}`);
    expect(missing.status()).toBe(404);
  });

  test("sending an issued invoice puts a mail with its PDF in the outbox", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const clientName = `Mail Client ${Date.now().toString(36)}`;
    await page.goto("/bo/clients");
    await page.getByRole("button", { name: "New client" }).first().click();
    const clientDialog = page.getByRole("dialog", { name: "New client" });
    await clientDialog.getByLabel("Name").fill(clientName);
    await clientDialog.getByLabel("Billing email").fill("billing@client.example");
    await clientDialog.getByRole("button", { name: "Create client" }).click();
    await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);

    await page.goto("/bo/invoices/create");
    await chooseInvoiceClient(page, clientName);
    await page.getByLabel("Description").fill("Strategy workshop");
    await page.getByLabel("Unit price (EUR)").fill("1200");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Draft invoice");
    // A draft cannot be sent.
    await expect(page.getByRole("button", { name: "Send by email" })).toHaveCount(0);
    await page.getByRole("button", { name: "Issue", exact: true }).click();
    await page
      .getByRole("dialog", { name: /Issue this/ })
      .getByRole("button", { name: "Issue invoice" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/Invoice \d{4}-\d{4}/);
    const number = (await page.getByRole("heading", { level: 1 }).innerText()).match(/\d{4}-\d{4}/)![0];

    await page.getByRole("button", { name: "Send by email" }).click();
    const dialog = page.getByRole("dialog", { name: `Send invoice ${number}` });
    await expect(dialog.getByLabel(/^To/)).toHaveValue("billing@client.example");
    await expect(dialog.getByLabel(/^Subject/)).toHaveValue(new RegExp(number));
    await dialog.getByLabel(/^To/).fill("not an address");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText(/valid email/i)).toBeVisible();
    await dialog.getByLabel(/^To/).fill("billing@client.example, accounts@client.example");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/sent \d/)).toBeVisible();

    await page.goto("/bo/outbox");
    const row = page.getByRole("row").filter({ hasText: number });
    await expect(async () => {
      await page.reload();
      await expect(row.getByText("Captured")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await row.getByRole("link").first().click();
    await expect(page.getByText("accounts@client.example").first()).toBeVisible();
    const attachment = page.getByRole("link", { name: new RegExp(`${number}.*\\.pdf`) });
    await expect(attachment).toBeVisible();
    const response = await page.request.get((await attachment.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
