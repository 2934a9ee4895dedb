import type { Page } from "@playwright/test";
import {
  ADMIN,
  chooseInvoiceClient,
  createClientThroughUi,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  firstSignIn,
  signIn,
  signOut,
  test,
  uniqueEmail,
} from "./fixtures";
import { pdfText } from "../support/pdf-text";

function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** The clients' address: an invoice needs one to be issued. */
const DUBLIN_ADDRESS = { "Address line 1": "8 Harbour Road", "Postal code": "D02 XY45", City: "Dublin" };

async function createProjectThroughUi(page: Page, name: string, rate: string) {
  await page.getByRole("button", { name: "New project" }).click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel(/Hourly rate/).fill(rate);
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
}

/** A staff member logs 3 hours on the project and submits; the admin approves (four-eyes rule). */
async function approvedTimeThroughUi(page: Page, projectName: string) {
  const email = uniqueEmail("invoice.staff");
  await createUserThroughUi(page, {
    name: uniqueName("Iris Staff"),
    email,
    role: "staff",
    password: "first password for iris",
  });
  await signOut(page);
  await firstSignIn(page, email, "first password for iris", "iris own password 2026");
  await page.goto("/bo/timesheets/create");
  await page.getByLabel("Project of row 1").selectOption({ label: projectName });
  await page.locator('input[data-row="0"][data-day="0"]').fill("3");
  await page.getByRole("button", { name: "Save and submit" }).click();
  await expect(page).toHaveURL(/\/bo\/timesheets\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Submitted", { exact: true }).first()).toBeVisible();
  const sheetUrl = page.url();
  await signOut(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(sheetUrl);
  await page.getByRole("button", { name: /^Approve/ }).click();
  await expect(page.getByText("Approved", { exact: true }).first()).toBeVisible();
}

async function issueOpenInvoice(page: Page) {
  await page.getByRole("button", { name: "Issue", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /Issue this/ });
  await expect(dialog).toContainText("cannot be undone");
  await dialog.getByRole("button", { name: "Issue invoice" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Invoice \d{4}-\d{4}/);
  return (await page.getByRole("heading", { level: 1 }).innerText()).match(/\d{4}-\d{4}/)![0];
}

async function recordPayment(page: Page, amount?: string) {
  await page.getByRole("button", { name: "Record payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Record a payment" });
  if (amount) await dialog.getByLabel(/Amount/).fill(amount);
  await dialog.getByRole("button", { name: "Save payment" }).click();
  await expect(dialog).toBeHidden();
}

test.describe("invoices", () => {
  // Chromium asks for /favicon.ico when a link downloads a file (the PDF, the CSV); the app's
  // icon is icon.svg, so that request is a 404 no page of ours makes.
  test.use({ allowedConsoleErrors: /favicon\.ico/ });

  test("a draft from the client page's New invoice; the filtered list's page past the last one keeps its totals, says where the invoices are and links to the last page", async ({
    page,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const clientName = uniqueName("Paging Ltd");
    const clientId = await createClientThroughUi(page, clientName, DUBLIN_ADDRESS);
    // The client page's "New invoice" opens the form with the client chosen, its details shown.
    await page.getByRole("link", { name: "New invoice" }).click();
    await expect(page).toHaveURL(new RegExp(`/bo/invoices/create\\?client=${clientId}$`));
    await expect(page.getByRole("combobox", { name: "Client" })).toHaveValue(clientName);
    await expect(page.getByText("8 Harbour Road")).toBeVisible();
    await page.getByLabel("Description").fill("Paging check");
    await page.getByLabel("Quantity").fill("1");
    await page.getByLabel(/Unit price/).fill("100");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);

    await page.goto(`/bo/invoices?client=${clientId}&page=3`);
    await expect(page.getByRole("heading", { name: "Page 3 is past the last page" })).toBeVisible();
    await expect(page.getByText("This list holds 1 document, on 1 page.")).toBeVisible();
    await expect(page.getByTestId("invoice-totals")).toContainText("1 draft in EUR");
    await expect(page.getByRole("table")).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("link", { name: "Go to the last page" }).click();
    await expect(page).toHaveURL(new RegExp(`client=${clientId}`));
    await expect(page.getByRole("row").filter({ hasText: clientName })).toHaveCount(1);
    await expect(page.getByText("1 document · page 1 of 1")).toBeVisible();
  });

  test("from a client's approved time to a paid invoice, its PDF, the refusal to edit it, a credit note and a filtered CSV export", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    const clientName = uniqueName("Harbour Ltd");
    const projectName = uniqueName("Audit");
    const clientId = await createClientThroughUi(page, clientName, DUBLIN_ADDRESS);
    await createProjectThroughUi(page, projectName, "120");
    await approvedTimeThroughUi(page, projectName);

    // A draft from the unbilled time: 3 h × 120 = 360.00, + 20 % VAT = 432.00.
    await page.goto("/bo/invoices/create");
    await chooseInvoiceClient(page, clientName);
    await expect(page.getByText("8 Harbour Road")).toBeVisible();
    // The empty "Line 1" stays untouched: saving drops it rather than refusing it (issue 20, defect 10).
    await page.getByRole("button", { name: "Add unbilled time" }).click();
    const timeDialog = page.getByRole("dialog", { name: "Add unbilled time" });
    await expect(timeDialog).toContainText(projectName);
    await timeDialog.getByLabel("One line per entry").check();
    await timeDialog.getByRole("button", { name: "Add 1 line" }).click();
    await expect(timeDialog).toBeHidden();
    await expect(page.getByLabel("Quantity")).toHaveCount(2);
    await expect(page.getByLabel("Quantity").last()).toHaveValue("3");
    await expect(page.getByTestId("invoice-grand-total")).toHaveText("€432.00");
    // Live totals follow the lines, with the same rules as the server.
    await page.getByLabel("Discount %").last().fill("10");
    await expect(page.getByTestId("invoice-grand-total")).toHaveText("€388.80");
    await page.getByLabel("Discount %").last().fill("");
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
    // Saved with the time's line only.
    await expect(page.getByTestId("invoice-document").locator("tbody tr")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Draft invoice");
    await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
    const invoiceUrl = page.url();
    const invoiceId = invoiceUrl.split("/").pop()!;

    // The time is now billed: a second draft finds nothing left to add.
    await page.goto("/bo/invoices/create");
    await chooseInvoiceClient(page, clientName);
    await page.getByRole("button", { name: "Add unbilled time" }).click();
    await expect(page.getByRole("dialog", { name: "Add unbilled time" })).toContainText("no unbilled approved time");
    await page.keyboard.press("Escape");

    await page.goto(invoiceUrl);
    await expectNoSeriousAxeViolations(page);
    const number = await issueOpenInvoice(page);
    await expect(page.getByTestId("invoice-status")).toHaveText("Issued");
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Delete draft" })).toHaveCount(0);

    // The PDF: a PDF file whose pages carry the number.
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PDF" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const pdf = await page.request.get(`/bo/invoices/${invoiceId}/pdf`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.body());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    expect(text).toContain(number);
    expect(text).toContain(clientName);
    expect(text).toContain("432.00");
    const again = Buffer.from(await (await page.request.get(`/bo/invoices/${invoiceId}/pdf`)).body());
    expect(again.equals(bytes)).toBe(true);

    // A partial, then a full payment.
    await recordPayment(page, "100");
    await expect(page.getByTestId("invoice-status")).toHaveText("Partially paid");
    await expect(page.getByTestId("invoice-money")).toContainText("€332.00");
    await recordPayment(page);
    await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
    await expect(page.getByRole("button", { name: "Record payment" })).toHaveCount(0);

    // Its edit page refuses and offers a credit note instead.
    await page.goto(`/bo/invoices/edit/${invoiceId}`);
    await expect(page.getByText("This invoice cannot be edited")).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /credit note/ })).toBeVisible();

    // A second invoice, cancelled by a full credit note.
    await page.goto("/bo/invoices/create");
    await chooseInvoiceClient(page, clientName);
    await page.getByLabel("Description").fill("Advisory retainer");
    await page.getByLabel("Unit price (EUR)").fill("250");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
    const second = await issueOpenInvoice(page);
    await page.getByRole("button", { name: "Credit note" }).click();
    const creditDialog = page.getByRole("dialog", { name: "Create a credit note" });
    await creditDialog.getByLabel(/^Full/).check();
    await creditDialog.getByRole("button", { name: "Issue full credit note" }).click();
    await expect(creditDialog).toBeHidden();
    await expect(page.getByTestId("invoice-status")).toHaveText("Cancelled");
    await expect(page.getByRole("link", { name: /^CN-\d{4}-\d{4}$/ })).toBeVisible();

    // The list filtered by this client, and its CSV export.
    await page.goto("/bo/invoices");
    await expectNoSeriousAxeViolations(page);
    // The client filter is a search box (a firm may have thousands): type, arrow to the client, Enter.
    const clientFilter = page.getByRole("combobox", { name: "Client" });
    await clientFilter.fill(clientName);
    await expect(page.getByRole("option", { name: clientName })).toBeVisible();
    await clientFilter.press("ArrowDown");
    await clientFilter.press("ArrowUp");
    await expect(page.getByRole("option", { name: clientName })).toHaveAttribute("aria-selected", "true");
    await clientFilter.press("Enter");
    await expect(clientFilter).toHaveValue(clientName);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`client=${clientId}`));
    await expect(page.getByRole("combobox", { name: "Client" })).toHaveValue(clientName);
    await expect(page.getByRole("row")).toHaveCount(4);
    await expect(page.getByTestId("invoice-totals")).toContainText("3 issued documents in EUR");
    const csvPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const csvDownload = await csvPromise;
    const csv = (await (await import("node:fs/promises")).readFile((await csvDownload.path())!)).toString("utf8");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Number,Kind,Status,Client,Issue date,Due date,Currency,Net,Tax,Total,Paid,Credited,Balance,Sent at,Credits invoice",
    );
    expect(lines).toHaveLength(4);
    expect(csv).toContain(`${number},Invoice,Paid,${clientName}`);
    expect(csv).toContain(`${second},Invoice,Cancelled,${clientName}`);
    expect(csv).toMatch(
      new RegExp(`CN-\\d{4}-\\d{4},Credit note,Issued,${clientName},.*,-300\\.00,0\\.00,0\\.00,0\\.00,,${second}`),
    );
  });
});
