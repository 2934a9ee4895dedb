// Two-factor sign-in, the sessions list and the change of one's own address through the real UI:
// codes computed from the key the page shows (as an authenticator app would), the links read from
// the outbox as the person would read them in their mail.
import type { Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import {
  ADMIN,
  createUserThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  firstSignIn,
  signIn,
  signOut,
  test,
  uniqueEmail,
} from "./fixtures";

const OWN_PASSWORD = "my own long passphrase for security";

/** A person created by the admin who has chosen their own password, signed in in a browser of their own. */
async function newPerson(page: Page, browser: Browser, prefix: string, address: string) {
  await signIn(page, ADMIN.email, ADMIN.password);
  const email = uniqueEmail(prefix);
  await createUserThroughUi(page, {
    name: `Sam ${prefix}`,
    email,
    role: "staff",
    password: "the first password of sam",
  });
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } });
  const own = await context.newPage();
  await firstSignIn(own, email, "the first password of sam", OWN_PASSWORD);
  return { email, context, page: own };
}

/** The code an authenticator app shows for this key, at least one 30-second step after `after`. */
async function codeAfter(key: string, after: number): Promise<{ code: string; step: number }> {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")), digits: 6, period: 30 });
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if (step > after) return { code: totp.generate(), step };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Two-factor sign-in set up on My account with the key the page shows; the step of the code used. */
async function turnOnTwoFactor(own: Page): Promise<{ key: string; step: number }> {
  await own.goto("/bo/account");
  await own.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const key = (await own.getByLabel("Authenticator key", { exact: true }).textContent()) ?? "";
  const setUp = await codeAfter(key, 0);
  await own.getByLabel(/^Code shown by the app/).fill(setUp.code);
  await own.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await own.getByRole("button", { name: "I have saved them" }).click();
  await expect(own.getByText(/since .*10 recovery codes left/)).toBeVisible();
  return { key, step: setUp.step };
}

/** The link of the newest mail to this address whose subject matches, read in /bo/outbox by the admin. */
async function mailedLink(page: Page, to: string, subject: RegExp): Promise<string> {
  let link = "";
  await expect(async () => {
    await page.goto("/bo/outbox");
    const row = page.getByRole("row").filter({ hasText: to }).filter({ hasText: subject }).first();
    await row.getByRole("link").first().click({ timeout: 1000 });
    const text = (await page.locator("pre").first().textContent({ timeout: 1000 })) ?? "";
    link = /https?:\/\/[^\s]+\/bo\/login\/email\/[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 20_000 });
  return new URL(link).pathname;
}

test.describe("account security", () => {
  test("two-factor sign-in: set up with the QR code's key, then the code or a recovery code (once) at sign-in", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const person = await newPerson(page, browser, "twofactor", "198.51.100.41");
    const own = person.page;
    await own.goto("/bo/account");
    await own.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(own.getByRole("img", { name: "QR code of the authenticator key" })).toBeVisible();
    const key = (await own.getByLabel("Authenticator key", { exact: true }).textContent()) ?? "";
    expect(key.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
    await expect(own.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 }); // axe checks the page, not a toast
    await expectNoSeriousAxeViolations(own);
    await own.screenshot({ path: "/tmp/security-setup.png", fullPage: true });
    // A wrong code is said next to the field.
    await own.getByLabel(/^Code shown by the app/).fill("000000");
    await own.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(own.getByText("This code is not right.").first()).toBeVisible();
    const setUp = await codeAfter(key, 0);
    await own.getByLabel(/^Code shown by the app/).fill(setUp.code);
    await own.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const codes = own.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.nth(0).textContent()) ?? "";
    expect(recovery).toMatch(/^[a-z1-9]{5}-[a-z1-9]{5}$/);
    await own.screenshot({ path: "/tmp/security-recovery-codes.png", fullPage: true });
    await own.getByRole("button", { name: "I have saved them" }).click();
    await expect(own.getByText(/since .*10 recovery codes left/)).toBeVisible();

    // Signing in now asks for the code: the password alone opens nothing.
    await signOut(own);
    await signIn(own, person.email, OWN_PASSWORD);
    await expect(own).toHaveURL(/\/bo\/login\/two-factor\?next=%2Fbo$/);
    await own.goto("/bo/calls");
    await expect(own).toHaveURL(/\/bo\/login\/two-factor\?next=%2Fbo%2Fcalls$/);
    await expect(own.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 }); // axe checks the page, not a toast
    await expectNoSeriousAxeViolations(own);
    await own.setViewportSize({ width: 375, height: 740 });
    await own.screenshot({ path: "/tmp/security-second-factor-phone.png", fullPage: true });
    await own.getByLabel(/^Code/).fill("000000");
    await own.getByRole("button", { name: "Continue" }).click();
    await expect(own.getByText("This code is not right.").first()).toBeVisible();
    await own.getByLabel(/^Code/).fill(recovery.toUpperCase());
    await own.getByRole("button", { name: "Continue" }).click();
    await expect(own).toHaveURL(/\/bo\/calls$/);
    await own.setViewportSize({ width: 1280, height: 800 });

    // The recovery code is spent; the app's next code works.
    await signOut(own);
    await signIn(own, person.email, OWN_PASSWORD);
    await own.getByLabel(/^Code/).fill(recovery);
    await own.getByRole("button", { name: "Continue" }).click();
    await expect(own.getByText("This code is not right.").first()).toBeVisible();
    const next = await codeAfter(key, setUp.step);
    await own.getByLabel(/^Code/).fill(next.code);
    await own.getByRole("button", { name: "Continue" }).click();
    await expect(own).toHaveURL(/\/bo$/);
    await own.goto("/bo/account");
    await expect(own.getByText(/9 recovery codes left/)).toBeVisible();
    await person.context.close();
  });

  test("five wrong codes lock the second step like wrong passwords", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const person = await newPerson(page, browser, "lockout", "198.51.100.42");
    const own = person.page;
    const setUp = await turnOnTwoFactor(own);
    await signOut(own);
    await signIn(own, person.email, OWN_PASSWORD);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await own.getByLabel(/^Code/).fill(String(111111 * (attempt + 1)).slice(0, 6));
      await own.getByRole("button", { name: "Continue" }).click();
      await expect(own.getByText("This code is not right.").first()).toBeVisible();
    }
    const next = await codeAfter(setUp.key, setUp.step);
    await own.getByLabel(/^Code/).fill(next.code);
    await own.getByRole("button", { name: "Continue" }).click();
    await expect(own.getByText(/Too many failed sign-in attempts\. Try again in 1[45] minutes\./)).toBeVisible();
    await expect(own).toHaveURL(/\/bo\/login\/two-factor/);
    await person.context.close();
  });

  test("a person who lost their phone and their recovery codes: an administrator turns two-factor off from Users", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const person = await newPerson(page, browser, "lostphone", "198.51.100.45");
    const own = person.page;
    await turnOnTwoFactor(own);
    // Signed out, the phone lost: the password alone is not enough.
    await signOut(own);
    await signIn(own, person.email, OWN_PASSWORD);
    await expect(own).toHaveURL(/\/bo\/login\/two-factor/);

    // The administrator (page) opens the person's page from Users.
    await page.goto("/bo/users");
    await page.getByRole("row").filter({ hasText: person.email }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { name: "Sam lostphone" })).toBeVisible();
    const card = page
      .locator('[data-slot="card"]')
      .filter({ has: page.getByText("Two-factor sign-in", { exact: true }) });
    await expect(card.getByText(/^On since /)).toBeVisible();
    await card.screenshot({ path: "/tmp/security-admin-two-factor-card.png" });
    await page.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    const dialog = page.getByRole("dialog", { name: "Turn off two-factor sign-in for Sam lostphone?" });
    await expect(dialog).toContainText("signed out everywhere");
    await expect(dialog).toContainText("Sam lostphone is mailed that you did this.");
    await dialog.getByLabel("Reason").fill("Lost the phone on a train; asked in person.");
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: "/tmp/security-admin-turn-off-dialog.png" });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: "/tmp/security-admin-turn-off-dialog-phone.png" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(/Two-factor sign-in is off for Sam lostphone, who is signed out everywhere/),
    ).toBeVisible();
    await expect(card.getByText("Off.", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn off two-factor sign-in" })).toHaveCount(0);
    await expect(page.getByText("Reason: Lost the phone on a train; asked in person.")).toBeVisible();
    await page.screenshot({ path: "/tmp/security-admin-turned-off.png", fullPage: true });

    // Never for oneself here: an administrator's own page sends them to My account.
    await page.goto("/bo/users");
    await page.getByRole("row").filter({ hasText: ADMIN.email }).getByRole("link").first().click();
    await expect(page.getByText(/^Manage your own two-factor sign-in from/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn off two-factor sign-in" })).toHaveCount(0);

    // The half-finished sign-in ended with the sessions; the password alone now signs in.
    await own.goto("/bo/calls");
    await expect(own).toHaveURL(/\/bo\/login\?next=/);
    await signIn(own, person.email, OWN_PASSWORD);
    await expect(own).toHaveURL(/\/bo$/);
    await own.goto("/bo/account");
    await expect(own.getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();

    // The person was told, through the outbox.
    await expect(async () => {
      await page.goto("/bo/outbox");
      const row = page
        .getByRole("row")
        .filter({ hasText: person.email })
        .filter({ hasText: "Two-factor sign-in was turned off" });
      await expect(row).toHaveCount(1, { timeout: 1000 });
      await row.getByRole("link").first().click({ timeout: 1000 });
      await expect(page.locator("pre").first()).toContainText("was turned off for your back-office account by", {
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    await person.context.close();
  });

  test("sessions: each device listed, one signed out, then every other one", async ({ page, browser }) => {
    const person = await newPerson(page, browser, "sessions", "198.51.100.43");
    const second = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.77" } });
    const third = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.78" } });
    const secondPage = await second.newPage();
    const thirdPage = await third.newPage();
    await signIn(secondPage, person.email, OWN_PASSWORD);
    await signIn(thirdPage, person.email, OWN_PASSWORD);

    const own = person.page;
    await own.goto("/bo/account");
    const rows = own.getByRole("row").filter({ hasText: "Chrome" });
    await expect(rows).toHaveCount(3);
    await expect(own.getByRole("row").filter({ hasText: "This session" })).toContainText("198.51.100.43");
    await expect(own.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 }); // axe checks the page, not a toast
    await expectNoSeriousAxeViolations(own);
    await own.screenshot({ path: "/tmp/security-sessions.png", fullPage: true });
    await own
      .getByRole("row")
      .filter({ hasText: "203.0.113.77" })
      .getByRole("button", { name: /^End the session of/ })
      .click();
    await expect(own.getByRole("row").filter({ hasText: "203.0.113.77" })).toHaveCount(0);
    await secondPage.goto("/bo");
    await expect(secondPage).toHaveURL(/\/bo\/login/);
    await thirdPage.goto("/bo");
    await expect(thirdPage).toHaveURL(/\/bo$/);

    await own.getByRole("button", { name: "End all other sessions" }).click();
    await expect(own.getByRole("row").filter({ hasText: "Chrome" })).toHaveCount(1);
    await thirdPage.goto("/bo");
    await expect(thirdPage).toHaveURL(/\/bo\/login/);
    await own.goto("/bo");
    await expect(own).toHaveURL(/\/bo$/);
    await Promise.all([person.context.close(), second.close(), third.close()]);
  });

  test("a new sign-in address: confirmed by the link mailed to it, once; the old address is told", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const person = await newPerson(page, browser, "mover", "198.51.100.44");
    const own = person.page;
    const newAddress = uniqueEmail("moved");
    await own.goto("/bo/account");
    await own.getByLabel(/^New email address/).fill(newAddress);
    await own.getByLabel(/^Your password/).fill("not my password at all");
    await own.getByRole("button", { name: "Send the confirmation link" }).click();
    await expect(own.getByText("The current password is incorrect.").first()).toBeVisible();
    await own.getByLabel(/^Your password/).fill(OWN_PASSWORD);
    await own.getByRole("button", { name: "Send the confirmation link" }).click();
    await expect(own.getByText(/A link to confirm the new address is on its way/).first()).toBeVisible();

    // The admin's outbox holds the mail to the new address (read there as its owner would read it).
    const path = await mailedLink(page, newAddress, /Confirm your new/);
    await own.goto(path);
    await expect(own.getByText(newAddress)).toBeVisible();
    await expect(own.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 }); // axe checks the page, not a toast
    await expectNoSeriousAxeViolations(own);
    await own.screenshot({ path: "/tmp/security-email-confirm.png", fullPage: true });
    await own.getByRole("button", { name: "Confirm the new address" }).click();
    await expect(own).toHaveURL(/\/bo\/account$/);
    await expect(own.getByText(`You sign in as ${newAddress}`)).toBeVisible();

    await own.goto(path);
    await expect(own.getByText(/expired or was already used/)).toBeVisible();
    await expect(own.getByRole("button", { name: "Confirm the new address" })).toHaveCount(0);

    // The mail to the old address is checked in tests/integration/two-factor-and-sessions.int.test.ts.
    await own.goto("/bo/account"); // the link's page has no shell, so no Sign out button
    await signOut(own);
    expect((await signIn(own, person.email, OWN_PASSWORD)).status()).toBe(401);
    await signIn(own, newAddress, OWN_PASSWORD);
    await expect(own).toHaveURL(/\/bo$/);
    await person.context.close();
  });
});
