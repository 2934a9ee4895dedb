import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, settings, timeEntry, timer, timesheet } from "../../src/db/schema";
import { ConflictError, InvalidError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createClient, createProject, setProjectArchived } from "../../src/modules/clients/client-mutations";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { discardTimer, startTimer, stopTimer, updateTimer } from "../../src/modules/timesheets/timer-mutations";
import { getRunningTimer } from "../../src/modules/timesheets/timer-queries";
import { createTimesheet, submitTimesheet } from "../../src/modules/timesheets/timesheet-mutations";
import { createUser } from "../../src/modules/users/user-mutations";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let projectId: string;
let unbilledProjectId: string;
let archivedProjectId: string;
let userCounter = 0;

async function newStaff(): Promise<Actor> {
  userCounter += 1;
  const created = await createUser(database.db, admin, {
    name: `Timer Person ${userCounter}`,
    email: `timer.${userCounter}@example.com`,
    role: "staff",
    defaultHourlyRate: "",
    password: "a long unusual passphrase",
  });
  return { id: created.id, name: created.name, role: "staff" };
}

async function timersOf(userId: string) {
  const [row] = await database.db.select({ value: count() }).from(timer).where(eq(timer.userId, userId));
  return row?.value ?? 0;
}

async function entriesOf(userId: string) {
  return database.db
    .select({
      date: timeEntry.date,
      minutes: timeEntry.minutes,
      description: timeEntry.description,
      billable: timeEntry.billable,
    })
    .from(timeEntry)
    .where(eq(timeEntry.userId, userId))
    .orderBy(timeEntry.date);
}

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  admin = setup.admin;
  await getSettings(database.db);
  await database.db.update(settings).set({ timezone: "Europe/Paris" });
  const acme = await createClient(database.db, admin, { name: "Acme", currency: "EUR", paymentTermsDays: "30" });
  projectId = (await createProject(database.db, admin, { clientId: acme.id, name: "Website", billableByDefault: true }))
    .id;
  unbilledProjectId = (
    await createProject(database.db, admin, { clientId: acme.id, name: "Internal", billableByDefault: false })
  ).id;
  const old = await createProject(database.db, admin, { clientId: acme.id, name: "Old", billableByDefault: true });
  archivedProjectId = old.id;
  await setProjectArchived(database.db, admin, { id: old.id, version: old.version, archived: true });
});
afterAll(() => tearDownDatabase(database));

describe(`the timer on ${process.env.TEST_DB}`, () => {
  it("two starts at once leave one running timer", async () => {
    const person = await newStaff();
    const results = await Promise.allSettled(
      [0, 1, 2, 3].map((index) => startTimer(database.db, person, { projectId, description: `try ${index}` })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((result) => result.status === "rejected");
    expect(refused).toHaveLength(3);
    for (const result of refused) {
      expect(result.reason).toBeInstanceOf(InvalidError);
      expect((result.reason as InvalidError).code).toBe("timesheet.timer_running");
    }
    expect(await timersOf(person.id)).toBe(1);
    // The rule is the database's: a second row for the same person cannot be written at all.
    await expect(
      database.db.insert(timer).values({ userId: person.id, projectId, startedAt: new Date() }),
    ).rejects.toThrow();
  });

  it("stop writes the time into the day's draft week, creating it, and the timer is gone", async () => {
    const person = await newStaff();
    const started = await startTimer(
      database.db,
      person,
      { projectId: unbilledProjectId, description: "  Planning  " },
      new Date("2026-03-03T08:00:00Z"),
    );
    expect(started.billable).toBe(false);
    const running = await getRunningTimer(database.db, person.id, "Europe/Paris");
    expect(running).toMatchObject({
      projectName: "Internal",
      description: "Planning",
      startedAtWall: "2026-03-03T09:00",
    });
    const stopped = await stopTimer(
      database.db,
      person,
      { version: started.version },
      new Date("2026-03-03T09:15:40Z"),
    );
    expect(stopped.parts).toEqual([
      expect.objectContaining({ date: "2026-03-03", minutes: 76, weekStart: "2026-03-02" }),
    ]);
    expect(await entriesOf(person.id)).toEqual([
      { date: "2026-03-03", minutes: 76, description: "Planning", billable: false },
    ]);
    const [sheet] = await database.db.select().from(timesheet).where(eq(timesheet.userId, person.id));
    expect(sheet).toMatchObject({ status: "draft", weekStart: "2026-03-02" });
    expect(await timersOf(person.id)).toBe(0);
    const events = await database.db
      .select({ entity: auditEvent.entity, action: auditEvent.action })
      .from(auditEvent)
      .where(eq(auditEvent.actorId, person.id))
      .orderBy(auditEvent.createdAt);
    expect(events.map((event) => `${event.entity}.${event.action}`)).toEqual([
      "timer.start",
      "timesheet.create",
      "timesheet.add_entry",
      "timer.stop",
    ]);
  });

  it("a timer across Sunday midnight goes into two weeks", async () => {
    const person = await newStaff();
    // Sunday 8 March 2026, 23:00 Paris → Monday 00:45.
    const started = await startTimer(database.db, person, { projectId }, new Date("2026-03-08T22:00:00Z"));
    await stopTimer(database.db, person, { version: started.version }, new Date("2026-03-08T23:45:00Z"));
    expect(await entriesOf(person.id)).toEqual([
      { date: "2026-03-08", minutes: 60, description: null, billable: true },
      { date: "2026-03-09", minutes: 45, description: null, billable: true },
    ]);
    const weeks = await database.db
      .select({ weekStart: timesheet.weekStart })
      .from(timesheet)
      .where(eq(timesheet.userId, person.id))
      .orderBy(timesheet.weekStart);
    expect(weeks.map((week) => week.weekStart)).toEqual(["2026-03-02", "2026-03-09"]);
  });

  it("stopping into a submitted week is refused, nothing is written and the timer keeps running", async () => {
    const person = await newStaff();
    const sheet = await createTimesheet(database.db, person, {
      userId: person.id,
      weekStart: "2026-03-16",
      grid: { rows: [{ projectId, description: "", billable: true, cells: ["1", "", "", "", "", "", ""] }] },
    });
    await submitTimesheet(database.db, person, { id: sheet.id, version: sheet.version });
    const started = await startTimer(database.db, person, { projectId }, new Date("2026-03-17T08:00:00Z"));
    const before = await entriesOf(person.id);
    const error = await stopTimer(
      database.db,
      person,
      { version: started.version },
      new Date("2026-03-17T09:00:00Z"),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidError);
    expect((error as InvalidError).code).toBe("timesheet.week_submitted");
    expect((error as InvalidError).message).toMatch(/The timer keeps running/);
    expect(await entriesOf(person.id)).toEqual(before);
    expect(await timersOf(person.id)).toBe(1);
    // Nothing half-done: no stop event either.
    const [stops] = await database.db
      .select({ value: count() })
      .from(auditEvent)
      .where(and(eq(auditEvent.actorId, person.id), eq(auditEvent.action, "stop")));
    expect(stops?.value).toBe(0);
  });

  it("refuses a too short or too long timer, keeping it", async () => {
    const person = await newStaff();
    const started = await startTimer(database.db, person, { projectId }, new Date("2026-03-24T08:00:00Z"));
    await expect(
      stopTimer(database.db, person, { version: started.version }, new Date("2026-03-24T08:00:20Z")),
    ).rejects.toMatchObject({ code: "timesheet.timer_under_a_minute" });
    await expect(
      stopTimer(database.db, person, { version: started.version }, new Date("2026-03-25T08:00:01Z")),
    ).rejects.toMatchObject({ code: "timesheet.timer_over_24_hours" });
    expect(await timersOf(person.id)).toBe(1);
  });

  it("edits the start time in the firm's timezone, refuses a stale version and the future", async () => {
    const person = await newStaff();
    const now = new Date("2026-03-24T10:00:00Z");
    const started = await startTimer(database.db, person, { projectId }, now);
    const updated = await updateTimer(
      database.db,
      person,
      { version: started.version, projectId: unbilledProjectId, description: "Fixing", startedAt: "2026-03-24T09:30" },
      now,
    );
    expect(updated.startedAt.toISOString()).toBe("2026-03-24T08:30:00.000Z");
    expect(updated).toMatchObject({ projectId: unbilledProjectId, billable: false, version: started.version + 1 });
    await expect(
      updateTimer(database.db, person, { version: started.version, projectId, startedAt: "2026-03-24T09:00" }, now),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(
      updateTimer(database.db, person, { version: updated.version, projectId, startedAt: "2026-03-24T11:01" }, now),
    ).rejects.toMatchObject({
      code: "timesheet.timer_start_in_future",
      fieldErrors: { startedAt: expect.any(String) },
    });
    await expect(stopTimer(database.db, person, { version: started.version }, now)).rejects.toBeInstanceOf(
      ConflictError,
    );
  });

  it("refuses an archived project and a stop or discard with no timer; discard logs nothing", async () => {
    const person = await newStaff();
    await expect(startTimer(database.db, person, { projectId: archivedProjectId })).rejects.toMatchObject({
      code: "timesheet.project_archived",
    });
    await expect(stopTimer(database.db, person, { version: 1 })).rejects.toMatchObject({
      code: "timesheet.timer_not_running",
    });
    const started = await startTimer(database.db, person, { projectId });
    await discardTimer(database.db, person, { version: started.version });
    expect(await timersOf(person.id)).toBe(0);
    expect(await entriesOf(person.id)).toEqual([]);
    await expect(discardTimer(database.db, person, { version: started.version })).rejects.toMatchObject({
      code: "timesheet.timer_not_running",
    });
  });
});
