import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings, timer } from "../../src/db/schema";
import { ForbiddenError, InvalidError, NotFoundError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createClient, createProject } from "../../src/modules/clients/client-mutations";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { startTimer } from "../../src/modules/timesheets/timer-mutations";
import { createTimesheet } from "../../src/modules/timesheets/timesheet-mutations";
import { getTimesheetDay } from "../../src/modules/timesheets/timesheet-day-queries";
import { createNamedUser, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

// The day view's query (decision 047): one day's entries of a week, the owner's running timer
// only on the day(s) it runs, and the week's reading rule (owner, managers, admins).

const PARIS = "Europe/Paris";
const WEEK = "2026-11-23"; // a Monday
let database: TestDatabase;
let admin: Actor;
let staff: Actor;
let otherStaff: Actor;
let manager: Actor;
let websiteId: string;
let internalId: string;
let sheetId: string;

const makeUser = (role: "staff" | "manager", name: string) => createNamedUser(database.db, admin, role, name);

const cells = (values: string[]) => [...values, "", "", "", "", "", "", ""].slice(0, 7);

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  admin = setup.admin;
  await getSettings(database.db);
  await database.db.update(settings).set({ timezone: PARIS });
  staff = await makeUser("staff", "Dana Day");
  otherStaff = await makeUser("staff", "Otto Other");
  manager = await makeUser("manager", "Mona Manager");
  const acme = await createClient(database.db, admin, { name: "Acme", currency: "EUR", paymentTermsDays: "30" });
  websiteId = (await createProject(database.db, admin, { clientId: acme.id, name: "Website", billableByDefault: true }))
    .id;
  internalId = (
    await createProject(database.db, admin, { clientId: acme.id, name: "Internal", billableByDefault: false })
  ).id;
  // Monday 1:00 and Tuesday 2:30 on Website; Tuesday 0:45 on Internal (not billable).
  const sheet = await createTimesheet(database.db, staff, {
    userId: staff.id,
    weekStart: WEEK,
    grid: {
      rows: [
        { projectId: websiteId, description: "Homepage", billable: true, cells: cells(["1", "2:30"]) },
        { projectId: internalId, description: "Team meeting", billable: false, cells: cells(["", "0:45"]) },
      ],
    },
  });
  sheetId = sheet.id;
});
afterAll(() => tearDownDatabase(database));

describe(`the timesheet day view on ${process.env.TEST_DB}`, () => {
  it("gives the entries of that day only, in the grid's row order, with project, client and total", async () => {
    const tuesday = await getTimesheetDay(database.db, staff, sheetId, "2026-11-24", PARIS);
    expect(
      tuesday.entries.map((entry) => [
        entry.projectName,
        entry.clientName,
        entry.description,
        entry.minutes,
        entry.billable,
        entry.date,
      ]),
    ).toEqual([
      ["Website", "Acme", "Homepage", 150, true, "2026-11-24"],
      ["Internal", "Acme", "Team meeting", 45, false, "2026-11-24"],
    ]);
    expect(tuesday.totalMinutes).toBe(195);
    const monday = await getTimesheetDay(database.db, staff, sheetId, "2026-11-23", PARIS);
    expect(monday.entries.map((entry) => [entry.projectName, entry.minutes])).toEqual([["Website", 60]]);
    const wednesday = await getTimesheetDay(database.db, staff, sheetId, "2026-11-25", PARIS);
    expect(wednesday).toMatchObject({ entries: [], totalMinutes: 0, timer: null });
  });

  it("shows the owner's running timer only on the day(s) it runs, to the owner and to a manager", async () => {
    // Started Wednesday 23:30 in Paris (22:30 UTC); read at 23:50 the same evening.
    await startTimer(
      database.db,
      staff,
      { projectId: websiteId, description: "Late fix" },
      new Date("2026-11-25T22:30:00Z"),
    );
    try {
      const evening = new Date("2026-11-25T22:50:00Z");
      const wednesday = await getTimesheetDay(database.db, staff, sheetId, "2026-11-25", PARIS, evening);
      expect(wednesday.timer).toMatchObject({
        projectName: "Website",
        clientName: "Acme",
        description: "Late fix",
        startedAt: "2026-11-25T22:30:00.000Z",
      });
      expect(wednesday.entries).toEqual([]);
      for (const date of ["2026-11-24", "2026-11-26"]) {
        expect((await getTimesheetDay(database.db, staff, sheetId, date, PARIS, evening)).timer).toBeNull();
      }
      // A manager looking at the week sees the same timer on its day.
      expect((await getTimesheetDay(database.db, manager, sheetId, "2026-11-25", PARIS, evening)).timer).not.toBeNull();
      // Past midnight it runs on Thursday too (its stop will split it), never on Friday.
      const night = new Date("2026-11-26T00:10:00Z");
      expect((await getTimesheetDay(database.db, staff, sheetId, "2026-11-25", PARIS, night)).timer).not.toBeNull();
      expect((await getTimesheetDay(database.db, staff, sheetId, "2026-11-26", PARIS, night)).timer).not.toBeNull();
      expect((await getTimesheetDay(database.db, staff, sheetId, "2026-11-27", PARIS, night)).timer).toBeNull();
      // Another person's timer never shows in this week.
      await startTimer(database.db, otherStaff, { projectId: internalId }, new Date("2026-11-24T08:00:00Z"));
      expect(
        (await getTimesheetDay(database.db, staff, sheetId, "2026-11-24", PARIS, new Date("2026-11-24T09:00:00Z")))
          .timer,
      ).toBeNull();
    } finally {
      await database.db.delete(timer).where(eq(timer.userId, staff.id));
      await database.db.delete(timer).where(eq(timer.userId, otherStaff.id));
    }
  });

  it("refuses another staff member's week, as the week page does; managers and admins read it", async () => {
    await expect(getTimesheetDay(database.db, otherStaff, sheetId, "2026-11-24", PARIS)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect((await getTimesheetDay(database.db, manager, sheetId, "2026-11-24", PARIS)).totalMinutes).toBe(195);
    expect((await getTimesheetDay(database.db, admin, sheetId, "2026-11-24", PARIS)).totalMinutes).toBe(195);
  });

  it("refuses an unknown week and a day outside the week", async () => {
    await expect(
      getTimesheetDay(database.db, staff, "00000000-0000-4000-8000-000000000000", "2026-11-24", PARIS),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(getTimesheetDay(database.db, staff, "not-an-id", "2026-11-24", PARIS)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(getTimesheetDay(database.db, staff, sheetId, "2026-11-30", PARIS)).rejects.toMatchObject({
      code: "timesheet.entry_date_outside_week",
    });
    await expect(getTimesheetDay(database.db, staff, sheetId, "2026-11-22", PARIS)).rejects.toBeInstanceOf(
      InvalidError,
    );
  });
});
