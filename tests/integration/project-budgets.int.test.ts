// Project budgets (issue 23, item 2): what is spent, and the 80 % / 100 % mails, exactly once per
// threshold and period, also when two saves cross a threshold at the same moment.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email, projectBudgetAlert, settings, user } from "../../src/db/schema";
import { isoWeekMonday, todayInZone } from "../../src/lib/dates";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createClient, createProject, updateProject } from "../../src/modules/clients/client-mutations";
import { checkBudgetAlerts } from "../../src/modules/clients/project-budget-alerts";
import { findBudgetUsage } from "../../src/modules/clients/project-budget-queries";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { startTimer, stopTimer } from "../../src/modules/timesheets/timer-mutations";
import {
  approveTimesheet,
  createTimesheet,
  saveTimesheet,
  submitTimesheet,
} from "../../src/modules/timesheets/timesheet-mutations";
import { createUser, setUserActive } from "../../src/modules/users/user-mutations";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

const TIMEZONE = "Europe/Paris";
let database: TestDatabase;
let admin: Actor & { email: string };
let manager: Actor & { email: string };
let clientId: string;
let people = 0;
let projects = 0;

async function newPerson(role: "staff" | "manager"): Promise<Actor & { email: string }> {
  people += 1;
  const created = await createUser(database.db, admin, {
    name: `Budget Person ${people}`,
    email: `budget.${people}@example.com`,
    role,
    defaultHourlyRate: "",
    password: "a long unusual passphrase",
  });
  return { id: created.id, name: created.name, role, email: created.email };
}

async function newProject(budget: Record<string, unknown>, hourlyRate = "100") {
  projects += 1;
  return createProject(database.db, admin, {
    clientId,
    name: `Budgeted ${projects}`,
    hourlyRate,
    billableByDefault: true,
    ...budget,
  });
}

const row = (projectId: string, cells: string[], billable = true) => ({
  projectId,
  description: "Work",
  billable,
  cells: [...cells, "", "", "", "", "", "", ""].slice(0, 7),
});

/** This week's Monday in the firm's timezone: the monthly budget's period is today's month. */
const thisWeek = () => isoWeekMonday(todayInZone(TIMEZONE));

async function mailsAbout(projectId: string) {
  return database.db
    .select({ id: email.id, to: email.to, subject: email.subject, text: email.text })
    .from(email)
    .where(and(eq(email.aboutType, "project"), eq(email.aboutId, projectId)))
    .orderBy(asc(email.createdAt), asc(email.id));
}

async function alertsOf(projectId: string) {
  return database.db
    .select({
      period: projectBudgetAlert.period,
      threshold: projectBudgetAlert.threshold,
      emailId: projectBudgetAlert.emailId,
    })
    .from(projectBudgetAlert)
    .where(eq(projectBudgetAlert.projectId, projectId))
    .orderBy(asc(projectBudgetAlert.period), asc(projectBudgetAlert.threshold));
}

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  admin = setup.admin;
  await getSettings(database.db);
  await database.db.update(settings).set({ timezone: TIMEZONE, locale: "en-GB" });
  manager = await newPerson("manager");
  const former = await newPerson("manager");
  await setUserActive(database.db, admin, { id: former.id, active: false });
  clientId = (
    await createClient(database.db, admin, { name: "Budget Client", currency: "EUR", paymentTermsDays: "30" })
  ).id;
});
afterAll(() => tearDownDatabase(database));

describe(`project budgets on ${process.env.TEST_DB}`, () => {
  it("an hours budget mails the active managers and admins at 80 % and at 100 %, once each", async () => {
    const project = await newProject({ budgetKind: "hours", budgetHours: "10", budgetPeriod: "total" });
    const staff = await newPerson("staff");
    let sheet = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: thisWeek(),
      grid: { rows: [row(project.id, ["7", "0:59"])] },
    });
    expect(await mailsAbout(project.id)).toEqual([]);
    const save = async (cells: string[]) => {
      sheet = await saveTimesheet(database.db, staff, {
        id: sheet.id,
        version: sheet.version,
        grid: { rows: [row(project.id, cells)] },
      });
    };
    await save(["7", "1"]); // 8 h of 10: 80 %
    let mails = await mailsAbout(project.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`80 % of the budget used: ${project.name} (Budget Client)`);
    expect([...mails[0]!.to].sort()).toEqual([admin.email, manager.email].sort());
    expect(mails[0]!.text).toContain("Used: 8 h of 10 h (80 %)");
    await save(["7", "2"]); // 90 %: nothing new
    expect(await mailsAbout(project.id)).toHaveLength(1);
    await save(["7", "3"]); // 100 %
    mails = await mailsAbout(project.id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `80 % of the budget used: ${project.name} (Budget Client)`,
      `Over budget: ${project.name} (Budget Client)`,
    ]);
    // Down and up again in the same period: no second mail for a threshold.
    await save(["1"]);
    await save(["7", "4"]);
    expect(await mailsAbout(project.id)).toHaveLength(2);
    expect(await alertsOf(project.id)).toEqual([
      { period: "total", threshold: 80, emailId: mails[0]!.id },
      { period: "total", threshold: 100, emailId: mails[1]!.id },
    ]);
  });

  it("saves at once that cross 80 % only together send the 80 % mail once (two, then six)", async () => {
    for (const [people, hours] of [
      [2, "4.5"],
      [6, "1.5"],
    ] as const) {
      const project = await newProject({ budgetKind: "hours", budgetHours: "10" });
      const team = await Promise.all(Array.from({ length: people }, () => newPerson("staff")));
      const sheets = await Promise.all(
        team.map((person) =>
          createTimesheet(database.db, person, { userId: person.id, weekStart: thisWeek(), grid: { rows: [] } }),
        ),
      );
      // Each save alone stays under 80 % (45 %, 15 %); all of them together make 90 %.
      await Promise.all(
        team.map((person, index) =>
          saveTimesheet(database.db, person, {
            id: sheets[index]!.id,
            version: sheets[index]!.version,
            grid: { rows: [row(project.id, [hours])] },
          }),
        ),
      );
      expect((await alertsOf(project.id)).map((alert) => alert.threshold)).toEqual([80]);
      expect(await mailsAbout(project.id)).toHaveLength(1);
    }
  });

  it("concurrent saves that each cross both thresholds record each threshold once and mail it once", async () => {
    const project = await newProject({ budgetKind: "hours", budgetHours: "10" });
    const team = await Promise.all([0, 1, 2].map(() => newPerson("staff")));
    const sheets = await Promise.all(
      team.map((person) =>
        createTimesheet(database.db, person, { userId: person.id, weekStart: thisWeek(), grid: { rows: [] } }),
      ),
    );
    await Promise.all(
      team.map((person, index) =>
        saveTimesheet(database.db, person, {
          id: sheets[index]!.id,
          version: sheets[index]!.version,
          grid: { rows: [row(project.id, ["8", "3"])] },
        }),
      ),
    );
    const alerts = await alertsOf(project.id);
    expect(alerts.map((alert) => alert.threshold)).toEqual([80, 100]);
    const mails = await mailsAbout(project.id);
    // The first save crossed both at once: one mail, about the higher threshold.
    expect(mails.map((mail) => mail.subject)).toEqual([`Over budget: ${project.name} (Budget Client)`]);
  });

  it("a money budget values approved time at its frozen rate and other time at the rate it would freeze to", async () => {
    const project = await newProject({ budgetKind: "money", budgetAmount: "1000", budgetPeriod: "total" });
    const staff = await newPerson("staff");
    const sheet = await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: "2026-03-02",
      grid: { rows: [row(project.id, ["5"]), row(project.id, ["", "3"], false)] },
    });
    const firm = await getSettings(database.db);
    const usage = async () => (await findBudgetUsage(database.db, { projectIds: [project.id] }, firm))[0]!;
    // Non-billable time is worth nothing; 5 h at 100.00 is 500.00, all of it an estimate.
    expect(await usage()).toMatchObject({ spent: 50000, estimated: 50000, percent: 50, state: "under" });
    const submitted = await submitTimesheet(database.db, staff, { id: sheet.id, version: sheet.version });
    await approveTimesheet(database.db, manager, { id: submitted.id, version: submitted.version });
    expect(await usage()).toMatchObject({ spent: 50000, estimated: 0 });
    // A new rate changes only the time not yet approved.
    await updateProject(database.db, admin, {
      id: project.id,
      version: project.version,
      name: project.name,
      hourlyRate: "200",
      billableByDefault: true,
      budgetKind: "money",
      budgetAmount: "1000",
    });
    expect(await mailsAbout(project.id)).toEqual([]);
    await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: "2026-03-09",
      grid: { rows: [row(project.id, ["2"])] },
    });
    expect(await usage()).toMatchObject({ spent: 90000, estimated: 40000, percent: 90, state: "near" });
    const [mail] = await mailsAbout(project.id);
    expect(mail?.text).toContain("Used: €900.00 of €1,000.00 (90 %)");
    expect(mail?.text).toContain("Not yet approved: €400.00");
  });

  it("a monthly budget counts the firm's month: a new month alerts again, the same month does not", async () => {
    const project = await newProject({ budgetKind: "hours", budgetHours: "2", budgetPeriod: "month" });
    const staff = await newPerson("staff");
    // Wednesday 28 January and Monday 2 February 2026 (both weeks start in January's calendar).
    await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: "2026-01-26",
      grid: { rows: [row(project.id, ["", "", "2"])] },
    });
    await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: "2026-02-02",
      grid: { rows: [row(project.id, ["1.5"])] },
    });
    // Saved in November: neither month is the current one, nothing was sent.
    expect(await mailsAbout(project.id)).toEqual([]);
    const check = (at: string) => database.db.transaction((tx) => checkBudgetAlerts(tx, [project.id], new Date(at)));
    // 23:30 UTC on 31 January is still January in UTC, but already February in Paris: 1.5 h of 2 (75 %).
    expect(await check("2026-01-31T23:30:00Z")).toEqual([]);
    // Noon on the 31st in Paris is January: 2 h of 2.
    expect(await check("2026-01-31T11:00:00Z")).toMatchObject([{ thresholds: [80, 100] }]);
    expect(await check("2026-01-31T12:00:00Z")).toEqual([]);
    const firm = await getSettings(database.db);
    const [february] = await findBudgetUsage(
      database.db,
      { projectIds: [project.id] },
      firm,
      new Date("2026-02-10T10:00:00Z"),
    );
    expect(february).toMatchObject({
      spent: 90,
      percent: 75,
      period: { key: "2026-02", from: "2026-02-01", to: "2026-02-28" },
    });
    expect((await alertsOf(project.id)).map((alert) => [alert.period, alert.threshold])).toEqual([
      ["2026-01", 80],
      ["2026-01", 100],
    ]);
    expect((await mailsAbout(project.id)).map((mail) => mail.subject)).toEqual([
      `Over budget: ${project.name} (Budget Client)`,
    ]);
  });

  it("a lowered budget alerts at once, and a changed budget alerts afresh", async () => {
    const project = await newProject({ budgetKind: "hours", budgetHours: "100" });
    const staff = await newPerson("staff");
    await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: thisWeek(),
      grid: { rows: [row(project.id, ["9"])] },
    });
    const base = { id: project.id, name: project.name, hourlyRate: "100", billableByDefault: true };
    const lowered = await updateProject(database.db, admin, { ...base, version: project.version, budgetHours: "10" });
    expect((await mailsAbout(project.id)).map((mail) => mail.subject)).toEqual([
      `80 % of the budget used: ${project.name} (Budget Client)`,
    ]);
    // The same budget saved again (a new name) keeps its alerts; a new figure starts afresh.
    const renamed = await updateProject(database.db, admin, {
      ...base,
      version: lowered.version,
      name: `${project.name} renamed`,
      budgetHours: "10",
    });
    expect(await mailsAbout(project.id)).toHaveLength(1);
    await updateProject(database.db, admin, {
      ...base,
      version: renamed.version,
      name: renamed.name,
      budgetHours: "11",
    });
    expect(await mailsAbout(project.id)).toHaveLength(2);
  });

  it("a stopped timer's time counts and alerts in the same transaction", async () => {
    const project = await newProject({ budgetKind: "hours", budgetHours: "1" });
    const staff = await newPerson("staff");
    const started = new Date();
    const timer = await startTimer(database.db, staff, { projectId: project.id }, started);
    await stopTimer(database.db, staff, { version: timer.version }, new Date(started.getTime() + 61 * 60_000));
    expect((await alertsOf(project.id)).map((alert) => alert.threshold)).toEqual([80, 100]);
    expect(await mailsAbout(project.id)).toHaveLength(1);
  });

  it("refuses a budget without its figure, both figures at once, and zero", async () => {
    await expect(newProject({ budgetKind: "hours", budgetHours: "" })).rejects.toMatchObject({
      fieldErrors: { budgetHours: "Enter the budget." },
    });
    await expect(newProject({ budgetHours: "10", budgetAmount: "5" })).rejects.toMatchObject({
      fieldErrors: { budgetAmount: expect.stringMatching(/not both/) },
    });
    await expect(newProject({ budgetKind: "money", budgetAmount: "0" })).rejects.toMatchObject({
      fieldErrors: { budgetAmount: "Enter a budget above zero." },
    });
    // The kind chosen decides: the other figure, left in the form, is not stored.
    const project = await newProject({
      budgetKind: "money",
      budgetHours: "10",
      budgetAmount: "5",
      budgetPeriod: "month",
    });
    expect(project).toMatchObject({ budgetMinutes: null, budgetAmount: 500, budgetPeriod: "month" });
  });

  it("each recipient reads the mail in their own language, else the firm's: one mail per language", async () => {
    await database.db.update(settings).set({ documentLanguage: "fr" });
    await database.db.update(user).set({ language: "de" }).where(eq(user.id, manager.id));
    try {
      const project = await newProject({ budgetKind: "hours", budgetHours: "10", budgetPeriod: "total" });
      const staff = await newPerson("staff");
      await createTimesheet(database.db, staff, {
        userId: staff.id,
        weekStart: thisWeek(),
        grid: { rows: [row(project.id, ["7", "1"])] },
      });
      const mails = await mailsAbout(project.id);
      const byRecipient = new Map(mails.flatMap((mail) => mail.to.map((to) => [to, mail] as const)));
      expect(mails).toHaveLength(2);
      expect(byRecipient.get(manager.email)!.subject).toBe(
        `80 % des Budgets verbraucht: ${project.name} (Budget Client)`,
      );
      expect(byRecipient.get(manager.email)!.text).toContain("Verbraucht: 8 h von 10 h (80 %)");
      expect(byRecipient.get(admin.email)!.subject).toBe(
        `80 % du budget consommé\u00a0: ${project.name} (Budget Client)`,
      );
      expect(byRecipient.get(admin.email)!.text).toContain("Période: Depuis le début");
      // The alert records one of them (the first written).
      expect(mails.map((mail) => mail.id)).toContain((await alertsOf(project.id))[0]!.emailId);
    } finally {
      await database.db.update(user).set({ language: null }).where(eq(user.id, manager.id));
      await database.db.update(settings).set({ documentLanguage: "en" });
    }
  });
  it("the dashboard's budgets reached are exactly the active budgets whose state is over, at 100 % included", async () => {
    const staff = await newPerson("staff");
    const exactHours = await newProject({ budgetKind: "hours", budgetHours: "3", budgetPeriod: "total" });
    const underHours = await newProject({ budgetKind: "hours", budgetHours: "3.25", budgetPeriod: "total" });
    const exactMoney = await newProject({ budgetKind: "money", budgetAmount: "300", budgetPeriod: "total" });
    const underMoney = await newProject({ budgetKind: "money", budgetAmount: "300.01", budgetPeriod: "total" });
    const overMonth = await newProject({ budgetKind: "hours", budgetHours: "1", budgetPeriod: "month" });
    const noTime = await newProject({ budgetKind: "money", budgetAmount: "100", budgetPeriod: "month" });
    await createTimesheet(database.db, staff, {
      userId: staff.id,
      weekStart: thisWeek(),
      grid: {
        rows: [exactHours, underHours, exactMoney, underMoney, overMonth].map((project) => row(project.id, ["3"])),
      },
    });
    const firm = await getSettings(database.db);
    const every = await findBudgetUsage(database.db, { active: true }, firm);
    const reached = await findBudgetUsage(database.db, { active: true, onlyOver: true }, firm);
    const ids = (usages: { projectId: string }[]) => usages.map((usage) => usage.projectId);
    expect(ids(reached)).toEqual(ids(every.filter((usage) => usage.state === "over")));
    expect(ids(reached)).toEqual(expect.arrayContaining([exactHours.id, exactMoney.id, overMonth.id]));
    expect(ids(reached)).not.toContain(underHours.id);
    expect(ids(reached)).not.toContain(underMoney.id);
    // A budgeted project without time is listed with nothing spent (and is not reached).
    expect(every.find((usage) => usage.projectId === noTime.id)).toMatchObject({ spent: 0, estimated: 0, percent: 0 });
    expect(ids(reached)).not.toContain(noTime.id);
    // The earlier tests left budgets under and near theirs: the comparison is not trivially equal.
    expect(every.some((usage) => usage.state !== "over")).toBe(true);
    expect(reached).toEqual(every.filter((usage) => usage.state === "over"));
  });
});
