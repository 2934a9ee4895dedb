// Issue 31, item 12: what tripped new users up in the back office's forms and lists.
import { ADMIN, expect, expectNoSeriousAxeViolations, signIn, test } from "./fixtures";

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("rough edges", () => {
  test("on a phone the invoice filters fold behind a button; on a wide screen they show", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/bo/invoices?status=draft");
    const toggle = page.getByRole("button", { name: /Filters/ });
    await expect(toggle).toBeVisible();
    await expect(toggle).toContainText("(1 on)");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByLabel("Kind")).toBeHidden();
    await page.screenshot({ path: "test-results/i31-invoices-folded-390.png", fullPage: true });
    await toggle.click();
    await expect(page.getByRole("button", { name: /Hide filters/ })).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByLabel("Kind")).toBeVisible();
    await page.screenshot({ path: "test-results/i31-invoices-unfolded-390.png", fullPage: true });
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/bo/invoices");
    await expect(page.getByRole("button", { name: /Filters/ })).toBeHidden();
    await expect(page.getByLabel("Kind")).toBeVisible();
  });

  test("no placeholder looks like a value; the logo is saved as soon as it is chosen", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/bo/settings");
    for (const label of [/Default hourly rate/, "IBAN", "BIC"])
      await expect(page.getByLabel(label)).not.toHaveAttribute("placeholder", /.+/);
    await page
      .getByLabel("Logo", { exact: true })
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByText("Logo saved.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Current logo" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Upload logo" })).toHaveCount(0);
    // The settings' version followed the logo's: saving them afterwards is no conflict.
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
    await page.getByRole("button", { name: "Remove logo" }).click();
    await expect(page.getByRole("img", { name: "Current logo" })).toHaveCount(0);
    await page.goto("/bo/users");
    await page.getByRole("button", { name: "New user" }).click();
    await expect(page.getByRole("dialog").getByLabel("Default hourly rate")).not.toHaveAttribute("placeholder", /.+/);
  });

  test("the client page lists its invoices with their balances and the open balance; a long billing email wraps between its parts", async ({
    page,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const name = `Balances ${Date.now().toString(36)}`;
    const email = "accounts.payable.department@consolidated-international-widgets.example";
    await page.goto("/bo/clients");
    await page.getByRole("button", { name: "New client" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New client" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Billing email").fill(email);
    await dialog.getByRole("button", { name: "Create client" }).click();
    await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);
    const clientUrl = page.url();
    await expect(page.getByText("No invoices for this client yet.")).toBeVisible();
    await expect(page.getByLabel("Open balance")).toContainText("Nothing due");

    // An issued invoice of 100.00 + 20 % VAT: 120.00 due.
    await page.getByRole("link", { name: "New invoice" }).click();
    await page.getByLabel("Description").fill("Advice");
    await page.getByLabel("Quantity").fill("1");
    await page.getByLabel(/Unit price/).fill("100");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Issue", exact: true }).click();
    await page
      .getByRole("dialog", { name: /Issue this/ })
      .getByRole("button", { name: "Issue invoice" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/Invoice \d{4}-\d{4}/);
    const number = (await page.getByRole("heading", { level: 1 }).innerText()).match(/\d{4}-\d{4}/)![0];

    await page.goto(clientUrl);
    const row = page.getByRole("row").filter({ hasText: number });
    await expect(row).toContainText("Issued");
    await expect(row).toContainText("€120.00");
    await expect(page.getByLabel("Open balance")).toContainText("Open balance in EUR (1 invoice)");
    await expect(page.getByLabel("Open balance")).toContainText("€120.00");
    await expect(page.getByRole("link", { name: "All 1 document" })).toHaveAttribute("href", /client=/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const shown = page.getByText("accounts.payable.department@", { exact: false });
    // The address is whole (no character lost), breaks only where a <wbr> allows, and fits its column.
    expect((await shown.innerText()).replace(/\s/g, "")).toBe(email);
    expect(await shown.evaluate((element) => getComputedStyle(element).wordBreak)).not.toBe("break-all");
    expect(await shown.locator("wbr").count()).toBeGreaterThan(3);
    const box = (await shown.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "test-results/i31-client-page-390.png", fullPage: true });
    await expectNoSeriousAxeViolations(page);
  });
});
