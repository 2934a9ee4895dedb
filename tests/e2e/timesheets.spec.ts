import type { Browser, Page } from "@playwright/test";
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

// The whole approval loop through the UI: the admin sets up a client, a project and two people;
// staff fills a week and submits; the manager rejects with a reason; staff corrects and
// resubmits; the manager approves; staff can no longer edit; the manager cannot approve their own
// week; a 25-hour day is refused next to its cell and nothing is saved.

const WEEK = "2025-01-06"; // a Monday in the past: the new users have nothing there

async function newUser(browser: Browser, admin: Page, role: "staff" | "manager", name: string) {
  const email = uniqueEmail(role);
  await createUserThroughUi(admin, { name, email, role, password: "first password for tests" });
  const context = await browser.newContext();
  const page = await context.newPage();
  await firstSignIn(page, email, "first password for tests", `${role} own password for tests`);
  return page;
}

const cell = (page: Page, row: number, day: number) => page.locator(`input[data-row="${row}"][data-day="${day}"]`);

test("staff submits, manager rejects, staff resubmits, manager approves; the rules hold", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const clientName = `Client ${suffix}`;
  const projectName = `Website ${suffix}`;
  await signIn(page, ADMIN.email, ADMIN.password);

  // A client and a project, through the UI.
  await page.goto("/bo/clients");
  await page.getByRole("button", { name: "New client" }).first().click();
  const clientDialog = page.getByRole("dialog");
  await clientDialog.getByLabel("Name").fill(clientName);
  await clientDialog.getByRole("button", { name: "Create client" }).click();
  await expect(page.getByRole("heading", { level: 1, name: clientName })).toBeVisible();
  await page.getByRole("button", { name: "New project" }).click();
  const projectDialog = page.getByRole("dialog");
  await projectDialog.getByLabel("Name").fill(projectName);
  await projectDialog.getByLabel(/Hourly rate/).fill("120");
  await projectDialog.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("cell", { name: projectName, exact: true })).toBeVisible();

  const staff = await newUser(browser, page, "staff", "Stan Staff");
  const manager = await newUser(browser, page, "manager", "Mona Manager");

  // A 25-hour day is refused next to its cell, and nothing is saved.
  await staff.goto(`/bo/timesheets/create?week=${WEEK}`);
  await staff.getByLabel("Project of row 1").selectOption({ label: projectName });
  await cell(staff, 0, 0).fill("25");
  await staff.getByRole("button", { name: "Save draft" }).click();
  const dayError = staff.locator(`#${(await cell(staff, 0, 0).getAttribute("aria-describedby")) ?? "missing"}`);
  await expect(dayError).toHaveText("A day has at most 24 hours.");
  await expect(cell(staff, 0, 0)).toHaveAttribute("aria-invalid", "true");
  await expect(staff).toHaveURL(/\/bo\/timesheets\/create/);
  await staff.goto(`/bo/timesheets/create?week=${WEEK}`);
  await expect(staff).toHaveURL(/\/bo\/timesheets\/create/); // no week was created (it would open instead)
  await staff.goto("/bo/timesheets");
  await expect(staff.getByText("No timesheets yet")).toBeVisible();

  // Staff fills the week with the keyboard and submits.
  await staff.goto(`/bo/timesheets/create?week=${WEEK}`);
  await staff.getByLabel("Project of row 1").selectOption({ label: projectName });
  await staff.getByLabel("Description of row 1").fill("Homepage");
  await cell(staff, 0, 0).fill("7.5");
  await cell(staff, 0, 0).press("ArrowRight");
  await expect(cell(staff, 0, 1)).toBeFocused();
  await staff.keyboard.type("1,5");
  await staff.keyboard.press("Tab");
  await expect(cell(staff, 0, 2)).toBeFocused();
  await staff.keyboard.type("1:30");
  await expect(staff.getByLabel("Week total")).toHaveText("10.5 h");
  // "Add row" takes the keyboard to the new row's project; a blank row is not sent.
  await staff.getByRole("button", { name: "Add row" }).click();
  await expect(staff.getByLabel("Project of row 2")).toBeFocused();
  await cell(staff, 0, 2).focus();
  await staff.keyboard.press("Enter"); // Enter saves the draft
  await expect(staff).toHaveURL(/\/bo\/timesheets\/[0-9a-f-]{36}$/);
  const sheetUrl = staff.url();
  await expect(staff.locator("h1").getByText("Draft", { exact: true })).toBeVisible();
  await expect(staff.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 }); // axe checks the page, not a passing toast
  await expectNoSeriousAxeViolations(staff);
  await staff.screenshot({ path: "/tmp/ts-detail-desktop.png", fullPage: true });
  await staff.setViewportSize({ width: 375, height: 800 });
  await staff.screenshot({ path: "/tmp/ts-detail-375.png", fullPage: true });
  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.getByRole("button", { name: "Save and submit" }).click();
  await expect(staff.locator("h1").getByText("Submitted", { exact: true })).toBeVisible();
  await expect(staff.getByRole("button", { name: "Save draft" })).toHaveCount(0);

  // The manager finds it in the approval queue and rejects it with a reason.
  await manager.goto("/bo/timesheets?view=queue");
  await expect(manager.getByRole("link", { name: "Stan Staff" })).toBeVisible();
  await expectNoSeriousAxeViolations(manager);
  await manager.screenshot({ path: "/tmp/ts-queue-desktop.png", fullPage: true });
  await manager.getByRole("button", { name: /^Reject Stan Staff/ }).click();
  const rejectDialog = manager.getByRole("dialog");
  await rejectDialog.getByRole("button", { name: "Reject week" }).click();
  await expect(rejectDialog.getByText("Give a reason for the rejection.")).toBeVisible();
  await rejectDialog.getByLabel("Reason").fill("Thursday is missing.");
  await rejectDialog.getByRole("button", { name: "Reject week" }).click();
  await expect(rejectDialog).toBeHidden();
  // Other specs share this server, so the queue need not be empty: this week has left it.
  await expect(manager.getByRole("button", { name: /^Reject Stan Staff/ })).toHaveCount(0);

  // Staff sees the reason, edits and resubmits.
  await staff.goto(sheetUrl);
  await expect(staff.getByText("Thursday is missing.").first()).toBeVisible();
  await cell(staff, 0, 3).fill("2");
  await staff.getByRole("button", { name: "Save and submit" }).click();
  await expect(staff.locator("h1").getByText("Submitted", { exact: true })).toBeVisible();
  // Staff changes their mind before anyone decides: withdraw, correct, submit again.
  await expect(staff.getByText("This timesheet is waiting for approval; withdraw it to change it.")).toBeVisible();
  await staff.getByRole("button", { name: "Withdraw" }).click();
  await expect(staff.locator("h1").getByText("Draft", { exact: true })).toBeVisible();
  await expect(
    staff.getByRole("listitem").filter({ hasText: /^Withdrew timesheet Stan Staff, week of .* by Stan Staff/ }),
  ).toBeVisible();
  await cell(staff, 0, 4).fill("1");
  await staff.getByRole("button", { name: "Save and submit" }).click();
  await expect(staff.locator("h1").getByText("Submitted", { exact: true })).toBeVisible();
  await expect(staff.getByRole("button", { name: "Withdraw" })).toBeVisible();

  // The manager approves from the timesheet page.
  await manager.goto(sheetUrl);
  await manager.getByRole("button", { name: /^Approve/ }).click();
  await expect(manager.locator("h1").getByText("Approved", { exact: true })).toBeVisible();
  await expect(
    manager.getByRole("listitem").filter({ hasText: /^Approved timesheet Stan Staff, week of .* by Mona Manager/ }),
  ).toBeVisible();

  // Staff can no longer edit.
  await staff.goto(sheetUrl);
  await expect(
    staff.getByText("This timesheet is approved; ask a manager to reopen it to make changes."),
  ).toBeVisible();
  await expect(staff.locator("input[data-row]")).toHaveCount(0);
  await expect(staff.getByRole("button", { name: "Save draft" })).toHaveCount(0);

  // The manager reopens it (the dialog's module loads on first use, decision 072): Escape closes
  // the question and gives the focus back to the button; confirming makes the week a draft again.
  await manager.goto(sheetUrl);
  const reopen = manager.getByRole("button", { name: "Reopen", exact: true });
  await reopen.click();
  const reopenDialog = manager.getByRole("dialog", { name: "Reopen this week?" });
  await expect(reopenDialog).toBeVisible();
  await manager.keyboard.press("Escape");
  await expect(reopenDialog).toHaveCount(0);
  await expect(reopen).toBeFocused();
  await reopen.click();
  await reopenDialog.getByRole("button", { name: "Reopen as draft" }).click();
  await expect(manager.locator("h1").getByText("Draft", { exact: true })).toBeVisible();
  await expect(staff.locator("h1").getByText("Approved", { exact: true })).toBeVisible();
  await staff.reload();
  await expect(staff.locator("input[data-row]").first()).toBeVisible();

  // The manager's own week: submitted, but never theirs to approve.
  await manager.goto(`/bo/timesheets/create?week=${WEEK}`);
  await manager.getByLabel("Project of row 1").selectOption({ label: projectName });
  await cell(manager, 0, 0).fill("8");
  await manager.getByRole("button", { name: "Save and submit" }).click();
  await expect(manager).toHaveURL(/\/bo\/timesheets\/[0-9a-f-]{36}$/);
  await expect(manager.locator("h1").getByText("Submitted", { exact: true })).toBeVisible();
  await expect(manager.getByText("Another manager must approve your own week.")).toBeVisible();
  await expect(manager.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  await manager.goto("/bo/timesheets?view=queue");
  await expect(manager.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(manager.getByRole("link", { name: "Mona Manager" })).toHaveCount(0);
  // The admin does see it waiting.
  await page.goto("/bo/timesheets?view=queue");
  await expect(page.getByRole("link", { name: "Mona Manager" })).toBeVisible();
});

test("clients list: search, archive and show archived", async ({ page }) => {
  const name = `Searchable ${Date.now().toString(36)}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/bo/clients");
  await page.getByRole("button", { name: "New client" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Country").selectOption("FR");
  await dialog.getByLabel("VAT number").fill("FR123");
  await dialog.getByRole("button", { name: "Create client" }).click();
  await expect(dialog.getByText(/does not look like a VAT number from France/)).toBeVisible();
  await dialog.getByLabel("VAT number").fill("FR40303265045");
  await dialog.getByRole("button", { name: "Create client" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("button", { name: /^Archive/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Archived", { exact: true })).toBeVisible();
  await page.goto("/bo/clients");
  await page.keyboard.press("/");
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
  await expect(page.getByText("No client matches this search")).toBeVisible();
  await page.getByLabel("Show archived").check();
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("link", { name })).toBeVisible();
  // A page past the last one says so and leads back, instead of "No client matches".
  await page.goto(`/bo/clients?q=${encodeURIComponent(name)}&archived=1&page=4`);
  await expect(page.getByRole("heading", { name: "Page 4 is past the last page" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the last page" }).click();
  await expect(page.getByRole("link", { name })).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: "/tmp/clients-list-desktop.png", fullPage: true });
  await page.getByRole("link", { name }).click();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: "/tmp/client-detail-375.png", fullPage: true });
});

test("a members-only project: set in the project form, offered to its members only", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const clientName = `Members ${suffix}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  const member = await newUser(browser, page, "staff", `Mina Member ${suffix}`);
  const outsider = await newUser(browser, page, "staff", `Otto Outsider ${suffix}`);

  await page.goto("/bo/clients");
  await page.getByRole("button", { name: "New client" }).first().click();
  const clientDialog = page.getByRole("dialog");
  await clientDialog.getByLabel("Name").fill(clientName);
  await clientDialog.getByRole("button", { name: "Create client" }).click();
  await expect(page.getByRole("heading", { level: 1, name: clientName })).toBeVisible();
  for (const name of [`Open ${suffix}`, `Closed ${suffix}`]) {
    await page.getByRole("button", { name: "New project" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(name);
    if (name.startsWith("Closed")) {
      await dialog.getByLabel(/Only its members log time/).check();
      await dialog.getByLabel(`Mina Member ${suffix}`).check();
      // axe checks the dialog, not the previous project's passing toast.
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: "/tmp/project-members-dialog.png" });
    }
    await dialog.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("row", { name: new RegExp(`Closed ${suffix}`) })).toContainText(
    `Members: Mina Member ${suffix}`,
  );
  await expect(page.getByRole("row", { name: new RegExp(`Open ${suffix}`) })).toContainText("Everyone");

  const optionsOf = async (person: Page) => {
    await person.goto(`/bo/timesheets/create?week=${WEEK}`);
    return person.getByLabel("Project of row 1").locator("option").allTextContents();
  };
  expect(await optionsOf(member)).toEqual(expect.arrayContaining([`Open ${suffix}`, `Closed ${suffix}`]));
  const outsiderOptions = await optionsOf(outsider);
  expect(outsiderOptions).toContain(`Open ${suffix}`);
  expect(outsiderOptions).not.toContain(`Closed ${suffix}`);
});
