import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, invoice, invoiceLine, settings, timeEntry, timesheet } from "../../src/db/schema";
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createClient, createProject, setProjectArchived } from "../../src/modules/clients/client-mutations";
import { findClientOptions } from "../../src/modules/clients/client-queries";
import {
  addTimeEntryToWeek,
  approveTimesheet,
  approveTimesheets,
  createTimesheet,
  rejectTimesheet,
  reopenTimesheet,
  saveTimesheet,
  submitTimesheet,
  withdrawTimesheet,
} from "../../src/modules/timesheets/timesheet-mutations";
import {
  findPreviousWeekRows,
  findTimesheetHistory,
  findTimesheets,
  getTimesheet,
} from "../../src/modules/timesheets/timesheet-queries";
import { entryValueMinor } from "../../src/modules/timesheets/timesheet-rules";
import { findUnbilledEntries, findUnbilledTime } from "../../src/modules/timesheets/unbilled-queries";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { createNamedUser, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let staff: Actor;
let otherStaff: Actor;
let manager: Actor;
let secondManager: Actor;
let clientId: string;
let ratedProject: string; // project rate 120.00
let clientRateProject: string; // falls back to the client's 90.00
let archivedProject: string;

const WEEK = "2026-03-02"; // a Monday
let weekCounter = 0;
/** A fresh Monday per test, so tests never share a week. */
function nextWeek(): string {
  weekCounter += 1;
  const date = new Date(Date.UTC(2024, 0, 1 + 7 * weekCounter));
  return date.toISOString().slice(0, 10);
}

const makeUser = (role: "staff" | "manager", name: string) => createNamedUser(database.db, admin, role, name);

const row = (projectId: string, cells: string[], description = "Work", billable = true) => ({
  projectId,
  description,
  billable,
  cells: [...cells, "", "", "", "", "", "", ""].slice(0, 7),
});

async function countWhere(table: typeof timeEntry | typeof auditEvent | typeof timesheet) {
  const [result] = await database.db.select({ value: count() }).from(table);
  return result?.value ?? 0;
}

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  admin = setup.admin;
  staff = await makeUser("staff", "Sam Staff");
  otherStaff = await makeUser("staff", "Olga Other");
  manager = await makeUser("manager", "Mia Manager");
  secondManager = await makeUser("manager", "Max Manager");
  await getSettings(database.db);
  await database.db.update(settings).set({ defaultHourlyRate: 5000 });
  const created = await createClient(database.db, admin, {
    name: "Acme",
    currency: "EUR",
    paymentTermsDays: "30",
    defaultHourlyRate: "90",
  });
  clientId = created.id;
  ratedProject = (
    await createProject(database.db, admin, { clientId, name: "Website", hourlyRate: "120", billableByDefault: true })
  ).id;
  clientRateProject = (
    await createProject(database.db, admin, { clientId, name: "Support", hourlyRate: "", billableByDefault: true })
  ).id;
  const toArchive = await createProject(database.db, admin, { clientId, name: "Old thing", billableByDefault: false });
  archivedProject = toArchive.id;
  await setProjectArchived(database.db, admin, { id: toArchive.id, version: toArchive.version, archived: true });
});
afterAll(() => tearDownDatabase(database));

describe(`timesheets on ${process.env.TEST_DB}`, () => {
  it("staff creates a week from the grid: entries per cell, comma and clock durations, audited", async () => {
    const sheet = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: WEEK,
      grid: { rows: [row(ratedProject, ["7.5", "1,5", "1:30"]), row(clientRateProject, ["", "2"], "Calls", false)] },
    });
    expect(sheet.status).toBe("draft");
    const detail = await getTimesheet(database.db, staff, sheet.id);
    expect(detail.entries.map((entry) => [entry.date, entry.minutes, entry.billable])).toEqual([
      ["2026-03-02", 450, true],
      ["2026-03-03", 90, true],
      ["2026-03-04", 90, true],
      ["2026-03-03", 120, false],
    ]);
    const history = await findTimesheetHistory(database.db, sheet.id);
    expect(history.map((event) => [event.action, event.actorName])).toEqual([["create", "Sam Staff"]]);
  });

  it("refuses a second timesheet for the same person and week", async () => {
    await expect(
      createTimesheet(database.db, staff, { userId: staff.id, weekStart: WEEK, grid: { rows: [] } }),
    ).rejects.toMatchObject({
      fieldErrors: { weekStart: expect.stringMatching(/already/) },
      code: "timesheet.week_exists",
    });
  });

  it("refuses a week that does not start on Monday, a 25-hour cell, bad durations and a day over 24 h; nothing saved", async () => {
    const before = await Promise.all([countWhere(timesheet), countWhere(timeEntry), countWhere(auditEvent)]);
    const week = nextWeek();
    await expect(
      createTimesheet(database.db, staff, { userId: staff.id, weekStart: "2026-03-03", grid: { rows: [] } }),
    ).rejects.toMatchObject({ fieldErrors: { weekStart: expect.any(String) } });
    const error = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: week,
      grid: {
        rows: [row(ratedProject, ["25", "-1", "1:75", "abc", "8"]), row(clientRateProject, ["", "", "", "", "17"])],
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidError);
    expect((error as InvalidError).code).toBe("input.invalid");
    expect((error as InvalidError).fieldErrors).toMatchObject({
      "grid.rows.0.cells.0": "A day has at most 24 hours.",
      "grid.rows.0.cells.1": expect.stringMatching(/negative/),
      "grid.rows.0.cells.2": expect.stringMatching(/Minutes/),
      "grid.rows.0.cells.3": expect.any(String),
      "grid.days.4": "The time logged on this day is more than 24 hours.",
    });
    expect(await Promise.all([countWhere(timesheet), countWhere(timeEntry), countWhere(auditEvent)])).toEqual(before);
  });

  it("refuses time on an archived project and on an unknown project", async () => {
    const week = nextWeek();
    await expect(
      createTimesheet(database.db, staff, {
        userId: staff.id,
        weekStart: week,
        grid: { rows: [row(archivedProject, ["1"])] },
      }),
    ).rejects.toMatchObject({
      fieldErrors: { "rows.0.projectId": expect.stringMatching(/archived/) },
      code: "timesheet.project_archived",
    });
    await expect(
      createTimesheet(database.db, staff, {
        userId: staff.id,
        weekStart: week,
        grid: { rows: [row("0190a8a0-0000-7000-8000-000000000000", ["1"])] },
      }),
    ).rejects.toMatchObject({
      fieldErrors: { "rows.0.projectId": "Choose a project." },
      code: "timesheet.project_missing",
    });
  });

  it("staff cannot create a week for someone else; a manager can start one, but only the owner edits it", async () => {
    const week = nextWeek();
    await expect(
      createTimesheet(database.db, staff, { userId: otherStaff.id, weekStart: week, grid: { rows: [] } }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const sheet = await createTimesheet(database.db, manager, {
      userId: otherStaff.id,
      weekStart: week,
      grid: { rows: [row(ratedProject, ["4"])] },
    });
    await expect(
      saveTimesheet(database.db, manager, { id: sheet.id, version: sheet.version, grid: { rows: [] } }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      createTimesheet(database.db, manager, {
        userId: otherStaff.id,
        weekStart: nextWeek(),
        grid: { rows: [row(ratedProject, ["4"])] },
        submit: true,
      }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const saved = await saveTimesheet(database.db, otherStaff, {
      id: sheet.id,
      version: sheet.version,
      grid: { rows: [row(ratedProject, ["5"])] },
    });
    expect(saved.version).toBe(sheet.version + 1);
  });

  it("other people's weeks are hidden from staff, visible to managers", async () => {
    const sheet = await createTimesheet(database.db, otherStaff, {
      userId: otherStaff.id,
      weekStart: nextWeek(),
      grid: { rows: [] },
    });
    await expect(getTimesheet(database.db, staff, sheet.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(getTimesheet(database.db, manager, sheet.id)).resolves.toMatchObject({ userName: "Olga Other" });
    await expect(getTimesheet(database.db, manager, "not-a-uuid")).rejects.toBeInstanceOf(NotFoundError);
    const staffList = await findTimesheets(database.db, staff, { view: "all" });
    expect(staffList.rows.every((item) => item.userId === staff.id)).toBe(true);
    const managerList = await findTimesheets(database.db, manager, { view: "all", userId: otherStaff.id });
    expect(managerList.rows.some((item) => item.id === sheet.id)).toBe(true);
    expect(managerList.rows.every((item) => item.userId === otherStaff.id)).toBe(true);
  });

  it("a grid save replaces the entries, bumps the version, and a stale save is refused and changes nothing", async () => {
    const sheet = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: nextWeek(),
      grid: { rows: [row(ratedProject, ["1", "2", "3"])] },
    });
    const saved = await saveTimesheet(database.db, staff, {
      id: sheet.id,
      version: sheet.version,
      grid: { rows: [row(clientRateProject, ["", "", "", "4"])] },
    });
    const detail = await getTimesheet(database.db, staff, sheet.id);
    expect(detail.entries.map((entry) => [entry.projectId, entry.minutes])).toEqual([[clientRateProject, 240]]);
    const error = await saveTimesheet(database.db, staff, {
      id: sheet.id,
      version: sheet.version,
      grid: { rows: [] },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toMatch(/changed by someone else.*Reload/);
    expect((await getTimesheet(database.db, staff, sheet.id)).entries).toHaveLength(1);
    expect(saved.version).toBe(sheet.version + 1);
  });

  it("walks draft → submitted → rejected → submitted → approved → draft, with history; each refusal changes nothing", async () => {
    let sheet = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: nextWeek(),
      grid: { rows: [row(ratedProject, ["2"]), row(clientRateProject, ["", "1:20"])] },
    });
    // Approving or rejecting a draft is impossible.
    await expect(approveTimesheet(database.db, manager, { id: sheet.id, version: sheet.version })).rejects.toThrow(
      /only a submitted timesheet can be approved/,
    );
    await expect(
      reopenTimesheet(database.db, manager, { id: sheet.id, version: sheet.version }),
    ).rejects.toBeInstanceOf(InvalidError);
    // Only the owner submits.
    await expect(
      submitTimesheet(database.db, manager, { id: sheet.id, version: sheet.version }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    sheet = await submitTimesheet(database.db, staff, { id: sheet.id, version: sheet.version });
    expect(sheet.status).toBe("submitted");
    expect(sheet.submittedAt).toBeInstanceOf(Date);
    await expect(submitTimesheet(database.db, staff, { id: sheet.id, version: sheet.version })).rejects.toBeInstanceOf(
      InvalidError,
    );
    // Submitted weeks cannot be edited.
    await expect(
      saveTimesheet(database.db, staff, { id: sheet.id, version: sheet.version, grid: { rows: [] } }),
    ).rejects.toThrow(/waiting for approval/);
    // Staff cannot decide; a rejection needs a reason.
    await expect(
      approveTimesheet(database.db, otherStaff, { id: sheet.id, version: sheet.version }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      rejectTimesheet(database.db, manager, { id: sheet.id, version: sheet.version, reason: "   " }),
    ).rejects.toMatchObject({ fieldErrors: { reason: expect.any(String) } });
    sheet = await rejectTimesheet(database.db, manager, {
      id: sheet.id,
      version: sheet.version,
      reason: "Tuesday is missing the client call.",
    });
    expect(sheet).toMatchObject({
      status: "rejected",
      decidedById: manager.id,
      rejectionReason: "Tuesday is missing the client call.",
    });
    // The owner edits the rejected week and submits it again in the same save.
    sheet = await saveTimesheet(database.db, staff, {
      id: sheet.id,
      version: sheet.version,
      grid: { rows: [row(ratedProject, ["2", "1"]), row(clientRateProject, ["", "1:20"])] },
      submit: true,
    });
    expect(sheet.status).toBe("submitted");
    expect(sheet.rejectionReason).toBeNull();
    // A stale approval is refused.
    await expect(
      approveTimesheet(database.db, manager, { id: sheet.id, version: sheet.version - 1 }),
    ).rejects.toBeInstanceOf(ConflictError);
    sheet = await approveTimesheet(database.db, manager, { id: sheet.id, version: sheet.version });
    expect(sheet.status).toBe("approved");
    // Approval froze the rates: project 120.00, else client 90.00.
    const entries = await database.db.select().from(timeEntry).where(eq(timeEntry.timesheetId, sheet.id));
    expect(
      entries.map((entry) => [entry.projectId === ratedProject ? "project" : "client", entry.hourlyRate]).sort(),
    ).toEqual([
      ["client", 9000],
      ["project", 12000],
      ["project", 12000],
    ]);
    await expect(
      saveTimesheet(database.db, staff, { id: sheet.id, version: sheet.version, grid: { rows: [] } }),
    ).rejects.toThrow(/approved/);
    await expect(
      approveTimesheet(database.db, manager, { id: sheet.id, version: sheet.version }),
    ).rejects.toBeInstanceOf(InvalidError);
    // Reopen returns it to draft and releases the rates.
    await expect(reopenTimesheet(database.db, staff, { id: sheet.id, version: sheet.version })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    sheet = await reopenTimesheet(database.db, secondManager, { id: sheet.id, version: sheet.version });
    expect(sheet).toMatchObject({ status: "draft", decidedById: null, submittedAt: null });
    const released = await database.db.select().from(timeEntry).where(eq(timeEntry.timesheetId, sheet.id));
    expect(released.every((entry) => entry.hourlyRate === null)).toBe(true);
    const history = await findTimesheetHistory(database.db, sheet.id);
    expect(history.map((event) => `${event.action}:${event.actorName}`)).toEqual([
      "create:Sam Staff",
      "submit:Sam Staff",
      "reject:Mia Manager",
      "save:Sam Staff",
      "submit:Sam Staff",
      "approve:Mia Manager",
      "reopen:Max Manager",
    ]);
  });

  it("the owner withdraws a submitted week before anyone decides, and only then", async () => {
    let sheet = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: nextWeek(),
      grid: { rows: [row(ratedProject, ["7"])] },
      submit: true,
    });
    expect(sheet.status).toBe("submitted");
    // Nobody else withdraws it, not even a manager; a stale version is refused.
    await expect(
      withdrawTimesheet(database.db, manager, { id: sheet.id, version: sheet.version }),
    ).rejects.toMatchObject({ code: "timesheet.not_owner" });
    await expect(
      withdrawTimesheet(database.db, staff, { id: sheet.id, version: sheet.version - 1 }),
    ).rejects.toBeInstanceOf(ConflictError);
    sheet = await withdrawTimesheet(database.db, staff, { id: sheet.id, version: sheet.version });
    expect(sheet).toMatchObject({ status: "draft", submittedAt: null });
    // A draft can be edited again, then submitted and approved; an approved week cannot be withdrawn.
    sheet = await saveTimesheet(database.db, staff, {
      id: sheet.id,
      version: sheet.version,
      grid: { rows: [row(ratedProject, ["7", "8"])] },
    });
    sheet = await submitTimesheet(database.db, staff, { id: sheet.id, version: sheet.version });
    sheet = await approveTimesheet(database.db, manager, { id: sheet.id, version: sheet.version });
    const approvedVersion = sheet.version;
    await expect(withdrawTimesheet(database.db, staff, { id: sheet.id, version: sheet.version })).rejects.toMatchObject(
      {
        code: "timesheet.not_withdrawable",
      },
    );
    expect((await getTimesheet(database.db, manager, sheet.id)).version).toBe(approvedVersion);
    const history = await findTimesheetHistory(database.db, sheet.id);
    expect(history.map((event) => event.action)).toEqual(["create", "submit", "withdraw", "save", "submit", "approve"]);
  });

  it("an empty week cannot be submitted", async () => {
    const sheet = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: nextWeek(),
      grid: { rows: [] },
    });
    await expect(submitTimesheet(database.db, staff, { id: sheet.id, version: sheet.version })).rejects.toThrow(
      /at least one time entry/,
    );
  });

  it("a manager never approves, rejects or reopens their own week", async () => {
    const sheet = await createTimesheet(database.db, manager, {
      userId: manager.id,
      weekStart: nextWeek(),
      grid: { rows: [row(ratedProject, ["8"])] },
      submit: true,
    });
    await expect(approveTimesheet(database.db, manager, { id: sheet.id, version: sheet.version })).rejects.toThrow(
      /cannot approve your own timesheet/,
    );
    await expect(
      approveTimesheets(database.db, manager, { items: [{ id: sheet.id, version: sheet.version }] }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      rejectTimesheet(database.db, manager, { id: sheet.id, version: sheet.version, reason: "no" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const queue = await findTimesheets(database.db, manager, { view: "queue" });
    expect(queue.rows.some((item) => item.id === sheet.id)).toBe(false);
    const approved = await approveTimesheet(database.db, secondManager, { id: sheet.id, version: sheet.version });
    await expect(
      reopenTimesheet(database.db, manager, { id: approved.id, version: approved.version }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("bulk approval approves all or none", async () => {
    const first = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: nextWeek(),
      grid: { rows: [row(ratedProject, ["1"])] },
      submit: true,
    });
    const second = await createTimesheet(database.db, otherStaff, {
      userId: otherStaff.id,
      weekStart: nextWeek(),
      grid: { rows: [row(ratedProject, ["1"])] },
      submit: true,
    });
    const draft = await createTimesheet(database.db, otherStaff, {
      userId: otherStaff.id,
      weekStart: nextWeek(),
      grid: { rows: [row(ratedProject, ["1"])] },
    });
    await expect(
      approveTimesheets(database.db, manager, {
        items: [first, second, draft].map((sheet) => ({ id: sheet.id, version: sheet.version })),
      }),
    ).rejects.toThrow(/Olga Other, week of .*only a submitted timesheet/);
    const [stillSubmitted] = await database.db.select().from(timesheet).where(eq(timesheet.id, first.id));
    expect(stillSubmitted?.status).toBe("submitted");
    const approved = await approveTimesheets(database.db, manager, {
      items: [first, second].map((sheet) => ({ id: sheet.id, version: sheet.version })),
    });
    expect(approved.map((sheet) => sheet.status)).toEqual(["approved", "approved"]);
    await expect(
      approveTimesheets(database.db, staff, { items: [{ id: first.id, version: 1 }] }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("reopen is refused once an entry is on an invoice", async () => {
    const sheet = await approvedWeek(staff, [row(ratedProject, ["3"])]);
    const [entry] = await database.db.select().from(timeEntry).where(eq(timeEntry.timesheetId, sheet.id));
    const lineId = await invoiceLineFor(entry!.id);
    await expect(reopenTimesheet(database.db, manager, { id: sheet.id, version: sheet.version })).rejects.toThrow(
      /on an invoice/,
    );
    const [after] = await database.db.select().from(timesheet).where(eq(timesheet.id, sheet.id));
    expect(after?.status).toBe("approved");
    expect(lineId).toBeTruthy();
  });

  it("unbilled time: approved billable entries not on an invoice, valued at the frozen rate", async () => {
    const { db } = database;
    const otherClient = await createClient(db, admin, {
      name: "Unbilled Ltd",
      currency: "GBP",
      paymentTermsDays: "14",
      defaultHourlyRate: "",
    });
    const firmRated = await createProject(db, admin, {
      clientId: otherClient.id,
      name: "Audit",
      billableByDefault: true,
    });
    const projectRated = await createProject(db, admin, {
      clientId: otherClient.id,
      name: "Build",
      hourlyRate: "100.01",
      billableByDefault: true,
    });
    // 20 min at 100.01/h = 33.336… → 3334 minor units per entry; firm rate 50.00.
    const sheet = await approvedWeek(otherStaff, [
      row(projectRated.id, ["0:20", "0:20"]),
      row(firmRated.id, ["1:30"]),
      row(firmRated.id, ["", "8"], "Not billable", false),
    ]);
    await createTimesheet(db, staff, {
      userId: staff.id,
      weekStart: nextWeek(),
      grid: { rows: [row(firmRated.id, ["5"])] },
    }); // a draft: not unbilled
    let unbilled = await findUnbilledTime(db, { clientId: otherClient.id });
    expect(unbilled.map((item) => [item.projectName, item.minutes, item.valueMinor, item.currency])).toEqual([
      ["Audit", 90, entryValueMinor(90, 5000), "GBP"],
      ["Build", 40, 2 * entryValueMinor(20, 10001), "GBP"],
    ]);
    expect(unbilled[1]?.valueMinor).toBe(6668);
    const entries = await findUnbilledEntries(db, { clientId: otherClient.id });
    expect(entries).toHaveLength(3);
    expect(entries.map((entry) => [entry.date, entry.projectName, entry.minutes])).toEqual([
      [entries[0]!.date, "Audit", 90],
      [entries[0]!.date, "Build", 20],
      [entries[2]!.date, "Build", 20],
    ]);
    expect(entries[1]).toMatchObject({ userName: "Olga Other", hourlyRate: 10001 });
    await invoiceLineFor(entries[1]!.id);
    unbilled = await findUnbilledTime(db, { clientId: otherClient.id });
    expect(unbilled.find((item) => item.projectName === "Build")?.minutes).toBe(20);
    expect((await findUnbilledTime(db)).some((item) => item.clientId === clientId)).toBe(true);
    expect(sheet.status).toBe("approved");
  });

  it("copy rows from last week gives last week's rows without hours", async () => {
    const week = nextWeek();
    await createTimesheet(database.db, otherStaff, {
      userId: otherStaff.id,
      weekStart: week,
      grid: { rows: [row(ratedProject, ["1"], "Design"), row(clientRateProject, ["", "2"], "Calls", false)] },
    });
    const nextMonday = new Date(Date.parse(`${week}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(await findPreviousWeekRows(database.db, otherStaff.id, nextMonday)).toEqual([
      { projectId: ratedProject, description: "Design", billable: true },
      { projectId: clientRateProject, description: "Calls", billable: false },
    ]);
  });

  it("findClientOptions lists active clients and their active projects by name", async () => {
    const options = await findClientOptions(database.db);
    const acme = options.find((option) => option.id === clientId);
    expect(acme).toMatchObject({ name: "Acme", currency: "EUR", paymentTermsDays: 30 });
    expect(acme?.projects.map((item) => item.name)).toEqual(["Support", "Website"]);
  });
});

describe(`addTimeEntryToWeek on ${process.env.TEST_DB}`, () => {
  it("creates the draft week when missing, appends to it next time, bumps the version and audits", async () => {
    const week = nextWeek();
    const first = await database.db.transaction((tx) =>
      addTimeEntryToWeek(tx, staff, {
        userId: staff.id,
        date: week,
        projectId: ratedProject,
        minutes: 45,
        description: " Call with Acme ",
        billable: true,
      }),
    );
    const second = await database.db.transaction((tx) =>
      addTimeEntryToWeek(tx, manager, {
        userId: staff.id,
        date: week,
        projectId: ratedProject,
        minutes: 30,
        description: null,
        billable: false,
      }),
    );
    expect(second.timesheetId).toBe(first.timesheetId);
    const [sheet] = await database.db.select().from(timesheet).where(eq(timesheet.id, first.timesheetId));
    expect(sheet).toMatchObject({ status: "draft", weekStart: week, version: 3 });
    const entries = await database.db.select().from(timeEntry).where(eq(timeEntry.timesheetId, first.timesheetId));
    expect(entries.map((entry) => [entry.minutes, entry.description, entry.billable, entry.position]).sort()).toEqual([
      [30, null, false, 1],
      [45, "Call with Acme", true, 0],
    ]);
    const history = await findTimesheetHistory(database.db, first.timesheetId);
    expect(history.map((event) => `${event.action}:${event.actorName}`)).toEqual([
      "create:Sam Staff",
      "add_entry:Sam Staff",
      "add_entry:Mia Manager",
    ]);
  });

  it("places a Sunday entry in the week that started on the Monday before", async () => {
    const week = nextWeek();
    const sunday = new Date(Date.parse(`${week}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
    const result = await database.db.transaction((tx) =>
      addTimeEntryToWeek(tx, otherStaff, {
        userId: otherStaff.id,
        date: sunday,
        projectId: ratedProject,
        minutes: 60,
        description: null,
        billable: true,
      }),
    );
    const [sheet] = await database.db.select().from(timesheet).where(eq(timesheet.id, result.timesheetId));
    expect(sheet?.weekStart).toBe(week);
  });

  it("adds to a rejected week (its owner may still edit it)", async () => {
    let sheet = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: nextWeek(),
      grid: { rows: [row(ratedProject, ["1"])] },
      submit: true,
    });
    sheet = await rejectTimesheet(database.db, manager, {
      id: sheet.id,
      version: sheet.version,
      reason: "Add the call.",
    });
    const result = await database.db.transaction((tx) =>
      addTimeEntryToWeek(tx, staff, {
        userId: staff.id,
        date: sheet.weekStart,
        projectId: ratedProject,
        minutes: 15,
        description: "Call",
        billable: true,
      }),
    );
    expect(result.timesheetId).toBe(sheet.id);
  });

  it("refuses submitted and approved weeks, archived projects, a day over 24 h, another person's week for staff; writes nothing", async () => {
    const submitted = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: nextWeek(),
      grid: { rows: [row(ratedProject, ["23"])] },
      submit: true,
    });
    const approved = await approvedWeek(otherStaff, [row(ratedProject, ["1"])]);
    const draftWeek = nextWeek();
    await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: draftWeek,
      grid: { rows: [row(ratedProject, ["23:30"])] },
    });
    const before = await Promise.all([countWhere(timesheet), countWhere(timeEntry), countWhere(auditEvent)]);
    const add = (actor: Actor, values: Partial<Parameters<typeof addTimeEntryToWeek>[2]>) =>
      database.db.transaction((tx) =>
        addTimeEntryToWeek(tx, actor, {
          userId: staff.id,
          date: draftWeek,
          projectId: ratedProject,
          minutes: 30,
          description: null,
          billable: true,
          ...values,
        }),
      );
    await expect(add(staff, { date: submitted.weekStart })).rejects.toThrow(/submitted and waiting for approval/);
    await expect(add(otherStaff, { userId: otherStaff.id, date: approved.weekStart })).rejects.toThrow(/is approved/);
    await expect(add(staff, { projectId: archivedProject })).rejects.toThrow(/archived/);
    await expect(add(staff, { minutes: 31 })).rejects.toThrow(/more than 24 hours/);
    await expect(add(staff, { minutes: 1441 })).rejects.toBeInstanceOf(InvalidError);
    await expect(add(staff, { minutes: 0 })).rejects.toBeInstanceOf(InvalidError);
    await expect(add(otherStaff, {})).rejects.toBeInstanceOf(ForbiddenError);
    await expect(add(staff, { projectId: "0190a8a0-0000-7000-8000-000000000000" })).rejects.toBeInstanceOf(
      InvalidError,
    );
    expect(await Promise.all([countWhere(timesheet), countWhere(timeEntry), countWhere(auditEvent)])).toEqual(before);
    // Exactly 24 h is allowed.
    await expect(add(staff, { minutes: 30 })).resolves.toMatchObject({ entryId: expect.any(String) });
  });

  it("rolls back with the caller's transaction", async () => {
    const week = nextWeek();
    const before = await Promise.all([countWhere(timesheet), countWhere(timeEntry), countWhere(auditEvent)]);
    await expect(
      database.db.transaction(async (tx) => {
        await addTimeEntryToWeek(tx, staff, {
          userId: staff.id,
          date: week,
          projectId: ratedProject,
          minutes: 30,
          description: null,
          billable: true,
        });
        throw new Error("the caller failed after");
      }),
    ).rejects.toThrow("the caller failed after");
    expect(await Promise.all([countWhere(timesheet), countWhere(timeEntry), countWhere(auditEvent)])).toEqual(before);
  });
});

async function approvedWeek(owner: Actor, rows: ReturnType<typeof row>[]) {
  const sheet = await createTimesheet(database.db, owner, {
    userId: owner.id,
    weekStart: nextWeek(),
    grid: { rows },
    submit: true,
  });
  return approveTimesheet(database.db, manager, { id: sheet.id, version: sheet.version });
}

/** A draft invoice line that bills the entry (what the invoices module does). */
async function invoiceLineFor(entryId: string): Promise<string> {
  const [draft] = await database.db.insert(invoice).values(invoiceValues()).returning({ id: invoice.id });
  const [line] = await database.db
    .insert(invoiceLine)
    .values(invoiceLineValues(draft!.id))
    .returning({ id: invoiceLine.id });
  await database.db
    .update(timeEntry)
    .set({ invoiceLineId: line!.id })
    .where(and(eq(timeEntry.id, entryId)));
  return line!.id;
}

function invoiceValues(): typeof invoice.$inferInsert {
  return { clientId, currency: "EUR", issueDate: "2026-03-31", dueDate: "2026-04-30", paymentTermsDays: 30 };
}

function invoiceLineValues(invoiceId: string): typeof invoiceLine.$inferInsert {
  return {
    invoiceId,
    position: 0,
    description: "Time",
    quantityMilli: 1000,
    unit: "hour",
    unitPrice: 100,
    taxRateBp: 2000,
    net: 100,
  };
}
