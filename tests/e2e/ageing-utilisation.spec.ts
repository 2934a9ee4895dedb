import type { Browser, Page } from "@playwright/test";
import fs from "node:fs";
import { addDaysToDate, isoWeekMonday, todayInZone } from "../../src/lib/dates";
import {
  ADMIN,
  chooseInvoiceClient,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  firstSignIn,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";

// Receivables ageing and utilisation (issue 24, items 2 and 4): an admin issues an invoice with
// 30 days to pay, records a part payment and reads the open balance as of today (current) and as
// of 45 days on (15 days past due), drills into the client, opens the invoice and downloads both
// CSVs; staff log time and read their own utilisation only, and are refused the ageing report.
// Each page passes axe; screenshots at 390 px go to test-reports/.

const TODAY = todayInZone("Europe/Paris");
const WEEK = isoWeekMonday(TODAY);

function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

async function download(page: Page, name: string | RegExp) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(path, "utf8").replace(/^\uFEFF/, "") };
}

async function newStaff(browser: Browser, admin: Page, name: string) {
  const email = uniqueEmail("utilisation");
  await createUserThroughUi(admin, { name, email, role: "staff", password: "first password for tests" });
  const context = await browser.newContext();
  const page = await context.newPage();
  await firstSignIn(page, email, "first password for tests", "staff own password for tests");
  return page;
}

async function atPhoneWidth(page: Page, shot: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousAxeViolations(page);
  fs.mkdirSync("test-reports", { recursive: true });
  await page.screenshot({ path: `test-reports/${shot}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("ageing and utilisation reports", () => {
  // Chromium asks for /favicon.ico when a link downloads a file; the app's icon is icon.svg.
  test.use({ allowedConsoleErrors: /favicon\.ico/ });

  test("ageing: open balance by bucket as of a date, drill-down to the invoice, CSV downloads", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    const clientName = uniqueName("Ageing Ltd");
    await page.goto("/bo/clients");
    await page.getByRole("button", { name: "New client" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New client" });
    await dialog.getByLabel("Name").fill(clientName);
    await dialog.getByLabel("Address line 1").fill("8 Harbour Road");
    await dialog.getByLabel("Postal code").fill("75001");
    await dialog.getByLabel("City").fill("Paris");
    await dialog.getByLabel("Payment terms (days)").fill("30");
    await dialog.getByRole("button", { name: "Create client" }).click();
    await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);
    const clientId = page.url().split("/").pop()!;

    // 100.00 + 20 % VAT = 120.00, due in 30 days; 20.00 paid today: 100.00 open.
    await page.goto("/bo/invoices/create");
    await chooseInvoiceClient(page, clientName);
    await page.getByLabel("Description").fill("Ageing check");
    await page.getByLabel("Quantity").fill("1");
    await page.getByLabel(/Unit price/).fill("100");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
    const invoiceUrl = page.url();
    await page.getByRole("button", { name: "Issue", exact: true }).click();
    const issue = page.getByRole("dialog", { name: /Issue this/ });
    await issue.getByRole("button", { name: "Issue invoice" }).click();
    await expect(issue).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/Invoice \d{4}-\d{4}/);
    const number = (await page.getByRole("heading", { level: 1 }).innerText()).match(/\d{4}-\d{4}/)![0];
    await page.getByRole("button", { name: "Record payment" }).click();
    const payment = page.getByRole("dialog", { name: "Record a payment" });
    await payment.getByLabel(/Amount/).fill("20");
    await payment.getByRole("button", { name: "Save payment" }).click();
    await expect(payment).toBeHidden();

    // Today: not yet due.
    await page.goto("/bo/reports");
    await page.getByRole("link", { name: "Ageing", exact: true }).click();
    await expect(page).toHaveURL(/\/bo\/reports\/ageing$/);
    const today = page.getByTestId("ageing-report").getByRole("row").filter({ hasText: clientName });
    await expect(today).toContainText("1 invoice · EUR");
    await expect(today.getByRole("cell").nth(1)).toHaveText("€100.00"); // Current
    await expect(today.getByRole("cell").last()).toHaveText("€100.00");
    await expect(page.getByTestId("ageing-total-EUR")).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // 45 days on, typed in the filter: 15 days past due, in 1–30.
    const later = addDaysToDate(TODAY, 45);
    await page.getByLabel("As of").fill(later);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`asOf=${later}`));
    const row = page.getByTestId("ageing-report").getByRole("row").filter({ hasText: clientName });
    await expect(row.getByRole("cell").nth(1)).toHaveText("€0.00");
    await expect(row.getByRole("cell").nth(2)).toHaveText("€100.00"); // 1–30 days
    fs.mkdirSync("test-reports", { recursive: true });
    await page.screenshot({ path: "test-reports/ageing-wide.png", fullPage: true });

    const overview = await download(page, "Export CSV");
    expect(overview.name).toBe(`ageing-${later}.csv`);
    const lines = overview.text.trim().split("\r\n");
    expect(lines[0]).toBe("Client,Currency,Invoices,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Total");
    expect(lines).toContain(`${clientName},EUR,1,0.00,100.00,0.00,0.00,0.00,100.00`);

    // Drill into the client: its open invoice, 15 days past due, linking to the invoice.
    await row.getByRole("link", { name: clientName }).click();
    await expect(page).toHaveURL(new RegExp(`client=${clientId}`));
    await expect(page.getByRole("heading", { name: new RegExp(`Open invoices of ${clientName}`) })).toBeVisible();
    const invoices = page.getByTestId("ageing-invoices");
    await expect(invoices.getByRole("row")).toHaveCount(2);
    await expect(invoices.getByRole("row").nth(1)).toContainText("15");
    await expect(invoices.getByRole("row").nth(1)).toContainText("1–30 days");
    await expect(invoices.getByRole("row").nth(1)).toContainText("€100.00");
    await expectNoSeriousAxeViolations(page);
    const drilled = await download(page, "Export invoices (CSV)");
    const drilledLines = drilled.text.trim().split("\r\n");
    expect(drilledLines[0]).toBe("Number,Issue date,Due date,Days past due,Bucket,Currency,Balance");
    // Dates as the firm's locale writes them (en-GB: 26/11/2026; decision 066); format=plain keeps ISO dates.
    const local = (date: string) => date.split("-").reverse().join("/");
    expect(drilledLines[1]).toBe(
      `${number},${local(TODAY)},${local(addDaysToDate(TODAY, 30))},15,1–30 days,EUR,100.00`,
    );
    const drilledUrl = new URL(page.url());
    drilledUrl.pathname = "/bo/reports/ageing/export";
    drilledUrl.searchParams.set("format", "plain");
    const plain = await page.request.get(drilledUrl.toString());
    expect((await plain.text()).trim().split("\r\n")[1]).toBe(
      `${number},${TODAY},${addDaysToDate(TODAY, 30)},15,1–30 days,EUR,100.00`,
    );
    await atPhoneWidth(page, "ageing-drill-down");
    await invoices.getByRole("link", { name: number }).click();
    await expect(page).toHaveURL(invoiceUrl);
  });

  test("utilisation: billable hours over capacity with a bar; staff see only themselves and no ageing", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    const staffName = uniqueName("Uma Utilised");
    const clientName = uniqueName("Utilisation client");
    const projectName = uniqueName("Utilisation project");
    await page.goto("/bo/clients");
    await page.getByRole("button", { name: "New client" }).first().click();
    const clientDialog = page.getByRole("dialog");
    await clientDialog.getByLabel("Name").fill(clientName);
    await clientDialog.getByRole("button", { name: "Create client" }).click();
    await expect(page.getByRole("heading", { level: 1, name: clientName })).toBeVisible();
    await page.getByRole("button", { name: "New project" }).click();
    const projectDialog = page.getByRole("dialog");
    await projectDialog.getByLabel("Name").fill(projectName);
    await projectDialog.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByRole("cell", { name: projectName, exact: true })).toBeVisible();

    // Staff log 7.5 h of billable time this week.
    const staff = await newStaff(browser, page, staffName);
    await staff.goto(`/bo/timesheets/create?week=${WEEK}`);
    await staff.getByLabel("Project of row 1").selectOption({ label: projectName });
    await staff.locator('input[data-row="0"][data-day="0"]').fill("7.5");
    await staff.getByRole("button", { name: "Save draft" }).click();
    await expect(staff).toHaveURL(/\/bo\/timesheets\/[0-9a-f-]{36}$/);

    // The admin sees everyone: the staff's row with 7.5 h billable, its percentage and a bar.
    await page.goto("/bo/reports?period=this_week");
    await page.getByRole("link", { name: "Utilisation", exact: true }).click();
    await expect(page).toHaveURL(/\/bo\/reports\/utilisation$/);
    await page.getByLabel("Period").selectOption("this_week");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/period=this_week/);
    const table = page.getByTestId("utilisation-report");
    const row = table.getByRole("row").filter({ hasText: staffName });
    await expect(row.getByRole("cell").nth(1)).toHaveText("7.5 h");
    const capacity = await row.getByRole("cell").nth(3).innerText(); // "35 h" or the firm's week
    const capacityHours = Number(capacity.replace(/[^\d.]/g, ""));
    const percent = `${Math.round((7.5 * 100) / capacityHours)}%`;
    await expect(row.getByRole("cell").nth(4)).toHaveText(percent);
    const bar = row.locator('[aria-hidden="true"]');
    await expect(bar).toHaveAttribute("style", new RegExp(`${Math.round((7.5 * 100) / capacityHours)}%`));
    expect(await table.getByRole("row").count()).toBeGreaterThan(3); // everyone active, and the total
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: "test-reports/utilisation-wide.png", fullPage: true });
    const adminCsv = await download(page, "Export CSV");
    expect(adminCsv.text.split("\r\n")[0]).toBe(
      "Person,Billable hours,Non-billable hours,Weekly capacity hours,Capacity hours,Utilisation %,Billable minutes,Capacity minutes",
    );
    expect(adminCsv.text).toContain(`${staffName},7.50,0.00,`);
    await atPhoneWidth(page, "utilisation-admin");
    // Drill-down: the person's name opens their time of the period by project in the time report.
    await row.getByRole("link", { name: staffName }).click();
    await expect(page).toHaveURL(/\/bo\/reports\?.*person=[0-9a-f-]{36}/);
    await expect(page.getByLabel("Group by")).toHaveValue("project");
    await expect(page.getByTestId("time-report").getByRole("row").nth(1)).toContainText("7.5 h");
    await page.goto("/bo/reports/utilisation?period=this_week");

    // Staff: themselves only, even with the admin's id in the address; no ageing.
    const otherId = await page
      .locator("#utilisation-person option")
      .filter({ hasNotText: staffName })
      .nth(1)
      .getAttribute("value");
    expect(otherId).toMatch(/^[0-9a-f-]{36}$/);
    await staff.goto(`/bo/reports/utilisation?period=this_week&person=${otherId}`);
    const own = staff.getByTestId("utilisation-report");
    await expect(own.getByRole("row")).toHaveCount(2);
    await expect(own.getByRole("row").nth(1)).toContainText(staffName);
    await expect(own.getByRole("row").nth(1).getByRole("cell").nth(4)).toHaveText(percent);
    await expect(staff.getByLabel("Person")).toHaveCount(0);
    await expect(staff.getByRole("link", { name: "Ageing", exact: true })).toHaveCount(0);
    await expectNoSeriousAxeViolations(staff);
    const staffCsv = await download(staff, "Export CSV");
    expect(staffCsv.text.trim().split("\r\n")).toHaveLength(2);
    expect(staffCsv.text).toContain(`${staffName},7.50,`);
    await atPhoneWidth(staff, "utilisation-staff");
    await staff.goto("/bo/reports/ageing");
    await expect(staff.getByRole("heading", { name: "Access denied" })).toBeVisible();
    const refused = await staff.request.get("/bo/reports/ageing/export");
    expect(refused.status()).toBe(403);
  });
});
