import { chromium } from "playwright-core";
const [base, lang, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang === "de" ? "de-DE" : "fr-FR" });
const page = await ctx.newPage();
await page.goto(base + "/bo/login");
await page.locator("input[type=email]").fill("manager@northwind.example");
await page.locator("input[type=password]").fill("demo manager password");
await page.locator("button[type=submit]").click();
await page.waitForURL((u) => !u.pathname.startsWith("/bo/login"), { timeout: 30000 });
const shot = async (name, url, opts = {}) => {
  if (url) await page.goto(base + url);
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.screenshot({ path: `${out}/${lang}-${name}.png`, fullPage: opts.full ?? true });
  console.log("shot", name, page.url());
};
await shot("invoices", "/bo/invoices");
const hrefs = await page.locator("table a[href^='/bo/invoices/']").evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.closest("tr").innerText.replace(/\s+/g, " ")]));
console.log(hrefs.slice(0, 8));
await shot("invoice-create", "/bo/invoices/create");
const issued = hrefs.find(([, text]) => !/Brouillon|Entwurf|Draft/.test(text.split(" ")[0])) ?? hrefs[0];
await shot("invoice-page", issued[0]);
// the payment dialog
const pay = page.getByRole("button", { name: /paiement|Zahlung erfassen/i }).first();
if (await pay.count()) { await pay.click(); await page.waitForTimeout(500); await shot("invoice-payment-dialog", null, { full: false }); await page.keyboard.press("Escape"); }
await page.goto(base + "/bo/invoices?status=draft");
const draft = await page.locator("table a[href^='/bo/invoices/']").first().getAttribute("href").catch(() => null);
if (draft) { await shot("invoice-draft-page", draft); await shot("invoice-edit", draft.replace("/bo/invoices/", "/bo/invoices/edit/")); }
await shot("quotes", "/bo/quotes");
const quote = await page.locator("table a[href^='/bo/quotes/']").first().getAttribute("href").catch(() => null);
await shot("quote-create", "/bo/quotes/create");
if (quote) await shot("quote-page", quote);
await shot("recurring", "/bo/invoices/recurring");
const rec = await page.locator("table a[href^='/bo/invoices/recurring/']").first().getAttribute("href").catch(() => null);
if (rec) await shot("recurring-page", rec);
await shot("recurring-create", "/bo/invoices/recurring/create");
await page.setViewportSize({ width: 390, height: 844 });
await shot("invoices-390", "/bo/invoices");
await shot("invoice-page-390", issued[0]);
await shot("invoice-create-390", "/bo/invoices/create");
await shot("quotes-390", "/bo/quotes");
await shot("recurring-390", "/bo/invoices/recurring");
await browser.close();
