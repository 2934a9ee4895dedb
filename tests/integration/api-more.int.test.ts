// /api/v1's time entries one by one, calls and credit notes (decision 055), through the handler on
// a real database: the week's rules and refusal codes, members-only projects, scopes and roles,
// pagination, and the idempotency key of the credit note.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, invoice } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createApiToken } from "../../src/modules/api/api-tokens";
import { createDraftInvoice, issueInvoice } from "../../src/modules/invoices/invoice-mutations";
import { apiCall, type ApiCallOptions, apiPerson } from "../support/api-fixtures";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, insertProject } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let manager: Actor;
let staff: Actor;
let other: Actor;
let clientId: string;
let projectId: string;
let membersOnlyId: string;
let managerToken: string;
let staffToken: string;
let staffReadOnly: string;

const call = (token: string | null, method: string, path: string, body?: unknown, options: ApiCallOptions = {}) =>
  apiCall(database.db, token, method, path, body, options);

type Json = Record<string, unknown> & { code?: string; data?: Record<string, unknown>[]; total?: number };
const json = async (response: Response) => (await response.json()) as Json;

const entry = (overrides: Record<string, unknown> = {}) => ({
  date: "2026-03-03",
  projectId,
  minutes: 90,
  description: "Design review",
  billable: true,
  ...overrides,
});

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  manager = await apiPerson(database.db, admin, "manager", "entries-manager@example.com", "Mia Manager");
  staff = await apiPerson(database.db, admin, "staff", "entries-staff@example.com", "Sam Staff");
  other = await apiPerson(database.db, admin, "staff", "entries-other@example.com", "Olga Other");
  const firm = await insertClient(database.db, { name: "Entries Co", currency: "EUR" });
  clientId = firm.id;
  projectId = (await insertProject(database.db, clientId, { name: "Open project" })).id;
  membersOnlyId = (await insertProject(database.db, clientId, { name: "Members only", membersOnly: true })).id;
  managerToken = (
    await createApiToken(database.db, manager, {
      name: "Manager",
      scopes: [
        "timesheet.read",
        "timesheet.edit",
        "timesheet.read_all",
        "timesheet.decide",
        "timesheet.create_for_others",
        "invoice.read",
        "invoice.credit",
        "call.read",
        "call.edit",
      ],
    })
  ).token;
  staffToken = (
    await createApiToken(database.db, staff, {
      name: "Staff",
      scopes: ["timesheet.read", "timesheet.edit", "call.read"],
    })
  ).token;
  staffReadOnly = (await createApiToken(database.db, staff, { name: "Read", scopes: ["timesheet.read"] })).token;
});
afterAll(() => tearDownDatabase(database));

describe(`time entries, calls and credit notes through the API on ${process.env.TEST_DB}`, () => {
  it("logs, changes and deletes one entry through the week's rules, audited", async () => {
    const created = await call(staffToken, "POST", "/time-entries", entry());
    expect(created.status).toBe(201);
    const row = await json(created);
    expect(row).toMatchObject({ userId: staff.id, minutes: 90, projectName: "Open project", weekStatus: "draft" });
    expect(row).not.toHaveProperty("hourlyRate"); // staff do not see billing figures

    const changed = await call(
      staffToken,
      "PATCH",
      `/time-entries/${row.id}`,
      entry({ minutes: 120, date: "2026-03-04" }),
    );
    expect(changed.status).toBe(200);
    expect(await json(changed)).toMatchObject({ id: row.id, minutes: 120, date: "2026-03-04" });

    const outside = await call(staffToken, "PATCH", `/time-entries/${row.id}`, entry({ date: "2026-03-10" }));
    expect(outside.status).toBe(400);
    expect(await json(outside)).toMatchObject({
      code: "timesheet.entry_date_outside_week",
      errors: { date: expect.any(String) },
    });
    const tooLong = await call(staffToken, "PATCH", `/time-entries/${row.id}`, entry({ minutes: 1441 }));
    expect((await json(tooLong)).code).toBe("timesheet.day_over_24_hours");

    const deleted = await call(staffToken, "DELETE", `/time-entries/${row.id}`);
    expect(deleted.status).toBe(200);
    expect((await call(staffToken, "GET", `/time-entries/${row.id}`)).status).toBe(404);
    const events = await database.db
      .select({ action: auditEvent.action })
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, "timesheet"), eq(auditEvent.entityId, row.timesheetId as string)));
    expect(events.map((event) => event.action).sort()).toEqual(["add_entry", "create", "delete_entry", "update_entry"]);
  });

  it("refuses an entry in a submitted or approved week with the rule's code, and changes there", async () => {
    const first = await json(await call(staffToken, "POST", "/time-entries", entry({ date: "2026-04-06" })));
    const week = await json(await call(staffToken, "GET", `/timesheets/${first.timesheetId}`));
    const version = (week.timesheet as { version: number } | undefined)?.version ?? (week.version as number);
    const submitted = await call(staffToken, "POST", `/timesheets/${first.timesheetId}/submit`, { version });
    expect(submitted.status).toBe(200);
    const whileSubmitted = await call(staffToken, "POST", "/time-entries", entry({ date: "2026-04-07" }));
    expect(whileSubmitted.status).toBe(400);
    expect((await json(whileSubmitted)).code).toBe("timesheet.week_submitted");
    const approved = await call(managerToken, "POST", `/timesheets/${first.timesheetId}/approve`, {
      version: (await json(submitted)).version,
    });
    expect(approved.status).toBe(200);

    const added = await call(staffToken, "POST", "/time-entries", entry({ date: "2026-04-08" }));
    expect(added.status).toBe(400);
    expect((await json(added)).code).toBe("timesheet.week_approved");
    const changed = await call(
      staffToken,
      "PATCH",
      `/time-entries/${first.id}`,
      entry({ date: "2026-04-06", minutes: 5 }),
    );
    expect(changed.status).toBe(400);
    expect((await json(changed)).code).toBe("timesheet.approved_read_only");
    const deleted = await call(staffToken, "DELETE", `/time-entries/${first.id}`);
    expect((await json(deleted)).code).toBe("timesheet.approved_read_only");
    expect(await json(await call(staffToken, "GET", `/time-entries/${first.id}`))).toMatchObject({ minutes: 90 });
  });

  it("keeps members-only projects to their members, and staff to their own entries", async () => {
    const refused = await call(
      staffToken,
      "POST",
      "/time-entries",
      entry({ projectId: membersOnlyId, date: "2026-05-04" }),
    );
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({
      code: "timesheet.project_not_assigned",
      errors: { projectId: expect.any(String) },
    });

    const forOther = await call(staffToken, "POST", "/time-entries", entry({ userId: other.id, date: "2026-05-04" }));
    expect(forOther.status).toBe(403);
    const managerLogs = await call(
      managerToken,
      "POST",
      "/time-entries",
      entry({ userId: other.id, date: "2026-05-05" }),
    );
    expect(managerLogs.status).toBe(201);
    const othersEntry = await json(managerLogs);
    expect(othersEntry).not.toHaveProperty("hourlyRate"); // the token lacks billing.read
    // Another person's entry does not exist for staff; only its owner changes it (the grid's rule).
    expect((await call(staffToken, "GET", `/time-entries/${othersEntry.id}`)).status).toBe(404);
    expect((await call(staffToken, "DELETE", `/time-entries/${othersEntry.id}`)).status).toBe(404);
    const managerChanges = await call(managerToken, "DELETE", `/time-entries/${othersEntry.id}`);
    expect(managerChanges.status).toBe(403);
    expect((await json(managerChanges)).code).toBe("timesheet.not_owner");

    const someoneElses = await call(staffToken, "GET", `/time-entries?person=${other.id}`);
    expect(someoneElses.status).toBe(403);
    const mine = await json(await call(staffToken, "GET", "/time-entries"));
    expect(mine.data!.every((row) => row.userId === staff.id)).toBe(true);
    const theirs = await json(await call(managerToken, "GET", `/time-entries?person=${other.id}`));
    expect(theirs.data!.map((row) => row.id)).toEqual([othersEntry.id]);
  });

  it("needs timesheet.edit to write, pages and filters the list in a stable order", async () => {
    const readOnly = await call(staffReadOnly, "POST", "/time-entries", entry({ date: "2026-06-01" }));
    expect(readOnly.status).toBe(403);
    expect((await json(readOnly)).code).toBe("api.scope_missing");
    for (const day of ["2026-06-01", "2026-06-02", "2026-06-03", "2026-06-04", "2026-06-05"])
      expect((await call(staffToken, "POST", "/time-entries", entry({ date: day, minutes: 60 }))).status).toBe(201);
    const range = "from=2026-06-01&to=2026-06-04";
    const first = await json(await call(staffReadOnly, "GET", `/time-entries?${range}&pageSize=3`));
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3, nextPage: 2 });
    expect(first.data!.map((row) => row.date)).toEqual(["2026-06-04", "2026-06-03", "2026-06-02"]);
    const second = await json(await call(staffReadOnly, "GET", `/time-entries?${range}&pageSize=3&page=2`));
    expect(second).toMatchObject({ total: 4, nextPage: null });
    expect(second.data!.map((row) => row.date)).toEqual(["2026-06-01"]);
    const byProject = await json(await call(staffReadOnly, "GET", `/time-entries?project=${membersOnlyId}`));
    expect(byProject.total).toBe(0);
    const tooBig = await call(staffReadOnly, "GET", "/time-entries?pageSize=201");
    expect(tooBig.status).toBe(400);
    expect((await json(tooBig)).code).toBe("input.invalid");
  });

  it("lists, gets and logs calls with call.read and call.edit", async () => {
    const logged = await call(managerToken, "POST", "/calls", {
      direction: "inbound",
      contactName: "Jane Roe",
      phone: "+33123456789",
      email: "",
      clientId,
      projectId: "",
      billable: false,
      assignedUserId: "",
      subject: "Question about the quote",
      notes: "",
      startedAt: "2026-03-02T10:00",
      duration: "12:30",
    });
    expect(logged.status).toBe(201);
    const made = (await json(logged)) as { call: { id: string } };
    const list = await json(await call(staffToken, "GET", "/calls?view=history&pageSize=1"));
    expect(list).toMatchObject({ page: 1, pageSize: 1, total: 1 });
    expect(list.data![0]).toMatchObject({ id: made.call.id, contactName: "Jane Roe" });
    expect(await json(await call(staffToken, "GET", `/calls/${made.call.id}`))).toMatchObject({ id: made.call.id });
    const missing = await call(staffToken, "GET", "/calls/00000000-0000-4000-8000-000000000000");
    expect((await json(missing)).code).toBe("call.not_found");
    const noScope = await call(staffToken, "POST", "/calls", {});
    expect((await json(noScope)).code).toBe("api.scope_missing");
  });

  it("credits an issued invoice once per idempotency key; staff never", async () => {
    const draft = await createDraftInvoice(database.db, manager, draftInput(clientId));
    const issued = await issueInvoice(database.db, manager, { id: draft.id, version: draft.version });
    const onDraft = await createDraftInvoice(database.db, manager, draftInput(clientId));
    const refused = await call(managerToken, "POST", `/invoices/${onDraft.id}/credit-notes`, { mode: "full" });
    expect(refused.status).toBe(400);
    expect((await json(refused)).code).toMatch(/^invoice\./);

    const key = `credit-${Math.random().toString(36).slice(2)}`;
    const [a, b] = await Promise.all([
      call(managerToken, "POST", `/invoices/${issued.id}/credit-notes`, { mode: "full" }, { idempotencyKey: key }),
      call(managerToken, "POST", `/invoices/${issued.id}/credit-notes`, { mode: "full" }, { idempotencyKey: key }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const again = await call(
      managerToken,
      "POST",
      `/invoices/${issued.id}/credit-notes`,
      { mode: "full" },
      { idempotencyKey: key },
    );
    expect(again.status).toBe(201);
    const notes = await database.db.select().from(invoice).where(eq(invoice.creditedInvoiceId, issued.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: "credit_note", status: "issued" });
    expect((await json(again)).id).toBe(notes[0]!.id);

    const staffCredit = (await createApiToken(database.db, staff, { name: "S", scopes: ["timesheet.read"] })).token;
    const byStaff = await call(staffCredit, "POST", `/invoices/${issued.id}/credit-notes`, { mode: "partial" });
    expect(byStaff.status).toBe(403);
  });
});
