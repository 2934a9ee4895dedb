// PostgreSQL connections of Bureau's pool send reads and writes as named statements, parsed once
// per connection, each execution still planned for its own values (src/db/statement-names.ts).
// PGlite has no pool and is not concerned: there the same queries simply run.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../src/db/schema";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;

beforeAll(async () => {
  ({ database } = await setUpDatabase());
});
afterAll(() => tearDownDatabase(database));

describe(`named statements on ${process.env.TEST_DB}`, () => {
  it("a read is prepared once per connection and planned for its own values; other statements are not named", async () => {
    const read = (name: string) => database.db.select({ id: client.id }).from(client).where(eq(client.name, name));
    expect(await read("Nobody")).toEqual([]);
    if (database.kind !== "postgres") {
      expect(database.kind).toBe("pglite");
      return;
    }
    // One connection, so what it prepared can be read back on it.
    const connection = await database.pool.connect();
    try {
      const text = 'select "id" from "clients" where "clients"."name" = $1';
      for (const name of ["A", "B", "C"]) expect((await connection.query({ text, values: [name] })).rows).toEqual([]);
      const prepared = await connection.query<{ name: string; statement: string }>(
        "select name, statement from pg_prepared_statements",
      );
      const ours = prepared.rows.filter((row) => row.statement === text);
      expect(ours).toHaveLength(1);
      expect(ours[0]!.name).toMatch(/^bureau_[0-9a-f]{24}$/);
      // Statements that are not reads or writes (here a `set`) are never named.
      await connection.query({ text: "set local statement_timeout = 0", values: [] }).catch(() => {});
      const after = await connection.query<{ statement: string }>("select statement from pg_prepared_statements");
      expect(after.rows.some((row) => row.statement.startsWith("set "))).toBe(false);
      expect(
        (await connection.query<{ plan_cache_mode: string }>("show plan_cache_mode")).rows[0]!.plan_cache_mode,
      ).toBe("force_custom_plan");
    } finally {
      connection.release();
    }
    // The pool's queries through Drizzle keep working with the names, across connections.
    const rows = await Promise.all(
      Array.from({ length: 30 }, (_, index) => database.db.execute(sql`select ${index}::int as n`)),
    );
    expect(rows).toHaveLength(30);
  });
});
