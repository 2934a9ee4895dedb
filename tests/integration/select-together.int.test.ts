// selectTogether runs several selects as one statement (src/db/select-together.ts): each must
// give what it gives when awaited alone, whatever its column types, row order or row count.
import { asc, count, desc, eq, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvent, client, user } from "../../src/db/schema";
import { combinedRead, runRead, runReadsTogether, selectTogether } from "../../src/db/select-together";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { insertClient } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  ({ database } = await setUpDatabase());
  for (const name of ["Zeta SA", "alpha GmbH", "Mu & Co", "Ôtel Ltd"]) await insertClient(db(), { name });
  await db()
    .insert(auditEvent)
    .values([
      {
        entity: "client",
        action: "created",
        summary: { name: "Zeta SA", nested: { list: [1, "two", null], yes: true } },
        createdAt: new Date("2026-03-31T10:59:59.123Z"),
      },
      {
        entity: "invoice",
        entityId: "F-2026-0001",
        action: "issued",
        actorName: "Ada",
        summary: {},
        createdAt: new Date("2026-03-31T11:00:00.000Z"),
      },
      {
        entity: "settings",
        action: "updated",
        summary: { quote: 'say "hi" \\ bye' },
        createdAt: new Date("2025-12-31T23:59:59.999Z"),
      },
    ]);
});
afterAll(() => tearDownDatabase(database));

/** The driver gives bigint and numeric as text where JSON gives numbers: compare them as numbers. */
const numbersAsNumbers = (rows: Record<string, unknown>[], keys: string[]) =>
  rows.map((row) => ({ ...row, ...Object.fromEntries(keys.map((key) => [key, Number(row[key])])) }));

describe(`selectTogether on ${process.env.TEST_DB}`, () => {
  it("gives every select's rows as awaiting it alone does: text, booleans, nulls, jsonb, timestamps, order", async () => {
    const selects = () => ({
      clients: db()
        .select({ id: client.id, name: client.name, currency: client.currency, createdAt: client.createdAt })
        .from(client)
        .orderBy(asc(client.name)),
      clientsBackwards: db().select({ id: client.id, name: client.name }).from(client).orderBy(desc(client.name)),
      events: db()
        .select()
        .from(auditEvent)
        .where(lt(auditEvent.createdAt, new Date("2026-04-01T00:00:00Z")))
        .orderBy(desc(auditEvent.createdAt), desc(auditEvent.id)),
      people: db().select({ id: user.id, active: user.active, image: user.image }).from(user),
      nobody: db().select({ id: user.id }).from(user).where(eq(user.email, "nobody@example.com")),
      perCurrency: db()
        .select({
          currency: client.currency,
          clients: count(),
          longest: sql<number>`max(length(${client.name}))`.mapWith(Number),
        })
        .from(client)
        .groupBy(client.currency)
        .orderBy(client.currency),
    });
    const alone = selects();
    const expected = {
      clients: await alone.clients,
      clientsBackwards: await alone.clientsBackwards,
      events: await alone.events,
      people: await alone.people,
      nobody: await alone.nobody,
      perCurrency: await alone.perCurrency,
    };
    const together = await selectTogether(db(), {
      ...selects(),
      clientCount: sql<number>`(select count(*) from ${client})`.mapWith(Number),
    });
    expect(together).toEqual({ ...expected, clientCount: 4 });
    // The checks above are not vacuous: the rows are there, typed as the driver types them.
    expect(together.clients.map((row) => row.name)).toEqual(
      ["alpha GmbH", "Mu & Co", "Ôtel Ltd", "Zeta SA"].sort((a, b) => (a < b ? -1 : 1)),
    );
    expect(together.events).toHaveLength(3);
    expect(together.events[0]!.createdAt).toEqual(new Date("2026-03-31T11:00:00.000Z"));
    expect(together.events[1]!.createdAt).toEqual(new Date("2026-03-31T10:59:59.123Z"));
    expect(together.events[1]!.summary).toEqual({ name: "Zeta SA", nested: { list: [1, "two", null], yes: true } });
    expect(together.events[2]!.summary).toEqual({ quote: 'say "hi" \\ bye' });
    expect(together.events[1]!.actorId).toBeNull();
    expect(together.people.every((row) => typeof row.active === "boolean")).toBe(true);
    expect(together.nobody).toEqual([]);
  });

  it("gives bigint and numeric expressions without a decoder as numbers, equal to the driver's text", async () => {
    const sums = () =>
      db()
        .select({
          currency: client.currency,
          total: sql<string>`sum(length(${client.name})::numeric(12, 2))`,
          rows: sql<string>`count(*)::bigint`,
        })
        .from(client)
        .groupBy(client.currency)
        .orderBy(client.currency);
    const alone = await sums();
    const { together } = await selectTogether(db(), { together: sums() });
    expect(together).toEqual(numbersAsNumbers(alone, ["total", "rows"]));
    expect(together.every((row) => typeof row.total === "number" && typeof row.rows === "number")).toBe(true);
  });

  it("reads shape their own results, a null read gives null, and a select with nested fields is refused", async () => {
    const names = combinedRead(
      { rows: db().select({ name: client.name }).from(client).orderBy(asc(client.name)) },
      (results) => results.rows.map((row) => row.name).join("|"),
    );
    const counted = combinedRead(
      { clients: sql<number>`(select count(*) from ${client})`.mapWith(Number) },
      (results) => results.clients * 10,
    );
    expect(await runReadsTogether(db(), { names, counted, nothing: null })).toEqual({
      names: await runRead(db(), names),
      counted: 40,
      nothing: null,
    });
    const nested = db()
      .select({ client: { id: client.id, name: client.name } })
      .from(client);
    await expect(selectTogether(db(), { nested })).rejects.toThrow(/nests fields/);
  });
});
