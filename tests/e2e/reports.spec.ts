import type { Browser, Page } from "@playwright/test";
import { isoWeekMonday, todayInZone } from "../../src/lib/dates";
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

// The reports per role: staff see their own time (no amounts, no money report); an admin sees the
// firm's time grouped by client, drills down client → project → person → entries, and opens the
// money report and the sales journal; each report downloads its CSV; each page passes axe, also
// at 390 px wide without scrolling sideways.

const WEEK = isoWeekMonday(todayInZone("Europe/Paris"));

async function newUser(browser: Browser, admin: Page, role: "staff" | "manager", name: string) {
  const email = uniqueEmail(role);
  await createUserThroughUi(admin, { name, email, role, password: "first password for tests" });
  const context = await browser.newContext();
  const page = await context.newPage();
  await firstSignIn(page, email, "first password for tests", `${role} own password for tests`);
  return page;
}

async function download(page: Page, name: string | RegExp) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  const path = await file.path();
  const { readFile } = await import("node:fs/promises");
  return { name: file.suggestedFilename(), text: (await readFile(path, "utf8")).replace(/^\uFEFF/, "") };
}

async function expectNarrowScreenWorks(page: Page, path: string, title: string, options: { tablesFit?: boolean } = {}) {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // A table may scroll inside its container; these must not: every column they show fits.
  if (options.tablesFit)
    expect(
      await page
        .locator('[data-slot="table-container"]')
        .evaluateAll((containers) =>
          containers
            .filter((container) => container.scrollWidth > container.clientWidth + 1)
            .map((container) => `${container.scrollWidth}px in ${container.clientWidth}px`),
        ),
      path,
    ).toEqual([]);
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("the reports of each role: drill-down, totals and CSV downloads", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const clientName = `Report client ${suffix}`;
  const projectName = `Report project ${suffix}`;
  const staffName = `Rita Reports ${suffix}`;
  await signIn(page, ADMIN.email, ADMIN.password);

  await page.goto("/bo/clients");
  await page.getByRole("button", { name: "New client" }).first().click();
  const clientDialog = page.getByRole("dialog");
  await clientDialog.getByLabel("Name").fill(clientName);
  await clientDialog.getByRole("button", { name: "Create client" }).click();
  await expect(page.getByRole("heading", { level: 1, name: clientName })).toBeVisible();
  await page.getByRole("button", { name: "New project" }).click();
  const projectDialog = page.getByRole("dialog");
  await projectDialog.getByLabel("Name").fill(projectName);
  await projectDialog.getByLabel(/Hourly rate/).fill("100");
  await projectDialog.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("cell", { name: projectName, exact: true })).toBeVisible();

  // Staff logs 7.5 h this week (a draft: its amount is an estimate at the project's rate).
  const staff = await newUser(browser, page, "staff", staffName);
  await staff.goto(`/bo/timesheets/create?week=${WEEK}`);
  await staff.getByLabel("Project of row 1").selectOption({ label: projectName });
  await staff.locator('input[data-row="0"][data-day="0"]').fill("7.5");
  await staff.getByRole("button", { name: "Save draft" }).click();
  await expect(staff).toHaveURL(/\/bo\/timesheets\/[0-9a-f-]{36}$/);

  // Staff: their own time, no amounts, no money report.
  await staff.goto("/bo/reports?period=this_week");
  await expect(staff.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(staff.getByRole("link", { name: "Money" })).toHaveCount(0);
  const staffRow = staff.getByTestId("time-report").getByRole("row").filter({ hasText: clientName });
  await expect(staffRow).toContainText("7.5 h");
  await expect(staff.getByTestId("time-report")).not.toContainText("€");
  await expectNoSeriousAxeViolations(staff);
  const staffCsv = await download(staff, "Export entries (CSV)");
  expect(staffCsv.text.split("\r\n")[0]).toBe("Date,Person,Client,Project,Description,Minutes,Hours,Billable,Status");
  expect(staffCsv.text).toContain(`${staffName},${clientName},${projectName}`);
  expect(staffCsv.text).not.toContain("Amount");
  await staff.goto("/bo/reports/money");
  await expect(staff.getByRole("heading", { name: "Access denied" })).toBeVisible();
  await expectNarrowScreenWorks(staff, "/bo/reports?period=this_week", "Reports");

  // Admin: the firm's time by client, drilled down to the entries, with the estimate at 100.00/h.
  await page.goto("/bo/reports?period=this_week");
  const row = page.getByTestId("time-report").getByRole("row").filter({ hasText: clientName });
  await expect(row).toContainText("7.5 h");
  await expect(row).toContainText("€750.00");
  await expectNoSeriousAxeViolations(page);
  // On a phone the time by client keeps its name, hours and unbilled amount in view, the billed
  // amount written under the unbilled one.
  await expectNarrowScreenWorks(page, "/bo/reports?period=this_week", "Reports", { tablesFit: true });
  const narrowRow = page.getByTestId("time-report").getByRole("row").filter({ hasText: clientName });
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(narrowRow.getByText("€0.00 on an invoice")).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(narrowRow.getByText("€0.00 on an invoice")).toBeHidden();
  await row.getByRole("link", { name: clientName }).click();
  await expect(page.getByText(`Client: ${clientName}`)).toBeVisible();
  await expect(page.getByLabel("Group by")).toHaveValue("project");
  await page.getByTestId("time-report").getByRole("link", { name: projectName }).click();
  await expect(page.getByLabel("Group by")).toHaveValue("person");
  await page.getByTestId("time-report").getByRole("link", { name: staffName }).click();
  await expect(page.getByLabel("Group by")).toHaveValue("entry");
  const entries = page.getByTestId("time-entries");
  await expect(entries.getByRole("row")).toHaveCount(2);
  await expect(entries).toContainText("estimate");
  const adminCsv = await download(page, "Export entries (CSV)");
  expect(adminCsv.name).toMatch(/^time-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = adminCsv.text.trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(
    `${staffName},${clientName},${projectName},,450,7.50,yes,Draft,EUR,100.00,estimate,750.00,`,
  );
  await expectNarrowScreenWorks(page, page.url(), "Reports");

  // The money report and the sales journal open, and download.
  await page.goto("/bo/reports");
  await page.getByRole("link", { name: "Money" }).click();
  await expect(page).toHaveURL(/\/bo\/reports\/money$/);
  await expect(page.getByText("Invoiced: documents issued in the period")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const moneyCsv = await download(page, "Export CSV");
  expect(moneyCsv.text.split("\r\n")[0]).toBe(
    "Month,Currency,Documents,Invoiced excluding VAT,VAT,Invoiced including VAT,Received,Outstanding",
  );
  await expectNarrowScreenWorks(page, "/bo/reports/money", "Reports");
  await page.getByRole("link", { name: "Sales journal" }).click();
  await expect(page).toHaveURL(/\/bo\/reports\/journal$/);
  await expectNoSeriousAxeViolations(page);
  const journalCsv = await download(page, "Export journal (CSV)");
  expect(journalCsv.text.split("\r\n")[0]).toBe(
    "Number,Kind,Date,Client,Client VAT number,VAT rate %,Net,VAT,Total,Currency",
  );
  await expectNarrowScreenWorks(page, "/bo/reports/journal", "Reports");
});

test("the money report's chart: bars per month and currency, with its figures in a table", async ({ page }) => {
  test.setTimeout(120_000);
  // A client in Swiss francs, which no other test invoices in: the CHF chart holds this test's figures alone.
  const clientName = `Chart client ${Date.now().toString(36)}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/bo/clients");
  await page.getByRole("button", { name: "New client" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New client" });
  await dialog.getByLabel("Name").fill(clientName);
  await dialog.getByLabel("Currency").selectOption("CHF");
  await dialog.getByRole("button", { name: "Create client" }).click();
  await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);

  // 100.00 + 20 % VAT = 120.00 invoiced, 50.00 received.
  await page.goto("/bo/invoices/create");
  await chooseInvoiceClient(page, clientName);
  await page.getByLabel("Description").fill("Chart check");
  await page.getByLabel("Quantity").fill("1");
  await page.getByLabel(/Unit price/).fill("100");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "Issue", exact: true }).click();
  const issue = page.getByRole("dialog", { name: /Issue this/ });
  await issue.getByRole("button", { name: "Issue invoice" }).click();
  await expect(issue).toBeHidden();
  await page.getByRole("button", { name: "Record payment" }).click();
  const payment = page.getByRole("dialog", { name: "Record a payment" });
  await payment.getByLabel(/Amount/).fill("50");
  await payment.getByRole("button", { name: "Save payment" }).click();
  await expect(payment).toBeHidden();

  // This year: twelve months of bars, the figures of this month in the table behind the chart.
  await page.goto("/bo/reports/money?period=this_year");
  const chart = page.getByTestId("chart-CHF");
  await expect(chart.getByRole("img", { name: /Invoiced and received per month, in CHF/ })).toBeVisible();
  await expect(chart.locator("svg[role=img] rect[x]")).toHaveCount(24);
  await chart.getByText("Figures of the chart").click();
  const figures = chart.getByRole("table");
  await expect(figures.getByRole("columnheader")).toHaveText(["Month", "Invoiced incl. VAT", "Received"]);
  await expect(figures.getByRole("row")).toHaveCount(13);
  const month = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${todayInZone("Europe/Paris").slice(0, 7)}-01T00:00:00Z`),
  );
  const thisMonth = figures.getByRole("row").filter({ has: page.getByRole("rowheader", { name: month }) });
  await expect(thisMonth.getByRole("cell")).toHaveText([/120\.00/, /50\.00/]);
  // Every other month of the year is zero, and the chart agrees with the report's own row.
  await expect(figures.getByRole("cell").filter({ hasText: /[1-9][\d,]*\.\d\d/ })).toHaveCount(2);
  const total = page.getByTestId("money-total-CHF");
  await expect(total).toContainText("120.00");
  await expect(total).toContainText("50.00");
  // The figure links to the invoices it counts.
  await thisMonth.getByRole("link", { name: /invoiced incl\. vat in/ }).click();
  await expect(page).toHaveURL(/\/bo\/invoices\?.*status=not_draft/);
  await expect(page.getByRole("link", { name: /\d{4}-\d{4}/ }).first()).toBeVisible();

  await page.goto("/bo/reports/money?period=this_year");
  await expectNoSeriousAxeViolations(page);
  const { mkdirSync } = await import("node:fs");
  mkdirSync("test-reports", { recursive: true });
  await page.screenshot({ path: "test-reports/money-chart-wide.png", fullPage: true });
  await expectNarrowScreenWorks(page, "/bo/reports/money?period=this_year", "Reports");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-reports/money-chart-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Grouped by client there is no chart; over more than two years, a note says why there is none.
  await page.goto("/bo/reports/money?group=client&period=this_year");
  await expect(page.getByTestId("chart-CHF")).toHaveCount(0);
  const today = todayInZone("Europe/Paris");
  await page.goto(`/bo/reports/money?from=${Number(today.slice(0, 4)) - 3}-01-01&to=${today}`);
  await expect(page.getByTestId("money-chart-none")).toContainText("up to 24 months");
});
