import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, projectMember, timer, user } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createClient, createProject, updateProject } from "../../src/modules/clients/client-mutations";
import { findClientProjects, searchProjectOptions } from "../../src/modules/clients/client-queries";
import { findGridProjects } from "../../src/modules/timesheets/grid-project-queries";
import { startTimer } from "../../src/modules/timesheets/timer-mutations";
import { addTimeEntryToWeek, createTimesheet } from "../../src/modules/timesheets/timesheet-mutations";
import { createNamedUser, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

// Project assignments (issue 23.3, decision 046): a members-only project takes staff time only
// from its members, in every way time arrives (the grid, a call, the timer), not only in the pickers.

let database: TestDatabase;
let admin: Actor;
let member: Actor;
let outsider: Actor;
let manager: Actor;
let clientId: string;
let open: { id: string; version: number };
let closed: { id: string; version: number };

const makeUser = (role: "staff" | "manager", name: string) => createNamedUser(database.db, admin, role, name);

const grid = (projectId: string) => ({
  rows: [{ projectId, description: "Work", billable: true, cells: ["2", "", "", "", "", "", ""] }],
});
const projectNames = (options: { projects: { name: string }[] }[]) =>
  options.flatMap((option) => option.projects.map((item) => item.name)).sort();

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  admin = setup.admin;
  member = await makeUser("staff", "Mel Member");
  outsider = await makeUser("staff", "Oscar Outsider");
  manager = await makeUser("manager", "Mara Manager");
  clientId = (await createClient(database.db, admin, { name: "Members Co", currency: "EUR", paymentTermsDays: "30" }))
    .id;
  open = await createProject(database.db, admin, { clientId, name: "Open work", billableByDefault: true });
  closed = await createProject(database.db, admin, {
    clientId,
    name: "Closed work",
    billableByDefault: true,
    membersOnly: true,
    memberIds: [member.id],
  });
});
afterAll(() => tearDownDatabase(database));

describe(`project members on ${process.env.TEST_DB}`, () => {
  it("stores the members and audits them; the project lists carry them", async () => {
    const [listed] = (await findClientProjects(database.db, clientId)).filter((item) => item.id === closed.id);
    expect(listed).toMatchObject({ membersOnly: true, memberIds: [member.id] });
    const [created] = await database.db
      .select({ summary: auditEvent.summary })
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, closed.id), eq(auditEvent.action, "create")));
    expect(created?.summary).toMatchObject({ membersOnly: true, memberIds: [member.id] });
  });

  it("offers staff only the projects open to them; managers every project", async () => {
    const weekStart = "2025-03-03";
    const forMember = await findGridProjects(database.db, { userId: member.id, weekStart, projectIds: [] });
    const forOutsider = await findGridProjects(database.db, { userId: outsider.id, weekStart, projectIds: [] });
    const forManager = await findGridProjects(database.db, { userId: manager.id, weekStart, projectIds: [] });
    expect(projectNames(forMember.options)).toEqual(expect.arrayContaining(["Closed work", "Open work"]));
    expect(projectNames(forOutsider.options)).toContain("Open work");
    expect(projectNames(forOutsider.options)).not.toContain("Closed work");
    expect(projectNames(forManager.options)).toContain("Closed work");
    expect((await searchProjectOptions(database.db, "work", 20, outsider)).map((item) => item.name)).toEqual([
      "Open work",
    ]);
    expect((await searchProjectOptions(database.db, "work", 20, member)).map((item) => item.name)).toEqual([
      "Closed work",
      "Open work",
    ]);
  });

  it("refuses an outsider's time in the mutation itself: the grid, a call's entry and the timer", async () => {
    await expect(
      createTimesheet(database.db, outsider, { userId: outsider.id, weekStart: "2025-03-10", grid: grid(closed.id) }),
    ).rejects.toMatchObject({
      code: "timesheet.project_not_assigned",
      fieldErrors: { "rows.0.projectId": expect.stringMatching(/Only this project's members log time on it/) },
    });
    await expect(
      addTimeEntryToWeek(database.db, outsider, {
        userId: outsider.id,
        date: "2025-03-11",
        projectId: closed.id,
        minutes: 30,
        description: "Call",
        billable: true,
      }),
    ).rejects.toMatchObject({ code: "timesheet.project_not_assigned" });
    await expect(startTimer(database.db, outsider, { projectId: closed.id, description: "" })).rejects.toMatchObject({
      code: "timesheet.project_not_assigned",
    });
    expect(await database.db.select().from(timer).where(eq(timer.userId, outsider.id))).toEqual([]);
    // The member, and a manager (never a member), log time there.
    await expect(
      createTimesheet(database.db, member, { userId: member.id, weekStart: "2025-03-10", grid: grid(closed.id) }),
    ).resolves.toMatchObject({ status: "draft" });
    await expect(
      createTimesheet(database.db, manager, { userId: manager.id, weekStart: "2025-03-10", grid: grid(closed.id) }),
    ).resolves.toMatchObject({ status: "draft" });
    // Open projects stay open to everyone.
    await expect(
      createTimesheet(database.db, outsider, { userId: outsider.id, weekStart: "2025-03-17", grid: grid(open.id) }),
    ).resolves.toMatchObject({ status: "draft" });
  });

  it("changes members in one save: added and removed are audited; a deactivated person is refused and nothing changes", async () => {
    const [current] = (await findClientProjects(database.db, clientId)).filter((item) => item.id === closed.id);
    const updated = await updateProject(database.db, admin, {
      id: closed.id,
      version: current!.version,
      name: "Closed work",
      billableByDefault: true,
      membersOnly: true,
      memberIds: [outsider.id],
    });
    const [event] = await database.db
      .select({ summary: auditEvent.summary })
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, closed.id), eq(auditEvent.action, "update")));
    expect(event?.summary).toMatchObject({ membersAdded: [outsider.id], membersRemoved: [member.id] });
    await database.db.update(user).set({ active: false }).where(eq(user.id, member.id));
    await expect(
      updateProject(database.db, admin, {
        id: closed.id,
        version: updated.version,
        name: "Closed work",
        billableByDefault: true,
        membersOnly: true,
        memberIds: [outsider.id, member.id],
      }),
    ).rejects.toMatchObject({ code: "client.member_not_found", fieldErrors: { memberIds: expect.any(String) } });
    const members = await database.db.select().from(projectMember).where(eq(projectMember.projectId, closed.id));
    expect(members.map((row) => row.userId)).toEqual([outsider.id]);
    await expect(
      updateProject(database.db, member, {
        id: closed.id,
        version: updated.version,
        name: "Closed work",
        billableByDefault: true,
      }),
    ).rejects.toThrow();
  });
});
