// Webhooks (decision 052): an administrator registers an endpoint, sees its secret once, and the
// delivery log shows the signed call.requested a visitor's call-back request sent to a receiver here.
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ADMIN, expect, expectNoSeriousAxeViolations, signIn, test, waitForHydration } from "./fixtures";

type Received = { headers: IncomingHttpHeaders; body: string };

function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const content = `${String(headers["webhook-id"])}.${String(headers["webhook-timestamp"])}.${body}`;
  return headers["webhook-signature"] === `v1,${createHmac("sha256", key).update(content).digest("base64")}`;
}

let server: Server;
const received: Received[] = [];
test.beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

test("an admin registers an endpoint, sees the secret once, and sees the signed delivery in the log", async ({
  page,
  browser,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bureau-${tag}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/bo/settings");
  await page.getByRole("link", { name: "Manage webhooks" }).click();
  // The settings page is the heaviest to load; a slow machine may take over 10 s to leave it.
  await expect(page).toHaveURL(/\/bo\/settings\/webhooks$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  const privateSetting = page.getByLabel(/Allow webhooks to private addresses/);
  await waitForHydration(page, "input[name=url]");

  // Off by default: an address on this machine is refused, with the reason next to the field.
  if (await privateSetting.isChecked()) {
    await privateSetting.uncheck();
    await expect(privateSetting).not.toBeChecked();
  }
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByLabel(/Call-back requested/).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText(/127\.0\.0\.1, a loopback address/)).toBeVisible();

  // On-premise: allowed once the setting says so.
  await privateSetting.check();
  await expect(page.getByText("Webhook settings saved.")).toBeVisible();
  await expect(privateSetting).toBeChecked();
  await page.getByLabel("Description (optional)").fill(`CRM ${tag}`);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const shown = page.getByTestId("webhook-secret");
  await expect(shown).toBeVisible();
  const secret = (await shown.textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const card = page.getByTestId("webhook-endpoint").filter({ hasText: url });
  await expect(card).toContainText("Active");
  await expect(card).toContainText("No deliveries yet.");

  // A visitor asks to be called back.
  const visitor = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.152" } });
  const site = await visitor.newPage();
  await site.goto("/mail");
  await site.getByLabel("Name").fill(`Hook Visitor ${tag}`);
  await site.getByLabel("Email").fill("hook.visitor@example.com");
  await site.getByLabel("Subject").fill("Please call me");
  await site.getByLabel("Message").fill("I would like to talk about a project with your team.");
  await site.getByLabel(/Call me back/).check();
  await site.getByLabel("Phone").fill("01 23 45 67 89");
  await site.waitForTimeout(3_200); // the server refuses forms sent faster than a person types
  await site.getByRole("button", { name: "Send message" }).click();
  await expect(site.getByText("We will call you back soon.", { exact: false })).toBeVisible();
  await visitor.close();

  // The worker delivers it, signed with the secret shown once.
  await expect.poll(() => received.filter((entry) => entry.body.includes(tag)).length, { timeout: 30_000 }).toBe(1);
  const delivery = received.find((entry) => entry.body.includes(tag))!;
  expect(verify(secret, delivery.headers, delivery.body)).toBe(true);
  expect(JSON.parse(delivery.body)).toMatchObject({
    type: "call.requested",
    id: delivery.headers["webhook-id"],
    data: { contactName: `Hook Visitor ${tag}`, phone: "+33123456789" },
  });

  // The secret is never shown again; the log has the delivery.
  await page.reload();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = card.getByRole("row").filter({ hasText: "call.requested" });
  await expect(row).toContainText("Delivered");
  await expect(row).toContainText("HTTP 200");
  await expect(row.getByRole("button", { name: "Redeliver call.requested" })).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: "/tmp/i26-webhooks-wide.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  // On a phone the log is a list, not a table to scroll sideways.
  await expect(card.getByRole("listitem").filter({ hasText: "call.requested" })).toContainText("Delivered");
  await expect(card.getByRole("table")).toBeHidden();
  await page.screenshot({ path: "/tmp/i26-webhooks-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Tidy up for the specs that run after: the endpoint goes, the setting is off again.
  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: `Delete the endpoint ${url}` }).click();
  await expect(page.getByTestId("webhook-endpoint").filter({ hasText: url })).toHaveCount(0);
  await page.getByLabel(/Allow webhooks to private addresses/).uncheck();
  await expect(page.getByLabel(/Allow webhooks to private addresses/)).not.toBeChecked();
});
