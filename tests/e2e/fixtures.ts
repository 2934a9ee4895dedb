import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@example.com", password: "admin password for tests" };

let addressCounter = 0;

type Fixtures = {
  /** Console errors a test expects (e.g. the 401 of a wrong password); anything else fails the test. */
  allowedConsoleErrors: RegExp;
  consoleGuard: void;
};

/** The outbox's mail preview is a sandbox="" frame (no script may run in it). Chromium reports each script
 * the test runner or axe tries to run there (microsoft/playwright#33343), at whatever moment the runner
 * gets to the frame: the noise is the runner's, never the page's, so every test ignores it. That no
 * script of ours is in the frame is checked on its srcdoc (xss.spec.ts). */
const SANDBOXED_PREVIEW_NOISE = /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

export const test = base.extend<Fixtures>({
  // A pattern that matches nothing by default.
  allowedConsoleErrors: [/(?!)/, { option: true }],
  // Each test comes from its own client address, so lock-out tests never lock the others out.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    addressCounter += 1;
    await use({ "x-forwarded-for": `203.0.113.${(testInfo.workerIndex * 60 + addressCounter) % 250}` });
  },
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        const text = `${message.text()} at ${message.location().url}`;
        if (message.type() === "error" && !allowedConsoleErrors.test(text) && !SANDBOXED_PREVIEW_NOISE.test(text))
          errors.push(text);
      });
      page.on("pageerror", (error) => {
        if (!allowedConsoleErrors.test(error.message)) errors.push(error.message);
      });
      await use();
      expect(errors, "console errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the element `selector` finds (its props are attached): a click or a
 * value typed before that is lost on pages that never go network-idle, such as the back office's. */
export async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction((target) => {
    const element = document.querySelector(target);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  }, selector);
}

/** Signs in through the form; on success waits until the browser has left the sign-in page (or is asked for the second factor). */
export async function signIn(page: Page, email: string, password: string, next?: string) {
  await page.goto(next ? `/bo/login?next=${encodeURIComponent(next)}` : "/bo/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  const [response] = await Promise.all([
    page.waitForResponse("**/api/auth/sign-in/email"),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  // Someone with two-factor on is then asked for their code.
  if (response.ok())
    await page.waitForURL((url) => !url.pathname.startsWith("/bo/login") || url.pathname === "/bo/login/two-factor");
  return response;
}

export async function signOut(page: Page) {
  const button = page.getByRole("button", { name: "Sign out" });
  if (!(await button.isVisible())) await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/bo\/login/);
}

export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The admin creates a user through /bo/users; returns the initial password. */
export async function createUserThroughUi(
  page: Page,
  user: { name: string; email: string; role: "admin" | "manager" | "staff"; password: string },
) {
  await page.goto("/bo/users");
  await page.getByRole("button", { name: "New user" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(user.name);
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByLabel("Role").selectOption(user.role);
  await dialog.getByLabel("Password").fill(user.password);
  await dialog.getByRole("button", { name: "Create user" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("cell", { name: user.email })).toBeVisible();
}

/**
 * The admin creates a client through the "New client" dialog, with the fields given by their labels
 * ("Billing email", "Address line 1"…) filled in; the client's id, from the page it lands on.
 */
export async function createClientThroughUi(
  page: Page,
  name: string,
  fields: Record<string, string> = {},
): Promise<string> {
  await page.goto("/bo/clients");
  await page.getByRole("button", { name: "New client" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New client" });
  await dialog.getByLabel("Name").fill(name);
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole("button", { name: "Create client" }).click();
  await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

/** The admin creates a client and one project of it (billable by default) through the client page. */
export async function createClientWithProjectThroughUi(page: Page, clientName: string, projectName: string) {
  await page.goto("/bo/clients");
  await page.getByRole("button", { name: "New client" }).first().click();
  await page.getByRole("dialog").getByLabel("Name").fill(clientName);
  await page.getByRole("dialog").getByRole("button", { name: "Create client" }).click();
  await expect(page.getByRole("heading", { level: 1, name: clientName })).toBeVisible();
  await page.getByRole("button", { name: "New project" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill(projectName);
  await page.getByRole("dialog").getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("cell", { name: projectName, exact: true })).toBeVisible();
}

/** The settings' default timezone: the firm of the browser tests. */
export const FIRM_ZONE = "Europe/Paris";

/** An instant as the firm's wall clock: { year, month, day, hour, minute }, two digits each (year four). */
export function firmWallClock(instant: Date): Record<"year" | "month" | "day" | "hour" | "minute", string> {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: FIRM_ZONE,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** The firm's wall-clock time `minutesAgo` minutes ago, as a datetime-local field takes it. */
export function firmWallTimeAgo(minutesAgo: number): string {
  const parts = firmWallClock(new Date(Date.now() - minutesAgo * 60_000));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** First sign-in of a created user: they must choose their own password, then reach the dashboard. */
export async function firstSignIn(page: Page, email: string, initialPassword: string, ownPassword: string) {
  await signIn(page, email, initialPassword);
  await expect(page).toHaveURL(/\/bo\/account\?required=1/);
  await page.getByLabel("Current password").fill(initialPassword);
  await page.getByLabel(/^New password/).fill(ownPassword);
  await page.getByLabel("Confirm new password").fill(ownPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/bo$/);
}

export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}

/** A small but valid one-page PDF (xref offsets computed), so any reader accepts it. */
export function makePdf(text = "Curriculum vitae"): Buffer {
  const stream = `BT /F1 18 Tf 20 70 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/**
 * Chooses a client in a client field (a combobox that searches by name, in a form or a dialog):
 * types the start of the name and picks the option.
 */
export async function chooseClient(scope: Page | Locator, name: string) {
  const field = scope.getByRole("combobox", { name: "Client", exact: true });
  await field.fill(name.slice(0, 40));
  await scope.getByRole("option", { name, exact: true }).click();
  await expect(field).toHaveValue(name);
}

/** Chooses the invoice form's client and waits for its details (address, currency, terms) to show. */
export async function chooseInvoiceClient(page: Page, name: string) {
  await chooseClient(page, name);
  await expect(page.getByText(/^Invoiced in [A-Z]{3}, \d+ days to pay$/)).toBeVisible();
}
