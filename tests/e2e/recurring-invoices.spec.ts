// Recurring invoices through the UI (decision 060): from the invoice list to the recurring ones, a
// monthly template whose day is today, the real pass run by "Make due invoices now" (or by the
// server's worker, if it came first), the issued invoice in the log and on its page, then pause and
// resume. Screenshots at 1280 and 390 px go to /tmp for review.
import type { Page } from "@playwright/test";
import {
  ADMIN,
  chooseClient,
  createClientThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";

function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `/tmp/recurring-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/tmp/recurring-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a monthly recurring invoice makes this month's invoice once, shown in its log", async ({ page }) => {
  test.setTimeout(120_000);
  const clientName = uniqueName("Retainer client");
  const templateName = uniqueName("Monthly retainer");
  await signIn(page, ADMIN.email, ADMIN.password);
  await createClientThroughUi(page, clientName, {
    "Billing email": "accounts@retainer.example",
    "Address line 1": "8 Harbour Road",
    "Postal code": "D02 XY45",
    City: "Dublin",
  });

  await page.goto("/bo/invoices");
  await page.getByRole("link", { name: "Recurring", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recurring invoices" })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Recurring invoices" }).first()).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByRole("link", { name: "New recurring invoice" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New recurring invoice" })).toBeVisible();
  await waitForHydration(page, "form button[type=submit]");

  // Saving without a name or price says what is missing, next to each field.
  await page.getByRole("button", { name: "Save recurring invoice" }).click();
  await expect(page.getByText("Enter a name, e.g. Monthly retainer.")).toBeVisible();

  await page.getByLabel(/^Name/).fill(templateName);
  await chooseClient(page, clientName);
  await expect(page.getByText(/^Invoiced in EUR, 30 days to pay/)).toBeVisible();
  // Monthly, on today's day, from today: the defaults.
  await expect(page.getByLabel(/^How often/)).toHaveValue("monthly");
  await page.getByLabel(/^Description/).fill("Monthly retainer: strategy and support");
  await page.getByLabel(/^Unit price/).fill("1200");
  await expect(page.getByTestId("invoice-grand-total")).toHaveText(/1,440\.00/);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, "form");
  await page.getByRole("button", { name: "Save recurring invoice" }).click();

  await expect(page).toHaveURL(/\/bo\/invoices\/recurring\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: templateName })).toBeVisible();
  await expect(page.getByText("Every month on day")).toBeVisible();

  // The real pass: the button (unless the server's worker already made it in the meantime).
  const makeNow = page.getByRole("button", { name: "Make due invoices now" });
  if (await makeNow.isVisible()) {
    await waitForHydration(page, "[data-slot=page-header] button");
    await makeNow.click();
    await expect(page.getByText("1 invoice made.")).toBeVisible();
  }
  const log = page.getByTestId("recurring-log");
  await expect(log.getByRole("row")).toHaveCount(2);
  const number = (await log.getByRole("link").first().textContent())!.trim();
  expect(number).toMatch(/^\d{4}-\d{4,}$/);
  await expect(log.getByText("Issued")).toBeVisible();
  await expect(page.getByRole("button", { name: "Make due invoices now" })).toHaveCount(0);
  // The page itself, without the toast (checked by the toast's own tests).
  await page.reload();
  await expect(log).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, "page");

  // The list says how many it made.
  await page.goto("/bo/invoices/recurring");
  const row = page.getByRole("row").filter({ hasText: templateName });
  await expect(row.getByRole("cell").last()).toHaveText(/1,440\.00/);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, "list");

  // The invoice it made: issued with its number, for the client, with the template's line.
  await row.getByRole("link", { name: templateName }).click();
  await page.getByTestId("recurring-log").getByRole("link", { name: number }).click();
  await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(number);
  await expect(page.getByText("Monthly retainer: strategy and support").first()).toBeVisible();
  await expect(page.getByText(clientName).first()).toBeVisible();

  // Pause, then resume.
  await page.goBack();
  await waitForHydration(page, "[data-slot=page-header] button");
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByText("Paused: no invoice is made until you resume.")).toBeVisible();
  await expect(page.getByTestId("recurring-next")).toHaveText("Paused");
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByText("Resumed.")).toBeVisible();
  await expect(page.getByTestId("recurring-next")).not.toHaveText("Paused");
  // Still one invoice: this month's was made once.
  await expect(page.getByTestId("recurring-log").getByRole("row")).toHaveCount(2);
});
