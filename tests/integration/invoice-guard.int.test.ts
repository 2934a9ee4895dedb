// The trigger that keeps issued invoices read-only names the few columns that may change after
// issue (drizzle/0013_issued_invoice_guard.sql), so a column that a later migration adds is frozen
// at issue too, without anyone remembering the trigger. Here a test migration adds one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, migrationsFolder } from "../../src/db/migrate";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createDraftInvoice, issueInvoice, recordPayment } from "../../src/modules/invoices/invoice-mutations";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, line, today } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let manager: Actor;
let folder: string;

/** The committed migrations plus one more, as a later issue would add it: a new column on invoices. */
function migrationsWithLaterColumn(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "bureau-guard-"));
  fs.cpSync(migrationsFolder, copy, { recursive: true });
  const journalFile = path.join(copy, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries[journal.entries.length - 1]!;
  const tag = `${String(last.idx + 1).padStart(4, "0")}_later_column`;
  journal.entries.push({ idx: last.idx + 1, version: last.version, when: last.when + 1, tag, breakpoints: true });
  fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  fs.writeFileSync(path.join(copy, `${tag}.sql`), "ALTER TABLE invoices ADD COLUMN later_note text;\n");
  return copy;
}

/** The SQLSTATE of a refused statement (Drizzle wraps the driver's error in `cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** The rows of a raw statement (both drivers answer `{ rows }`). */
async function rowsOf<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

async function refusal(statement: ReturnType<typeof sql>): Promise<string | undefined> {
  return database.db.execute(statement).then(
    () => undefined,
    (error: unknown) => sqlStateOf(error) ?? String(error),
  );
}

async function issuedInvoice() {
  const customer = await insertClient(database.db);
  const draft = await createDraftInvoice(database.db, manager, draftInput(customer.id, { lines: [line()] }));
  return issueInvoice(database.db, manager, { id: draft.id, version: draft.version });
}

beforeAll(async () => {
  const setUp = await setUpDatabase();
  database = setUp.database;
  manager = { id: setUp.admin.id, name: "Marc Manager", role: "manager" };
  folder = migrationsWithLaterColumn();
  await migrateDatabase(database, folder);
});
afterAll(async () => {
  await tearDownDatabase(database);
  fs.rmSync(folder, { recursive: true, force: true });
});

describe(`the issued-invoice guard on ${process.env.TEST_DB}`, () => {
  it("refuses a change to a column added after it, on an issued invoice; a draft's stays editable", async () => {
    const customer = await insertClient(database.db);
    const draft = await createDraftInvoice(database.db, manager, draftInput(customer.id, { lines: [line()] }));
    expect(await refusal(sql`update invoices set later_note = 'fine' where id = ${draft.id}`)).toBeUndefined();

    const issued = await issuedInvoice();
    // 23514, check_violation: what the guard raises.
    expect(await refusal(sql`update invoices set later_note = 'changed' where id = ${issued.id}`)).toBe("23514");
    const [row] = await rowsOf<{ later_note: string | null }>(
      sql`select later_note from invoices where id = ${issued.id}`,
    );
    expect(row?.later_note).toBeNull();
  });

  it("lets payments, credit notes and 'mark as sent' move what they move, and nothing else", async () => {
    const issued = await issuedInvoice();
    const columns = await rowsOf<{ name: string; type: string }>(
      sql`select column_name as name, data_type as type from information_schema.columns
            where table_schema = 'public' and table_name = 'invoices' order by ordinal_position`,
    );
    const mayChange = [
      "status",
      "paid_total",
      "credited_total",
      "balance",
      "sent_at",
      "version",
      "updated_at",
      "settled_on",
    ];
    expect(columns.map((column) => column.name)).toEqual(expect.arrayContaining([...mayChange, "later_note"]));
    /** An expression that gives the column another value than it has. */
    const changed = (column: { name: string; type: string }) => {
      const name = sql.identifier(column.name);
      switch (column.type) {
        case "text":
          return column.name === "status" ? sql`'paid'` : sql`coalesce(${name}, '') || 'x'`;
        case "integer":
        case "bigint":
          return sql`coalesce(${name}, 0) + 1`;
        case "date":
          return sql`coalesce(${name}, date '2000-01-01') - 1`;
        case "timestamp with time zone":
          return sql`coalesce(${name}, now()) + interval '1 day'`;
        case "jsonb":
          return sql`jsonb_build_array(${name})`;
        case "uuid":
          return sql`gen_random_uuid()`;
        default:
          throw new Error(`no other value for a ${column.type} column (${column.name})`);
      }
    };
    for (const column of columns) {
      const outcome = await database.db.transaction(async (tx) => {
        const attempt = await tx.execute(sql`savepoint attempt`).then(() =>
          tx
            .execute(
              sql`update invoices set ${sql.identifier(column.name)} = ${changed(column)} where id = ${issued.id}`,
            )
            .then(
              () => "changed",
              (error: unknown) => sqlStateOf(error) ?? String(error),
            ),
        );
        await tx.execute(sql`rollback to savepoint attempt`);
        return attempt;
      });
      expect(`${column.name}: ${outcome}`).toBe(
        `${column.name}: ${mayChange.includes(column.name) ? "changed" : "23514"}`,
      );
    }

    // Back to draft and deletion stay refused; a real payment still goes through.
    expect(await refusal(sql`update invoices set status = 'draft', number = null where id = ${issued.id}`)).toBe(
      "23514",
    );
    expect(await refusal(sql`delete from invoices where id = ${issued.id}`)).toBe("23514");
    const paid = await recordPayment(database.db, manager, {
      invoiceId: issued.id,
      amount: "10",
      date: today(),
      method: "bank_transfer",
    });
    expect(paid.invoice).toMatchObject({ status: "partially_paid", paidTotal: 1000 });
  });
});
