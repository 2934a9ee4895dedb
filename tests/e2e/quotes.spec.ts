// Quotes through the browser (issue 25; decision 064): a manager writes a quote with the invoice
// form's lines, sends it (numbered, mailed through the outbox), shares it; the client, with no
// session, accepts it on its link with their name; the manager then converts it into a draft
// invoice with the same lines and total, linked both ways. Screenshots go to QUOTE_SCREENSHOTS_DIR.
import type { Page } from "@playwright/test";
import {
  ADMIN,
  chooseClient,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  firstSignIn,
  signIn,
  signOut,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

const SHOTS = process.env.QUOTE_SCREENSHOTS_DIR;

function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/quote-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/quote-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a quote accepted through its link becomes an invoice with the same lines and total", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const manager = { name: "Quinn Quote", email: uniqueEmail("quote.manager"), password: "initial quote password" };
  await signIn(page, ADMIN.email, ADMIN.password);
  await createUserThroughUi(page, { ...manager, role: "manager" });
  await signOut(page);
  await firstSignIn(page, manager.email, manager.password, "manager's own quote password");

  const clientName = uniqueName("Quote Client");
  await page.goto("/bo/clients");
  await page.getByRole("button", { name: "New client" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New client" });
  await dialog.getByLabel("Name").fill(clientName);
  await dialog.getByLabel("Billing email").fill("buyer@quote-client.example");
  await dialog.getByRole("button", { name: "Create client" }).click();
  await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);

  // From the sidebar to a new quote.
  await page.getByRole("navigation").getByRole("link", { name: "Quotes", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Quotes" })).toBeVisible();
  await page.getByRole("link", { name: "New quote" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New quote" })).toBeVisible();
  await waitForHydration(page, "form button[type=submit]");
  // Saved without a client or a price: each field says what is missing.
  await page.getByRole("button", { name: "Save draft quote" }).click();
  await expect(page.getByText("Choose a client.")).toBeVisible();

  const description = uniqueName("Brand strategy workshop");
  await chooseClient(page, clientName);
  await expect(page.getByText(/^Quoted in EUR/)).toBeVisible();
  await page.getByLabel(/^Description/).fill(description);
  await page.getByLabel(/^Quantity/).fill("3");
  await page.getByLabel(/Unit price/).fill("450");
  await expect(page.getByTestId("invoice-grand-total")).toHaveText("€1,620.00");
  await page.getByRole("button", { name: "Save draft quote" }).click();
  await expect(page).toHaveURL(/\/bo\/quotes\/[0-9a-f-]{36}$/);
  const quoteUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Draft quote");
  await expect(page.getByTestId("quote-status")).toHaveText("Draft");

  // Send it: numbered in the quote series, mailed with its PDF.
  await waitForHydration(page, "main button");
  await page.getByRole("button", { name: "Send by mail" }).click();
  const send = page.getByRole("dialog", { name: "Send this quote?" });
  await expect(send).toContainText("buyer@quote-client.example");
  await send.getByRole("button", { name: "Send quote" }).click();
  await expect(page.getByText(/^Quote Q-\d{4}-\d{4} sent by mail\.$/)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Quote Q-\d{4}-\d{4}/);
  const number = (await page.getByRole("heading", { level: 1 }).innerText()).match(/Q-\d{4}-\d{4}/)![0];
  await expect(page.getByTestId("quote-status")).toHaveText("Sent");
  await expect(page.getByText(`Sent ${number} by e-mail by ${manager.name}`)).toBeVisible();
  // No edit once sent.
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);

  // A client link, shown once.
  await waitForHydration(page, "form[aria-label='Create a link'] button[type='submit']");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByText("Link created.")).toBeVisible();
  const path = new URL(await page.getByTestId("new-share-link").inputValue()).pathname;
  expect(path).toMatch(/^\/d\/[A-Za-z0-9_-]{43}$/);
  await shoot(page, "sent");

  // The client: no session at all.
  const client = await browser.newContext({ baseURL });
  try {
    const visitor = await client.newPage();
    const response = await visitor.goto(path);
    expect(response!.status()).toBe(200);
    expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Quote ${number}`);
    await expect(visitor.getByTestId("invoice-document")).toContainText(description);
    await expect(visitor.getByTestId("invoice-document")).toContainText("Valid until");
    expect(await visitor.locator("a[href^='/bo']").count()).toBe(0);
    await expectNoSeriousAxeViolations(visitor);
    await shoot(visitor, "shared");
    await waitForHydration(visitor, "section[aria-labelledby='answer-heading'] button[type='submit']");
    // Accepting needs a name.
    await visitor.getByRole("button", { name: "Accept the quote" }).click();
    await expect(visitor.getByText("Enter your name.")).toBeVisible();
    await visitor.getByLabel(/^Your name/).fill("Ada Buyer");
    await visitor.getByRole("button", { name: "Accept the quote" }).click();
    await expect(visitor.getByText("Thank you: the quote is accepted.")).toBeVisible();
    await expect(visitor.getByTestId("quote-answer")).toContainText("Accepted by Ada Buyer");
    await expect(visitor.getByRole("button", { name: "Accept the quote" })).toHaveCount(0);
    await shoot(visitor, "shared-accepted");
  } finally {
    await client.close();
  }

  // The manager sees who accepted, and converts it.
  await page.goto(quoteUrl);
  await expect(page.getByTestId("quote-status")).toHaveText("Accepted");
  await expect(page.getByTestId("quote-decision")).toContainText("Accepted by Ada Buyer");
  await expect(page.getByTestId("quote-decision")).toContainText("through the client link");
  await expectNoSeriousAxeViolations(page);
  await waitForHydration(page, "main button");
  await page.getByRole("button", { name: "Convert to invoice" }).click();
  await page
    .getByRole("dialog", { name: /Make a draft invoice/ })
    .getByRole("button", { name: "Make draft invoice" })
    .click();
  await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Draft invoice");
  await expect(page.getByRole("link", { name: `quote ${number}` })).toBeVisible();
  await expect(page.getByTestId("invoice-document")).toContainText(description);
  await expect(page.getByTestId("invoice-document")).toContainText("€1,620.00");
  await shoot(page, "invoice");

  // And back: the quote links to its invoice, and the list says it was invoiced.
  await page.getByRole("link", { name: `quote ${number}` }).click();
  await expect(page.getByRole("link", { name: "a draft invoice" })).toBeVisible();
  await page.goto("/bo/quotes");
  const row = page.getByRole("row").filter({ hasText: number });
  await expect(row).toContainText("Accepted");
  await expect(row).toContainText("invoiced");
  await expect(row).toContainText("€1,620.00");
  await shoot(page, "list");
  // The list's filters live in the address: accepted quotes, searched by number.
  const filters = page.getByRole("search", { name: "Filter the quotes" });
  await filters.getByLabel("Search").fill(number);
  await filters.getByLabel("Status").selectOption("accepted");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=accepted/);
  await expect(page.getByRole("row").filter({ hasText: number })).toBeVisible();
  await filters.getByLabel("Status").selectOption("declined");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No quote matches")).toBeVisible();
});
