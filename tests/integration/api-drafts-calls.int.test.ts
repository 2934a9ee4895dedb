// /api/v1's draft edits (PATCH /invoices/{id}), the client's unbilled time as draft lines, and the
// calls' life (schedule, change, complete, miss, retry, reschedule, cancel) through the handler on a
// real database: the same mutations as the pages, their version checks, rule codes and audit events.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, call as callTable, invoice, invoiceLine, timeEntry } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createApiToken } from "../../src/modules/api/api-tokens";
import { apiCall, apiPerson } from "../support/api-fixtures";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { insertApprovedTime, insertClient, insertProject } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let manager: Actor;
let staff: Actor;
let clientId: string;
let managerToken: string;
let staffToken: string;

type Json = Record<string, unknown> & { code?: string; errors?: Record<string, string> };
const json = async (response: Response) => (await response.json()) as Json;
const send = (token: string, method: string, path: string, body?: unknown) =>
  apiCall(database.db, token, method, path, body);

const draftBody = (overrides: Record<string, unknown> = {}) => ({
  clientId,
  currency: "EUR",
  issueDate: "2026-03-31",
  dueDate: "2026-04-30",
  lines: [{ description: "Workshop", quantity: "2", unit: "day", unitPrice: "800", taxRateBp: 2000 }],
  ...overrides,
});

async function auditActions(entity: string, entityId: string) {
  const rows = await database.db
    .select({ action: auditEvent.action, actorId: auditEvent.actorId })
    .from(auditEvent)
    .where(and(eq(auditEvent.entity, entity), eq(auditEvent.entityId, entityId)));
  return rows;
}

beforeAll(async () => {
  const setUp = await setUpDatabase();
  database = setUp.database;
  manager = await apiPerson(database.db, setUp.admin, "manager", "drafts-manager@example.com", "Mo Manager");
  staff = await apiPerson(database.db, setUp.admin, "staff", "drafts-staff@example.com", "Sol Staff");
  clientId = (await insertClient(database.db, { name: "Drafts Co" })).id;
  managerToken = (
    await createApiToken(database.db, manager, {
      name: "Billing",
      scopes: ["invoice.read", "invoice.edit", "invoice.issue", "call.read", "call.edit", "call.edit_all"],
    })
  ).token;
  staffToken = (await createApiToken(database.db, staff, { name: "Calls", scopes: ["call.read", "call.edit"] })).token;
});
afterAll(() => tearDownDatabase(database));

describe(`drafts and calls through the API on ${process.env.TEST_DB}`, () => {
  it("changes a draft's lines, dates and references with the version read, audited as the form's save", async () => {
    const created = await json(await send(managerToken, "POST", "/invoices", draftBody()));
    expect(created).toMatchObject({ status: "draft", version: 1, total: 192_000 });

    const changed = await send(
      managerToken,
      "PATCH",
      `/invoices/${created.id}`,
      draftBody({
        version: 1,
        dueDate: "2026-05-15",
        buyerReference: " PO-77 ",
        purchaseOrderReference: "4500012345",
        notes: "Thank you.",
        lines: [
          { description: "Workshop", quantity: "3", unit: "day", unitPrice: "800", taxRateBp: 2000 },
          { description: "Travel", quantity: "1", unit: "item", unitPrice: "120.50", discount: "10", taxRateBp: 1000 },
        ],
      }),
    );
    expect(changed.status).toBe(200);
    expect(await json(changed)).toMatchObject({ id: created.id, version: 2, netTotal: 250_845, total: 299_930 });
    const read = await json(await send(managerToken, "GET", `/invoices/${created.id}`));
    expect(read).toMatchObject({ dueDate: "2026-05-15", buyerReference: "PO-77", notes: "Thank you.", version: 2 });
    expect((read.lines as { description: string }[]).map((line) => line.description)).toEqual(["Workshop", "Travel"]);
    expect(await auditActions("invoice", created.id as string)).toEqual(
      expect.arrayContaining([{ action: "update", actorId: manager.id }]),
    );
  });

  it("refuses a stale version with 409 invoice.stale and changes nothing", async () => {
    const created = await json(await send(managerToken, "POST", "/invoices", draftBody()));
    const first = await send(managerToken, "PATCH", `/invoices/${created.id}`, draftBody({ version: 1, notes: "A" }));
    expect(first.status).toBe(200);
    const [before] = await database.db
      .select()
      .from(invoice)
      .where(eq(invoice.id, created.id as string));
    const stale = await send(
      managerToken,
      "PATCH",
      `/invoices/${created.id}`,
      draftBody({ version: 1, notes: "B", lines: [] }),
    );
    expect(stale.status).toBe(409);
    expect(stale.headers.get("content-type")).toBe("application/problem+json");
    expect(await json(stale)).toMatchObject({ code: "invoice.stale", status: 409 });
    const [after] = await database.db
      .select()
      .from(invoice)
      .where(eq(invoice.id, created.id as string));
    expect(after).toEqual(before);
    const lines = await database.db
      .select()
      .from(invoiceLine)
      .where(eq(invoiceLine.invoiceId, created.id as string));
    expect(lines).toHaveLength(1);
  });

  it("refuses to change an issued invoice with its rule code, and bad fields with a message per field", async () => {
    const created = await json(await send(managerToken, "POST", "/invoices", draftBody()));
    const invalid = await send(
      managerToken,
      "PATCH",
      `/invoices/${created.id}`,
      draftBody({ version: 1, dueDate: "2026-01-01", lines: [{ description: "", quantity: "x", unit: "day" }] }),
    );
    expect(invalid.status).toBe(400);
    expect(await json(invalid)).toMatchObject({
      code: "input.invalid",
      errors: expect.objectContaining({
        "lines.0.description": expect.any(String),
        "lines.0.quantity": expect.any(String),
      }),
    });
    const issued = await json(await send(managerToken, "POST", `/invoices/${created.id}/issue`, { version: 1 }));
    expect(issued).toMatchObject({ status: "issued" });
    const refused = await send(
      managerToken,
      "PATCH",
      `/invoices/${created.id}`,
      draftBody({ version: issued.version, notes: "Too late" }),
    );
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ code: "invoice.issued_read_only" });
    expect((await send(managerToken, "PATCH", "/invoices/not-an-id", draftBody({ version: 1 }))).status).toBe(404);
    const unknown = await send(
      managerToken,
      "PATCH",
      "/invoices/0190a0b0-0000-7000-8000-000000000001",
      draftBody({ version: 1 }),
    );
    expect(await json(unknown)).toMatchObject({ status: 404, code: "invoice.not_found" });
  });

  it("offers a client's approved time as lines that a draft bills, once", async () => {
    const billed = await insertClient(database.db, { name: "Time Co" });
    const billedProject = await insertProject(database.db, billed.id, { name: "Retainer" });
    await insertApprovedTime(database.db, { userId: staff.id, projectId: billedProject.id, minutes: [480, 450] });
    const refused = await apiCall(
      database.db,
      (await createApiToken(database.db, staff, { name: "No", scopes: ["client.read"] })).token,
      "GET",
      `/clients/${billed.id}/unbilled-time`,
    );
    expect(refused.status).toBe(403);

    const unbilled = await json(await send(managerToken, "GET", `/clients/${billed.id}/unbilled-time`));
    expect(unbilled.entries).toHaveLength(2);
    const lines = unbilled.lines as Record<string, unknown>[];
    expect(lines).toEqual([
      expect.objectContaining({ quantity: "15.5", unit: "hour", unitPrice: "90.00", taxRateBp: 2000 }),
    ]);
    const draft = await send(managerToken, "POST", "/invoices", draftBody({ clientId: billed.id, lines }));
    expect(draft.status).toBe(201);
    const linked = await database.db.select().from(timeEntry).where(eq(timeEntry.projectId, billedProject.id));
    expect(linked.every((entry) => entry.invoiceLineId !== null)).toBe(true);
    expect((await json(await send(managerToken, "GET", `/clients/${billed.id}/unbilled-time`))).lines).toEqual([]);
    const byEntry = await send(managerToken, "GET", `/clients/${billed.id}/unbilled-time?grouping=month`);
    expect(byEntry.status).toBe(400);
  });

  it("schedules a call, changes it, and completes it with a follow-up, audited, with version checks", async () => {
    const scheduled = await send(staffToken, "POST", "/calls/schedule", {
      direction: "outbound",
      contactName: "Ada Client",
      phone: "+33 1 23 45 67 89",
      clientId,
      subject: "Renewal",
      scheduledAt: "2026-03-02T10:30",
    });
    expect(scheduled.status).toBe(201);
    const planned = await json(scheduled);
    expect(planned).toMatchObject({ status: "scheduled", version: 1, phone: "+33123456789", createdById: staff.id });

    const moved = await send(staffToken, "POST", `/calls/${planned.id}/schedule`, {
      version: 1,
      scheduledAt: "2026-03-03T09:00",
    });
    expect(await json(moved)).toMatchObject({ status: "scheduled", version: 2 });
    const edited = await send(staffToken, "PATCH", `/calls/${planned.id}`, {
      version: 2,
      direction: "outbound",
      contactName: "Ada Client",
      subject: "Renewal of the contract",
      scheduledAt: "2026-03-03T09:00",
    });
    expect(await json(edited)).toMatchObject({ subject: "Renewal of the contract", version: 3 });
    const stale = await send(staffToken, "POST", `/calls/${planned.id}/complete`, { version: 2, duration: "15" });
    expect(stale.status).toBe(409);
    expect((await json(stale)).code).toBe("call.stale");

    const completed = await send(staffToken, "POST", `/calls/${planned.id}/complete`, {
      version: 3,
      startedAt: "2026-03-03T09:05",
      duration: "12:30",
      notes: "Agreed.",
      followUpAt: "2026-03-10T09:00",
    });
    expect(completed.status).toBe(200);
    const outcome = await json(completed);
    expect(outcome).toMatchObject({
      call: { status: "completed", durationSeconds: 750, notes: "Agreed." },
      followUp: { status: "scheduled", subject: "Follow-up: Renewal of the contract" },
    });
    expect((await auditActions("call", planned.id as string)).map((row) => row.action).sort()).toEqual([
      "complete",
      "reschedule",
      "schedule",
      "update",
    ]);
    const again = await send(staffToken, "POST", `/calls/${planned.id}/cancel`, {
      version: (outcome.call as { version: number }).version,
    });
    expect(again.status).toBe(400);
    expect((await json(again)).code).toMatch(/^call\./);
  });

  it("marks a call missed, retries it, cancels it; staff change only their own calls", async () => {
    const planned = await json(
      await send(managerToken, "POST", "/calls/schedule", {
        direction: "inbound",
        contactName: "Bo Caller",
        subject: "Question",
        scheduledAt: "2026-03-04T14:00",
      }),
    );
    const notMine = await send(staffToken, "POST", `/calls/${planned.id}/miss`, { version: 1, outcome: "busy" });
    expect(notMine.status).toBe(403);
    expect((await json(notMine)).code).toBe("call.not_own_call");
    const badOutcome = await send(managerToken, "POST", `/calls/${planned.id}/miss`, { version: 1, outcome: "asleep" });
    expect(await json(badOutcome)).toMatchObject({ status: 400, errors: { outcome: expect.any(String) } });

    const missed = await json(
      await send(managerToken, "POST", `/calls/${planned.id}/miss`, { version: 1, outcome: "voicemail" }),
    );
    expect(missed).toMatchObject({ status: "missed", outcome: "voicemail", version: 2 });
    const retried = await json(
      await send(managerToken, "POST", `/calls/${planned.id}/retry`, { version: 2, scheduledAt: "2026-03-05T14:00" }),
    );
    expect(retried).toMatchObject({ status: "scheduled", outcome: null, version: 3 });
    const cancelled = await json(await send(managerToken, "POST", `/calls/${planned.id}/cancel`, { version: 3 }));
    expect(cancelled).toMatchObject({ status: "cancelled", version: 4 });
    const [stored] = await database.db
      .select()
      .from(callTable)
      .where(eq(callTable.id, planned.id as string));
    expect(stored!.status).toBe("cancelled");
    expect((await send(staffToken, "GET", "/calls/not-a-call")).status).toBe(404);
  });
});
