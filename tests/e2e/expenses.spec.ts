import type { Browser, Page } from "@playwright/test";
import {
  ADMIN,
  createClientWithProjectThroughUi,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  firstSignIn,
  makePdf,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";

// Expenses (decision 065): staff records an expense with a PDF receipt through the form; a file
// that is no receipt is refused next to its field; the manager opens the receipt and approves it.

async function newUser(browser: Browser, admin: Page, role: "staff" | "manager", name: string) {
  const email = uniqueEmail(role);
  await createUserThroughUi(admin, { name, email, role, password: "first password for tests" });
  const page = await (await browser.newContext()).newPage();
  await firstSignIn(page, email, "first password for tests", `${role} own password for tests`);
  return page;
}

test("staff records an expense with its receipt; the manager opens the receipt and approves it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const clientName = `Expense Client ${suffix}`;
  const projectName = `Expense Project ${suffix}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await createClientWithProjectThroughUi(page, clientName, projectName);
  const staff = await newUser(browser, page, "staff", "Edda Expenser");
  const manager = await newUser(browser, page, "manager", "Max Approver");

  await staff.getByRole("link", { name: "Expenses" }).click();
  await expect(staff.getByText("No expenses yet")).toBeVisible();
  await staff.getByRole("link", { name: "Record expense" }).click();
  await staff.getByLabel("Project").selectOption({ label: projectName });
  await staff.getByLabel("Category").selectOption("accommodation");
  await staff.getByLabel("Description").fill("Hotel in Lyon");
  await staff.getByLabel("Amount without VAT").fill("120");
  await staff.getByLabel("VAT paid").fill("12");
  await staff.getByLabel("Markup (%)").fill("15");
  // A file whose name says PDF but whose bytes are HTML is refused next to its field.
  await staff.getByLabel("Receipt").setInputFiles({
    name: "receipt.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await staff.getByRole("button", { name: "Record expense" }).click();
  await expect(staff.getByText(/must be a PDF or a PNG, JPEG or WebP image/).first()).toBeVisible();
  await expect(staff).toHaveURL(/\/bo\/expenses\/create/);
  await staff.getByLabel("Receipt").setInputFiles({
    name: "hotel.pdf",
    mimeType: "application/pdf",
    buffer: makePdf("Hotel receipt"),
  });
  await staff.getByRole("button", { name: "Record expense" }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toContainText("Expense of");
  await expect(staff.getByRole("heading", { level: 1 })).toContainText("Submitted");
  await expect(staff.getByText("Download the receipt (hotel.pdf)")).toBeVisible();
  await expectNoSeriousAxeViolations(staff);
  const expenseUrl = staff.url();

  await manager.getByRole("link", { name: "Expenses" }).click();
  const awaiting = manager.getByRole("table", { name: "Expenses awaiting approval" });
  await expect(awaiting.getByRole("row").filter({ hasText: "Edda Expenser" })).toContainText("€132.00");
  await expectNoSeriousAxeViolations(manager);
  await manager.goto(expenseUrl);
  const [download] = await Promise.all([
    manager.waitForEvent("download"),
    manager.getByText("Download the receipt (hotel.pdf)").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^receipt-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(manager.getByText("Billed as (without VAT)")).toBeVisible();
  await expect(manager.getByText("€138.00")).toBeVisible();
  await manager.getByRole("button", { name: "Approve" }).click();
  await expect(manager.getByRole("heading", { level: 1 })).toContainText("Approved");

  // Approved: the owner can no longer change it.
  await staff.reload();
  await expect(staff.getByRole("heading", { level: 1 })).toContainText("Approved");
  await expect(staff.getByRole("button", { name: "Save expense" })).toHaveCount(0);
});
