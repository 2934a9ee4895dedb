import {
  ADMIN,
  createClientWithProjectThroughUi,
  expect,
  expectNoSeriousAxeViolations,
  signIn,
  test,
} from "./fixtures";

// The audit log in words (decision 066): a client and a project created through the pages read as
// sentences with their names, the project's rate as money; the entity filter offers the entities
// the log holds and filters by them; the page passes axe, also 375 px wide.
test("the audit log says what happened in words, and filters by any entity it holds", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const clientName = `Audit Words ${suffix}`;
  const projectName = `Words project ${suffix}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await createClientWithProjectThroughUi(page, clientName, projectName);

  await page.goto("/bo/audit");
  const entity = page.getByLabel("Entity");
  await expect(entity.locator("option", { hasText: "Client" })).toHaveCount(1);
  await expect(entity.locator("option", { hasText: "Project" })).toHaveCount(1);
  await expect(page.getByText(`Created client ${clientName}`)).toBeVisible();
  await expect(page.getByText(`Created project ${projectName}`)).toBeVisible();
  // The figures: in the Summary column on a wide screen (the phone's copy under the action is hidden).
  await expect(
    page
      .locator("li:visible")
      .filter({ hasText: `Client: ${clientName}` })
      .first(),
  ).toBeVisible();
  // No bare ids, no JSON.
  await expect(page.locator("main")).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  await expect(page.locator("main")).not.toContainText('{"');
  await page.screenshot({ path: "/tmp/audit-words-desktop.png", fullPage: true });
  await expectNoSeriousAxeViolations(page);

  await entity.selectOption("project");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/entity=project/);
  await expect(page.getByText(`Created project ${projectName}`)).toBeVisible();
  await expect(page.getByText(`Created client ${clientName}`)).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/bo/audit");
  await expect(page.getByText(`Created client ${clientName}`)).toBeVisible();
  await page.screenshot({ path: "/tmp/audit-words-375.png", fullPage: true });
  await expectNoSeriousAxeViolations(page);
});
