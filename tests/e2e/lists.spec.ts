import type { Locator, Page } from "@playwright/test";
import {
  ADMIN,
  chooseClient,
  chooseInvoiceClient,
  createClientThroughUi,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";

function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/**
 * Whether the element is cut off sideways: by the window, by a scrolling or clipping ancestor (a
 * table's container), or inside itself (text wider than its box, as an ellipsis hides it).
 */
async function clippedSideways(locator: Locator): Promise<string | null> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (element.scrollWidth > element.clientWidth + 1)
      return `its text overflows (${element.scrollWidth}px in ${element.clientWidth}px)`;
    for (let node = element.parentElement; node; node = node.parentElement) {
      if (getComputedStyle(node).overflowX === "visible") continue;
      const clip = node.getBoundingClientRect();
      if (box.left < clip.left - 1 || box.right > clip.right + 1)
        return `cut by <${node.tagName.toLowerCase()} class="${node.className}"> (${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(clip.left)}–${Math.round(clip.right)})`;
    }
    return box.left < -1 || box.right > window.innerWidth + 1
      ? `outside the window (${Math.round(box.right)}px)`
      : null;
  });
}

async function expectFullyShown(locator: Locator) {
  await expect(locator).toBeVisible();
  expect(await clippedSideways(locator), await locator.innerText()).toBeNull();
}

/** No list table on the page scrolls sideways: every column it shows fits the window. */
async function expectTablesFit(page: Page) {
  const overflowing = await page
    .locator('[data-slot="table-container"]')
    .evaluateAll((containers) =>
      containers
        .filter((container) => container.scrollWidth > container.clientWidth + 1)
        .map((container) => `${container.scrollWidth}px in ${container.clientWidth}px`),
    );
  expect(overflowing, page.url()).toEqual([]);
}

test.describe("lists", () => {
  test("malformed list parameters answer the first page or an empty list, never an error", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    for (const path of [
      "/bo/clients?q=a%00b",
      "/bo/clients?page=1e308",
      "/bo/timesheets?page=1e308",
      "/bo/messages?page=1e400",
      "/bo/invoices?q=a%00b&page=1e308",
      "/bo/calls?q=a%00b&page=-1",
      "/bo/outbox?page=1e400&status=%00",
      "/bo/audit?page=abc&entity=a%00b",
      "/bo/jobs?applications=%00",
      "/bo/clients?page=100000&size=1e308",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    // The search with a NUL reads as the text around it.
    await page.goto("/bo/clients?q=a%00b");
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("a b");
  });

  test("at 390 px a list keeps its identifying and money columns in view, and the invoice page its line amounts", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    const clientName = uniqueName("Consolidated International Widget Manufacturing and Holdings");
    const clientId = await createClientThroughUi(page, clientName, {
      "Billing email": "accounts.payable.department@consolidated-widgets.example",
    });

    // 12 days at 3,300.00 less 2.5 %, + 20 % VAT: 38,610.00 net, 46,332.00 due.
    await page.goto("/bo/invoices/create");
    await chooseInvoiceClient(page, clientName);
    await page.getByLabel("Description").fill("Interim finance director, twelve days on site in the quarter-end close");
    await page.getByLabel("Quantity").fill("12");
    await page.locator('input[name="lines.0.unit"]').fill("day");
    await page.getByLabel("Unit price (EUR)").fill("3300");
    await page.getByLabel("Discount %").fill("2.5");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
    const invoiceUrl = page.url();
    // Mail and audit rows with long addresses and names.
    await createUserThroughUi(page, {
      name: uniqueName("Maximilian Alexander Featherstonehaugh-Cholmondeley"),
      email: uniqueEmail("maximilian.alexander.featherstonehaugh-cholmondeley"),
      role: "staff",
      password: "a first password for max",
    });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/bo/invoices?client=${clientId}`);
    const row = page.getByRole("row").filter({ hasText: clientName });
    await expect(row).toHaveCount(1);
    await expectFullyShown(row.getByRole("cell", { name: "€46,332.00" }));
    await expectFullyShown(row.getByRole("link", { name: "Draft" }));
    await expectTablesFit(page);
    await expectNoSeriousAxeViolations(page);

    await page.goto(invoiceUrl);
    const line = page.getByRole("row").filter({ hasText: "Interim finance director" });
    // On a phone the line's figures are under its description; the discount reads in the document's
    // words ("less 2.5%", decision 061).
    for (const amount of ["€3,300.00", "20%", "less 2.5%", "€38,610.00"])
      await expectFullyShown(line.getByText(amount, { exact: true }).first());
    await expectFullyShown(page.getByText("€46,332.00", { exact: true }).first());
    await expectNoSeriousAxeViolations(page);

    for (const path of [
      `/bo/clients?q=${encodeURIComponent(clientName)}`,
      "/bo/outbox",
      "/bo/audit",
      "/bo/users",
      "/bo/calls?view=history",
      "/bo/timesheets?view=all",
      "/bo/jobs",
    ]) {
      await page.goto(path);
      await expectTablesFit(page);
    }
    await page.goto("/bo/outbox");
    await expectFullyShown(
      page
        .getByRole("row")
        .nth(1)
        .getByText(/^(Captured|Queued|Sending|Sent|Failed)$/),
    );
  });

  test("the call log fits from a phone to a desktop: below xl the client and the duration move into other cells", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    const clientName = uniqueName("Consolidated Widget Holdings");
    await createClientThroughUi(page, clientName);

    // A held call with a client and a duration, and a call to make that nobody has (it offers "Take it").
    const held = uniqueName("Wilhelmina Held");
    await page.goto("/bo/calls");
    await page.getByRole("button", { name: "Log a call" }).click();
    const log = page.getByRole("dialog", { name: "Log a call" });
    await log.getByLabel("Contact name").fill(held);
    await log.getByRole("textbox", { name: "Subject", exact: true }).fill("Quarter-end close questions");
    await log.getByLabel("Duration").fill("12:30");
    await chooseClient(log, clientName);
    await log.getByRole("button", { name: "Log call" }).click();
    await expect(log).toBeHidden();
    const open = uniqueName("Bartholomew Open");
    await page.getByRole("button", { name: "Schedule a call" }).click();
    const schedule = page.getByRole("dialog", { name: "Schedule a call" });
    await schedule.getByLabel("Contact name").fill(open);
    await schedule.getByRole("textbox", { name: "Subject", exact: true }).fill("Renewal of the support contract");
    await schedule.getByLabel("Scheduled for").fill("2030-01-15T10:00");
    await chooseClient(schedule, clientName);
    await schedule.getByLabel("Person").selectOption({ label: "Nobody yet" });
    await schedule.getByRole("button", { name: "Schedule call" }).click();
    await expect(schedule).toBeHidden();

    const history = `/bo/calls?view=history&q=${encodeURIComponent(held)}`;
    const toDo = `/bo/calls?q=${encodeURIComponent(open)}`;
    for (const width of [390, 640, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(history);
      const row = page.getByRole("row").filter({ hasText: held });
      await expect(page.getByRole("columnheader", { name: "Client" })).toBeHidden();
      await expect(page.getByRole("columnheader", { name: "Duration" })).toBeHidden();
      // Under the contact's name (the client's column and its link are hidden).
      await expect(row.getByRole("link", { name: clientName })).toBeHidden();
      await expectFullyShown(row.getByText(clientName, { exact: true }).first());
      await expectFullyShown(row.getByText("Duration 12:30", { exact: true }));
      await expectTablesFit(page);
      await page.goto(toDo);
      const openRow = page.getByRole("row").filter({ hasText: open });
      await expectFullyShown(openRow.getByRole("button", { name: /^Take it/ }));
      await expectFullyShown(openRow.getByRole("button", { name: `Actions for the call with ${open}` }));
      await expectTablesFit(page);
    }
    // From xl the client and the duration have their columns again.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(history);
    const row = page.getByRole("row").filter({ hasText: held });
    await expect(page.getByRole("columnheader", { name: "Client" })).toBeVisible();
    await expectFullyShown(row.getByRole("link", { name: clientName }));
    await expectFullyShown(row.getByRole("cell", { name: "12:30", exact: true }));
    await expect(row.getByText("Duration 12:30", { exact: true })).toBeHidden();
    await expectTablesFit(page);
    await expectNoSeriousAxeViolations(page);
  });
});
