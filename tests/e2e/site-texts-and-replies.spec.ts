// Issue 31, items 4, 6, 7 and 10 in the browser: the legal pages and the editable home text, the
// mail sender in Settings, a manager's reply to a contact message, and the week's hours target.
import type { Page } from "@playwright/test";
import { ADMIN, expect, expectNoSeriousAxeViolations, signIn, test, waitForHydration } from "./fixtures";

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Settings' public pages form, once the page is hydrated (a value typed before is reset by the form). */
async function publicPagesForm(page: Page) {
  await page.goto("/bo/settings");
  await waitForHydration(page, 'form[aria-label="Public pages"]');
  return page.getByRole("form", { name: "Public pages" });
}

test.describe("public texts, mail sender and replies", () => {
  test("the legal notice and privacy notice exist, are linked from the footer and the forms, and are editable", async ({
    page,
  }) => {
    // A new firm has both pages from the first day, generated from its settings.
    for (const [path, heading, text] of [
      ["/legal", "Legal notice", "Director of publication"],
      ["/privacy", "Privacy notice", "Your rights"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: text })).toBeVisible();
    }
    await expect(
      page.getByText(/Applications and their CVs are deleted automatically \d+ days after they arrive/),
    ).toBeVisible();
    await expect(
      page.getByText(/Messages from the contact form.* deleted automatically \d+ days after they arrive/),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Legal notice" }).click();
    await expect(page).toHaveURL(/\/legal$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await page.goto("/mail");
    await expect(page.getByRole("link", { name: /privacy notice/ })).toHaveAttribute("href", "/privacy");

    // The administrator completes the LCEN mentions and writes the home text (Markdown, sanitised).
    await signIn(page, ADMIN.email, ADMIN.password);
    const form = await publicPagesForm(page);
    await expect(form.getByRole("note")).toContainText("the director of publication");
    await form.getByLabel("Director of publication").fill("Marie Dupont");
    await form.getByLabel("Host").fill("OVH SAS\n2 rue Kellermann, 59100 Roubaix");
    await form
      .getByLabel("Home page text")
      .fill("We advise **small firms** on their organisation.\n\n<script>window.hacked = 1</script>");
    // Before saving: the toast that follows is not part of the form.
    await expectNoSeriousAxeViolations(page);
    await form.getByRole("button", { name: "Save public pages" }).click();
    await expect(page.getByText("Public pages saved.")).toBeVisible();

    await page.goto("/");
    await expect(page.locator("main strong", { hasText: "small firms" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    expect(await page.locator("main script").count()).toBe(0);
    await page.goto("/legal");
    await expect(page.getByText("Marie Dupont")).toBeVisible();
    await expect(page.getByText("OVH SAS")).toBeVisible();

    // The firm's own legal notice replaces the generated one; emptied, the generated one is back.
    const again = await publicPagesForm(page);
    await again.getByLabel("Legal notice").fill("## Éditeur\n\nDupont SARL, au capital de 10 000 €.");
    await again.getByRole("button", { name: "Save public pages" }).click();
    await expect(page.getByText("Public pages saved.")).toBeVisible();
    await page.goto("/legal");
    await expect(page.getByRole("heading", { level: 2, name: "Éditeur" })).toBeVisible();
    const reset = await publicPagesForm(page);
    await reset.getByLabel("Home page text").fill("");
    await reset.getByLabel("Legal notice").fill("");
    await expect(reset.getByLabel("Legal notice")).toHaveValue("");
    await reset.getByRole("button", { name: "Save public pages" }).click();
    // The toast of this save (an earlier one may still be on screen), then the emptied field reloaded empty.
    await expect(page.getByText("Public pages saved.").last()).toBeVisible();
    await expect
      .poll(async () => {
        await page.goto("/legal");
        return page.getByRole("heading", { level: 2, name: "Director of publication" }).count();
      })
      .toBe(1);
  });

  test("the mail sender is set in Settings, and a manager's reply goes out from it, kept with the message", async ({
    page,
  }) => {
    const subject = `Question ${tag()}`;
    // A visitor writes.
    await page.goto("/mail");
    await page.getByLabel("Name").fill("Jane Prospect");
    await page.getByLabel("Email").fill("jane@prospect.example");
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message").fill("Could you tell us more about your audits, please?");
    await page.waitForTimeout(3_200);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Thank you, your message was sent.")).toBeVisible();

    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/bo/settings");
    const sender = page.getByRole("form", { name: "Mail sender" });
    // A made-up domain is refused: receiving servers would refuse the mail.
    await sender.getByLabel("Sender address").fill("bureau@firm.local");
    await sender.getByRole("button", { name: "Save mail sender" }).click();
    await expect(sender.getByText(/Use an address at your firm's own domain: \.local is reserved/)).toBeVisible();
    await sender.getByLabel("Sender name").fill("Dupont Conseil");
    await sender.getByLabel("Sender address").fill("bonjour@dupont-conseil.fr");
    await sender.getByLabel("Replies go to").selectOption("sender");
    await sender.getByRole("button", { name: "Save mail sender" }).click();
    await expect(page.getByText("Mail sender saved.")).toBeVisible();

    await page.goto("/bo/messages");
    const message = page.getByRole("article").filter({ hasText: subject });
    await message.getByRole("button", { name: new RegExp(`^Reply ?: ${subject}$`) }).click();
    const dialog = page.getByRole("dialog", { name: "Reply to jane@prospect.example" });
    await expect(dialog.getByText('"Dupont Conseil" <bonjour@dupont-conseil.fr>')).toBeVisible();
    await expect(dialog.getByText(ADMIN.email)).toBeVisible();
    await expect(dialog.getByLabel("Subject")).toHaveValue(`Re: ${subject}`);
    await dialog.getByRole("button", { name: "Send reply" }).click();
    await expect(dialog.getByText("Write your reply.")).toBeVisible();
    await dialog.getByLabel("Your reply").fill("Hello Jane,\n\nGladly: we can meet on Tuesday.");
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText("Reply sent.")).toBeVisible();
    await expect(dialog).toBeHidden();

    // The message moved to Answered, with its reply under it.
    await page.goto("/bo/messages?status=answered");
    const answered = page.getByRole("article").filter({ hasText: subject });
    await expect(answered.getByText("we can meet on Tuesday.")).toBeVisible();
    await expect(answered.getByText(/Reply by /)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The mail in the outbox: to the visitor, from the sender of the settings, replies to the admin.
    await answered.getByRole("link", { name: /^Mail / }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Re: ${subject}` })).toBeVisible();
    await expect(page.getByText('"Dupont Conseil" <bonjour@dupont-conseil.fr>')).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: /^admin@example\.com$/ })).toBeVisible();
    await expect(page.getByText("jane@prospect.example")).toBeVisible();

    // Put the firm's sender back for the other specs.
    await page.goto("/bo/settings");
    await sender.getByLabel("Sender name").fill("");
    await sender.getByLabel("Sender address").fill("");
    await sender.getByLabel("Replies go to").selectOption("firm");
    await sender.getByRole("button", { name: "Save mail sender" }).click();
    await expect(page.getByText("Mail sender saved.")).toBeVisible();
  });

  test("the dashboard measures the week against the firm's hours, a French firm's 35 h by default", async ({
    page,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    // The Time section shows once the firm has a client (an empty firm sees its first steps instead):
    // this test makes one rather than count on the specs that ran before it.
    await page.goto("/bo/clients");
    await page.getByRole("button", { name: "New client" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New client" });
    await dialog.getByLabel("Name").fill(`Hours Ltd ${tag()}`);
    await dialog.getByRole("button", { name: "Create client" }).click();
    await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);
    await page.goto("/bo");
    await expect(page.getByTestId("week-hours")).toContainText("against the firm's 35 h a week");
    await page.goto("/bo/settings");
    await expect(page.getByLabel("Working week (hours)")).toHaveAttribute("placeholder", "35");
  });
});
