import type { Browser, Page } from "@playwright/test";
import {
  ADMIN,
  createClientWithProjectThroughUi,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  firstSignIn,
  makePdf,
  chooseInvoiceClient,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";

// Expenses (decision 065): staff records an expense with a PDF receipt through the form; a file
// that is no receipt is refused next to its field; the manager opens the receipt, approves it and
// bills it from "Add unbilled time and expenses"; once billed, no draft can take it again.

async function newUser(browser: Browser, admin: Page, role: "staff" | "manager", name: string) {
  const email = uniqueEmail(role);
  await createUserThroughUi(admin, { name, email, role, password: "first password for tests" });
  const page = await (await browser.newContext()).newPage();
  await firstSignIn(page, email, "first password for tests", `${role} own password for tests`);
  return page;
}

test("staff records an expense with its receipt; the manager opens the receipt, approves it and bills it", async ({
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
  // The page itself, without the toast (checked by the toast's own tests).
  await staff.reload();
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

  // The manager bills it: one line at the net plus the markup, VAT from the invoice's rates.
  await manager.goto("/bo/invoices/create");
  await chooseInvoiceClient(manager, clientName);
  await manager.getByRole("button", { name: "Add unbilled time and expenses" }).click();
  const picker = manager.getByRole("dialog", { name: "Add unbilled time and expenses" });
  await expect(picker.getByRole("group", { name: "Expenses" })).toContainText("Accommodation");
  await expect(picker.getByRole("group", { name: "Expenses" })).toContainText("€138.00");
  await expectNoSeriousAxeViolations(manager);
  await picker.getByRole("button", { name: "Add 1 line" }).click();
  await expect(picker).toBeHidden();
  await expect(manager.getByText("bills 1 expense")).toBeVisible();
  await expect(manager.getByLabel("Unit price").last()).toHaveValue("138.00");
  await manager.getByRole("button", { name: "Save draft" }).click();
  await expect(manager).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
  await expect(manager.getByTestId("invoice-document")).toContainText("Accommodation");
  await expect(manager.getByTestId("invoice-document")).toContainText("Hotel in Lyon");

  // Billed: the expense says so, links to its invoice, and a new draft finds nothing to add.
  await manager.goto(expenseUrl);
  await expect(manager.getByRole("heading", { level: 1 })).toContainText("Billed");
  await expect(manager.getByRole("link", { name: "this invoice" })).toBeVisible();
  await expect(manager.getByRole("button", { name: "Reopen" })).toHaveCount(0);
  await manager.goto("/bo/invoices/create");
  await chooseInvoiceClient(manager, clientName);
  await manager.getByRole("button", { name: "Add unbilled time and expenses" }).click();
  const again = manager.getByRole("dialog", { name: "Add unbilled time and expenses" });
  await expect(again).toContainText("no unbilled approved time");
  await expect(again.getByRole("group", { name: "Expenses" })).toHaveCount(0);
});
