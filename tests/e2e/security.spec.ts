// Findings of the round-two security review that a browser shows best (the others are integration,
// system and matrix tests; SECURITY.md lists them all).
import { ADMIN, expect, signIn, test } from "./fixtures";
import { ORIGIN, signInOverApi } from "./authz/http";
import { act, CLIENTS, createPerson, monday, SHEETS } from "./authz/seed";

test.describe("security review", () => {
  test("finding a: a next path with dot segments never leaves the site, before or after signing in", async ({
    page,
  }) => {
    for (const next of [
      "/.//evil.example/phish",
      "/..//evil.example/x",
      "/%2e//evil.example/x",
      "/a/..//evil.example/x",
    ]) {
      await signIn(page, ADMIN.email, ADMIN.password, next);
      expect(new URL(page.url()).origin).toBe(ORIGIN);
      expect(new URL(page.url()).pathname).toBe("/bo");
      // Signed in already: the sign-in page sends the person on at once, to the same safe place.
      const response = await page.request.get(`/bo/login?next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
      expect(response.status()).toBe(307);
      expect(response.headers()["location"]).toBe("/bo");
      await page.context().clearCookies();
    }
  });

  test("finding g: staff see the hours of a client's unbilled time, never its value or the rates", async ({
    playwright,
  }) => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const admin = await playwright.request.newContext({ baseURL: ORIGIN });
    const staffSession = await playwright.request.newContext({ baseURL: ORIGIN });
    await signInOverApi(admin, ADMIN.email, ADMIN.password);
    const staff = await createPerson(
      admin,
      staffSession,
      "staff",
      `Money Staff ${tag}`,
      `money.staff.${tag}@example.com`,
    );
    const client = await act<{ id: string }>(admin, "/bo/clients", CLIENTS, "createClientAction", [
      { name: `Money Client ${tag}`, currency: "EUR", paymentTermsDays: "30", defaultHourlyRate: "98.76" },
    ]);
    const project = await act<{ id: string }>(admin, `/bo/clients/${client.id}`, CLIENTS, "createProjectAction", [
      { clientId: client.id, name: `Money Project ${tag}`, hourlyRate: "123.45", billableByDefault: true },
    ]);
    const sheet = await act<{ id: string; version: number }>(
      staffSession,
      "/bo/timesheets/create",
      SHEETS,
      "createTimesheetAction",
      [
        {
          userId: staff.id,
          weekStart: monday(2),
          grid: {
            rows: [
              {
                projectId: project.id,
                description: "Billable work",
                billable: true,
                cells: ["2", "1.5", "", "", "", "", ""],
              },
            ],
          },
          submit: true,
        },
      ],
    );
    await act(admin, `/bo/timesheets/${sheet.id}`, SHEETS, "approveTimesheetAction", [
      { id: sheet.id, version: sheet.version },
    ]);

    const asAdmin = await (await admin.get(`/bo/clients/${client.id}`)).text();
    // 3.5 h at €123.45 = €432.08; the client's rate €98.76.
    expect(asAdmin).toContain("432.08");
    expect(asAdmin).toContain("123.45");
    expect(asAdmin).toContain("98.76");
    const asStaff = await (await staffSession.get(`/bo/clients/${client.id}`)).text();
    expect(asStaff).toContain(`Money Project ${tag}`);
    expect(asStaff).toContain("3.5");
    for (const figure of ["432.08", "123.45", "98.76"]) expect(asStaff).not.toContain(figure);
    await admin.dispose();
    await staffSession.dispose();
  });
});
