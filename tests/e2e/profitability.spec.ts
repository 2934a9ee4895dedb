import type { Page } from "@playwright/test";
import fs from "node:fs";
import { isoWeekMonday, todayInZone } from "../../src/lib/dates";
import {
  ADMIN,
  createClientWithProjectThroughUi,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  firstSignIn,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";

// Project profitability (issue 24, item 3; decision 053): an admin gives a project an hourly rate
// of 100.00 and a new staff member a cost rate of 40.00 on the user page; the staff member logs
// 7.5 h this week; the admin's report shows revenue 750.00 (not yet approved: an estimate), cost
// 300.00 and a margin of 450.00 (60 %), drills into the project's people and downloads both CSVs.
// The staff member is refused the report and its export, and never receives a cost rate. axe on
// each page; screenshots wide and at 390 px go to test-reports/.

const WEEK = isoWeekMonday(todayInZone("Europe/Paris"));

function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

async function download(page: Page, name: string | RegExp) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(path, "utf8").replace(/^\uFEFF/, "") };
}

async function screenshots(page: Page, shot: string) {
  fs.mkdirSync("test-reports", { recursive: true });
  await page.screenshot({ path: `test-reports/${shot}-wide.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `test-reports/${shot}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("project profitability", () => {
  // Chromium asks for /favicon.ico when a link downloads a file; the app's icon is icon.svg.
  test.use({ allowedConsoleErrors: /favicon\.ico/ });

  test("an admin sets a cost rate and reads the margin, drills into the people, downloads the CSVs", async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    const clientName = uniqueName("Profit Ltd");
    const projectName = uniqueName("Profit project");
    const staffName = uniqueName("Cora Costed");
    await createClientWithProjectThroughUi(page, clientName, projectName);
    const clientUrl = page.url();
    // The project's hourly rate: 100.00.
    await page.getByRole("button", { name: `Edit ${projectName}` }).click();
    await page
      .getByRole("dialog")
      .getByLabel(/Hourly rate/)
      .fill("100");
    await page.getByRole("dialog").getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeHidden();

    // A staff member, then their cost rate on the user page.
    const email = uniqueEmail("profit");
    await createUserThroughUi(page, { name: staffName, email, role: "staff", password: "first password for tests" });
    await page.getByRole("link", { name: staffName }).click();
    await expect(page.getByRole("heading", { level: 1, name: staffName })).toBeVisible();
    const userUrl = page.url();
    const costRate = page.getByLabel("Cost rate per hour", { exact: true });
    await costRate.fill("40");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(
      page.locator("[data-sonner-toast]:not([data-removed='true'])").filter({ hasText: "User saved." }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Cost rate per hour", { exact: true })).toHaveValue("40.00");

    // The staff member logs 7.5 h this week.
    const context = await browser.newContext();
    const staff = await context.newPage();
    await firstSignIn(staff, email, "first password for tests", "staff own password for tests");
    await staff.goto(`/bo/timesheets/create?week=${WEEK}`);
    await staff.getByLabel("Project of row 1").selectOption({ label: projectName });
    await staff.locator('input[data-row="0"][data-day="0"]').fill("7.5");
    await staff.getByRole("button", { name: "Save draft" }).click();
    await expect(staff).toHaveURL(/\/bo\/timesheets\/[0-9a-f-]{36}$/);

    // The report: 750.00 of revenue (an estimate), 300.00 of cost, 450.00 of margin, 60 %.
    await page.goto("/bo/reports");
    await page.getByRole("link", { name: "Profitability", exact: true }).click();
    await expect(page).toHaveURL(/\/bo\/reports\/profitability$/);
    await page.getByLabel("Period").selectOption("this_week");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/period=this_week/);
    // Other specs' projects may fill the first page of a shared database: keep this client's (the
    // client filter a client's heading links to).
    const clientId = clientUrl.split("/").pop()!;
    await page.goto(`${page.url()}&client=${clientId}`);
    const table = page.getByTestId("profitability-report");
    await expect(table.getByRole("link", { name: clientName })).toBeVisible();
    const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: projectName }) });
    await expect(row.getByRole("cell").nth(1)).toHaveText("7.5 h");
    await expect(row.getByRole("cell").nth(2)).toContainText("€750.00");
    await expect(row.getByRole("cell").nth(2)).toContainText("€750.00 estimate");
    await expect(row.getByRole("cell").nth(3)).toHaveText("€300.00");
    await expect(row.getByRole("cell").nth(4)).toHaveText("€450.00", { useInnerText: true });
    await expect(row.getByRole("cell").nth(5)).toHaveText("60%");
    await expect(page.getByTestId("profitability-total-EUR")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, "profitability");
    const overview = await download(page, "Export CSV");
    const lines = overview.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      'Client,Project,Currency,Hours,Billable hours,Invoiced,"Approved, not invoiced",Not yet approved (estimate),Billable expenses (with markup),Other invoice lines,Revenue,Expenses,Cost,Hours without a cost rate,Margin,Margin %,Margin complete,Minutes',
    );
    expect(lines).toContain(
      `${clientName},${projectName},EUR,7.50,7.50,0.00,0.00,750.00,0.00,0.00,750.00,0.00,300.00,0.00,450.00,60,yes,450`,
    );

    // Drill into the project: its people.
    await row.getByRole("link", { name: projectName }).click();
    await expect(page).toHaveURL(/project=[0-9a-f-]{36}/);
    const people = page.getByTestId("profitability-people");
    const person = people.getByRole("row").filter({ hasText: staffName });
    await expect(person).toContainText("Cost €40.00 an hour");
    await expect(person.getByRole("cell").nth(3)).toHaveText("€300.00");
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, "profitability-project");
    const drilled = await download(page, "Export people (CSV)");
    expect(drilled.text).toContain(`${clientName},${projectName},${staffName},40.00,EUR,7.50,`);

    // Staff: refused the report and its export; their pages never carry a cost rate.
    await staff.goto("/bo/reports/profitability");
    await expect(staff.getByRole("heading", { name: "Access denied" })).toBeVisible();
    expect((await staff.request.get("/bo/reports/profitability/export")).status()).toBe(403);
    await expect(staff.getByRole("link", { name: "Profitability" })).toHaveCount(0);
    for (const path of [userUrl, "/bo/reports", "/bo/account", clientUrl]) {
      const html = await (await staff.request.get(path)).text();
      expect(html, path).not.toMatch(/costRate|cost_rate|Cost rate/);
    }
    await context.close();
  });
});
