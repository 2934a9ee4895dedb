// /api/v1 through its handler on a real database: tokens, scopes, revocation, deactivation, the
// rate limit, problems with refusal codes, stable pagination, and the same mutations as the UI.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, auditEvent } from "../../src/db/schema";
import { ForbiddenError, InvalidError, NotFoundError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { handleApiRequest } from "../../src/modules/api/api-handler";
import { createApiToken, findApiTokens, revokeApiToken } from "../../src/modules/api/api-tokens";
import { setUserActive } from "../../src/modules/users/user-mutations";
import { apiCall, type ApiCallOptions, apiPerson } from "../support/api-fixtures";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let manager: Actor;
let staff: Actor;

const person = (role: "manager" | "staff", email: string) => apiPerson(database.db, admin, role, email);
const call = (token: string | null, method: string, path: string, body?: unknown, options: ApiCallOptions = {}) =>
  apiCall(database.db, token, method, path, body, options);

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown> & { code?: string; data?: { id: string; name: string }[] };
}

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  manager = await person("manager", "manager@example.com");
  staff = await person("staff", "staff@example.com");
});
afterAll(() => tearDownDatabase(database));

describe(`the API on ${process.env.TEST_DB}`, () => {
  it("makes a token shown once and stored hashed, audited; refuses scopes the role lacks", async () => {
    const made = await createApiToken(database.db, manager, { name: "Accounting", scopes: ["client.read"] });
    expect(made.token).toMatch(/^bureau_[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(apiToken).where(eq(apiToken.id, made.id));
    expect(row!.tokenHash).not.toContain(made.token.slice(7));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.prefix).toBe(made.token.slice(0, 13));
    const [audited] = await database.db
      .select({ value: count() })
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, "api_token"), eq(auditEvent.entityId, made.id)));
    expect(audited!.value).toBe(1);

    await expect(createApiToken(database.db, staff, { name: "X", scopes: ["invoice.read"] })).rejects.toMatchObject({
      code: "api.scope_not_held",
    });
    await expect(createApiToken(database.db, staff, { name: "X", scopes: ["no.such"] })).rejects.toThrow(InvalidError);
    await expect(
      createApiToken(database.db, staff, { name: "X", scopes: ["client.read"], expiresOn: "2000-01-01" }),
    ).rejects.toMatchObject({ code: "api.expiry_past" });
  });

  it("answers 401 without a token or with an unknown one, as a problem", async () => {
    const none = await call(null, "GET", "/clients");
    expect(none.status).toBe(401);
    expect(none.headers.get("content-type")).toBe("application/problem+json");
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect((await json(none)).code).toBe("api.unauthenticated");
    const unknown = await call("bureau_nope", "GET", "/clients");
    expect(unknown.status).toBe(401);
    expect((await json(unknown)).code).toBe("api.token_invalid");
    expect((await call(null, "GET", "/nothing-here")).status).toBe(404);
    expect((await call(null, "PUT", "/clients")).status).toBe(405);
  });

  it("refuses an operation outside the token's scopes even when the role allows it", async () => {
    const { token } = await createApiToken(database.db, manager, { name: "Read only", scopes: ["client.read"] });
    expect((await call(token, "GET", "/clients")).status).toBe(200);
    const refused = await call(token, "POST", "/clients", { name: "Acme", currency: "EUR", paymentTermsDays: 30 });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({
      code: "api.scope_missing",
      detail: expect.stringContaining("client.edit"),
    });
  });

  it("never gives a token more than its person has now: a role change narrows it, deactivation stops it", async () => {
    const person = await person2();
    const { token } = await createApiToken(database.db, person, {
      name: "Mine",
      scopes: ["client.read", "client.edit"],
    });
    const body = { name: "Made by token", currency: "EUR", paymentTermsDays: 30 };
    const createdResponse = await call(token, "POST", "/clients", body);
    expect(createdResponse.status).toBe(201);
    const createdClient = await json(createdResponse);
    expect(createdClient).toMatchObject({ name: "Made by token", version: 1 });
    // The same mutation as the form: the audit event names the person.
    const [event] = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, "client"), eq(auditEvent.entityId, createdClient.id as string)));
    expect(event).toMatchObject({ actorId: person.id, action: "create" });

    const { updateUser } = await import("../../src/modules/users/user-mutations");
    await updateUser(database.db, admin, { id: person.id, version: 1, name: person.name, role: "staff" });
    const afterDemotion = await call(token, "POST", "/clients", { ...body, name: "Second" });
    expect(afterDemotion.status).toBe(403);
    expect((await json(afterDemotion)).detail).toContain("role");

    await setUserActive(database.db, admin, { id: person.id, version: 2, active: false });
    expect((await call(token, "GET", "/clients")).status).toBe(401);
  });

  it("refuses a revoked or expired token; only its owner or an administrator may revoke it", async () => {
    const made = await createApiToken(database.db, staff, { name: "Revoke me", scopes: ["client.read"] });
    expect((await call(made.token, "GET", "/clients")).status).toBe(200);
    await expect(revokeApiToken(database.db, manager, { id: made.id })).rejects.toThrow(NotFoundError);
    await revokeApiToken(database.db, staff, { id: made.id });
    const refused = await call(made.token, "GET", "/clients");
    expect(refused.status).toBe(401);
    expect((await json(refused)).code).toBe("api.token_invalid");

    const other = await createApiToken(database.db, staff, { name: "Admin revokes", scopes: ["client.read"] });
    await revokeApiToken(database.db, admin, { id: other.id });
    expect((await call(other.token, "GET", "/clients")).status).toBe(401);

    const expiring = await createApiToken(database.db, staff, {
      name: "Expires",
      scopes: ["client.read"],
      expiresOn: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    });
    expect((await call(expiring.token, "GET", "/clients")).status).toBe(200);
    const later = { now: new Date(Date.now() + 3 * 86_400_000) };
    expect((await call(expiring.token, "GET", "/clients", undefined, later)).status).toBe(401);
  });

  it("lists one's own tokens with their last use; everyone's only for administrators", async () => {
    const mine = await findApiTokens(database.db, staff);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((token) => token.ownerId === staff.id)).toBe(true);
    expect(mine.find((token) => token.name === "Revoke me")).toMatchObject({
      revokedAt: expect.any(Date),
      lastUsedAt: expect.any(Date),
    });
    await expect(findApiTokens(database.db, manager, { everyone: true })).rejects.toThrow(ForbiddenError);
    const all = await findApiTokens(database.db, admin, { everyone: true });
    expect(new Set(all.map((token) => token.ownerId))).toEqual(
      new Set([staff.id, manager.id, all.find((t) => t.name === "Mine")!.ownerId]),
    );
  });

  it("pages clients in a stable order, with a documented maximum page size", async () => {
    const { token } = await createApiToken(database.db, manager, {
      name: "Pages",
      scopes: ["client.read", "client.edit"],
    });
    // Equal names sort by id, so no row is lost or repeated between pages.
    for (let index = 0; index < 7; index += 1) {
      const response = await call(token, "POST", "/clients", {
        name: `Page client ${index % 3} ${index}`,
        currency: "EUR",
        paymentTermsDays: 30,
      });
      expect(response.status).toBe(201);
    }
    const seen: string[] = [];
    let page: number | null = 1;
    while (page) {
      const body = await json(await call(token, "GET", `/clients?q=Page%20client&pageSize=3&page=${page}`));
      expect(body.total).toBe(7);
      seen.push(...body.data!.map((row) => row.id));
      page = body.nextPage as number | null;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const again = await json(await call(token, "GET", "/clients?q=Page%20client&pageSize=7"));
    expect(again.data!.map((row) => row.id)).toEqual(seen);

    const tooBig = await call(token, "GET", "/clients?pageSize=201");
    expect(tooBig.status).toBe(400);
    expect(await json(tooBig)).toMatchObject({ code: "input.invalid", errors: { pageSize: expect.any(String) } });
  });

  it("answers the domain's refusals as problems with their codes and field errors", async () => {
    const { token } = await createApiToken(database.db, manager, {
      name: "Problems",
      scopes: ["client.edit", "client.read"],
    });
    const invalid = await call(token, "POST", "/clients", { name: "", currency: "EUR", paymentTermsDays: 30 });
    expect(invalid.status).toBe(400);
    expect(await json(invalid)).toMatchObject({ code: "input.invalid", errors: { name: expect.any(String) } });
    const taken = await call(token, "POST", "/clients", {
      name: "Page client 0 0",
      currency: "EUR",
      paymentTermsDays: 30,
    });
    expect(await json(taken)).toMatchObject({ status: 400, code: "client.name_taken" });
    const missing = await call(token, "GET", "/clients/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect((await json(missing)).code).toBe("client.not_found");
    const created = await json(
      await call(token, "POST", "/clients", { name: "Stale Co", currency: "EUR", paymentTermsDays: 30 }),
    );
    const stale = await call(token, "PATCH", `/clients/${created.id}`, {
      version: 7,
      name: "Stale Co 2",
      currency: "EUR",
      paymentTermsDays: 30,
    });
    expect(stale.status).toBe(409);
    expect((await json(stale)).code).toBe("client.stale");
    const notJson = await handleApiRequest(
      database.db,
      new Request("http://localhost:3000/api/v1/clients", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: "{not json",
      }),
    );
    expect((await json(notJson)).code).toBe("api.body_invalid");
  });

  it("limits each token's requests, shared through the database", async () => {
    const { token } = await createApiToken(database.db, staff, { name: "Limited", scopes: ["client.read"] });
    const rateLimit = { bucket: "api-token-test", limit: 3, windowMs: 60_000 };
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000); // one window for all five
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => call(token, "GET", "/clients", undefined, { rateLimit, now })),
    );
    expect(statuses.map((response) => response.status).sort()).toEqual([200, 200, 200, 429, 429]);
    const refused = statuses.find((response) => response.status === 429)!;
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await json(refused)).code).toBe("api.rate_limited");
  });

  it("runs the week's rules for a token as for the page: staff log and submit, never approve", async () => {
    const { token: managerToken } = await createApiToken(database.db, manager, {
      name: "Manager",
      scopes: ["client.edit", "client.read", "timesheet.read", "timesheet.decide", "timesheet.read_all"],
    });
    const client = await json(
      await call(managerToken, "POST", "/clients", { name: "Week Co", currency: "EUR", paymentTermsDays: 30 }),
    );
    const project = await json(
      await call(managerToken, "POST", "/projects", { clientId: client.id, name: "Build", billableByDefault: true }),
    );
    expect(project.id).toEqual(expect.any(String));
    const { token: staffToken } = await createApiToken(database.db, staff, {
      name: "Staff",
      scopes: ["timesheet.read", "timesheet.edit"],
    });
    const created = await call(staffToken, "POST", "/timesheets", {
      userId: staff.id,
      weekStart: "2026-03-02",
      grid: {
        rows: [{ projectId: project.id, description: "", billable: true, cells: ["8", "8", "", "", "", "", ""] }],
      },
      submit: true,
    });
    expect(created.status).toBe(201);
    const week = await json(created);
    const mine = await json(await call(staffToken, "GET", "/timesheets"));
    expect(mine.data!.map((row) => row.id)).toContain(week.id);
    const selfApprove = await call(staffToken, "POST", `/timesheets/${week.id}/approve`, { version: week.version });
    expect(selfApprove.status).toBe(403);
    expect((await json(selfApprove)).code).toBe("api.scope_missing");
    const approved = await call(managerToken, "POST", `/timesheets/${week.id}/approve`, { version: week.version });
    expect(approved.status).toBe(200);
    expect(await json(approved)).toMatchObject({ status: "approved" });
  });
});

async function person2(): Promise<Actor> {
  return person("manager", `demoted-${Math.random().toString(36).slice(2, 8)}@example.com`);
}
