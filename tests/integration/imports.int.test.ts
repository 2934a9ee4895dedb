import { readFileSync } from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, client, importedRecord, project, settings, timeEntry, timesheet } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createClient, createProject } from "../../src/modules/clients/client-mutations";
import { previewImport, runImport } from "../../src/modules/imports/import-mutations";
import { createNamedUser, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

// Imports (issue 26.5, decision 054): each sample file imports what it holds, once; a broken file
// or a refused row imports nothing; only administrators import.

let database: TestDatabase;
let admin: Actor;
let ada: Actor;
let grace: Actor;
let manager: Actor;

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/imports", name), "utf8");
const toggl = fixture("toggl-detailed.csv");
const TOGGL_HEADER = toggl.split("\n")[0]!;

async function counts() {
  const db = database.db;
  const [[clients], [projects], [entries], [weeks], [records]] = await Promise.all([
    db.select({ n: count() }).from(client),
    db.select({ n: count() }).from(project),
    db.select({ n: count() }).from(timeEntry),
    db.select({ n: count() }).from(timesheet),
    db.select({ n: count() }).from(importedRecord),
  ]);
  return { clients: clients!.n, projects: projects!.n, entries: entries!.n, weeks: weeks!.n, records: records!.n };
}

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  admin = setup.admin;
  ada = await createNamedUser(database.db, admin, "staff", "Ada Lovelace");
  grace = await createNamedUser(database.db, admin, "staff", "Grace Hopper");
  manager = await createNamedUser(database.db, admin, "manager", "Mara Manager");
  await database.db.update(settings).set({ defaultHourlyRate: 10_000 });
});
afterAll(() => tearDownDatabase(database));

describe(`imports on ${process.env.TEST_DB}`, () => {
  it("previews the Toggl sample without writing, then imports it as approved weeks with frozen rates", async () => {
    const before = await counts();
    const preview = await previewImport(database.db, admin, { source: "auto", csv: toggl, weekState: "approved" });
    expect(preview).toMatchObject({
      source: "toggl_time",
      clients: { create: 2, existing: 0 },
      projects: { create: 2, existing: 0 },
      entries: { create: 4, existing: 0, minutes: 90 + 135 + 60 + 210 },
      weeks: 3,
      refused: [],
    });
    expect(await counts()).toEqual(before);

    const summary = await runImport(database.db, admin, { source: "toggl_time", csv: toggl, weekState: "approved" });
    expect(summary.entries.create).toBe(4);
    const after = await counts();
    expect(after).toEqual({
      clients: before.clients + 2,
      projects: before.projects + 2,
      entries: before.entries + 4,
      weeks: before.weeks + 3,
      records: before.records + 4,
    });
    const adaWeek = await database.db
      .select({
        status: timesheet.status,
        decidedById: timesheet.decidedById,
        rate: timeEntry.hourlyRate,
        minutes: timeEntry.minutes,
      })
      .from(timesheet)
      .innerJoin(timeEntry, eq(timeEntry.timesheetId, timesheet.id))
      .where(and(eq(timesheet.userId, ada.id), eq(timesheet.weekStart, "2026-10-05")));
    expect(adaWeek.map((row) => row.minutes).sort()).toEqual([135, 90].sort());
    expect(
      adaWeek.every((row) => row.status === "approved" && row.decidedById === admin.id && row.rate === 10_000),
    ).toBe(true);
    const [audit] = await database.db
      .select({ summary: auditEvent.summary })
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, "import"), eq(auditEvent.action, "run")));
    expect(audit?.summary).toMatchObject({ source: "toggl_time", entriesCreated: 4, clientsCreated: 2, refused: 0 });
  });

  it("a re-import of the same file changes nothing", async () => {
    const before = await counts();
    const summary = await runImport(database.db, admin, { source: "auto", csv: toggl, weekState: "draft" });
    expect(summary).toMatchObject({
      clients: { create: 0 },
      projects: { create: 0 },
      entries: { create: 0, existing: 4 },
      weeks: 0,
      refused: [],
    });
    expect(await counts()).toEqual(before);
  });

  it("imports Harvest clients, then projects, then the time report; each once", async () => {
    const before = await counts();
    const clients = fixture("harvest-clients.csv");
    expect((await runImport(database.db, admin, { source: "auto", csv: clients, weekState: "draft" })).clients).toEqual(
      {
        create: 2,
        existing: 0,
      },
    );
    const projects = fixture("harvest-projects.csv");
    const made = await runImport(database.db, admin, { source: "auto", csv: projects, weekState: "draft" });
    expect(made).toMatchObject({ clients: { create: 0 }, projects: { create: 2, existing: 0 } });
    const [cards] = await database.db.select().from(project).where(eq(project.name, "Punched cards"));
    expect(cards).toMatchObject({ code: "CARDS", hourlyRate: 9500, billableByDefault: true });

    const time = fixture("harvest-time-report.csv");
    const report = await runImport(database.db, admin, { source: "auto", csv: time, weekState: "draft" });
    expect(report).toMatchObject({ clients: { create: 0 }, projects: { create: 2 }, entries: { create: 3 }, weeks: 2 });
    const graceEntries = await database.db
      .select({
        minutes: timeEntry.minutes,
        billable: timeEntry.billable,
        rate: timeEntry.hourlyRate,
        status: timesheet.status,
      })
      .from(timeEntry)
      .innerJoin(timesheet, eq(timesheet.id, timeEntry.timesheetId))
      .where(and(eq(timeEntry.userId, grace.id), eq(timeEntry.date, "2026-10-21")));
    expect(graceEntries).toEqual([{ minutes: 135, billable: false, rate: null, status: "draft" }]);
    expect(await counts()).toMatchObject({
      clients: before.clients + 2,
      projects: before.projects + 4,
      entries: before.entries + 3,
    });

    for (const csv of [clients, projects, time]) {
      const again = await runImport(database.db, admin, { source: "auto", csv, weekState: "draft" });
      expect([again.clients.create, again.projects.create, again.entries.create]).toEqual([0, 0, 0]);
    }
    expect(await counts()).toMatchObject({
      clients: before.clients + 2,
      projects: before.projects + 4,
      entries: before.entries + 3,
    });
  });

  it("imports the Kimai sample into draft weeks, under the clients already there", async () => {
    const before = await counts();
    const summary = await runImport(database.db, admin, {
      source: "auto",
      csv: fixture("kimai-timesheet.csv"),
      weekState: "draft",
    });
    expect(summary).toMatchObject({
      clients: { create: 0 },
      projects: { create: 2 },
      entries: { create: 3 },
      weeks: 2,
    });
    expect(await counts()).toMatchObject({
      clients: before.clients,
      projects: before.projects + 2,
      entries: before.entries + 3,
    });
  });

  it("a broken file imports nothing", async () => {
    const before = await counts();
    await expect(
      runImport(database.db, admin, { source: "auto", csv: fixture("toggl-broken.csv"), weekState: "approved" }),
    ).rejects.toMatchObject({ code: "import.file_unreadable" });
    await expect(
      previewImport(database.db, admin, { source: "kimai_time", csv: toggl, weekState: "approved" }),
    ).rejects.toMatchObject({ code: "import.file_unreadable", message: expect.stringContaining('no "Date" column') });
    expect(await counts()).toEqual(before);
  });

  it("refused rows: the preview lists them; the import imports nothing unless asked for the valid rows only", async () => {
    const csv = fixture("toggl-refused-rows.csv");
    const preview = await previewImport(database.db, admin, { source: "auto", csv, weekState: "approved" });
    expect(preview.entries.create).toBe(1);
    expect(preview.refused).toEqual([
      { line: 3, reason: "No active person in Bureau has the email nobody@example.com." },
      { line: 4, reason: '"2026-13-40" is not a date this export writes.' },
      { line: 5, reason: expect.stringContaining('The duration "soon"') },
    ]);
    const before = await counts();
    await expect(runImport(database.db, admin, { source: "auto", csv, weekState: "approved" })).rejects.toMatchObject({
      code: "import.rows_refused",
    });
    expect(await counts()).toEqual(before);
    const partial = await runImport(database.db, admin, {
      source: "auto",
      csv,
      weekState: "approved",
      validOnly: true,
    });
    expect(partial.entries.create).toBe(1);
    expect(await counts()).toMatchObject({ entries: before.entries + 1 });
  });

  it("refuses a row for a submitted week, a week open when approving, and a members-only project", async () => {
    await database.db.insert(timesheet).values([
      { userId: ada.id, weekStart: "2026-11-09", status: "submitted", submittedAt: new Date() },
      { userId: grace.id, weekStart: "2026-11-09", status: "draft" },
    ]);
    const { id: clientId } = await createClient(database.db, admin, {
      name: "Closed Co",
      currency: "EUR",
      paymentTermsDays: "30",
    });
    await createProject(database.db, admin, {
      clientId,
      name: "Secret",
      billableByDefault: true,
      membersOnly: true,
      memberIds: [ada.id],
    });
    const row = (who: string, date: string, clientName: string, projectName: string) =>
      `${who},${who.toLowerCase().replace(" ", ".")}@example.com,${clientName},${projectName},,Work,Yes,${date},09:00:00,${date},10:00:00,01:00:00,,`;
    const csv = [
      TOGGL_HEADER,
      row("Ada Lovelace", "2026-11-10", "Compiler Works", "COBOL migration"),
      row("Grace Hopper", "2026-11-11", "Compiler Works", "COBOL migration"),
      row("Grace Hopper", "2026-11-17", "Closed Co", "Secret"),
      row("Ada Lovelace", "2026-11-18", "Closed Co", "Secret"),
    ].join("\n");
    const approved = await previewImport(database.db, admin, { source: "auto", csv, weekState: "approved" });
    expect(approved.refused).toEqual([
      { line: 2, reason: "Ada Lovelace's week of 2026-11-09 is already submitted in Bureau and cannot take new time." },
      { line: 3, reason: expect.stringContaining("Grace Hopper's week of 2026-11-09 is open in Bureau") },
      { line: 4, reason: 'Grace Hopper is not a member of "Secret", a members-only project.' },
    ]);
    expect(approved.entries.create).toBe(1);
    const drafts = await previewImport(database.db, admin, { source: "auto", csv, weekState: "draft" });
    expect(drafts.refused.map((refused) => refused.line)).toEqual([2, 4]);
    expect(drafts.entries.create).toBe(2);
  });

  it("only administrators preview or import", async () => {
    const before = await counts();
    for (const actor of [manager, ada]) {
      await expect(
        previewImport(database.db, actor, { source: "auto", csv: toggl, weekState: "draft" }),
      ).rejects.toMatchObject({
        kind: "forbidden",
      });
      await expect(
        runImport(database.db, actor, { source: "auto", csv: toggl, weekState: "draft" }),
      ).rejects.toMatchObject({
        kind: "forbidden",
      });
    }
    expect(await counts()).toEqual(before);
  });
});
