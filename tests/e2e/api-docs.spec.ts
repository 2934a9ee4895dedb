import { expect, expectNoSeriousAxeViolations, test } from "./fixtures";

test.describe("API reference", () => {
  test("/api/docs lists every operation of the OpenAPI document, grouped by resource, and passes axe", async ({
    page,
    request,
  }) => {
    const document = (await (await request.get("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId: string; summary: string }>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method, path, ...operation })),
    );
    expect(operations.length).toBeGreaterThan(20);

    const response = await page.goto("/api/docs");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: /Bureau API reference/ })).toBeVisible();
    for (const tag of ["Clients", "Time entries", "Timesheets", "Calls", "Invoices"])
      await expect(page.getByRole("heading", { level: 2, name: tag, exact: true })).toBeVisible();
    // Every documented operation has its section: method, path and summary.
    for (const operation of operations) {
      const section = page.locator(`section#${operation.operationId}`);
      await expect(section.getByRole("heading", { level: 3 })).toHaveText(
        `${operation.method}${operation.path}`.replace(/\s+/g, ""),
        { useInnerText: false },
      );
      await expect(section.getByText(operation.summary, { exact: true })).toBeVisible();
    }
    const create = page.locator("section#createTimeEntry");
    await expect(create.getByText("Scope: timesheet.edit")).toBeVisible();
    await expect(create.getByText("Request body (application/json)")).toBeVisible();
    await expect(create.getByText("projectId", { exact: true })).toBeVisible();
    const list = page.locator("section#listTimeEntries");
    await expect(list.getByRole("table", { name: "Parameters" }).getByText("pageSize", { exact: true })).toBeVisible();
    await expect(page.locator("section#createCreditNote").getByText("Idempotency-Key", { exact: true })).toBeVisible();
    await page.screenshot({ path: "test-results/api-docs-wide.png", fullPage: false });
    await expectNoSeriousAxeViolations(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.locator("section#updateTimeEntry").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/api-docs-375.png" });
    await expectNoSeriousAxeViolations(page);
  });
});
