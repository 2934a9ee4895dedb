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

test.describe("API tokens", () => {
  test("a person makes a token on My account, sees it once, uses it, and revokes it", async ({ page, request }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const email = uniqueEmail("api");
    await createUserThroughUi(page, { name: "Api Staff", email, role: "staff", password: "first password for api" });
    await signOut(page);
    await firstSignIn(page, email, "first password for api", "own password for the api");

    await page.goto("/bo/account");
    const card = page.locator("[data-slot=card]").filter({ hasText: "API tokens" });
    await expect(card.getByText("No tokens yet.")).toBeVisible();
    // Staff are offered only what their role holds.
    await expect(card.getByLabel("invoice.read")).toHaveCount(0);
    // Refused on the server with a clear message: a name and a scope are required.
    await card.getByRole("button", { name: "Create token" }).click();
    await expect(card.getByText("Name the token (e.g. the tool that will use it).")).toBeVisible();
    await expect(card.getByText("Choose at least one scope.")).toBeVisible();

    await card.getByLabel("Token name").fill("Payroll export");
    await card.getByLabel("client.read").check();
    await card.getByRole("button", { name: "Create token" }).click();
    const shown = card.getByTestId("new-api-token");
    await expect(shown).toBeVisible();
    const token = (await shown.textContent())!.trim();
    expect(token).toMatch(/^bureau_/);
    await expect(card.getByRole("cell", { name: /^Payroll export bureau_/ })).toBeVisible();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 }); // axe checks the page, not a passing toast
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: "/tmp/i26-api-tokens.png", fullPage: true });

    const listed = await request.get("/api/v1/clients", { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status()).toBe(200);
    expect(await listed.json()).toMatchObject({ page: 1, data: expect.any(Array) });
    const refused = await request.get("/api/v1/invoices", { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    expect(refused.headers()["content-type"]).toBe("application/problem+json");

    // Once shown, never again: a reload lists the token by its first characters only.
    await page.reload();
    await expect(card.getByTestId("new-api-token")).toHaveCount(0);
    await expect(card.getByText(token)).toHaveCount(0);
    await expect(card.getByText(/UTC/)).toBeVisible(); // its last use
    await card.getByRole("button", { name: "Revoke Payroll export" }).click();
    await expect(card.getByText("Revoked")).toBeVisible();
    const afterRevoke = await request.get("/api/v1/clients", { headers: { authorization: `Bearer ${token}` } });
    expect(afterRevoke.status()).toBe(401);

    const openapi = await request.get("/api/v1/openapi.json");
    expect((await openapi.json()).openapi).toBe("3.1.0");
  });
});
