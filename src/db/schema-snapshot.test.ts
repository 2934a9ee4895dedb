// The Drizzle schema and the migrations' latest snapshot describe the same database: run
// `npx drizzle-kit generate` and it finds nothing to migrate. The summary tables, made by
// hand-written migrations, are declared in the schema (schema/summaries.ts) without a migration
// creating them twice; a change to the schema without its migration fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

const folder = path.resolve(import.meta.dirname, "../../drizzle");

function latestSnapshot() {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries[journal.entries.length - 1]!;
  const file = path.join(folder, "meta", `${String(last.idx).padStart(4, "0")}_snapshot.json`);
  return JSON.parse(readFileSync(file, "utf8"));
}

describe("the schema and the migrations", () => {
  it("agree: generating a migration from the schema gives no statement", async () => {
    const snapshot = latestSnapshot();
    const current = generateDrizzleJson(schema, snapshot.id, undefined, "snake_case");
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });

  it("declare every summary table the triggers keep", () => {
    const tables = Object.keys(latestSnapshot().tables);
    for (const name of [
      "invoice_totals",
      "invoice_day_totals",
      "invoice_month_totals",
      "invoice_open_balances",
      "payment_day_totals",
      "payment_month_totals",
      "unbilled_time_totals",
      "call_counts",
      "time_month_totals",
      "sales_journal_day_totals",
    ])
      expect(tables).toContain(`public.${name}`);
  });
});
