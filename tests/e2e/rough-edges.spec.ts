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
});
