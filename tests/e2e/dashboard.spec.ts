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

// The dashboard for each role: staff sees their own week and reminders and no money; a manager
// also the firm's money, the chart and the team's hours; an admin also the recent changes. A
// figure opens its list already filtered. Each page passes axe, also at 375 px wide.

// The firm's default timezone (Europe/Paris): this week is the firm's week.
const WEEK = isoWeekMonday(todayInZone("Europe/Paris"));

async function newUser(browser: Browser, admin: Page, role: "staff" | "manager", name: string) {
  const email = uniqueEmail(role);
  await createUserThroughUi(admin, { name, email, role, password: "first password for tests" });
  const context = await browser.newContext();
  const page = await context.newPage();
  await firstSignIn(page, email, "first password for tests", `${role} own password for tests`);
  return page;
}

async function expectNarrowScreenWorks(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/bo");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("the dashboard of each role, its figures opening their filtered lists", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const staffName = `Dana Dashboard ${suffix}`;
  const projectName = `Dashboard project ${suffix}`;
  await signIn(page, ADMIN.email, ADMIN.password);

  // An empty firm (when this file runs first) shows first steps, not zeros.
  if (await page.getByTestId("first-steps").isVisible()) {
    await expect(page.getByRole("link", { name: "Add your first client" })).toHaveAttribute("href", "/bo/clients");
    await expect(page.getByRole("link", { name: "Publish a job" })).toHaveAttribute("href", "/bo/jobs/new");
    await expect(page.getByTestId("receivables")).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
  }

  // A client and a project through the UI.
  await page.goto("/bo/clients");
  await page.getByRole("button", { name: "New client" }).first().click();
  const clientDialog = page.getByRole("dialog");
  await clientDialog.getByLabel("Name").fill(`Dashboard client ${suffix}`);
  await clientDialog.getByRole("button", { name: "Create client" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Dashboard client ${suffix}` })).toBeVisible();
  await page.getByRole("button", { name: "New project" }).click();
  const projectDialog = page.getByRole("dialog");
  await projectDialog.getByLabel("Name").fill(projectName);
  await projectDialog.getByLabel(/Hourly rate/).fill("100");
  await projectDialog.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("cell", { name: projectName, exact: true })).toBeVisible();

  const staff = await newUser(browser, page, "staff", staffName);
  const manager = await newUser(browser, page, "manager", `Max Manager ${suffix}`);

  // Staff logs 7.5 h this week and keeps it in draft.
  await staff.goto(`/bo/timesheets/create?week=${WEEK}`);
  await staff.getByLabel("Project of row 1").selectOption({ label: projectName });
  await staff.locator('input[data-row="0"][data-day="0"]').fill("7.5");
  await staff.getByRole("button", { name: "Save draft" }).click();
  await expect(staff).toHaveURL(/\/bo\/timesheets\/[0-9a-f-]{36}$/);

  // Staff: their own figures, no money.
  await staff.goto("/bo");
  await expect(staff.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(
    staff.getByTestId("week-hours").getByRole("link", { name: "7.5 h logged by me this week" }),
  ).toBeVisible();
  await expect(staff.getByRole("heading", { name: "My calls to do today" })).toBeVisible();
  await expect(staff.getByRole("heading", { name: "Money" })).toHaveCount(0);
  await expect(staff.getByTestId("receivables")).toHaveCount(0);
  await expect(staff.getByTestId("unbilled-time")).toHaveCount(0);
  await expect(staff.getByText("The team")).toHaveCount(0);
  await expect(staff.getByText("€")).toHaveCount(0);
  await expectNoSeriousAxeViolations(staff);
  await expectNarrowScreenWorks(staff);
  await staff.getByRole("link", { name: /^1 My weeks in draft or rejected$/ }).click();
  await expect(staff).toHaveURL(/\/bo\/timesheets\?status=open$/);
  await expect(staff.getByLabel("Status")).toHaveValue("open");
  await expect(staff.getByRole("row")).toHaveCount(2); // the header and this week

  // Manager: the firm's money and chart, the team's week, a figure opens the filtered list.
  await manager.goto("/bo");
  await expect(manager.getByRole("heading", { name: "Money" })).toBeVisible();
  await expect(manager.getByTestId("receivables")).toBeVisible();
  await expect(manager.getByTestId("this-month")).toBeVisible();
  await expect(manager.getByRole("heading", { name: "Timesheets awaiting my approval" })).toBeVisible();
  await expect(manager.getByRole("heading", { name: "New applications" })).toBeVisible();
  await expect(manager.getByTestId("unbilled-time")).toBeVisible();
  const teamLink = manager
    .getByTestId("week-hours")
    .getByRole("link", { name: `7.5 h logged by ${staffName} this week` });
  await expect(teamLink).toBeVisible();
  await expectNoSeriousAxeViolations(manager);
  await expectNarrowScreenWorks(manager);
  await teamLink.click();
  await expect(manager).toHaveURL(new RegExp(`/bo/timesheets\\?view=all&week=${WEEK}&person=[0-9a-f-]{36}$`));
  await expect(manager.getByRole("row").filter({ hasText: staffName })).toHaveCount(1);
  await expect(
    manager.getByRole("row").filter({ hasText: staffName }).getByRole("cell", { name: "7.5 h" }).first(),
  ).toBeVisible();

  // Admin: everything, the recent changes, and the receivables open the unpaid invoices.
  await page.goto("/bo");
  await expect(page.getByRole("heading", { name: "Recent changes" })).toBeVisible();
  await expect(page.getByTestId("last-12-months")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const receivables = page.getByTestId("receivables").getByRole("link").first();
  await receivables.click();
  await expect(page).toHaveURL(/\/bo\/invoices\?status=unpaid$/);
  await expect(page.getByLabel("Status")).toHaveValue("unpaid");
  await expectNoSeriousAxeViolations(page);
});
