// The example of docs/api.md, run exactly as written (the bash between its example markers, with
// curl and jq) against a real HTTP server on a fresh database: a client, a week logged by staff and
// approved by a manager, the invoice of its time, issued and downloaded. If the documented API
// changes, this fails until the document does too.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, invoice, timeEntry } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createApiToken } from "../../src/modules/api/api-tokens";
import { isPermission, type Permission } from "../../src/modules/users/permissions";
import { apiPerson, serveApi } from "../support/api-fixtures";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

const run = promisify(execFile);
const document = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/api.md"), "utf8");

/** The bash of the example, between its markers. */
function exampleScript(): string {
  const match = /<!-- example:start -->\s*```bash\n([\s\S]*?)```\s*<!-- example:end -->/.exec(document);
  if (!match) throw new Error("docs/api.md has no example between <!-- example:start --> and <!-- example:end -->");
  return match[1]!;
}

/** The scopes the document gives each token ("A staff member's token (`…`)", "a manager's token (`…`)"). */
function documentedScopes(who: "staff member" | "manager"): Permission[] {
  const match = new RegExp(`${who}'s token\\s*\\(\`([^\`]+)\`\\)`).exec(document.replace(/\n/g, " "));
  if (!match) throw new Error(`docs/api.md does not name the ${who}'s scopes`);
  const scopes = match[1]!.split(/\s+/);
  for (const scope of scopes) expect(isPermission(scope), scope).toBe(true);
  return scopes as Permission[];
}

let database: TestDatabase;
let manager: Actor;
let staff: Actor;
let server: Awaited<ReturnType<typeof serveApi>>;
let folder: string;

beforeAll(async () => {
  const setUp = await setUpDatabase();
  database = setUp.database;
  manager = await apiPerson(database.db, setUp.admin, "manager", "example-manager@example.com", "Mona Manager");
  staff = await apiPerson(database.db, setUp.admin, "staff", "example-staff@example.com", "Stan Staff");
  server = await serveApi(database.db);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "bureau-api-example-"));
});
afterAll(async () => {
  await server?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
  await tearDownDatabase(database);
});

describe(`the example of docs/api.md on ${process.env.TEST_DB}`, () => {
  it("creates a client, logs and approves a week, invoices it, issues and downloads the invoice", async () => {
    const managerToken = await createApiToken(database.db, manager, {
      name: "Example",
      scopes: documentedScopes("manager"),
    });
    const staffToken = await createApiToken(database.db, staff, {
      name: "Example",
      scopes: documentedScopes("staff member"),
    });
    const scriptFile = path.join(folder, "example.sh");
    fs.writeFileSync(scriptFile, exampleScript());
    const { stdout } = await run("bash", [scriptFile], {
      cwd: folder,
      timeout: 60_000,
      env: {
        NODE_ENV: "test",
        PATH: process.env.PATH,
        API: server.url,
        MANAGER_TOKEN: managerToken.token,
        STAFF_TOKEN: staffToken.token,
        STAFF_ID: staff.id,
      },
    });

    // 23.5 hours at 90.00, 20 % VAT: 2,115.00 + 423.00.
    const [issued] = await database.db.select().from(invoice).where(eq(invoice.status, "issued"));
    expect(issued).toMatchObject({ netTotal: 211_500, taxTotal: 42_300, total: 253_800, createdById: manager.id });
    expect(stdout.trim()).toBe(`Invoice ${issued!.number}: 253800 cents, saved as invoice-${issued!.number}.pdf`);
    const pdf = fs.readFileSync(path.join(folder, `invoice-${issued!.number}.pdf`));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(1000);
    // The week's three entries are billed by the invoice's line, and each step was audited as the UI's.
    const entries = await database.db.select().from(timeEntry);
    expect(entries.map((entry) => entry.minutes).sort()).toEqual([450, 480, 480]);
    expect(entries.every((entry) => entry.invoiceLineId !== null && entry.hourlyRate === 9000)).toBe(true);
    const actions = await database.db
      .select({ entity: auditEvent.entity, action: auditEvent.action, actorId: auditEvent.actorId })
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, "invoice"), eq(auditEvent.entityId, issued!.id)));
    expect(actions.map((row) => row.action).sort()).toEqual(["create", "issue"]);
  }, 90_000);
});
