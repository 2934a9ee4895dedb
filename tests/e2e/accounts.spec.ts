// Invitations and password resets through the real UI, with the links read from the outbox as the
// invitee would read them in their mail.
import type { Browser, Page } from "@playwright/test";
import {
  ADMIN,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  signIn,
  test,
  uniqueEmail,
} from "./fixtures";

/** The link of the newest mail to this address whose subject matches, read in /bo/outbox by the admin. */
async function mailedLink(page: Page, to: string, subject: RegExp, kind: "invitation" | "reset"): Promise<string> {
  let link = "";
  await expect(async () => {
    await page.goto("/bo/outbox");
    const row = page.getByRole("row").filter({ hasText: to }).filter({ hasText: subject }).first();
    await row.getByRole("link").first().click({ timeout: 1000 });
    const text = (await page.locator("pre").first().textContent({ timeout: 1000 })) ?? "";
    link = new RegExp(`https?://[^\\s]+/bo/login/${kind}/[A-Za-z0-9_-]{43}`).exec(text)?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 20_000 });
  return new URL(link).pathname;
}

/** A browser of the person the mail was sent to: no session of the admin, another client address. */
async function inviteeBrowser(browser: Browser, address: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } });
  return { context, page: await context.newPage() };
}

async function choosePassword(page: Page, password: string, button: string) {
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel("Confirm new password").fill(password);
  await page.getByRole("button", { name: button }).click();
}

test.describe("accounts", () => {
  test("an admin invites a person, who chooses their password through the mailed link, once", async ({
    page,
    browser,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const email = uniqueEmail("invitee");
    await page.goto("/bo/users");
    await page.getByRole("button", { name: "Invite" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Ines Invitee");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption("manager");
    await dialog.getByRole("button", { name: "Send the invitation" }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("Invited")).toBeVisible();

    const path = await mailedLink(page, email, /invited/, "invitation");
    const invitee = await inviteeBrowser(browser, "198.51.100.21");
    await invitee.page.goto(path);
    await expect(invitee.page.getByRole("heading", { name: "Welcome to Bureau" })).toBeVisible();
    await expect(invitee.page.getByText(email)).toBeVisible();
    await expectNoSeriousAxeViolations(invitee.page);
    await invitee.page.screenshot({ path: "/tmp/accounts-invitation.png", fullPage: true });
    // Two different passwords: said next to the field, nothing used.
    await invitee.page.getByLabel(/^New password/).fill("my own long passphrase");
    await invitee.page.getByLabel("Confirm new password").fill("something else entirely");
    await invitee.page.getByRole("button", { name: "Set my password" }).click();
    await expect(invitee.page.getByText("The two passwords differ.")).toBeVisible();
    await choosePassword(invitee.page, "my own long passphrase", "Set my password");
    await expect(invitee.page).toHaveURL(/\/bo\/login\?done=invitation$/);
    await expect(invitee.page.getByText("Your password is set.")).toBeVisible();
    await signIn(invitee.page, email, "my own long passphrase");
    await expect(invitee.page).toHaveURL(/\/bo$/);

    // The link is spent.
    const again = await inviteeBrowser(browser, "198.51.100.22");
    await again.page.goto(path);
    await expect(again.page.getByText(/expired, was revoked or was already used/)).toBeVisible();
    await expect(again.page.getByLabel(/^New password/)).toHaveCount(0);
    await invitee.context.close();
    await again.context.close();

    await page.goto("/bo/users");
    await expect(page.getByRole("row").filter({ hasText: email }).getByText("Active")).toBeVisible();
  });

  test("a forgotten password: the same answer for any address, a link that works once, sessions ended", async ({
    page,
    browser,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const email = uniqueEmail("forgetful");
    await createUserThroughUi(page, {
      name: "Fred Forgetful",
      email,
      role: "staff",
      password: "the first password of fred",
    });

    const person = await inviteeBrowser(browser, "198.51.100.31");
    await person.page.goto("/bo/login");
    await person.page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(person.page).toHaveURL(/\/bo\/login\/forgot$/);
    await expectNoSeriousAxeViolations(person.page);
    await person.page.getByLabel("Email").fill(`nobody.${Date.now()}@example.com`);
    await person.page.getByRole("button", { name: "Send me a link" }).click();
    const unknownAnswer = await person.page.getByRole("status").filter({ hasText: "If an account uses" }).textContent();

    await person.page.goto("/bo/login/forgot");
    await person.page.getByLabel("Email").fill(email);
    await person.page.getByRole("button", { name: "Send me a link" }).click();
    const knownAnswer = await person.page.getByRole("status").filter({ hasText: "If an account uses" }).textContent();
    expect(knownAnswer?.replace(email, "X")).toBe(unknownAnswer?.replace(/nobody\.\d+@example\.com/, "X"));
    await person.page.screenshot({ path: "/tmp/accounts-forgot.png", fullPage: true });

    const path = await mailedLink(page, email, /Reset your/, "reset");
    await person.page.goto(path);
    await expect(person.page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expectNoSeriousAxeViolations(person.page);
    await choosePassword(person.page, "fred's new long passphrase", "Change my password");
    await expect(person.page).toHaveURL(/\/bo\/login\?done=reset$/);
    // The password an administrator set is gone, and no longer needs changing.
    expect((await signIn(person.page, email, "the first password of fred")).status()).toBe(401);
    await signIn(person.page, email, "fred's new long passphrase");
    await expect(person.page).toHaveURL(/\/bo$/);

    await person.page.goto(path);
    await expect(person.page.getByText(/expired or was already used/)).toBeVisible();
    await person.context.close();
    // The person was told in a mail of its own.
    await page.goto("/bo/outbox");
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: email })
        .filter({ hasText: /was changed/ }),
    ).toBeVisible();
  });
});
