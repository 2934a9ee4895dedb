import { chromium } from "playwright";
const [port, clientId] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const width of [1280, 390]) {
  const page = await browser.newPage({ baseURL: `http://localhost:${port}`, viewport: { width, height: 900 } });
  await page.goto("/bo/login");
  await page.getByLabel("Email").fill("admin@large.example");
  await page.getByLabel("Password").fill("large seed password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/bo/login"));
  await page.goto(`/bo/invoices/create?client=${clientId}`);
  await page.waitForTimeout(2500);
  const line = page.locator("fieldset").first();
  await line.scrollIntoViewIfNeeded();
  await line.screenshot({ path: `/tmp/shot-line-${width}.png` });
  const select = page.getByLabel(/^Project/).first();
  console.log(width, "project select options:", await select.locator("option").allTextContents());
  await page.close();
}
await browser.close();
