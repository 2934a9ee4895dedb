// The shared form plumbing as a user meets it: a toast never hides the controls, and never stays
// up next to a later error; a form shows every error of one submission at once; a form shows its
// saved values before the page hydrates, and does not move when it does.
import type { Locator, Page } from "@playwright/test";
import { signInOverApi } from "./authz/http";
import { ADMIN, expect, test, waitForHydration } from "./fixtures";

const toasts = (page: Page) => page.locator("[data-sonner-toast]");

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The visible controls of the page (buttons, links, fields) that `covering` lies over. */
async function controlsUnder(page: Page, covering: Locator): Promise<string[]> {
  const box = await covering.boundingBox();
  if (!box) throw new Error("the toast has no box");
  return page.evaluate((toast) => {
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=combobox]";
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => !element.closest("[data-sonner-toaster]") && element.checkVisibility())
      .filter((element) => {
        const own = element.getBoundingClientRect();
        return (
          own.width > 0 &&
          own.height > 0 &&
          toast.x < own.x + own.width &&
          own.x < toast.x + toast.width &&
          toast.y < own.y + own.height &&
          own.y < toast.y + toast.height
        );
      })
      .map((element) => element.getAttribute("aria-label") ?? element.id ?? element.textContent ?? element.tagName);
  }, box);
}

async function saveSettingsUnchanged(page: Page) {
  await page.goto("/bo/settings");
  await expect(page.getByLabel("Firm name")).not.toHaveValue("");
  const save = page.getByRole("button", { name: "Save settings" });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  const toast = toasts(page).filter({ hasText: "Settings saved." });
  await expect(toast).toBeVisible();
  // Where it stays, once it has slid in.
  await page.waitForTimeout(600);
  return { save, toast };
}

test.describe("toasts", () => {
  for (const viewport of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    test(`a success toast covers none of the controls, the pressed button included (${viewport.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signInOverApi(page.request, ADMIN.email, ADMIN.password);
      const { save, toast } = await saveSettingsUnchanged(page);
      const toastBox = (await toast.boundingBox())!;
      expect(overlaps(toastBox, (await save.boundingBox())!), "the toast covers the Save button").toBe(false);
      expect(await controlsUnder(page, toast), "controls under the toast").toEqual([]);
    });
  }

  test("a success toast does not stay up next to a later error", async ({ page }) => {
    await signInOverApi(page.request, ADMIN.email, ADMIN.password);
    const { save } = await saveSettingsUnchanged(page);
    await page.getByLabel("Firm name").fill("");
    await save.click();
    await expect(page.getByRole("alert").filter({ hasText: "The settings were not saved" })).toBeVisible();
    // At once, not when the toast's time is up: a dismissed toast is marked removed, then slides out.
    expect(
      await toasts(page).filter({ hasText: "Settings saved." }).and(page.locator(":not([data-removed=true])")).count(),
    ).toBe(0);
  });
});

test("the settings show every field error of one submission at once", async ({ page }) => {
  await signInOverApi(page.request, ADMIN.email, ADMIN.password);
  await page.goto("/bo/settings");
  await expect(page.getByLabel("Firm name")).not.toHaveValue("");
  await page.getByRole("combobox", { name: "Country", exact: true }).selectOption("FR");
  await page.getByLabel("VAT number").fill("FR123");
  await page.getByLabel("IBAN").fill("FR76 3000 6000 0112 3456 7890 188");
  await page.getByLabel("Invoice number pattern").fill("INV-{SEQ:4}-{XX}");
  await page.getByLabel("Payment terms (days)").fill("");
  await page.getByLabel("Email reminders for overdue invoices").check();
  await page.getByLabel("Days after the due date").fill("");
  await page.getByRole("button", { name: "Save settings" }).click();

  const errorOf = (field: string) => page.locator(`[id="${field}-error"]`);
  await expect(page.getByRole("alert").filter({ hasText: "The settings were not saved" })).toBeVisible();
  for (const [field, message] of [
    ["iban", /valid IBAN/],
    ["vatNumber", /VAT number/],
    ["invoiceNumberPattern", /./],
    ["paymentTermsDays", /number of days/],
    ["reminderDays", /at least one day/],
  ] as const) {
    await expect(errorOf(field), field).toHaveText(message);
  }
  // The first of them, in the page's order, takes the focus.
  await expect(page.getByLabel("VAT number")).toBeFocused();
  // Nothing was saved: the page loads the stored values again.
  await page.reload();
  await expect(page.getByLabel("IBAN")).not.toHaveValue("FR76 3000 6000 0112 3456 7890 188");
});

test("the settings show the saved values before the page hydrates, and nothing moves when it does", async ({
  page,
  browser,
}) => {
  const importLink = (on: Page) => on.getByRole("link", { name: "Import from another tool" });
  // The server's HTML alone, as a person sees it while the scripts load: a browser without JavaScript.
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
  const html = await withoutScripts.newPage();
  await signInOverApi(html.request, ADMIN.email, ADMIN.password);
  await html.goto("/bo/settings");
  await expect(html.getByLabel("Firm name")).not.toHaveValue("");
  await expect(html.getByLabel("Invoice email message (English)")).not.toHaveValue("");
  await expect(html.getByRole("combobox", { name: "Currency" })).not.toHaveValue("");
  const before = (await importLink(html).boundingBox())!.y;
  await withoutScripts.close();

  await signInOverApi(page.request, ADMIN.email, ADMIN.password);
  await page.goto("/bo/settings");
  await waitForHydration(page, "#settings-form");
  // Two frames after hydration: the form has registered its fields and been laid out again.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // The mail templates' text areas grew by 114 px as they were filled: a click aimed at the link below
  // in that moment landed beside it, and the person stayed on the page.
  expect((await importLink(page).boundingBox())!.y).toBe(before);
});
