import fs from "node:fs";
import type { Page } from "@playwright/test";
import {
  ADMIN,
  createClientWithProjectThroughUi,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  firmWallTimeAgo,
  firstSignIn,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";

// The timer through the real UI: started from the shell on one page, it survives a reload and
// shows in a second tab; its start time is corrected; stopped from the second tab it lands in the
// week (and the first tab sees it stop); once that week is submitted a stop is refused and the
// timer keeps running until discarded. Screenshots on a phone-sized screen go to test-reports/.

const timerBar = (page: Page) => page.getByTestId("timer");

async function setStart(page: Page, minutesAgo: number) {
  await timerBar(page).getByRole("button", { name: "Edit timer" }).click();
  const dialog = page.getByRole("dialog", { name: "Running timer" });
  await dialog.getByLabel("Started at").fill(firmWallTimeAgo(minutesAgo));
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
}

test("a timer started anywhere survives a reload and a second tab, stops into the week, and is kept when the week refuses", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const clientName = `Timer client ${suffix}`;
  const projectName = `Timer project ${suffix}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await createClientWithProjectThroughUi(page, clientName, projectName);

  const email = uniqueEmail("timer");
  await createUserThroughUi(page, { name: "Tim Timer", email, role: "staff", password: "first password for tests" });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await context.newPage();
  await firstSignIn(staff, email, "first password for tests", "timer own password for tests");

  // Start from the calls page, on a phone-sized screen.
  await staff.goto("/bo/calls");
  await timerBar(staff).getByRole("button", { name: "Start timer" }).click();
  const startDialog = staff.getByRole("dialog", { name: "Start a timer" });
  await startDialog.getByLabel("Project").selectOption({ label: projectName });
  await startDialog.getByLabel("What are you working on?").fill("Timer probe");
  await expectNoSeriousAxeViolations(staff);
  fs.mkdirSync("test-reports", { recursive: true });
  await staff.screenshot({ path: "test-reports/timer-start-390.png" });
  await startDialog.getByRole("button", { name: "Start" }).click();
  await expect(startDialog).toBeHidden();
  const running = timerBar(staff).getByRole("timer", { name: "Running timer" });
  await expect(running).toContainText(projectName);
  await expect(running).toContainText(/0:00:0\d/);

  // A reload reads it from the database.
  await staff.reload();
  await expect(timerBar(staff).getByRole("timer")).toContainText(projectName);
  await expect(timerBar(staff).getByRole("button", { name: "Start timer" })).toHaveCount(0);

  // The start time is corrected: 90 minutes ago.
  await setStart(staff, 90);
  await expect(timerBar(staff).getByRole("timer")).toContainText(/1:(29|30|31):\d\d/);
  await expect(staff.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 }); // axe checks the page, not a passing toast
  await expectNoSeriousAxeViolations(staff);
  await staff.screenshot({ path: "test-reports/timer-running-390.png" });

  // A second tab shows the same timer; stopping it there stops it in the first tab too.
  const second = await context.newPage();
  await second.goto("/bo/timesheets");
  await expect(timerBar(second).getByRole("timer")).toContainText(projectName);
  await timerBar(second).getByRole("button", { name: "Stop" }).click();
  await expect(second.getByText(/Timer stopped: 1\.52? h logged in your timesheet/)).toBeVisible();
  await expect(timerBar(second).getByRole("button", { name: "Start timer" })).toBeVisible();
  await staff.bringToFront();
  await expect(timerBar(staff).getByRole("button", { name: "Start timer" })).toBeVisible();

  // The time is in this week's draft, on the project, with the description.
  await second.goto("/bo/timesheets");
  await second.locator("tbody a").first().click();
  await expect(second.getByLabel("Description of row 1")).toHaveValue("Timer probe");
  await expect(second.getByLabel("Week total")).toHaveText(/^1\.5(2)? h$/);

  // Once the week is submitted, a stop is refused and the timer keeps running.
  await second.getByRole("button", { name: "Save and submit" }).click();
  await expect(second.getByText(/submitted/i).first()).toBeVisible();
  await timerBar(second).getByRole("button", { name: "Start timer" }).click();
  await second
    .getByRole("dialog", { name: "Start a timer" })
    .getByLabel("Project")
    .selectOption({ label: projectName });
  await second.getByRole("dialog", { name: "Start a timer" }).getByRole("button", { name: "Start" }).click();
  await expect(timerBar(second).getByRole("timer")).toContainText(projectName);
  await setStart(second, 2);
  await timerBar(second).getByRole("button", { name: "Stop" }).click();
  await expect(second.getByText(/is submitted and waiting for approval.*The timer keeps running/)).toBeVisible();
  await expect(timerBar(second).getByRole("timer")).toContainText(projectName);
  await second.reload();
  await expect(timerBar(second).getByRole("timer")).toContainText(projectName);

  // Discarded, nothing more is logged.
  await timerBar(second).getByRole("button", { name: "Edit timer" }).click();
  await second.getByRole("dialog", { name: "Running timer" }).getByRole("button", { name: "Discard timer" }).click();
  await expect(second.getByText("Timer discarded; nothing was logged.")).toBeVisible();
  await expect(timerBar(second).getByRole("button", { name: "Start timer" })).toBeVisible();
  await context.close();
});
