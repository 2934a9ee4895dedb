// The summary tables are made by hand-written migrations (drizzle/0007, 0008, 0010, 0011) and
// declared once in src/db/schema/summaries.ts, where the code reads them from. Both must describe
// the same tables: each declared column exists with its type, nullability and default, and the
// keys have the names and columns the migrations gave them.
import { sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as summaries from "../../src/db/schema/summaries";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;

beforeAll(async () => {
  ({ database } = await setUpDatabase());
});
afterAll(() => tearDownDatabase(database));

async function rowsOf<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

const tables: PgTable[] = Object.values(summaries);

describe(`summary tables on ${process.env.TEST_DB}`, () => {
  it("declares the ten tables the triggers keep", () => {
    expect(tables.map((table) => getTableConfig(table).name).sort()).toEqual([
      "call_counts",
      "invoice_day_totals",
      "invoice_month_totals",
      "invoice_open_balances",
      "invoice_totals",
      "payment_day_totals",
      "payment_month_totals",
      "sales_journal_day_totals",
      "time_month_totals",
      "unbilled_time_totals",
    ]);
  });

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))(
    "declares %s as the migrations made it",
    async (name, table) => {
      const config = getTableConfig(table);
      const columns = await rowsOf<{ name: string; type: string; nullable: string; default: string | null }>(
        sql`select column_name as name, data_type as type, is_nullable as nullable, column_default as default
            from information_schema.columns where table_schema = 'public' and table_name = ${name}
            order by column_name`,
      );
      expect(columns).toEqual(
        config.columns
          .map((column) => ({
            name: column.name,
            type: column.getSQLType(),
            nullable: column.notNull ? "NO" : "YES",
            default: column.default === undefined ? null : String(column.default),
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      );
      const keys = await rowsOf<{ name: string; definition: string }>(
        sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
            where conrelid = ${name}::regclass and contype in ('p', 'u') order by conname`,
      );
      expect(keys).toEqual(
        [
          ...config.primaryKeys.map((key) => ({
            name: key.getName(),
            definition: `PRIMARY KEY (${key.columns.map((column) => column.name).join(", ")})`,
          })),
          ...config.uniqueConstraints.map((key) => ({
            name: key.getName() ?? "",
            definition: `UNIQUE ${key.nullsNotDistinct ? "NULLS NOT DISTINCT " : ""}(${key.columns.map((column) => column.name).join(", ")})`,
          })),
        ].sort((a, b) => a.name.localeCompare(b.name)),
      );
    },
  );
});
