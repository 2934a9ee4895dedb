import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, call, client, project, timeEntry, timesheet, user } from "../../src/db/schema";
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { countCallsToDo, findCallProjects, findCalls, findClientCalls } from "../../src/modules/calls/call-queries";
import {
  cancelCall,
  completeCall,
  logCall,
  logCallTime,
  markCallMissed,
  requestCallback,
  rescheduleCall,
  retryCall,
  scheduleCall,
  takeCall,
  updateCall,
} from "../../src/modules/calls/call-mutations";
import { instantToWallTime } from "../../src/modules/calls/call-rules";
import { createDraftInvoice } from "../../src/modules/invoices/invoice-mutations";
import { findUnbilledEntries } from "../../src/modules/timesheets/unbilled-queries";
import { createTimesheet } from "../../src/modules/timesheets/timesheet-mutations";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let manager: Actor;
let staff: Actor;
let otherStaff: Actor;
let clientId: string;
let projectId: string;
let archivedProjectId: string;

const TZ = "Europe/Paris";

async function insertUser(name: string, role: Actor["role"]): Promise<Actor> {
  const [row] = await database.db
    .insert(user)
    .values({ name, email: `${name.toLowerCase().replace(/\s/g, ".")}@example.com`, role, emailVerified: true })
    .returning();
  return { id: row!.id, name: row!.name, role };
}

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  admin = setup.admin;
  manager = await insertUser("Mia Manager", "manager");
  staff = await insertUser("Sam Staff", "staff");
  otherStaff = await insertUser("Olga Other", "staff");
  const [acme] = await database.db
    .insert(client)
    .values({ name: "Acme", currency: "EUR", paymentTermsDays: 30 })
    .returning();
  clientId = acme!.id;
  const [website] = await database.db
    .insert(project)
    .values({ clientId, name: "Website", billableByDefault: true })
    .returning();
  projectId = website!.id;
  const [old] = await database.db.insert(project).values({ clientId, name: "Old", archivedAt: new Date() }).returning();
  archivedProjectId = old!.id;
});
afterAll(() => tearDownDatabase(database));

const wall = (offsetHours: number) => instantToWallTime(new Date(Date.now() + offsetHours * 3_600_000), TZ);

const newCall = (overrides: Record<string, unknown> = {}) => ({
  direction: "outbound",
  contactName: "  Jane Roe ",
  phone: "01 23 45 67 89",
  email: "",
  clientId: "",
  projectId: "",
  billable: false,
  assignedUserId: "",
  subject: "Quote for the new site",
  notes: "",
  ...overrides,
});

async function auditActions(entityId: string) {
  const rows = await database.db
    .select({ action: auditEvent.action })
    .from(auditEvent)
    .where(and(eq(auditEvent.entity, "call"), eq(auditEvent.entityId, entityId)));
  return rows.map((row) => row.action);
}

async function countCalls() {
  const [row] = await database.db.select({ value: count() }).from(call);
  return row?.value ?? 0;
}

describe(`calls on ${process.env.TEST_DB}`, () => {
  it("logs a call that just happened: completed, E.164 phone, trimmed text, audited", async () => {
    const { call: logged, followUp } = await logCall(
      database.db,
      staff,
      newCall({ direction: "inbound", startedAt: wall(-1), duration: "12:30", notes: "  " }),
    );
    expect(followUp).toBeNull();
    expect(logged).toMatchObject({
      status: "completed",
      contactName: "Jane Roe",
      phone: "+33123456789",
      durationSeconds: 750,
      notes: null,
      assignedUserId: staff.id,
      createdById: staff.id,
    });
    expect(await auditActions(logged.id)).toEqual(["log"]);
  });

  it("a new call with no person chosen is nobody's for those who give calls to others, its author's for staff", async () => {
    // The form offers managers and administrators "Nobody yet" (an empty person): it was the
    // author's call all the same, and nobody could take it.
    for (const actor of [manager, admin]) {
      const scheduled = await scheduleCall(database.db, actor, newCall({ scheduledAt: wall(5) }));
      expect(scheduled).toMatchObject({ status: "scheduled", assignedUserId: null, createdById: actor.id });
    }
    const own = await scheduleCall(database.db, staff, newCall({ scheduledAt: wall(5) }));
    expect(own).toMatchObject({ assignedUserId: staff.id, createdById: staff.id });
    const chosen = await scheduleCall(
      database.db,
      manager,
      newCall({ scheduledAt: wall(5), assignedUserId: staff.id }),
    );
    expect(chosen.assignedUserId).toBe(staff.id);
  });

  it("refuses bad input with a message per field and writes nothing", async () => {
    const before = await countCalls();
    await expect(
      logCall(
        database.db,
        staff,
        newCall({ contactName: "", subject: "x".repeat(201), startedAt: "yesterday", duration: "" }),
      ),
    ).rejects.toMatchObject({
      fieldErrors: {
        contactName: expect.any(String),
        subject: expect.any(String),
        startedAt: expect.any(String),
        duration: expect.any(String),
      },
    });
    await expect(logCall(database.db, staff, newCall({ startedAt: wall(-1), duration: "0" }))).rejects.toMatchObject({
      fieldErrors: { duration: expect.any(String) },
    });
    await expect(
      logCall(database.db, staff, newCall({ startedAt: wall(-1), duration: "86401s" })),
    ).rejects.toMatchObject({ fieldErrors: { duration: expect.any(String) } });
    await expect(
      scheduleCall(database.db, staff, newCall({ phone: "not a phone", scheduledAt: wall(2) })),
    ).rejects.toMatchObject({ fieldErrors: { phone: expect.any(String) } });
    await expect(
      scheduleCall(database.db, staff, newCall({ email: "nope", scheduledAt: wall(2) })),
    ).rejects.toMatchObject({ fieldErrors: { email: expect.any(String) } });
    await expect(
      scheduleCall(database.db, admin, newCall({ projectId: archivedProjectId, scheduledAt: wall(2) })),
    ).rejects.toMatchObject({
      fieldErrors: { projectId: expect.stringMatching(/archived/) },
      code: "call.project_archived",
    });
    await expect(
      scheduleCall(database.db, admin, newCall({ notes: "n".repeat(10_001), scheduledAt: wall(2) })),
    ).rejects.toMatchObject({ fieldErrors: { notes: expect.any(String) } });
    expect(await countCalls()).toBe(before);
  });

  it("a project brings its client; international numbers are kept as typed country", async () => {
    const scheduled = await scheduleCall(
      database.db,
      manager,
      newCall({ phone: "+44 20 7946 0958", projectId, scheduledAt: wall(3), assignedUserId: staff.id }),
    );
    expect(scheduled).toMatchObject({
      status: "scheduled",
      clientId,
      projectId,
      phone: "+442079460958",
      assignedUserId: staff.id,
    });
  });

  it("staff log calls for themselves only", async () => {
    await expect(
      scheduleCall(database.db, staff, newCall({ assignedUserId: otherStaff.id, scheduledAt: wall(2) })),
    ).rejects.toMatchObject({
      fieldErrors: { assignedUserId: expect.stringMatching(/yourself/) },
    });
  });

  it("scheduled → completed with a follow-up that the original points to", async () => {
    const scheduled = await scheduleCall(
      database.db,
      staff,
      newCall({ scheduledAt: wall(-2), projectId, billable: true }),
    );
    await expect(
      completeCall(database.db, staff, { id: scheduled.id, version: scheduled.version, duration: "" }),
    ).rejects.toBeInstanceOf(InvalidError);
    const { call: completed, followUp } = await completeCall(database.db, staff, {
      id: scheduled.id,
      version: scheduled.version,
      startedAt: wall(-2),
      duration: "25",
      notes: "Agreed on a quote",
      followUpAt: wall(48),
      followUpSubject: "",
    });
    expect(completed).toMatchObject({
      status: "completed",
      durationSeconds: 1500,
      notes: "Agreed on a quote",
      followUpCallId: followUp!.id,
    });
    expect(followUp).toMatchObject({
      status: "scheduled",
      contactName: "Jane Roe",
      phone: "+33123456789",
      projectId,
      billable: true,
      assignedUserId: staff.id,
      subject: "Follow-up: Quote for the new site",
    });
    expect(await auditActions(scheduled.id)).toEqual(["schedule", "complete", "log_time"]);
    expect(await auditActions(followUp!.id)).toEqual(["create_follow_up"]);
    // Billable with a project: its 25 minutes reached the person's week in the same transaction.
    const [entry] = await database.db.select().from(timeEntry).where(eq(timeEntry.id, completed.timeEntryId!));
    expect(entry).toMatchObject({ userId: staff.id, projectId, minutes: 25, billable: true });
  });

  it("completing a billable call whose week is submitted completes it, logs nothing and says why", async () => {
    const startedAt = "2024-03-06T10:00"; // a week of its own: Monday 2024-03-04
    const weekStart = "2024-03-04";
    const week = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart,
      grid: { rows: [] },
    });
    await database.db.update(timesheet).set({ status: "submitted" }).where(eq(timesheet.id, week.id));
    const scheduled = await scheduleCall(
      database.db,
      staff,
      newCall({ scheduledAt: wall(-3), projectId, billable: true, assignedUserId: staff.id, subject: "Budget review" }),
    );
    const entriesBefore = await database.db.select({ value: count() }).from(timeEntry);
    const result = await completeCall(database.db, staff, {
      id: scheduled.id,
      version: scheduled.version,
      startedAt,
      duration: "40",
    });
    expect(result.call).toMatchObject({ status: "completed", timeEntryId: null });
    expect(result.time).toEqual({ logged: false, reason: expect.stringMatching(/submitted and waiting for approval/) });
    expect(await database.db.select({ value: count() }).from(timeEntry)).toEqual(entriesBefore);
    expect(await auditActions(scheduled.id)).toEqual(["schedule", "complete"]);
    // Once the week is a draft again, "Log as time" takes it.
    await database.db.update(timesheet).set({ status: "draft" }).where(eq(timesheet.id, week.id));
    const logged = await logCallTime(database.db, staff, { id: scheduled.id, version: result.call.version });
    expect(logged.timesheetId).toBe(week.id);
  });

  it("completing a call that is not billable, or has no project, logs no time", async () => {
    const plain = await scheduleCall(
      database.db,
      staff,
      newCall({ scheduledAt: wall(-4), projectId, billable: false }),
    );
    const result = await completeCall(database.db, staff, { id: plain.id, version: plain.version, duration: "10" });
    expect(result.time).toBeNull();
    expect(result.call.timeEntryId).toBeNull();
  });

  it("scheduled → missed with its outcome → retried → scheduled again", async () => {
    const scheduled = await scheduleCall(database.db, staff, newCall({ scheduledAt: wall(-1) }));
    await expect(
      markCallMissed(database.db, staff, { id: scheduled.id, version: scheduled.version, outcome: "gone fishing" }),
    ).rejects.toMatchObject({ fieldErrors: { outcome: expect.any(String) } });
    const missed = await markCallMissed(database.db, staff, {
      id: scheduled.id,
      version: scheduled.version,
      outcome: "voicemail",
    });
    expect(missed).toMatchObject({ status: "missed", outcome: "voicemail" });
    expect(missed.startedAt).toBeInstanceOf(Date);
    // A missed call cannot be completed, cancelled or rescheduled: only retried.
    await expect(
      completeCall(database.db, staff, { id: missed.id, version: missed.version, duration: "5" }),
    ).rejects.toThrow(/cannot be completed/);
    await expect(cancelCall(database.db, staff, { id: missed.id, version: missed.version })).rejects.toThrow(
      /cannot be cancelled/,
    );
    await expect(
      rescheduleCall(database.db, staff, { id: missed.id, version: missed.version, scheduledAt: wall(5) }),
    ).rejects.toThrow(/rescheduled/);
    const retried = await retryCall(database.db, staff, {
      id: missed.id,
      version: missed.version,
      scheduledAt: wall(24),
    });
    expect(retried).toMatchObject({ status: "scheduled", outcome: null, startedAt: null });
    expect(await auditActions(scheduled.id)).toEqual(["schedule", "miss", "retry"]);
  });

  it("reschedules a scheduled call; retry refuses a call that was not missed", async () => {
    const scheduled = await scheduleCall(database.db, staff, newCall({ scheduledAt: wall(1) }));
    await expect(
      retryCall(database.db, staff, { id: scheduled.id, version: scheduled.version, scheduledAt: wall(5) }),
    ).rejects.toThrow(/Only a missed call can be retried/);
    const moved = await rescheduleCall(database.db, staff, {
      id: scheduled.id,
      version: scheduled.version,
      scheduledAt: wall(5),
    });
    expect(moved.status).toBe("scheduled");
    expect(moved.scheduledAt!.getTime()).toBeGreaterThan(scheduled.scheduledAt!.getTime());
  });

  it("anyone may take a call-back nobody has (audited); of two taking it at once one wins and the other is told who", async () => {
    const request = () =>
      database.db.transaction((tx) =>
        requestCallback(tx, null, { contactName: "Web visitor", phone: "06 12 34 56 78", subject: "Take me" }),
      );
    const requested = await request();
    expect(requested).toMatchObject({ direction: "outbound", assignedUserId: null });
    // Staff may not change it (it is nobody's), but may take it.
    await expect(
      cancelCall(database.db, staff, { id: requested.id, version: requested.version }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const taken = await takeCall(database.db, staff, { id: requested.id, version: requested.version });
    expect(taken).toMatchObject({ assignedUserId: staff.id, version: requested.version + 1 });
    const [audit] = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, requested.id), eq(auditEvent.action, "take")));
    expect(audit).toMatchObject({ actorId: staff.id });
    // Now theirs: they may act on it.
    expect((await cancelCall(database.db, staff, { id: taken.id, version: taken.version })).status).toBe("cancelled");
    // A cancelled call cannot be taken.
    await expect(takeCall(database.db, otherStaff, { id: taken.id, version: taken.version + 1 })).rejects.toMatchObject(
      {
        code: "call.not_takeable",
      },
    );

    const contested = await request();
    const results = await Promise.allSettled([
      takeCall(database.db, staff, { id: contested.id, version: contested.version }),
      takeCall(database.db, otherStaff, { id: contested.id, version: contested.version }),
    ]);
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result) => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const reason = (lost[0] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(ConflictError);
    const winner = (won[0] as PromiseFulfilledResult<{ assignedUserId: string | null }>).value.assignedUserId;
    expect(reason.message).toContain(winner === staff.id ? "Sam Staff" : "Olga Other");
    const [row] = await database.db.select().from(call).where(eq(call.id, contested.id));
    expect(row).toMatchObject({ assignedUserId: winner, version: contested.version + 1 });
    expect(
      await database.db
        .select({ value: count() })
        .from(auditEvent)
        .where(and(eq(auditEvent.entityId, contested.id), eq(auditEvent.action, "take"))),
    ).toEqual([{ value: 1 }]);
  });

  it("a callback request needs a phone, then goes requested → scheduled, or straight to completed / missed / cancelled", async () => {
    await expect(
      database.db.transaction((tx) =>
        requestCallback(tx, null, { contactName: "Web visitor", phone: "", subject: "Call me back" }),
      ),
    ).rejects.toMatchObject({
      fieldErrors: { phone: expect.any(String) },
    });
    const make = () =>
      database.db.transaction((tx) =>
        requestCallback(tx, null, { contactName: "Web visitor", phone: "06 12 34 56 78", subject: "Call me back" }),
      );
    const first = await make();
    expect(first).toMatchObject({ status: "requested", phone: "+33612345678", scheduledAt: null });
    expect(
      (await rescheduleCall(database.db, admin, { id: first.id, version: first.version, scheduledAt: wall(2) })).status,
    ).toBe("scheduled");
    const second = await make();
    expect(
      (await completeCall(database.db, admin, { id: second.id, version: second.version, duration: "3" })).call.status,
    ).toBe("completed");
    const third = await make();
    expect(
      (await markCallMissed(database.db, admin, { id: third.id, version: third.version, outcome: "no_answer" })).status,
    ).toBe("missed");
    const fourth = await make();
    expect((await cancelCall(database.db, admin, { id: fourth.id, version: fourth.version })).status).toBe("cancelled");
    // Cancelled and completed are final.
    const cancelled = (await database.db.select().from(call).where(eq(call.id, fourth.id)))[0]!;
    await expect(
      rescheduleCall(database.db, admin, { id: cancelled.id, version: cancelled.version, scheduledAt: wall(2) }),
    ).rejects.toThrow(/cancelled/);
    await expect(cancelCall(database.db, admin, { id: second.id, version: 2 })).rejects.toThrow(
      /completed call cannot be cancelled/,
    );
    await expect(markCallMissed(database.db, admin, { id: second.id, version: 2, outcome: "busy" })).rejects.toThrow(
      /cannot be marked missed/,
    );
  });

  it("staff change their own calls only; managers and admins any; unknown ids are not found", async () => {
    const mine = await scheduleCall(database.db, staff, newCall({ scheduledAt: wall(4) }));
    const assignedToMe = await scheduleCall(
      database.db,
      manager,
      newCall({ scheduledAt: wall(4), assignedUserId: staff.id }),
    );
    const input = (row: typeof mine, extra: Record<string, unknown> = {}) => ({
      ...newCall(),
      id: row.id,
      version: row.version,
      scheduledAt: wall(6),
      ...extra,
    });
    await expect(updateCall(database.db, otherStaff, input(mine))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(updateCall(database.db, otherStaff, input(mine))).rejects.toMatchObject({ code: "call.not_own_call" });
    await expect(cancelCall(database.db, otherStaff, { id: mine.id, version: mine.version })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(
      completeCall(database.db, otherStaff, { id: mine.id, version: mine.version, duration: "5" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const edited = await updateCall(
      database.db,
      staff,
      input(assignedToMe, { assignedUserId: staff.id, subject: "Edited by its person" }),
    );
    expect(edited.subject).toBe("Edited by its person");
    await expect(
      updateCall(database.db, staff, input(edited, { assignedUserId: otherStaff.id })),
    ).rejects.toMatchObject({ fieldErrors: { assignedUserId: expect.any(String) } });
    const byManager = await updateCall(
      database.db,
      manager,
      input(mine, { subject: "Edited by a manager", assignedUserId: staff.id }),
    );
    expect(byManager.subject).toBe("Edited by a manager");
    await expect(
      cancelCall(database.db, admin, { id: "0190f0f0-0000-7000-8000-000000000000", version: 1 }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(await auditActions(mine.id)).toEqual(["schedule", "update"]);
  });

  it("a stale version is refused and changes nothing", async () => {
    const scheduled = await scheduleCall(database.db, admin, newCall({ scheduledAt: wall(4) }));
    await updateCall(database.db, admin, {
      ...newCall(),
      id: scheduled.id,
      version: scheduled.version,
      scheduledAt: wall(4),
      subject: "First",
    });
    await expect(
      updateCall(database.db, admin, {
        ...newCall(),
        id: scheduled.id,
        version: scheduled.version,
        scheduledAt: wall(4),
        subject: "Second",
      }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(
      cancelCall(database.db, admin, { id: scheduled.id, version: scheduled.version }),
    ).rejects.toBeInstanceOf(ConflictError);
    const [row] = await database.db.select().from(call).where(eq(call.id, scheduled.id));
    expect(row).toMatchObject({ subject: "First", status: "scheduled" });
  });

  it("editing keeps the status rules: a completed call keeps a duration", async () => {
    const { call: logged } = await logCall(database.db, admin, newCall({ startedAt: wall(-3), duration: "10" }));
    await expect(
      updateCall(database.db, admin, {
        ...newCall(),
        id: logged.id,
        version: logged.version,
        startedAt: wall(-3),
        duration: "",
      }),
    ).rejects.toMatchObject({ fieldErrors: { duration: expect.any(String) } });
    const updated = await updateCall(database.db, admin, {
      ...newCall(),
      id: logged.id,
      version: logged.version,
      startedAt: wall(-3),
      duration: "11",
    });
    expect(updated.durationSeconds).toBe(660);
  });
});

describe(`billable calls become time on ${process.env.TEST_DB}`, () => {
  it("a completed call with a project becomes one time entry in its person's draft week, once", async () => {
    const { call: logged } = await logCall(
      database.db,
      staff,
      newCall({ startedAt: wall(-1), duration: "12:10", projectId, billable: true }),
    );
    const result = await logCallTime(database.db, staff, { id: logged.id, version: logged.version });
    const [entry] = await database.db.select().from(timeEntry).where(eq(timeEntry.id, result.entryId));
    expect(entry).toMatchObject({
      timesheetId: result.timesheetId,
      userId: staff.id,
      projectId,
      minutes: 13,
      billable: true,
      description: "Call with Jane Roe: Quote for the new site",
    });
    const [sheet] = await database.db.select().from(timesheet).where(eq(timesheet.id, result.timesheetId));
    expect(sheet).toMatchObject({ userId: staff.id, status: "draft" });
    expect(result.call.timeEntryId).toBe(result.entryId);
    // Never two: again, with the old or the new version.
    await expect(logCallTime(database.db, staff, { id: logged.id, version: logged.version })).rejects.toThrow(
      /already logged/,
    );
    await expect(logCallTime(database.db, staff, { id: logged.id, version: result.call.version })).rejects.toThrow(
      /already logged/,
    );
    const [entries] = await database.db
      .select({ value: count() })
      .from(timeEntry)
      .where(and(eq(timeEntry.description, "Call with Jane Roe: Quote for the new site"), eq(timeEntry.minutes, 13)));
    expect(entries?.value).toBe(1);
    expect(await auditActions(logged.id)).toEqual(["log", "log_time"]);
    // Its project and duration are now fixed.
    await expect(
      updateCall(database.db, staff, {
        ...newCall(),
        id: logged.id,
        version: result.call.version,
        startedAt: wall(-1),
        duration: "30",
        projectId,
        billable: true,
      }),
    ).rejects.toMatchObject({
      fieldErrors: { duration: expect.any(String) },
    });
  });

  it("two people logging the same call at once produce one entry", async () => {
    const { call: logged } = await logCall(
      database.db,
      manager,
      newCall({ startedAt: wall(-1), duration: "5", projectId, assignedUserId: manager.id }),
    );
    const outcomes = await Promise.allSettled([
      logCallTime(database.db, manager, { id: logged.id, version: logged.version }),
      logCallTime(database.db, admin, { id: logged.id, version: logged.version }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [row] = await database.db.select().from(call).where(eq(call.id, logged.id));
    const [entries] = await database.db
      .select({ value: count() })
      .from(timeEntry)
      .where(eq(timeEntry.id, row!.timeEntryId!));
    expect(entries?.value).toBe(1);
  });

  it("refuses time on a project archived since the call, next to the project field", async () => {
    const [later] = await database.db
      .insert(project)
      .values({ clientId, name: "Archived later", billableByDefault: true })
      .returning();
    const { call: logged } = await logCall(
      database.db,
      staff,
      newCall({ startedAt: wall(-1), duration: "15", projectId: later!.id, billable: true }),
    );
    await database.db.update(project).set({ archivedAt: new Date() }).where(eq(project.id, later!.id));
    const error = await logCallTime(database.db, staff, { id: logged.id, version: logged.version }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(InvalidError);
    expect(error).toMatchObject({
      message: "This project is archived; choose another one.",
      fieldErrors: { projectId: "This project is archived; choose another one." },
      code: "timesheet.project_archived",
    });
    const [row] = await database.db.select().from(call).where(eq(call.id, logged.id));
    expect(row?.timeEntryId).toBeNull();
  });

  it("refuses a call without a project, a call not completed, and another person's call for staff", async () => {
    const { call: noProject } = await logCall(database.db, staff, newCall({ startedAt: wall(-1), duration: "5" }));
    await expect(logCallTime(database.db, staff, { id: noProject.id, version: noProject.version })).rejects.toThrow(
      /project/,
    );
    const scheduled = await scheduleCall(database.db, staff, newCall({ scheduledAt: wall(2), projectId }));
    await expect(logCallTime(database.db, staff, { id: scheduled.id, version: scheduled.version })).rejects.toThrow(
      /completed/,
    );
    const { call: managersCall } = await logCall(
      database.db,
      manager,
      newCall({ startedAt: wall(-1), duration: "5", projectId, assignedUserId: manager.id }),
    );
    await expect(
      logCallTime(database.db, staff, { id: managersCall.id, version: managersCall.version }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("refuses, with a clear message and no change, a week that is submitted or approved", async () => {
    const startedAt = "2026-02-04T10:00"; // a Wednesday; its week starts on Monday 2 February
    await database.db
      .insert(timesheet)
      .values({ userId: otherStaff.id, weekStart: "2026-02-02", status: "submitted", submittedAt: new Date() });
    const { call: logged } = await logCall(database.db, otherStaff, newCall({ startedAt, duration: "20", projectId }));
    await expect(logCallTime(database.db, otherStaff, { id: logged.id, version: logged.version })).rejects.toThrow(
      /submitted/,
    );
    await database.db
      .update(timesheet)
      .set({ status: "approved" })
      .where(and(eq(timesheet.userId, otherStaff.id), eq(timesheet.weekStart, "2026-02-02")));
    await expect(logCallTime(database.db, otherStaff, { id: logged.id, version: logged.version })).rejects.toThrow(
      /approved/,
    );
    const [row] = await database.db.select().from(call).where(eq(call.id, logged.id));
    expect(row).toMatchObject({ timeEntryId: null, version: logged.version });
    const [entries] = await database.db
      .select({ value: count() })
      .from(timeEntry)
      .where(eq(timeEntry.userId, otherStaff.id));
    expect(entries?.value).toBe(0);
  });
});

describe(`a billable call is never lost on ${process.env.TEST_DB}`, () => {
  it("into an approved (even invoiced) week, a manager logs it as approved time: unbilled for the client, billed once", async () => {
    const person = otherStaff;
    // A client of its own, so the other tests' project lists stay as they are.
    const [lateCo] = await database.db
      .insert(client)
      .values({ name: "Late Co", currency: "EUR", paymentTermsDays: 30 })
      .returning();
    const clientId = lateCo!.id;
    const [audit] = await database.db
      .insert(project)
      .values({ clientId, name: "Audit", billableByDefault: true, hourlyRate: 12000 })
      .returning();
    const projectId = audit!.id;
    // An approved week, one of whose entries is already on an invoice: it can no longer be reopened.
    const [week] = await database.db
      .insert(timesheet)
      .values({ userId: person.id, weekStart: "2026-01-05", status: "approved", decidedById: manager.id })
      .returning();
    const [earlier] = await database.db
      .insert(timeEntry)
      .values({
        timesheetId: week!.id,
        userId: person.id,
        projectId,
        date: "2026-01-05",
        minutes: 60,
        hourlyRate: 10000,
      })
      .returning();
    const first = await createDraftInvoice(
      database.db,
      admin,
      draftInput(clientId, { lines: [line({ quantity: "1", unit: "hour", timeEntryIds: [earlier!.id] })] }),
    );
    const { call: logged } = await logCall(
      database.db,
      person,
      newCall({ startedAt: "2026-01-07T10:00", duration: "45", projectId, billable: true, assignedUserId: person.id }),
    );
    // Its owner is told to ask a manager; nothing changes.
    await expect(logCallTime(database.db, person, { id: logged.id, version: logged.version })).rejects.toMatchObject({
      code: "timesheet.week_approved",
      message: expect.stringMatching(/Ask a manager to log this call/),
    });
    const result = await logCallTime(database.db, manager, { id: logged.id, version: logged.version });
    expect(result).toMatchObject({ timesheetId: week!.id, intoApprovedWeek: true });
    const [entry] = await database.db.select().from(timeEntry).where(eq(timeEntry.id, result.entryId));
    // Frozen at once by the rule approval uses: the project's 120.00.
    expect(entry).toMatchObject({
      minutes: 45,
      billable: true,
      hourlyRate: 12000,
      invoiceLineId: null,
      date: "2026-01-07",
    });
    const [sheet] = await database.db.select().from(timesheet).where(eq(timesheet.id, week!.id));
    expect(sheet?.status).toBe("approved");
    const [late] = await database.db
      .select({ value: count() })
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, week!.id), eq(auditEvent.action, "add_approved_entry")));
    expect(late?.value).toBe(1);

    // Among the client's unbilled items; billed once, never twice.
    const unbilled = await findUnbilledEntries(database.db, { clientId });
    expect(unbilled.map((row) => row.id)).toContain(entry!.id);
    expect(unbilled.map((row) => row.id)).not.toContain(earlier!.id);
    await createDraftInvoice(
      database.db,
      admin,
      draftInput(clientId, { lines: [line({ quantity: "0.75", unit: "hour", timeEntryIds: [entry!.id] })] }),
    );
    expect((await findUnbilledEntries(database.db, { clientId })).map((row) => row.id)).not.toContain(entry!.id);
    await expect(
      createDraftInvoice(
        database.db,
        admin,
        draftInput(clientId, { lines: [line({ quantity: "0.75", unit: "hour", timeEntryIds: [entry!.id] })] }),
      ),
    ).rejects.toThrow();
    expect(first.id).toBeTruthy();
    // And logged once: a second try is refused.
    const [after] = await database.db.select().from(call).where(eq(call.id, logged.id));
    await expect(logCallTime(database.db, manager, { id: logged.id, version: after!.version })).rejects.toMatchObject({
      code: "call.already_logged",
    });
  });

  it("a manager cannot put their own call into their own approved week; a non-billable call still refuses", async () => {
    await database.db
      .insert(timesheet)
      .values({ userId: manager.id, weekStart: "2026-01-12", status: "approved", decidedById: admin.id });
    const { call: own } = await logCall(
      database.db,
      manager,
      newCall({ startedAt: "2026-01-13T10:00", duration: "30", projectId, billable: true, assignedUserId: manager.id }),
    );
    await expect(logCallTime(database.db, manager, { id: own.id, version: own.version })).rejects.toMatchObject({
      code: "timesheet.own_timesheet",
    });
    await database.db
      .insert(timesheet)
      .values({ userId: staff.id, weekStart: "2026-01-12", status: "approved", decidedById: manager.id });
    const { call: unbillable } = await logCall(
      database.db,
      staff,
      newCall({ startedAt: "2026-01-13T11:00", duration: "30", projectId, billable: false }),
    );
    await expect(
      logCallTime(database.db, manager, { id: unbillable.id, version: unbillable.version }),
    ).rejects.toMatchObject({
      code: "timesheet.week_approved",
    });
  });
});

describe(`call lists on ${process.env.TEST_DB}`, () => {
  it('a dialog offers the chosen client\'s active projects only (not its archived "Old"), by name', async () => {
    const [other] = await database.db
      .insert(client)
      .values({ name: "Other Co", currency: "EUR", paymentTermsDays: 30 })
      .returning();
    await database.db.insert(project).values({ clientId: other!.id, name: "Elsewhere" });
    expect(await findCallProjects(database.db, clientId)).toEqual([
      { id: projectId, name: "Website", billableByDefault: true },
    ]);
    expect((await findCallProjects(database.db, other!.id)).map((option) => option.name)).toEqual(["Elsewhere"]);
    expect(await findCallProjects(database.db, "01900000-0000-7000-8000-000000000000")).toEqual([]);
  });

  it("To do lists requested and scheduled calls soonest first; History the rest, latest first; filters and search apply", async () => {
    const base = { viewerId: staff.id, timeZone: TZ, page: 1, size: 200 } as const;
    const todo = await findCalls(database.db, { ...base, view: "todo" });
    expect(todo.rows.every((row) => row.status === "requested" || row.status === "scheduled")).toBe(true);
    const times = todo.rows.map((row) => (row.scheduledAt ?? row.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const history = await findCalls(database.db, { ...base, view: "history" });
    expect(history.rows.every((row) => ["completed", "missed", "cancelled"].includes(row.status))).toBe(true);
    expect(history.total).toBe(history.rows.length);
    const mine = await findCalls(database.db, { ...base, view: "history", person: "me" });
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((row) => row.assignedUserId === staff.id)).toBe(true);
    const byPhone = await findCalls(database.db, { ...base, view: "todo", q: "020 7946" });
    expect(byPhone.rows.map((row) => row.phone)).toEqual(["+442079460958"]);
    const bySubject = await findCalls(database.db, { ...base, view: "history", q: "quote" });
    expect(bySubject.total).toBeGreaterThan(0);
    const nothing = await findCalls(database.db, { ...base, view: "history", q: "%_nothing" });
    expect(nothing.total).toBe(0);
    const missed = await findCalls(database.db, { ...base, view: "history", status: "missed" });
    expect(missed.rows.every((row) => row.status === "missed")).toBe(true);
    const february = await findCalls(database.db, { ...base, view: "history", from: "2026-02-01", to: "2026-02-28" });
    expect(february.rows.map((row) => row.startedAt?.toISOString())).toEqual(["2026-02-04T09:00:00.000Z"]);
    const page2 = await findCalls(database.db, { ...base, view: "history", size: 2, page: 2 });
    expect(page2.rows.map((row) => row.id)).toEqual(history.rows.slice(2, 4).map((row) => row.id));
    const logged = history.rows.find((row) => row.timeEntryId);
    expect(logged?.timesheetId).toBeTruthy();
    const forClient = await findClientCalls(database.db, clientId);
    expect(forClient.total).toBeGreaterThan(0);
    expect(forClient.rows.every((row) => row.clientId === clientId)).toBe(true);
  });

  it("a search's page and its total come from one scan: every page, the page past the last and no match give the count of the matches", async () => {
    const base = { viewerId: staff.id, timeZone: TZ } as const;
    // A subject every new call of this test shares, with a wildcard of LIKE in it taken literally.
    const subject = "Renewal 100% window";
    for (let index = 0; index < 5; index++)
      await scheduleCall(
        database.db,
        staff,
        newCall({ contactName: `Window ${index}`, subject, scheduledAt: wall(24 * (index + 1)) }),
      );
    const matching = async () => {
      const [row] = await database.db
        .select({ value: count() })
        .from(call)
        .where(and(inArray(call.status, ["requested", "scheduled"]), sql`${call.subject} ilike ${"%100\\% window%"}`));
      return row!.value;
    };
    expect(await matching()).toBe(5);
    const all = await findCalls(database.db, { ...base, view: "todo", q: "100% window", page: 1, size: 50 });
    expect(all.total).toBe(5);
    expect(all.rows.map((row) => row.contactName)).toEqual([
      "Window 0",
      "Window 1",
      "Window 2",
      "Window 3",
      "Window 4",
    ]);
    const pages = await Promise.all(
      [1, 2, 3].map((page) => findCalls(database.db, { ...base, view: "todo", q: "100% window", page, size: 2 })),
    );
    expect(pages.map((page) => page.total)).toEqual([5, 5, 5]);
    expect(pages.flatMap((page) => page.rows.map((row) => row.contactName))).toEqual(
      all.rows.map((row) => row.contactName),
    );
    // Past the last match the page is empty and the total still the count (counted apart).
    const past = await findCalls(database.db, { ...base, view: "todo", q: "100% window", page: 4, size: 2 });
    expect(past).toMatchObject({ rows: [], total: 5, page: 4 });
    expect(await findCalls(database.db, { ...base, view: "todo", q: "100% windows", page: 1, size: 2 })).toMatchObject({
      rows: [],
      total: 0,
    });
    // The rows carry nothing of the count.
    expect(Object.keys(all.rows[0]!)).not.toContain("matches");
  });

  it("a search past the scan's cap reads its page in order and counts apart: the same pages and total at every cap, in both views", async () => {
    const base = { viewerId: staff.id, timeZone: TZ } as const;
    const subject = "Renewal 100% archive";
    for (let index = 0; index < 5; index++)
      await logCall(
        database.db,
        staff,
        newCall({ contactName: `Archive ${index}`, subject, startedAt: wall(-24 * (index + 1)), duration: "5" }),
      );
    for (let index = 0; index < 5; index++)
      await scheduleCall(
        database.db,
        staff,
        newCall({ contactName: `Ahead ${index}`, subject, scheduledAt: wall(24 * (index + 1)) }),
      );
    const expected = {
      history: ["Archive 0", "Archive 1", "Archive 2", "Archive 3", "Archive 4"],
      todo: ["Ahead 0", "Ahead 1", "Ahead 2", "Ahead 3", "Ahead 4"],
    };
    // 5 matches: a cap of 5 or more takes the one scan, 4 or less the ordered read and its count.
    for (const searchScanCap of [undefined, 5, 4, 1, 0]) {
      for (const view of ["history", "todo"] as const) {
        const options = { ...base, view, q: "100% archive", size: 2, searchScanCap };
        const pages = await Promise.all([1, 2, 3].map((page) => findCalls(database.db, { ...options, page })));
        expect(
          pages.map((page) => page.total),
          `${view}, cap ${searchScanCap}`,
        ).toEqual([5, 5, 5]);
        expect(
          pages.flatMap((page) => page.rows.map((row) => row.contactName)),
          `${view}, cap ${searchScanCap}`,
        ).toEqual(expected[view]);
        expect(await findCalls(database.db, { ...options, page: 4 })).toMatchObject({ rows: [], total: 5, page: 4 });
        expect(await findCalls(database.db, { ...options, q: "100% archives", page: 1 })).toMatchObject({
          rows: [],
          total: 0,
        });
      }
    }
  });

  it("the totals of the unfiltered views and of a person's come from the per-status counts, equal to counting the calls", async () => {
    const base = { viewerId: staff.id, timeZone: TZ, page: 1, size: 1 } as const;
    const counted = async (statuses: string[], userId?: string) => {
      const [row] = await database.db
        .select({ value: count() })
        .from(call)
        .where(and(inArray(call.status, statuses as never), userId ? eq(call.assignedUserId, userId) : undefined));
      return row!.value;
    };
    const check = async () => {
      expect((await findCalls(database.db, { ...base, view: "todo" })).total).toBe(
        await counted(["requested", "scheduled"]),
      );
      expect((await findCalls(database.db, { ...base, view: "history" })).total).toBe(
        await counted(["completed", "missed", "cancelled"]),
      );
      expect((await findCalls(database.db, { ...base, view: "history", status: "missed" })).total).toBe(
        await counted(["missed"]),
      );
      expect((await findCalls(database.db, { ...base, view: "todo", person: "me" })).total).toBe(
        await counted(["requested", "scheduled"], staff.id),
      );
      expect((await findCalls(database.db, { ...base, view: "history", person: manager.id })).total).toBe(
        await counted(["completed", "missed", "cancelled"], manager.id),
      );
    };
    await check();
    expect((await findCalls(database.db, { ...base, view: "history" })).total).toBeGreaterThan(0);
    // Reassigned, moved to another status, deleted: the counts follow in the same transaction.
    const [some] = await database.db.select({ id: call.id }).from(call).where(eq(call.status, "scheduled")).limit(1);
    await database.db.update(call).set({ assignedUserId: manager.id }).where(eq(call.id, some!.id));
    await check();
    await database.db.update(call).set({ status: "cancelled" }).where(eq(call.id, some!.id));
    await check();
    await database.db.update(call).set({ assignedUserId: null }).where(eq(call.id, some!.id));
    await check();
    await database.db.delete(call).where(eq(call.id, some!.id));
    await check();
  });

  it("counts calls to do today and overdue for the dashboard", async () => {
    const before = await countCallsToDo(database.db, { userId: otherStaff.id, today: "2026-03-12", timeZone: TZ });
    expect(before).toEqual({ today: 0, overdue: 0 });
    await scheduleCall(database.db, otherStaff, newCall({ scheduledAt: "2026-03-12T23:30" }));
    await scheduleCall(database.db, otherStaff, newCall({ scheduledAt: "2026-03-11T10:00" }));
    await scheduleCall(database.db, otherStaff, newCall({ scheduledAt: "2026-03-13T00:30" }));
    expect(await countCallsToDo(database.db, { userId: otherStaff.id, today: "2026-03-12", timeZone: TZ })).toEqual({
      today: 1,
      overdue: 1,
    });
    const everyone = await countCallsToDo(database.db, { today: "2026-03-12", timeZone: TZ });
    expect(everyone.today).toBeGreaterThanOrEqual(1);
  });
});
