// Imports (decision 054): an administrator uploads the Toggl Track sample, reads the preview,
// imports it, and finds the time in the person's approved week; a second import creates nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  ADMIN,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  signIn,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

test("an admin imports the Toggl sample and sees the time in the person's week", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const person = {
    name: `Ada Import ${tag}`,
    email: uniqueEmail("ada.import"),
    role: "staff" as const,
    password: "an imported person's passphrase",
  };
  // The sample, its two people made one person of this run, its clients made unique to this run.
  const sample = readFileSync(path.resolve(import.meta.dirname, "../fixtures/imports/toggl-detailed.csv"), "utf8")
    .replaceAll("ada.lovelace@example.com", person.email)
    .replaceAll("grace.hopper@example.com", person.email)
    .replaceAll("Ada Lovelace", person.name)
    .replaceAll("Grace Hopper", person.name)
    .replaceAll("Analytical Engines Ltd", `Analytical Engines ${tag}`)
    .replaceAll("Compiler Works", `Compiler Works ${tag}`);
  const file = { name: "toggl-detailed.csv", mimeType: "text/csv", buffer: Buffer.from(sample) };

  await signIn(page, ADMIN.email, ADMIN.password);
  await createUserThroughUi(page, person);
  await page.goto("/bo/settings");
  await page.getByRole("link", { name: "Import from another tool" }).click();
  // The settings page is the heaviest to load; a slow machine may take over 10 s to leave it.
  await expect(page).toHaveURL(/\/bo\/import$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Import", level: 1 })).toBeVisible();
  await waitForHydration(page, "#import-file");

  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByLabel("Source").selectOption("auto");
  await expect(page.getByLabel(/^Approved/)).toBeChecked();
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: /Preview: Toggl Track/ });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole("row", { name: /^Clients 2 0$/ })).toBeVisible();
  await expect(preview.getByRole("row", { name: /^Projects 2 0$/ })).toBeVisible();
  await expect(preview.getByRole("row", { name: /^Time entries 4 0$/ })).toBeVisible();
  await expect(preview.getByText(/adds up to 8\.25 h in 2 new weeks/)).toBeVisible();
  await expect(preview.getByText("Every row can be imported.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: "test-results/imports-preview-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/imports-preview-wide.png", fullPage: true });

  await preview.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-result")).toContainText(
    "Created 2 clients, 2 projects and 4 time entries (8.25 h) in 2 new weeks",
  );
  await expectNoSeriousAxeViolations(page);

  // Again: nothing new.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("row", { name: /^Time entries 0 4$/ })).toBeVisible();

  // The person's week of 5 October 2026: approved, with the imported entries.
  await page.goto("/bo/timesheets?view=all&week=2026-10-05");
  const row = page.getByRole("row").filter({ hasText: person.name });
  await expect(row).toContainText("Approved");
  await row.getByRole("link").click();
  await expect(page.getByText(`Difference engine`).first()).toBeVisible();
  await expect(page.getByText(/Gear review/).first()).toBeVisible();
  await page.screenshot({ path: "test-results/imports-week.png", fullPage: true });
});
