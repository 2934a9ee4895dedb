// Issue 22 through the browser (decisions 061, 067): each role's main pages in French and German,
// chosen by each person on My account (screenshots at 1280 and 390 px, axe, <html lang>, no English
// word of the interface left); a French client's invoice PDF entirely French; a German client's
// invoice mail German.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  ADMIN,
  chooseInvoiceClient,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  firstSignIn,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";
import { pdfText } from "../support/pdf-text";

type Catalog = { [key: string]: string | Catalog };
const catalog = (language: string): Catalog =>
  JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${language}.json`), "utf8")) as Catalog;

function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** Every message of a namespace without arguments, as [key, text]. */
function plainMessages(tree: Catalog, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string"
      ? value.includes("{")
        ? []
        : [[`${prefix}${key}`, value] as [string, string]]
      : plainMessages(value, `${prefix}${key}.`),
  );
}

/**
 * Words of the English interface that no French or German page should show: the navigation, the
 * pager and the common buttons. (Names typed by people and numbers are not checked.)
 */
const ENGLISH_WORDS = [
  "Dashboard",
  "Timesheets",
  "Invoices",
  "Reports",
  "Settings",
  "My account",
  "Sign out",
  "Previous",
  "Search",
  "Save",
  "Cancel",
  "Delete",
  "Approve",
  "Submit",
  "Nothing yet",
  "Hours",
  "Amount",
  "Client name",
];

const LANGUAGES = {
  fr: { name: "Français", nav: "Tableau de bord", menu: "Menu", account: "Mon compte" },
  de: { name: "Deutsch", nav: "Übersicht", menu: "Menü", account: "Mein Konto" },
} as const;

/** Chooses the interface language on My account; the page comes back in it. */
async function chooseLanguage(page: Page, language: keyof typeof LANGUAGES) {
  await page.goto("/bo/account");
  await page.getByLabel(/^Language/).selectOption(language);
  await page.getByRole("button", { name: "Save language" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page.getByRole("heading", { level: 1, name: LANGUAGES[language].account })).toBeVisible();
}

/** A page in `language`: marked so, its navigation translated, no English interface word, no axe violation. */
async function checkPage(page: Page, address: string, language: keyof typeof LANGUAGES, shot: string) {
  await page.goto(address);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The navigation in the language: its links on a wide screen, its Menu button on a phone.
  const wide = (page.viewportSize()?.width ?? 1280) >= 1024;
  if (wide) await expect(page.getByRole("link", { name: LANGUAGES[language].nav }).first()).toBeAttached();
  else await expect(page.getByRole("button", { name: LANGUAGES[language].menu })).toBeVisible();
  // The interface's own words: navigation, headings, buttons, labels, column headers (not the data
  // other tests left, such as a client named "Dashboard client").
  const text = (await page.locator("nav, h1, h2, h3, button, label, thead th, [role=status]").allInnerTexts()).join(
    "\n",
  );
  const left = ENGLISH_WORDS.filter((word) => new RegExp(`\\b${word}\\b`).test(text));
  expect(left, `English words on ${address} in ${language}`).toEqual([]);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: `test-results/i22-${language}-${shot}.png`, fullPage: true });
}

test.describe("the interface in French and German", () => {
  for (const language of ["fr", "de"] as const) {
    test(`each role's main pages in ${language}`, async ({ page }) => {
      test.setTimeout(300_000);
      // People of each role, who each choose the language (the seed administrator keeps English,
      // as the other browser tests expect).
      await signIn(page, ADMIN.email, ADMIN.password);
      const person = (role: "admin" | "manager" | "staff") => ({
        name: unique(`${role} ${language}`),
        email: uniqueEmail(`${role}-${language}`),
        role,
        password: "initial password 1234",
      });
      const people = { admin: person("admin"), manager: person("manager"), staff: person("staff") };
      for (const created of Object.values(people)) await createUserThroughUi(page, created);

      const pages = {
        admin: [
          ["/bo", "admin-dashboard"],
          ["/bo/users", "admin-users"],
          ["/bo/settings", "admin-settings"],
          ["/bo/audit", "admin-audit"],
        ],
        manager: [
          ["/bo", "manager-dashboard"],
          ["/bo/invoices", "manager-invoices"],
          ["/bo/invoices/create", "manager-invoice-form"],
          ["/bo/clients", "manager-clients"],
          ["/bo/quotes", "manager-quotes"],
          ["/bo/reports", "manager-reports"],
          ["/bo/timesheets", "manager-timesheets"],
        ],
        staff: [
          ["/bo", "staff-dashboard"],
          ["/bo/timesheets", "staff-timesheets"],
          ["/bo/timesheets/create", "staff-week"],
          ["/bo/calls", "staff-calls"],
          ["/bo/expenses", "staff-expenses"],
        ],
      } as const;
      for (const role of ["admin", "manager", "staff"] as const) {
        await page.context().clearCookies();
        await firstSignIn(page, people[role].email, people[role].password, `${role} own password 1234`);
        await chooseLanguage(page, language);
        for (const [address, shot] of pages[role]) await checkPage(page, address, language, shot);
      }
      // The staff member on a phone.
      await page.setViewportSize({ width: 390, height: 844 });
      await checkPage(page, "/bo/timesheets", language, "staff-timesheets-390");
      await checkPage(page, "/bo/calls", language, "staff-calls-390");
    });
  }
});

test.describe("documents in the client's language", () => {
  test("a French client's invoice PDF is entirely French", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    const clientName = unique("Client SARL");
    await page.goto("/bo/clients");
    await page.getByRole("button", { name: "New client" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New client" });
    await dialog.getByLabel("Name").fill(clientName);
    await dialog.getByLabel("Billing email").fill("factures@client.example");
    await dialog.getByLabel("Address line 1").fill("1 rue de Rivoli");
    await dialog.getByLabel("Postal code").fill("75001");
    await dialog.getByLabel("City", { exact: true }).fill("Paris");
    await dialog.getByLabel(/^Country( \*)?$/).selectOption("FR");
    await dialog.getByLabel("Document language").selectOption("fr");
    await dialog.getByRole("button", { name: "Create client" }).click();
    await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);

    await page.goto("/bo/invoices/create");
    await chooseInvoiceClient(page, clientName);
    await page.getByLabel("Description").fill("Audit de sécurité");
    await page.getByLabel("Quantity").fill("1.5");
    await page.getByLabel(/^Unit( \*)?$/).fill("hour");
    await page.getByLabel(/Unit price/).fill("1300");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/bo\/invoices\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Issue", exact: true }).click();
    const issue = page.getByRole("dialog", { name: /Issue this/ });
    await issue.getByRole("button", { name: "Issue invoice" }).click();
    await expect(issue).toBeHidden();
    await page.reload();

    const response = await page.request.get(`${page.url()}/pdf`);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    const text = pdfText(Buffer.from(await response.body())).replace(/[\u00a0\u202f]/g, " ");
    // The PDF writes some labels in capitals: compared without case.
    for (const expected of ["Facture", "Numéro de facture", "Date d’échéance", "Prix unitaire", "1,5 heure"])
      expect(text.replace(/'/g, "’").toLowerCase()).toContain(expected.toLowerCase());
    expect(text).toMatch(
      /\d{1,2}(er)? (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/,
    );
    // No label of the English document is left: every English text of the document namespace that
    // French writes otherwise is absent from the PDF.
    const english = plainMessages(catalog("en").document as Catalog);
    const french = new Map(plainMessages(catalog("fr").document as Catalog));
    const leftovers = english
      .filter(([key, value]) => french.get(key) !== value && value.length > 3)
      .map(([, value]) => value)
      // Whole words only, letters with accents included ("Unit" is not in "Unité"), in any case.
      .filter((value) =>
        new RegExp(`(?<!\\p{L})${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!\\p{L})`, "iu").test(text),
      );
    expect(leftovers).toEqual([]);
    expect(text).not.toMatch(/\b(Invoice|Due date|Quantity|Unit price|hours?)\b/);
  });

  test("a German client's invoice mail is German", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    const clientName = unique("Kunde AG");
    await page.goto("/bo/clients");
    await page.getByRole("button", { name: "New client" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New client" });
    await dialog.getByLabel("Name").fill(clientName);
    await dialog.getByLabel("Billing email").fill("rechnung@kunde-ag.example");
    await dialog.getByLabel(/^Country( \*)?$/).selectOption("DE");
    await dialog.getByLabel("Document language").selectOption("de");
    await dialog.getByRole("button", { name: "Create client" }).click();
    await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);

    await page.goto("/bo/invoices/create");
    await chooseInvoiceClient(page, clientName);
    await page.getByLabel("Description").fill("Beratung");
    await page.getByLabel(/Unit price/).fill("900");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByRole("button", { name: "Issue", exact: true }).click();
    await page
      .getByRole("dialog", { name: /Issue this/ })
      .getByRole("button", { name: "Issue invoice" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/\d{4}-\d{4}/);
    const number = (await page.getByRole("heading", { level: 1 }).innerText()).match(/\d{4}-\d{4}/)![0];

    await page.getByRole("button", { name: "Send by email" }).click();
    const send = page.getByRole("dialog", { name: `Send invoice ${number}` });
    await expect(send.getByLabel(/^Subject/)).toHaveValue(new RegExp(`^Rechnung ${number} von `));
    await send.getByRole("button", { name: "Send" }).click();
    await expect(send).toBeHidden();

    await page.goto("/bo/outbox");
    const row = page.getByRole("row").filter({ hasText: number });
    await expect(async () => {
      await page.reload();
      await expect(row.getByText("Captured")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await row.getByRole("link").first().click();
    await expect(page.getByText(`Rechnung ${number} von`).first()).toBeVisible();
    await expect(page.getByText(/Guten Tag/).first()).toBeVisible();
    await expect(page.getByText(/zahlbar bis zum \d{1,2}\. \p{L}+ \d{4}/u).first()).toBeVisible();
    await page.screenshot({ path: "test-results/i22-german-mail.png", fullPage: true });
  });
});
