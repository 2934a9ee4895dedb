// The projects an editable week grid offers: all of them in a small firm; in a large one the
// person's recent projects and the week's own, with a search for the rest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { project } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createClient, createProject, setProjectArchived } from "../../src/modules/clients/client-mutations";
import { countActiveProjects, findClientOptions, searchProjectOptions } from "../../src/modules/clients/client-queries";
import { findGridProjects, GRID_ALL_PROJECTS_UP_TO } from "../../src/modules/timesheets/grid-project-queries";
import { createTimesheet } from "../../src/modules/timesheets/timesheet-mutations";
import { createUser } from "../../src/modules/users/user-mutations";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
let staff: Actor;
let acme: string;
let website: string;
let support: string;
let archived: string;

const WEEK = "2026-03-30"; // a Monday
const week = (weeksBefore: number) =>
  new Date(Date.parse(`${WEEK}T00:00:00Z`) - weeksBefore * 7 * 86_400_000).toISOString().slice(0, 10);
const row = (projectId: string) => ({
  projectId,
  description: "Work",
  billable: true,
  cells: ["1", "", "", "", "", "", ""],
});
const ids = (options: { projects: { id: string }[] }[]) =>
  options.flatMap((option) => option.projects.map((item) => item.id)).sort();

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  admin = setup.admin;
  const created = await createUser(database.db, admin, {
    name: "Sam Staff",
    email: "sam.grid@example.com",
    role: "staff",
    defaultHourlyRate: "",
    password: "a long unusual passphrase",
  });
  staff = { id: created.id, name: created.name, role: "staff" };
  acme = (await createClient(database.db, admin, { name: "Acme", currency: "EUR", paymentTermsDays: "30" })).id;
  website = (await createProject(database.db, admin, { clientId: acme, name: "Website", billableByDefault: true })).id;
  support = (
    await createProject(database.db, admin, { clientId: acme, name: "Support 100%", billableByDefault: false })
  ).id;
  const old = await createProject(database.db, admin, { clientId: acme, name: "Old website", billableByDefault: true });
  archived = old.id;
  // Time on Website two weeks before, on Support 13 weeks before (not recent), then Old website is archived.
  await createTimesheet(database.db, staff, {
    userId: staff.id,
    weekStart: week(2),
    grid: { rows: [row(website), row(archived)] },
  });
  await createTimesheet(database.db, staff, { userId: staff.id, weekStart: week(13), grid: { rows: [row(support)] } });
  await setProjectArchived(database.db, admin, { id: old.id, version: old.version, archived: true });
});
afterAll(() => tearDownDatabase(database));

describe(`grid projects on ${process.env.TEST_DB}`, () => {
  it("a small firm: every active project, and no search", async () => {
    expect(await countActiveProjects(database.db)).toBe(2);
    const projects = await findGridProjects(database.db, { userId: staff.id, weekStart: WEEK, projectIds: [] });
    expect(projects.complete).toBe(true);
    expect(ids(projects.options)).toEqual([support, website].sort());
  });

  it("findClientOptions with `only` keeps just those projects, never an archived one", async () => {
    expect(ids(await findClientOptions(database.db, { projectIds: [website, archived] }))).toEqual([website]);
    expect(await findClientOptions(database.db, { projectIds: [] })).toEqual([]);
  });

  it("a large firm: the person's projects of the last 12 weeks and the week's own; the search finds the others", async () => {
    const bulk = (
      await createClient(database.db, admin, { name: "Bulk Holdings", currency: "EUR", paymentTermsDays: "30" })
    ).id;
    await database.db.insert(project).values(
      Array.from({ length: GRID_ALL_PROJECTS_UP_TO }, (_, index) => ({
        clientId: bulk,
        name: `Workstream ${String(index + 1).padStart(3, "0")}`,
      })),
    );
    expect(await countActiveProjects(database.db)).toBe(GRID_ALL_PROJECTS_UP_TO + 2);

    const projects = await findGridProjects(database.db, { userId: staff.id, weekStart: WEEK, projectIds: [] });
    expect(projects.complete).toBe(false);
    // Website (2 weeks ago) only: Support was 13 weeks ago, Old website is archived.
    expect(ids(projects.options)).toEqual([website]);
    expect(projects.options[0]).toMatchObject({
      name: "Acme",
      projects: [{ id: website, name: "Website", billableByDefault: true }],
    });
    // The week's own projects are offered too.
    expect(
      ids((await findGridProjects(database.db, { userId: staff.id, weekStart: WEEK, projectIds: [support] })).options),
    ).toEqual([support, website].sort());

    // By project name or client name, any case, wildcards taken literally, at most `limit`.
    expect((await searchProjectOptions(database.db, "support 100%")).map((item) => item.id)).toEqual([support]);
    expect(await searchProjectOptions(database.db, "100_")).toEqual([]);
    expect((await searchProjectOptions(database.db, "ACME")).map((item) => item.name)).toEqual([
      "Support 100%",
      "Website",
    ]);
    expect(await searchProjectOptions(database.db, "old website")).toEqual([]);
    const bulkResults = await searchProjectOptions(database.db, "bulk", 20);
    expect(bulkResults).toHaveLength(20);
    expect(bulkResults[0]).toMatchObject({
      name: "Workstream 001",
      clientName: "Bulk Holdings",
      billableByDefault: true,
    });
  });
});
