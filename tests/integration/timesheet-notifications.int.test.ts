import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email, settings, timesheetReminderSent, user } from "../../src/db/schema";
import { ConflictError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createClient, createProject } from "../../src/modules/clients/client-mutations";
import { sendTimesheetReminders } from "../../src/modules/timesheets/timesheet-notifications";
import {
  approveTimesheet,
  createTimesheet,
  rejectTimesheet,
  saveTimesheetReminder,
  setTimesheetNotifications,
  submitTimesheet,
} from "../../src/modules/timesheets/timesheet-mutations";
import { createNamedUser, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

// Timesheet mails (issue 23.4) land in the outbox in the same transaction as the change: the
// managers when a week is submitted, the owner on a decision, and the weekly reminder once.

let database: TestDatabase;
let admin: Actor;
let staff: Actor & { email: string };
let quiet: Actor & { email: string };
let manager: Actor & { email: string };
let projectId: string;

const makeUser = (role: "staff" | "manager", name: string) => createNamedUser(database.db, admin, role, name);

/** The timesheet mails sent to one address (their welcome mail aside). */
const mailsTo = (address: string) =>
  database.db
    .select()
    .from(email)
    .where(and(eq(email.to, [address]), eq(email.aboutType, "timesheet")));
const grid = { rows: [{ projectId: "", description: "Work", billable: true, cells: ["7", "", "", "", "", "", ""] }] };

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  admin = setup.admin;
  staff = await makeUser("staff", "Nina Notified");
  quiet = await makeUser("staff", "Quentin Quiet");
  manager = await makeUser("manager", "Mats Manager");
  const clientId = (
    await createClient(database.db, admin, { name: "Mail Co", currency: "EUR", paymentTermsDays: "30" })
  ).id;
  projectId = (await createProject(database.db, admin, { clientId, name: "Mailing", billableByDefault: true })).id;
  grid.rows[0]!.projectId = projectId;
});
afterAll(() => tearDownDatabase(database));

describe(`timesheet mails on ${process.env.TEST_DB}`, () => {
  it("a submitted week tells each manager (not its owner), a decision tells the owner, with the reason", async () => {
    const before = (await mailsTo(manager.email)).length;
    let sheet = await createTimesheet(database.db, staff, { userId: staff.id, weekStart: "2025-05-05", grid });
    expect(await mailsTo(manager.email)).toHaveLength(before); // a draft tells nobody
    sheet = await submitTimesheet(database.db, staff, { id: sheet.id, version: sheet.version });
    const toManager = (await mailsTo(manager.email)).slice(before);
    expect(toManager).toHaveLength(1);
    expect(toManager[0]).toMatchObject({
      subject: expect.stringMatching(/^Timesheet to approve: Nina Notified, Week 19/),
      aboutType: "timesheet",
      aboutId: sheet.id,
    });
    expect(toManager[0]!.text).toContain(`/bo/timesheets/${sheet.id}`);
    expect(toManager[0]!.text).toContain("7 h");
    expect(await mailsTo(staff.email)).toHaveLength(0);

    sheet = await rejectTimesheet(database.db, manager, { id: sheet.id, version: sheet.version, reason: "Friday?" });
    const [rejected] = await mailsTo(staff.email);
    expect(rejected).toMatchObject({ subject: expect.stringMatching(/was rejected$/) });
    expect(rejected!.text).toContain("> Friday?");
    sheet = await submitTimesheet(database.db, staff, { id: sheet.id, version: sheet.version });
    await approveTimesheet(database.db, manager, { id: sheet.id, version: sheet.version });
    const decisions = await mailsTo(staff.email);
    expect(decisions.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/was rejected$/),
      expect.stringMatching(/was approved$/),
    ]);
  });

  it("a person who turned them off gets none; a refused change sends nothing", async () => {
    await setTimesheetNotifications(database.db, quiet, { enabled: false });
    const sheet = await createTimesheet(database.db, quiet, { userId: quiet.id, weekStart: "2025-05-05", grid });
    const submitted = await submitTimesheet(database.db, quiet, { id: sheet.id, version: sheet.version });
    await approveTimesheet(database.db, manager, { id: submitted.id, version: submitted.version });
    expect(await mailsTo(quiet.email)).toHaveLength(0);
    const managerMails = (await mailsTo(manager.email)).length;
    await expect(submitTimesheet(database.db, quiet, { id: sheet.id, version: sheet.version })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(await mailsTo(manager.email)).toHaveLength(managerMails);
  });

  it("the weekly reminder: off by default, then once per person and week, never for a submitted week", async () => {
    const monday = new Date("2025-05-12T10:00:00Z"); // Monday 12:00 in Paris; the week before is 2025-05-05
    expect(await sendTimesheetReminders(database.db, monday)).toEqual({ due: false, weekStart: null, sent: 0 });
    await saveTimesheetReminder(database.db, admin, { enabled: true, weekday: "1", time: "09:00", previous: null });
    await expect(
      saveTimesheetReminder(database.db, admin, { enabled: false, weekday: "1", time: "09:00", previous: null }),
    ).rejects.toMatchObject({ code: "timesheet.reminder_stale" });
    const [runA, runB] = await Promise.all([
      sendTimesheetReminders(database.db, monday),
      sendTimesheetReminders(database.db, monday),
    ]);
    expect(runA.weekStart).toBe("2025-05-05");
    const reminded = await database.db
      .select({ to: email.to })
      .from(email)
      .where(eq(email.subject, "Reminder: your timesheet for Week 19 · 5 May 2025"));
    const addresses = reminded.map((row) => row.to[0]);
    // Nina's and Quentin's weeks are approved; Quentin turned mails off; the manager and the admin have no week.
    expect(addresses).toContain(manager.email);
    expect(addresses).not.toContain(staff.email);
    expect(addresses).not.toContain(quiet.email);
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(runA.sent + runB.sent).toBe(addresses.length);
    expect((await sendTimesheetReminders(database.db, monday)).sent).toBe(0);
    const claims = await database.db
      .select()
      .from(timesheetReminderSent)
      .where(
        and(eq(timesheetReminderSent.weekStart, "2025-05-05"), inArray(timesheetReminderSent.userId, [manager.id])),
      );
    expect(claims).toHaveLength(1);
    const [row] = await database.db.select({ reminder: settings.timesheetReminder }).from(settings);
    expect(row?.reminder).toEqual({ weekday: 1, time: "09:00" });
  });

  it("each mail is in its recipient's language: their own, else the firm's", async () => {
    const owner = await makeUser("staff", "Dora Deutsch");
    const french = await makeUser("manager", "Fanny Frenchwoman");
    await database.db.update(user).set({ language: "de" }).where(eq(user.id, owner.id));
    await database.db.update(user).set({ language: "fr" }).where(eq(user.id, french.id));
    const sheet = await createTimesheet(database.db, owner, { userId: owner.id, weekStart: "2025-05-19", grid });
    const submitted = await submitTimesheet(database.db, owner, { id: sheet.id, version: sheet.version });
    const [toFrench] = await mailsTo(french.email);
    expect(toFrench!.subject).toMatch(/^Feuille de temps à approuver : Dora Deutsch, semaine 21 · 19 mai 2025$/);
    expect(toFrench!.text).toContain("Examiner la semaine");
    // A manager without a language of their own gets the firm's (English here).
    const toManager = await mailsTo(manager.email);
    expect(toManager.at(-1)!.subject).toMatch(/^Timesheet to approve: Dora Deutsch, Week 21/);
    await approveTimesheet(database.db, french, { id: submitted.id, version: submitted.version });
    const [decided] = await mailsTo(owner.email);
    expect(decided!.subject).toMatch(/^Ihr Stundenzettel für KW 21 · .* wurde genehmigt$/);
    expect(decided!.text).toContain("Fanny Frenchwoman hat Ihren Stundenzettel für KW 21");
  });
});
