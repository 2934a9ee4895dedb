// The API in the authorisation matrix: every operation of /api/v1 × no token, and each role's token
// (with every scope of the role), a token lacking the operation's scope, and the token of a person
// demoted since it was made. The expected cells are written here from the specification's role
// table (docs/api.md: a token never has more rights than its person now), not computed from the
// permission map the handler reads, and a test fails when an operation has no row.
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { API_OPERATIONS } from "../../src/modules/api/api-operations";
import { createApiToken } from "../../src/modules/api/api-tokens";
import { createDraftInvoice } from "../../src/modules/invoices/invoice-mutations";
import { scheduleCall } from "../../src/modules/calls/call-mutations";
import { createTimeEntry } from "../../src/modules/timesheets/timesheet-mutations";
import { type Permission, PERMISSIONS } from "../../src/modules/users/permissions";
import { updateUser } from "../../src/modules/users/user-mutations";
import { apiCall, apiPerson } from "../support/api-fixtures";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, insertProject } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

type Role = "admin" | "manager" | "staff";
type Cell = "allowed" | "refused";
const EVERYONE: Record<Role, Cell> = { admin: "allowed", manager: "allowed", staff: "allowed" };
const MANAGERS: Record<Role, Cell> = { admin: "allowed", manager: "allowed", staff: "refused" };

/** "<METHOD> <path>" → who may call it (section 1 of the specification). */
const MATRIX: Record<string, Record<Role, Cell>> = {
  "GET /clients": EVERYONE,
  "POST /clients": MANAGERS,
  "GET /clients/{id}": EVERYONE,
  "PATCH /clients/{id}": MANAGERS,
  "GET /clients/{id}/projects": EVERYONE,
  "GET /clients/{id}/unbilled-time": MANAGERS,
  "POST /projects": MANAGERS,
  "GET /timesheets": EVERYONE,
  "POST /timesheets": EVERYONE,
  "GET /timesheets/{id}": EVERYONE,
  "POST /timesheets/{id}/entries": EVERYONE,
  "POST /timesheets/{id}/submit": EVERYONE,
  "POST /timesheets/{id}/approve": MANAGERS,
  "POST /timesheets/{id}/reject": MANAGERS,
  "GET /time-entries": EVERYONE,
  "POST /time-entries": EVERYONE,
  "GET /time-entries/{id}": EVERYONE,
  "PATCH /time-entries/{id}": EVERYONE,
  "DELETE /time-entries/{id}": EVERYONE,
  "GET /calls": EVERYONE,
  "POST /calls": EVERYONE,
  "POST /calls/schedule": EVERYONE,
  "GET /calls/{id}": EVERYONE,
  "PATCH /calls/{id}": EVERYONE,
  "POST /calls/{id}/complete": EVERYONE,
  "POST /calls/{id}/miss": EVERYONE,
  "POST /calls/{id}/schedule": EVERYONE,
  "POST /calls/{id}/retry": EVERYONE,
  "POST /calls/{id}/cancel": EVERYONE,
  "GET /invoices": MANAGERS,
  "POST /invoices": MANAGERS,
  "GET /invoices/{id}": MANAGERS,
  "PATCH /invoices/{id}": MANAGERS,
  "POST /invoices/{id}/issue": MANAGERS,
  "POST /invoices/{id}/payments": MANAGERS,
  "POST /invoices/{id}/credit-notes": MANAGERS,
  "GET /invoices/{id}/pdf": MANAGERS,
};

const keyOf = (operation: { method: string; path: string }) => `${operation.method.toUpperCase()} ${operation.path}`;
const scopesOf = (role: Role) =>
  (Object.keys(PERMISSIONS) as Permission[]).filter((permission) =>
    (PERMISSIONS[permission] as readonly string[]).includes(role),
  );

let database: TestDatabase;
const people = {} as Record<Role, Actor>;
const tokens = {} as Record<Role, string>;
/** Per role, a token with every scope of the role but the operation's. */
const withoutScope = {} as Record<Role, Record<string, string>>;
let demotedToken: string;
/** The record each path's {id} names, per resource: real ids, so an allowed read answers 200. */
const ids: Record<string, string> = {};

function concretePath(path: string): string {
  const resource = path.split("/")[1]!;
  return path.replace("{id}", ids[resource] ?? "0190a0b0-0000-7000-8000-000000000001");
}

beforeAll(async () => {
  const setUp = await setUpDatabase();
  database = setUp.database;
  people.admin = setUp.admin;
  people.manager = await apiPerson(database.db, setUp.admin, "manager", "authz-manager@example.com", "Ma Manager");
  people.staff = await apiPerson(database.db, setUp.admin, "staff", "authz-staff@example.com", "St Staff");
  for (const role of ["admin", "manager", "staff"] as const) {
    tokens[role] = (await createApiToken(database.db, people[role], { name: "All", scopes: scopesOf(role) })).token;
    withoutScope[role] = {};
    for (const operation of API_OPERATIONS) {
      if (!scopesOf(role).includes(operation.scope) || withoutScope[role][operation.scope]) continue;
      const scopes = scopesOf(role).filter((scope) => scope !== operation.scope);
      withoutScope[role][operation.scope] = (
        await createApiToken(database.db, people[role], { name: `No ${operation.scope}`, scopes })
      ).token;
    }
  }
  // A manager's token holding every manager scope, then its person made staff.
  const demoted = await apiPerson(database.db, setUp.admin, "manager", "authz-demoted@example.com", "De Moted");
  demotedToken = (await createApiToken(database.db, demoted, { name: "Before", scopes: scopesOf("manager") })).token;
  await updateUser(database.db, setUp.admin, { id: demoted.id, version: 1, name: demoted.name, role: "staff" });

  // The staff person's own records (everyone may read them); a draft invoice of a client.
  const firm = await insertClient(database.db, { name: "Authz Co" });
  const project = await insertProject(database.db, firm.id, { name: "Authz project" });
  ids.clients = firm.id;
  const entry = await createTimeEntry(database.db, people.staff, {
    date: "2026-03-03",
    projectId: project.id,
    minutes: 60,
  });
  ids["time-entries"] = entry.id;
  ids.timesheets = entry.timesheetId;
  ids.calls = (
    await scheduleCall(database.db, people.staff, {
      direction: "outbound",
      contactName: "Authz Contact",
      subject: "Authz",
      scheduledAt: "2026-03-03T10:00",
    })
  ).id;
  ids.invoices = (await createDraftInvoice(database.db, people.manager, draftInput(firm.id))).id;
});
afterAll(() => tearDownDatabase(database));

async function auditCount() {
  const [row] = await database.db.select({ value: count() }).from(auditEvent);
  return row!.value;
}

describe(`the API's authorisation matrix on ${process.env.TEST_DB}`, () => {
  it("has a row for every operation, and none for an operation that is gone", () => {
    expect(Object.keys(MATRIX).sort()).toEqual(API_OPERATIONS.map(keyOf).sort());
  });

  for (const operation of API_OPERATIONS) {
    const key = keyOf(operation);
    it(`${key}: no token 401; each role as the matrix says; a missing scope or a lost role 403; nothing written`, async () => {
      // A delete names no record (an allowed one answers 404): the probe must not delete the fixtures.
      const path =
        operation.method === "delete"
          ? operation.path.replace("{id}", "0190a0b0-0000-7000-8000-000000000001")
          : concretePath(operation.path);
      // A body the domain refuses when the gate lets it through: the status then tells which happened.
      const body = operation.body ? {} : undefined;
      const send = (token: string | null) => apiCall(database.db, token, operation.method, path, body);
      const expectRefused = async (response: Response, detail: RegExp, cell: string) => {
        expect(response.status, cell).toBe(403);
        expect(response.headers.get("content-type"), cell).toBe("application/problem+json");
        const problem = (await response.json()) as { code: string; detail: string };
        expect(problem.code, cell).toBe("api.scope_missing");
        expect(problem.detail, cell).toMatch(detail);
      };

      const before = await auditCount();
      const anonymous = await send(null);
      expect(anonymous.status, `${key} without a token`).toBe(401);
      expect(((await anonymous.json()) as { code: string }).code).toBe("api.unauthenticated");

      for (const role of ["admin", "manager", "staff"] as const) {
        const cell = `${key} as ${role}`;
        const expected = MATRIX[key]?.[role];
        const response = await send(tokens[role]);
        if (expected === "refused") {
          await expectRefused(response, /lacks the scope/, cell);
          continue;
        }
        // Allowed: past the gate. A read of a record the role may see answers it; a write with an
        // empty body is refused by the domain's own checks (400), never by the scope.
        const answer = response.headers.get("content-type")?.includes("json")
          ? ((await response.json()) as { code?: string })
          : {};
        expect(answer.code ?? "", cell).not.toMatch(/^api\.(scope_missing|token_invalid|unauthenticated)$/);
        if (operation.method === "get") expect(response.status, `${cell}: ${JSON.stringify(answer)}`).toBe(200);
        else if (operation.method === "delete") expect(response.status, cell).toBe(404);
        else expect([400, 409], `${cell}: ${JSON.stringify(answer)}`).toContain(response.status);
        await expectRefused(
          await send(withoutScope[role][operation.scope]!),
          /lacks the scope/,
          `${cell}, scope left out`,
        );
      }
      if (MATRIX[key]?.manager === "allowed" && MATRIX[key]?.staff === "refused")
        await expectRefused(await send(demotedToken), /role does not allow/, `${key} after a demotion`);
      // Only allowed writes with an empty body ran, and the domain refused them: nothing was audited.
      expect(await auditCount(), key).toBe(before);
    });
  }
});
