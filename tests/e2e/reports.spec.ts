import type { Browser, Page } from "@playwright/test";
import { isoWeekMonday, todayInZone } from "../../src/lib/dates";
import {
  ADMIN,
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

async function expectNarrowScreenWorks(page: Page, path: string, title: string) {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
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
