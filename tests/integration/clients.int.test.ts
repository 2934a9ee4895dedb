import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, client } from "../../src/db/schema";
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import {
  createClient,
  createProject,
  setClientArchived,
  setProjectArchived,
  updateClient,
  updateProject,
} from "../../src/modules/clients/client-mutations";
import {
  CLIENT_PICKER_LIMIT,
  findClientName,
  findClientOptions,
  findClients,
  getClient,
  searchClientNames,
} from "../../src/modules/clients/client-queries";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;
const staff = (): Actor => ({ id: admin.id, name: "S", role: "staff" });
const manager = (): Actor => ({ id: admin.id, name: "M", role: "manager" });

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
});
afterAll(() => tearDownDatabase(database));

const input = (overrides: Record<string, unknown> = {}) => ({
  name: "Acme",
  currency: "EUR",
  paymentTermsDays: "30",
  ...overrides,
});

describe(`clients and projects on ${process.env.TEST_DB}`, () => {
  it("creates a client with every field, audited; staff may not", async () => {
    const created = await createClient(
      database.db,
      manager(),
      input({
        name: " Acme ",
        billingEmail: "AP@Acme.example",
        country: "FR",
        vatNumber: "fr40 303 265 045",
        defaultHourlyRate: "95",
        notes: "VIP",
      }),
    );
    expect(created).toMatchObject({
      name: "Acme",
      billingEmail: "ap@acme.example",
      vatNumber: "FR40303265045",
      defaultHourlyRate: 9500,
      version: 1,
    });
    const [events] = await database.db
      .select({ value: count() })
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, "client"), eq(auditEvent.entityId, created.id)));
    expect(events?.value).toBe(1);
    await expect(createClient(database.db, staff(), input({ name: "Other" }))).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("names are unique among active clients, case-insensitive; archived names can be reused; restore refuses a clash", async () => {
    await expect(createClient(database.db, admin, input({ name: "ACME" }))).rejects.toMatchObject({
      fieldErrors: { name: "Another active client already has this name." },
      code: "client.name_taken",
    });
    const first = await createClient(database.db, admin, input({ name: "Twin" }));
    const archived = await setClientArchived(database.db, admin, {
      id: first.id,
      version: first.version,
      archived: true,
    });
    expect(archived.archivedAt).toBeInstanceOf(Date);
    await createClient(database.db, admin, input({ name: "twin" }));
    await expect(
      setClientArchived(database.db, admin, { id: first.id, version: archived.version, archived: false }),
    ).rejects.toThrow(/rename one of them/);
    await expect(
      setClientArchived(database.db, admin, { id: first.id, version: archived.version, archived: false }),
    ).rejects.toMatchObject({ code: "client.restore_name_taken" });
  });

  it("refuses a bad VAT number and a stale edit; unknown ids are not found", async () => {
    const created = await createClient(database.db, admin, input({ name: "Globex" }));
    await expect(
      updateClient(database.db, admin, {
        ...input({ name: "Globex", country: "DE", vatNumber: "DE12" }),
        id: created.id,
        version: 1,
      }),
    ).rejects.toMatchObject({ fieldErrors: { vatNumber: expect.any(String) } });
    const updated = await updateClient(database.db, admin, {
      ...input({ name: "Globex GmbH", country: "DE", vatNumber: "DE123456789" }),
      id: created.id,
      version: 1,
    });
    expect(updated.version).toBe(2);
    await expect(
      updateClient(database.db, admin, { ...input({ name: "Stale" }), id: created.id, version: 1 }),
    ).rejects.toBeInstanceOf(ConflictError);
    const [row] = await database.db.select().from(client).where(eq(client.id, created.id));
    expect(row?.name).toBe("Globex GmbH");
    await expect(getClient(database.db, "0190a8a0-0000-7000-8000-000000000000")).rejects.toBeInstanceOf(NotFoundError);
    await expect(getClient(database.db, "nope")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("projects: unique per client, editable, archivable; archived projects and clients leave the pickers", async () => {
    const owner = await createClient(database.db, admin, input({ name: "Initech" }));
    const website = await createProject(database.db, admin, {
      clientId: owner.id,
      name: "Website",
      hourlyRate: "120",
      budgetHours: "10",
      billableByDefault: true,
    });
    expect(website).toMatchObject({ hourlyRate: 12000, budgetMinutes: 600 });
    await expect(
      createProject(database.db, admin, { clientId: owner.id, name: "website", billableByDefault: true }),
    ).rejects.toBeInstanceOf(InvalidError);
    await expect(
      createProject(database.db, staff(), { clientId: owner.id, name: "x", billableByDefault: true }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const edited = await updateProject(database.db, admin, {
      id: website.id,
      version: website.version,
      name: "Website 2",
      hourlyRate: "",
      billableByDefault: false,
    });
    expect(edited).toMatchObject({ name: "Website 2", hourlyRate: null, billableByDefault: false, version: 2 });
    await expect(
      updateProject(database.db, admin, { id: website.id, version: 1, name: "Old", billableByDefault: true }),
    ).rejects.toBeInstanceOf(ConflictError);
    const support = await createProject(database.db, admin, {
      clientId: owner.id,
      name: "Support",
      billableByDefault: true,
    });
    await setProjectArchived(database.db, admin, { id: support.id, version: support.version, archived: true });
    let options = await findClientOptions(database.db);
    expect(options.find((option) => option.id === owner.id)?.projects.map((item) => item.name)).toEqual(["Website 2"]);
    const current = await getClient(database.db, owner.id);
    await setClientArchived(database.db, admin, { id: owner.id, version: current.version, archived: true });
    options = await findClientOptions(database.db);
    expect(options.some((option) => option.id === owner.id)).toBe(false);
    await expect(
      createProject(database.db, admin, { clientId: owner.id, name: "New", billableByDefault: true }),
    ).rejects.toThrow(/archived/);
  });

  it("the list searches, hides archived unless asked, sorts and pages", async () => {
    for (const name of ["Zeta", "Alpha", "Mu"])
      await createClient(database.db, admin, input({ name, city: `${name}ville` }));
    const all = await findClients(database.db, {});
    expect(all.rows.map((row) => row.name)).toEqual(
      [...all.rows.map((row) => row.name)].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })),
    );
    expect(all.rows.some((row) => row.name === "Initech")).toBe(false);
    expect((await findClients(database.db, { archived: true })).rows.some((row) => row.name === "Initech")).toBe(true);
    expect((await findClients(database.db, { q: "zetav" })).rows.map((row) => row.name)).toEqual(["Zeta"]);
    expect((await findClients(database.db, { q: "100%_" })).rows).toEqual([]);
    const desc = await findClients(database.db, { sort: "name", direction: "desc", pageSize: 2 });
    expect(desc.rows.map((row) => row.name)).toEqual(["Zeta", "twin"]);
    expect(desc.total).toBe(all.total);
    expect((await findClients(database.db, { pageSize: 2, page: 2 })).rows).toHaveLength(2);
  });

  it("the filters' client picker finds active clients by name, those starting with the text first, a page at most", async () => {
    for (const name of ["Picker Beta", "Alpha Picker", "Picker Alpha", "Gone Picker"])
      await createClient(database.db, admin, input({ name }));
    const [gone] = (await findClients(database.db, { q: "Gone Picker" })).rows;
    await setClientArchived(database.db, admin, { id: gone!.id, version: 1, archived: true });
    expect((await searchClientNames(database.db, "picker")).map((row) => row.name)).toEqual([
      "Picker Alpha",
      "Picker Beta",
      "Alpha Picker",
    ]);
    expect((await searchClientNames(database.db, "  PICKER a ")).map((row) => row.name)).toEqual(["Picker Alpha"]);
    expect(await searchClientNames(database.db, "100%_")).toEqual([]);
    // Nothing typed: the first active clients by name.
    const first = await searchClientNames(database.db, "");
    const active = (await findClients(database.db, { pageSize: 200 })).rows.map((row) => row.name);
    expect(first.map((row) => row.name)).toEqual(active.slice(0, CLIENT_PICKER_LIMIT));
    for (let index = 0; index < 25; index += 1)
      await createClient(database.db, admin, input({ name: `Many Picker ${String(index).padStart(2, "0")}` }));
    expect(await searchClientNames(database.db, "many picker")).toHaveLength(CLIENT_PICKER_LIMIT);
    // A filter's chosen client is named even when archived (an old link); an unknown id is null.
    expect(await findClientName(database.db, gone!.id)).toEqual({ id: gone!.id, name: "Gone Picker" });
    expect(await findClientName(database.db, "0193aaaa-0000-7000-8000-000000000000")).toBeNull();
    expect(await findClientName(database.db, undefined)).toBeNull();
  });
});
