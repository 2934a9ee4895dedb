import fs from "node:fs";
import type { Page } from "@playwright/test";
import {
  ADMIN,
  createClientWithProjectThroughUi,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  firmWallClock,
  firmWallTimeAgo,
  firstSignIn,
  signIn,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

// The day view beside the week grid (decision 047): time entered in the grid shows on its day with
// the day's total; a day without time says so; a timer started from the shell shows running in its
// day, and its Stop there turns it into an entry of that day. Screenshots go to test-reports/.

/** Today in the firm's timezone, its Monday, and its index in the week (0 = Monday). */
function firmToday() {
  const parts = firmWallClock(new Date());
  const today = `${parts.year}-${parts.month}-${parts.day}`;
  const utc = new Date(`${today}T00:00:00Z`);
  const index = (utc.getUTCDay() + 6) % 7;
  const monday = new Date(utc.getTime() - index * 86_400_000).toISOString().slice(0, 10);
  return { today, monday, index };
}

const cell = (page: Page, row: number, day: number) => page.locator(`input[data-row="${row}"][data-day="${day}"]`);
const timerBar = (page: Page) => page.getByTestId("timer");

test("the day view lists a day's entries and total, shows the running timer, and its Stop logs into the day", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const clientName = `Day client ${suffix}`;
  const projectName = `Day project ${suffix}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await createClientWithProjectThroughUi(page, clientName, projectName);

  const email = uniqueEmail("dayview");
  await createUserThroughUi(page, { name: "Dee Dayview", email, role: "staff", password: "first password for tests" });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await context.newPage();
  await firstSignIn(staff, email, "first password for tests", "dayview own password for tests");

  // Time entered in this week's grid: 2:30 today, 1:00 on another day.
  const { today, monday, index } = firmToday();
  const otherDay = index === 0 ? 1 : 0;
  const emptyDay = [2, 3, 4, 5, 6].find((day) => day !== index)!;
  await staff.goto(`/bo/timesheets/create?week=${monday}`);
  await staff.getByLabel("Project of row 1").selectOption({ label: projectName });
  await staff.getByLabel("Description of row 1").fill("Design review");
  await cell(staff, 0, index).fill("2:30");
  await cell(staff, 0, otherDay).fill("1");
  await staff.getByRole("button", { name: "Save draft" }).click();
  await expect(staff).toHaveURL(/\/bo\/timesheets\/[0-9a-f-]{36}$/);
  const sheetUrl = staff.url();

  // Week | Day: the Day link opens today, in the address.
  const views = staff.getByRole("navigation", { name: "Timesheet view" });
  await expect(views.getByRole("link", { name: "Week" })).toHaveAttribute("aria-current", "page");
  await views.getByRole("link", { name: "Day" }).click();
  await expect(staff).toHaveURL(`${sheetUrl}?view=day&date=${today}`);
  const day = staff.getByTestId("day-view");
  const strip = staff.getByRole("navigation", { name: "Days of the week" });
  await expect(strip.getByRole("link")).toHaveCount(7);
  await expect(strip.locator('[aria-current="date"]')).toHaveAttribute("href", new RegExp(`date=${today}$`));
  await expect(strip.locator('[aria-current="date"]')).toContainText("2.5 h");
  await expect(day.getByRole("listitem")).toHaveCount(1);
  await expect(day.getByRole("listitem")).toContainText(projectName);
  await expect(day.getByRole("listitem")).toContainText(clientName);
  await expect(day.getByRole("listitem")).toContainText("Design review");
  await expect(day.getByRole("listitem")).toContainText("2.5 h");
  await expect(day.getByRole("listitem")).toContainText("Billable");
  await expect(day.getByLabel("Day total")).toHaveText("2.5 h");
  await expect(day.getByText("The day view is read-only")).toBeVisible();
  await expect(staff.getByText("Week total 3.5 h")).toBeVisible();

  // A day without time says so and points to the timer and the grid.
  await strip.getByRole("link").nth(emptyDay).click();
  await expect(staff).toHaveURL(/view=day&date=\d{4}-\d{2}-\d{2}$/);
  await expect(day.getByRole("heading", { name: /^No time on / })).toBeVisible();
  await expect(day.getByLabel("Day total")).toHaveText("0 h");
  await expect(staff.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 }); // axe checks the page, not a passing toast
  await expect(day.getByRole("link", { name: "week grid" }).first()).toHaveAttribute(
    "href",
    new URL(sheetUrl).pathname,
  );
  await expectNoSeriousAxeViolations(staff);
  fs.mkdirSync("test-reports", { recursive: true });
  await staff.screenshot({ path: "test-reports/day-view-empty-1280.png", fullPage: true });

  // A timer started from the shell shows running in today's day view.
  await strip.getByRole("link").nth(index).click();
  await expect(day.getByLabel("Day total")).toHaveText("2.5 h");
  await timerBar(staff).getByRole("button", { name: "Start timer" }).click();
  const startDialog = staff.getByRole("dialog", { name: "Start a timer" });
  await startDialog.getByLabel("Project").selectOption({ label: projectName });
  await startDialog.getByLabel("What are you working on?").fill("Timer in the day");
  await startDialog.getByRole("button", { name: "Start" }).click();
  await expect(startDialog).toBeHidden();
  await timerBar(staff).getByRole("button", { name: "Edit timer" }).click();
  const editDialog = staff.getByRole("dialog", { name: "Running timer" });
  await editDialog.getByLabel("Started at").fill(firmWallTimeAgo(20));
  await editDialog.getByRole("button", { name: "Save" }).click();
  await expect(editDialog).toBeHidden();
  const running = day.getByRole("region", { name: "Timer running on this day" });
  await expect(running).toContainText(projectName);
  await expect(running).toContainText("Timer in the day");
  await expect(running.getByRole("timer")).toHaveText(/^0:(19|20|21):\d\d$/);
  await expect(staff.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 }); // axe checks the page, not a passing toast
  await expectNoSeriousAxeViolations(staff);
  await staff.screenshot({ path: "test-reports/day-view-running-1280.png", fullPage: true });
  await staff.setViewportSize({ width: 375, height: 812 });
  await staff.screenshot({ path: "test-reports/day-view-running-375.png", fullPage: true });
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await staff.setViewportSize({ width: 1280, height: 900 });

  // The timer is not on another day of the week.
  await strip.getByRole("link").nth(emptyDay).click();
  await expect(day.getByRole("heading", { name: /^No time on / })).toBeVisible();
  await expect(day.getByRole("region", { name: "Timer running on this day" })).toHaveCount(0);
  await strip.getByRole("link").nth(index).click();

  // Stop in the day view: the timer becomes an entry of the day, and the shell's timer stops too.
  await expect(running).toBeVisible();
  await waitForHydration(staff, '[data-testid="day-view"] section button');
  await running.getByRole("button", { name: "Stop" }).click();
  await expect(staff.getByText(/Timer stopped: 0\.3[235] h logged in your timesheet/)).toBeVisible();
  await expect(running).toHaveCount(0);
  await expect(day.getByRole("listitem")).toHaveCount(2);
  await expect(day.getByRole("listitem").filter({ hasText: "Timer in the day" })).toContainText(/0\.3[235] h/);
  await expect(day.getByLabel("Day total")).toHaveText(/^2\.8[235] h$/);
  await expect(timerBar(staff).getByRole("button", { name: "Start timer" })).toBeVisible();
  await expect(staff.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await staff.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousAxeViolations(staff);
  await staff.screenshot({ path: "test-reports/day-view-375.png", fullPage: true });
  await staff.setViewportSize({ width: 1280, height: 900 });

  // Back to the week: the grid, with the timer's time on today.
  await views.getByRole("link", { name: "Week" }).click();
  await expect(staff).toHaveURL(sheetUrl);
  await expect(staff.getByLabel("Week total")).toBeVisible();
  await context.close();
});
