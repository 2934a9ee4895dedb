// npm run db:backup / db:restore (issue 11, item 6): a database with rows in every table survives a
// round trip row for row, on PGlite and PostgreSQL and from one to the other; a damaged archive, a
// non-empty target and a failure half-way leave the target exactly as it was.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { and, eq, isNull, ne } from "drizzle-orm";
import { isoDayOfWeek, todayInZone } from "../../src/lib/dates";
import pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ArchiveWriter, BackupError } from "../../src/db/backup/archive";
import { backupToFile } from "../../src/db/backup/backup";
import {
  appliedMigrations,
  migrationsFolderUpTo,
  qualified,
  shippedMigrations,
  withSession,
} from "../../src/db/backup/catalog";
import { restoreDatabase } from "../../src/db/backup/restore";
import { runImport } from "../../src/modules/imports/import-mutations";
import { type Database, type DatabaseHandle, openDatabase } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/migrate";
import {
  client,
  invoice as invoiceTable,
  project as projectTable,
  projectMember,
  settings,
  timeEntry,
  totpCredential,
  verification,
} from "../../src/db/schema";
import { runIdempotent } from "../../src/modules/api/api-idempotency";
import { countWindowHit } from "../../src/modules/rate-limits/rate-limit";
import { createApiToken } from "../../src/modules/api/api-tokens";
import { openTotpSecret, totpCodeAt } from "../../src/modules/auth/two-factor";
import { beginTotpSetup, confirmTotpSetup } from "../../src/modules/auth/two-factor-mutations";
import { inviteUser } from "../../src/modules/auth/account-mutations";
import type { Actor } from "../../src/modules/audit/audit-log";
import { seedCalls } from "../../src/modules/calls/calls-seed";
import { seedClientsAndTimesheets } from "../../src/modules/clients/clients-seed";
import { checkBudgetAlerts } from "../../src/modules/clients/project-budget-alerts";
import { createDraftInvoice, issueInvoice } from "../../src/modules/invoices/invoice-mutations";
import { seedInvoices } from "../../src/modules/invoices/invoices-seed";
import { createShareLink } from "../../src/modules/share-links/share-link-mutations";
import { seedJobs } from "../../src/modules/jobs/jobs-seed";
import { runDailyReminders } from "../../src/modules/mail/invoice-reminders";
import { enqueueEmail } from "../../src/modules/mail/outbox";
import { seedMessages } from "../../src/modules/messages/messages-seed";
import { recordRateLimitHit } from "../../src/modules/rate-limits/rate-limit";
import { updateLogo } from "../../src/modules/settings/settings-mutations";
import { sendTimesheetReminders } from "../../src/modules/timesheets/timesheet-notifications";
import { startTimer } from "../../src/modules/timesheets/timer-mutations";
import { seedDemoUsers } from "../../src/modules/users/users-seed";
import { createWebhookEndpoint } from "../../src/modules/webhooks/webhook-mutations";
import { queueOverdueInvoiceEvents } from "../../src/modules/webhooks/webhook-overdue";
import { createExpense } from "../../src/modules/expenses/expense-mutations";
import { createRecurringInvoice } from "../../src/modules/recurring/recurring-mutations";
import { runRecurringInvoice } from "../../src/modules/recurring/recurring-runs";
import { createQuote, sendQuote } from "../../src/modules/quotes/quote-mutations";
import { queueWebhookEvent } from "../../src/modules/webhooks/webhook-queue";
import { ADMIN_PASSWORD, nextTestIp, setUpDatabase, signInRequest, tearDownDatabase } from "../support/fixtures";
import { withDatabase } from "../support/global-setup";
import { draftInput, insertClient, today } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

type Engine = "pglite" | "postgres";
const engine = process.env.TEST_DB as Engine;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bureau-backup-test-"));
const cleanups: (() => Promise<void>)[] = [];

let source: TestDatabase;
let admin: Actor & { email: string };
let archive: string;
let sourceSnapshot: Snapshot;
/** A migrated database with a little data of its own, which every refused or failed restore must leave as it was. */
let occupied: DatabaseHandle;
let occupiedSnapshot: Snapshot;

/** Every row of every table of the public schema (read from the catalog: a new table is covered), and every sequence. */
type Snapshot = Record<string, string[]>;

async function snapshot(handle: DatabaseHandle): Promise<Snapshot> {
  return withSession(handle, async (session) => {
    await session.query("begin isolation level repeatable read");
    await session.query("set local timezone = 'UTC'");
    await session.query("set local bytea_output = 'hex'");
    // information_schema, not the backup's own catalog reader: a table that reader missed would show here.
    const tables = await session.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    const sequences = await session.query<{ name: string }>(
      "select sequence_name as name from information_schema.sequences where sequence_schema = 'public'",
    );
    const result: Snapshot = {};
    for (const { name } of tables) {
      const rows = await session.query<{ line: string }>(
        `select row_to_json(t)::text as line from ${qualified(name)} t order by row_to_json(t)::text collate "C"`,
      );
      result[name] = rows.map((row) => row.line);
    }
    for (const { name } of sequences) {
      const [state] = await session.query<{ line: string }>(
        `select last_value::text || ' ' || is_called::text as line from ${qualified(name)}`,
      );
      result[`sequence ${name}`] = [state!.line];
    }
    await session.query("commit");
    return result;
  });
}

/** An empty database. PostgreSQL: a new database, no migrations. PGlite: the migrated template when this project has one, else a new unmigrated instance. */
async function emptyDatabase(kind: Engine = engine): Promise<DatabaseHandle> {
  if (kind === "postgres") {
    const url = inject("postgresUrl");
    const name = `bak_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const handle = openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 4 });
    cleanups.push(async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    });
    return Object.assign(handle, { url: withDatabase(url, name) });
  }
  const template = inject("pgliteTemplate");
  const pglite = template ? await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(template)]) }) : new PGlite();
  const handle = openDatabase({ pglite });
  cleanups.push(() => handle.close());
  return handle;
}

/** Puts at least one row in every table, through the seed functions and the domain's own mutations. */
async function fillEveryTable(db: Database, actor: Actor & { email: string }) {
  await updateLogo(db, actor, { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]) });
  const context = { db, users: await seedDemoUsers(db) };
  await seedClientsAndTimesheets(context);
  await seedInvoices(context);
  await seedCalls(context);
  await seedJobs(context);
  await seedMessages(context);
  // Sessions, and the sign-in failures the lock-out counts (rate_limit_hits, a bigserial).
  const ip = nextTestIp();
  expect((await signInRequest(actor.email, "not the password", ip)).status).toBe(401);
  expect((await signInRequest(actor.email, ADMIN_PASSWORD, ip)).status).toBe(200);
  // The daily reminders: background_jobs, invoice_reminders and their mails.
  await db.update(settings).set({ reminders: { enabled: true, daysAfterDue: [3, 10, 30] } });
  await runDailyReminders(db, new Date(`${today()}T12:00:00Z`));
  await enqueueEmail(db, {
    to: ["someone@example.com"],
    subject: "With a file",
    text: "See attached.",
    html: "<p>See attached.</p>",
    attachments: [
      { filename: "a.bin", contentType: "application/octet-stream", content: new Uint8Array([0, 1, 2, 255]) },
    ],
  });
  // A budget alert (project_budget_alerts): a one-hour budget on a project that has time.
  const [logged] = await db.select({ projectId: timeEntry.projectId }).from(timeEntry).limit(1);
  await db
    .update(projectTable)
    .set({ budgetMinutes: 60, budgetAmount: null })
    .where(eq(projectTable.id, logged!.projectId));
  expect(await db.transaction((tx) => checkBudgetAlerts(tx, [logged!.projectId]))).not.toEqual([]);
  // A client share link (decision 059) of an issued invoice.
  const [shared] = await db
    .select({ id: invoiceTable.id })
    .from(invoiceTable)
    .where(ne(invoiceTable.status, "draft"))
    .limit(1);
  await createShareLink(db, actor, { invoiceId: shared!.id });
  // A running timer, an API token and an invitation (account_tokens).
  const [project] = await db.select({ id: projectTable.id }).from(projectTable).limit(1);
  await startTimer(db, actor, { projectId: project!.id, description: "Backed up while running" });
  const apiTokenMade = await createApiToken(db, actor, { name: "Backup test", scopes: ["invoice.read"] });
  // What the API keeps: an idempotency key with its answer, and the token's rate-limit window.
  await runIdempotent(
    db,
    {
      userId: actor.id,
      key: "backup-key",
      request: "POST /api/v1/invoices",
      bodyHash: "0".repeat(64),
      now: new Date(),
    },
    async () => new Response('{"id":"x"}', { status: 201, headers: { "content-type": "application/json" } }),
  );
  await countWindowHit(db, { bucket: "api-token", limit: 600, windowMs: 60_000 }, apiTokenMade.id);
  await inviteUser(db, actor, { name: "Invited Person", email: "invited@example.com", role: "staff" });
  // A project's member, and the weekly timesheet reminder (timesheet_reminders).
  await db.insert(projectMember).values({ projectId: project!.id, userId: actor.id });
  await db.update(settings).set({ timesheetReminder: { weekday: 1, time: "00:00" } });
  expect((await sendTimesheetReminders(db)).sent).toBeGreaterThan(0);
  // Two-factor sign-in: the authenticator (totp_credentials) and its recovery codes.
  await beginTotpSetup(db, actor);
  const [credential] = await db.select().from(totpCredential).where(eq(totpCredential.userId, actor.id));
  await confirmTotpSetup(db, actor, { code: totpCodeAt(openTotpSecret(credential!.secret), new Date()) });
  // A webhook endpoint (its secret sealed) and a delivery waiting for the worker.
  await createWebhookEndpoint(
    db,
    actor,
    { url: "https://hooks.example.com/bureau", events: ["invoice.issued"] },
    { lookup: async () => [{ address: "93.184.216.34", family: 4 }] },
  );
  expect(await db.transaction((tx) => queueWebhookEvent(tx, "invoice.issued", { number: "F-1" }))).not.toBeNull();
  // The overdue pass remembers the invoices it announced (webhook_announcements).
  expect(await queueOverdueInvoiceEvents(db)).toBeGreaterThan(0);
  // An import remembers each record it made (imported_records).
  const imported = await runImport(db, actor, {
    source: "harvest_clients",
    csv: "Client Name,Currency\nImported for the backup test,EUR\n",
    weekState: "draft",
  });
  expect(imported.clients.create).toBe(1);
  // A recurring invoice and the run that made its first invoice (recurring_invoices, recurring_invoice_runs).
  const [recurringClient] = await db.select({ id: client.id }).from(client).where(isNull(client.archivedAt)).limit(1);
  const template = await createRecurringInvoice(db, actor, {
    name: "Backup retainer",
    clientId: recurringClient!.id,
    currency: "EUR",
    lines: [{ description: "Retainer", quantity: "1", unit: "item", unitPrice: "100", taxRateBp: 2000 }],
    frequency: "weekly",
    intervalWeeks: 1,
    dayOfPeriod: isoDayOfWeek(todayInZone("Europe/Paris")),
    startDate: todayInZone("Europe/Paris"),
    ending: "never",
    issueMode: "draft",
  });
  expect(await runRecurringInvoice(db, template.id)).toHaveLength(1);
  // An expense with its receipt (expenses, expense_receipts).
  const [spentOn] = await db
    .select({ id: projectTable.id })
    .from(projectTable)
    .innerJoin(client, eq(client.id, projectTable.clientId))
    .where(and(isNull(projectTable.archivedAt), isNull(client.archivedAt)))
    .limit(1);
  await createExpense(
    db,
    actor,
    {
      projectId: spentOn!.id,
      date: todayInZone("Europe/Paris"),
      category: "meals",
      currency: "EUR",
      netAmount: "25",
      vatAmount: "2.50",
      billable: true,
    },
    { name: "lunch.pdf", bytes: new TextEncoder().encode("%PDF-1.4\n%%EOF\n") },
  );
  // A sent quote with its client link (quotes; share_links.quote_id).
  const drafted = await createQuote(db, actor, {
    clientId: recurringClient!.id,
    currency: "EUR",
    validUntil: todayInZone("Europe/Paris"),
    lines: [{ description: "Proposal", quantity: "2", unit: "day", unitPrice: "650", taxRateBp: 2000 }],
  });
  const { quote: sentQuote } = await sendQuote(db, actor, { id: drafted.id, version: drafted.version, email: false });
  await createShareLink(db, actor, { quoteId: sentQuote.id, expiresOn: "" });
  // better-auth writes these for e-mail verification and password resets, which Bureau does not offer yet.
  await db
    .insert(verification)
    .values({ identifier: "reset-password:backup-test", value: "token", expiresAt: new Date(Date.now() + 3_600_000) });
}

async function expectRefused(promise: Promise<unknown>, code: BackupError["code"], message: RegExp) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BackupError);
  expect((error as BackupError).code).toBe(code);
  expect((error as BackupError).message).toMatch(message);
}

/** The archive's lines, to change one and seal it again with a correct checksum. */
function archiveLines(file: string): string[] {
  const lines = gunzipSync(fs.readFileSync(file)).toString("utf8").split("\n");
  lines.pop(); // after the last newline
  lines.pop(); // the end marker
  return lines;
}

function sealArchive(lines: string[], name: string): string {
  const writer = new ArchiveWriter();
  const file = path.join(work, name);
  fs.writeFileSync(file, gzipSync(Buffer.concat([...lines.map((line) => writer.line(line)), writer.end()])));
  return file;
}

beforeAll(async () => {
  ({ database: source, admin } = await setUpDatabase());
  await fillEveryTable(source.db, admin);
  sourceSnapshot = await snapshot(source);
  archive = path.join(work, "source.ndjson.gz");
  await backupToFile(source, archive, { bureauVersion: "test" });
  occupied = await emptyDatabase();
  await migrateDatabase(occupied);
  await insertClient(occupied.db, { name: "Already here" });
  occupiedSnapshot = await snapshot(occupied);
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await tearDownDatabase(source);
  fs.rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore on ${engine}`, () => {
  it("the test database has rows in every table, so the round trip below covers them all", () => {
    const empty = Object.entries(sourceSnapshot)
      .filter(([name, rows]) => !name.startsWith("sequence ") && rows.length === 0)
      .map(([name]) => name);
    expect(empty, "tables left empty by fillEveryTable(): add data for them").toEqual([]);
    expect(Object.keys(sourceSnapshot).length).toBeGreaterThan(20);
  });

  it("restores every table row for row into an empty database; numbering and sequences carry on", async () => {
    const target = await emptyDatabase();
    const summary = await restoreDatabase(target, archive);
    expect(summary.rows).toBe(
      Object.entries(sourceSnapshot).reduce(
        (sum, [name, rows]) => sum + (name.startsWith("sequence ") ? 0 : rows.length),
        0,
      ),
    );
    expect(await snapshot(target)).toEqual(sourceSnapshot);
    expect(await withSession(target, appliedMigrations)).toEqual(
      shippedMigrations().map((migration) => migration.when),
    );

    // The next invoice gets the number the original database would have given it.
    const input = async (db: Database) => draftInput((await insertClient(db)).id);
    const issueIn = async (db: Database) => {
      const draft = await createDraftInvoice(db, admin, await input(db));
      return (await issueInvoice(db, admin, { id: draft.id, version: draft.version })).number;
    };
    const restoredNumber = await issueIn(target.db);
    expect(sourceSnapshot.invoices!.some((row) => row.includes(`"number":"${restoredNumber}"`))).toBe(false);
    expect(restoredNumber).toBe(await issueIn(source.db));
    // A bigserial carries on from the restored sequence (past the highest id, and past ids whose rows
    // were deleted since, such as a successful sign-in's given-back attempt).
    await recordRateLimitHit(target.db, { bucket: "backup-test", limit: 1, windowMs: 1000 }, "k");
    const highest = Number(sourceSnapshot["sequence rate_limit_hits_id_seq"]![0]!.split(" ")[0]);
    expect(highest).toBeGreaterThanOrEqual(
      Math.max(...sourceSnapshot.rate_limit_hits!.map((row) => (JSON.parse(row) as { id: number }).id)),
    );
    const [next] = await withSession(target, (session) =>
      session.query<{ id: string }>("select max(id)::text as id from rate_limit_hits"),
    );
    expect(Number(next!.id)).toBe(highest + 1);
  });

  it("refuses an archive from a newer Bureau (archive format or migrations)", async () => {
    const lines = archiveLines(archive);
    const manifest = JSON.parse(lines[0]!) as { formatVersion: number; migrations: { applied: number[] } };
    const newerMigration = sealArchive(
      [
        JSON.stringify({
          ...manifest,
          migrations: { ...manifest.migrations, applied: [...manifest.migrations.applied, 9_999_999_999_999] },
        }),
        ...lines.slice(1),
      ],
      "newer-migration.ndjson.gz",
    );
    await expectRefused(
      restoreDatabase(occupied, newerMigration, { force: true }),
      "refused",
      /newer or different version of Bureau/,
    );
    const newerFormat = sealArchive(
      [JSON.stringify({ ...manifest, formatVersion: 2 }), ...lines.slice(1)],
      "newer-format.ndjson.gz",
    );
    await expectRefused(
      restoreDatabase(occupied, newerFormat, { force: true }),
      "refused",
      /written by a newer Bureau/,
    );
    expect(await snapshot(occupied)).toEqual(occupiedSnapshot);
  });

  it("refuses a damaged, cut or altered archive before touching the target, even forced", async () => {
    const bytes = fs.readFileSync(archive);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    const lines = archiveLines(archive);
    const users = lines.findIndex((line) => line.startsWith('{"table":"users"'));
    const altered = [...lines];
    altered[users + 1] = altered[users + 1]!.replace(/"name":"[^"]*"/, '"name":"Mallory"');
    const endMarker = gunzipSync(bytes).toString("utf8").trimEnd().split("\n").at(-1);
    const cases: [string, Buffer, RegExp][] = [
      ["flipped.ndjson.gz", flipped, /damaged|checksum|not a JSON object|malformed|manifest/],
      ["cut.ndjson.gz", bytes.subarray(0, Math.floor(bytes.length * 0.7)), /cut short/],
      ["altered.ndjson.gz", gzipSync([...altered, endMarker].join("\n") + "\n"), /checksum does not match/],
      ["not-an-archive.ndjson.gz", Buffer.from("id,name\n1,x\n"), /damaged/],
      ["other-json.ndjson.gz", gzipSync('{"hello":"world"}\n'), /not a Bureau backup manifest/],
    ];
    for (const [name, content, message] of cases) {
      const file = path.join(work, name);
      fs.writeFileSync(file, content);
      await expectRefused(restoreDatabase(occupied, file, { force: true }), "refused", message);
    }
    expect(await snapshot(occupied)).toEqual(occupiedSnapshot);
  });

  it("a failure half-way through the load rolls everything back, the forced delete included", async () => {
    // A well-formed archive whose users table lost a row: the first row pointing at it fails,
    // after the tables before it in load order were already loaded.
    const lines = archiveLines(archive);
    const manifest = JSON.parse(lines[0]!) as { tables: { name: string; rows: number }[] };
    const users = lines.findIndex((line) => line.startsWith('{"table":"users"'));
    const kept = manifest.tables.find((table) => table.name === "users")!;
    kept.rows -= 1;
    const broken = [
      JSON.stringify(manifest),
      ...lines.slice(1, users),
      JSON.stringify({ table: "users", rows: kept.rows }),
      ...lines.slice(users + 2),
    ];
    const file = sealArchive(broken, "missing-user.ndjson.gz");
    expect(manifest.tables.findIndex((table) => table.name === "users")).toBeGreaterThan(0);
    await expect(restoreDatabase(occupied, file, { force: true })).rejects.toThrow(/foreign key/);
    expect(await snapshot(occupied)).toEqual(occupiedSnapshot);
  });

  it("refuses a target that is not empty, unchanged, unless forced; forced, replaces everything", async () => {
    await expectRefused(restoreDatabase(occupied, archive), "not_empty", /not empty \(rows: .*clients 1.*--force/s);
    expect(await snapshot(occupied)).toEqual(occupiedSnapshot);
    const summary = await restoreDatabase(occupied, archive, { force: true });
    expect(summary.replacedRows).toBe(
      Object.values(occupiedSnapshot).reduce((sum, rows) => sum + rows.length, 0) -
        Object.keys(occupiedSnapshot).filter((name) => name.startsWith("sequence ")).length,
    );
    expect(await snapshot(occupied)).toEqual(sourceSnapshot);
  });
});

// PostgreSQL project only: there both engines are at hand (PGlite always is; CI requires PostgreSQL).
const describeWithBothEngines = engine === "postgres" ? describe : () => {};

describeWithBothEngines("backup and restore across engines and versions", () => {
  it("PostgreSQL → PGlite → PostgreSQL: the same rows on each", async () => {
    const embedded = await emptyDatabase("pglite");
    await restoreDatabase(embedded, archive);
    expect(await snapshot(embedded)).toEqual(sourceSnapshot);
    const fromEmbedded = path.join(work, "from-pglite.ndjson.gz");
    await backupToFile(embedded, fromEmbedded, { bureauVersion: "test" });
    const server = await emptyDatabase("postgres");
    await restoreDatabase(server, fromEmbedded);
    expect(await snapshot(server)).toEqual(sourceSnapshot);
  }, 60_000);

  it("a backup holds the database as it was when it began, whatever is written meanwhile", async () => {
    let before: Snapshot | undefined;
    const during = path.join(work, "during-writes.ndjson.gz");
    await backupToFile(source, during, {
      bureauVersion: "test",
      // Other connections write after the snapshot is taken and before a single row is read.
      afterSnapshot: async () => {
        before = await snapshot(source);
        const customer = await insertClient(source.db, { name: "Written during the backup" });
        const draft = await createDraftInvoice(source.db, admin, draftInput(customer.id));
        await issueInvoice(source.db, admin, { id: draft.id, version: draft.version });
      },
    });
    const after = await snapshot(source);
    expect(after.invoices!.length).toBe(before!.invoices!.length + 1);
    const restored = await emptyDatabase("postgres");
    await restoreDatabase(restored, during);
    expect(await snapshot(restored)).toEqual(before);
  });

  it("an archive from an older Bureau loads into a fresh database, which is then migrated to the current level", async () => {
    const shipped = shippedMigrations();
    const old = await emptyDatabase("postgres");
    const folder = migrationsFolderUpTo(shipped.length - 1, undefined, path.join(work, "older-migrations"));
    await migrateDatabase(old, folder);
    // Plain SQL with the oldest columns: the Drizzle schema describes the current level, not this one.
    const customerId = uuidv7();
    await withSession(old, (session) =>
      session.query(
        "insert into clients (id, name, currency, payment_terms_days) values ($1, 'From an older version', 'EUR', 30)",
        [customerId],
      ),
    );
    const olderArchive = path.join(work, "older.ndjson.gz");
    await backupToFile(old, olderArchive, { bureauVersion: "older" });

    await expectRefused(restoreDatabase(occupied, olderArchive, { force: true }), "refused", /ahead of the archive/);

    const fresh = await emptyDatabase("postgres");
    const summary = await restoreDatabase(fresh, olderArchive);
    expect(summary.migratedAfterLoad).toBe(true);
    expect(await withSession(fresh, appliedMigrations)).toEqual(shipped.map((migration) => migration.when));
    const [restored] = await fresh.db.select().from(client).where(eq(client.id, customerId));
    expect(restored?.name).toBe("From an older version");
  });
});

// The scripts themselves: arguments, messages and exit codes.
function runScript(
  script: "db-backup" | "db-restore",
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.resolve("node_modules/tsx/dist/cli.mjs"), "--conditions", "react-server", `scripts/${script}.ts`, ...args],
      {
        env: { NODE_ENV: "development", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** The environment that points the scripts at the source. PGlite: a data folder holding a copy of it. */
async function sourceEnvironment(): Promise<Record<string, string>> {
  if (source.kind === "postgres")
    return { DATABASE_URL: (source.pool.options as { connectionString: string }).connectionString };
  const dataDir = path.join(work, "cli-source");
  fs.mkdirSync(dataDir);
  // A checkpoint first: a dump without one reads like a crash copy, where sequences jump ahead by 32.
  await source.pglite.query("checkpoint");
  const copy = await PGlite.create(path.join(dataDir, "pglite"), {
    loadDataDir: await source.pglite.dumpDataDir("none"),
  });
  await copy.close();
  return { DATA_DIR: dataDir };
}

describe(`npm run db:backup and db:restore on ${engine}`, () => {
  it("print their usage with --help", async () => {
    const backup = await runScript("db-backup", ["--help"], {});
    expect(backup.code).toBe(0);
    expect(backup.output).toMatch(/Usage: npm run db:backup -- \[--out <file>\][\s\S]*Exit codes/);
    const restore = await runScript("db-restore", ["--bogus"], {});
    expect(restore.code).toBe(2);
    expect(restore.output).toMatch(/Usage: npm run db:restore -- <file> \[--force\]/);
  });

  // The embedded database's lock, whatever engine the project tests (run once, in the PGlite project).
  const itOnPglite = engine === "pglite" ? it : () => {};
  itOnPglite("refuse while a running server holds the embedded database, writing nothing", async () => {
    const dataDir = path.join(work, "held");
    fs.mkdirSync(path.join(dataDir, "pglite"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "18\n");
    fs.writeFileSync(path.join(dataDir, "bureau.lock"), String(process.pid)); // this process is alive
    const out = path.join(work, "held.ndjson.gz");
    const backup = await runScript("db-backup", ["--out", out], { DATA_DIR: dataDir });
    expect(backup.code).toBe(3);
    expect(backup.output).toMatch(/in use by another Bureau process \(pid \d+\)[\s\S]*stop the server, run this again/);
    expect(fs.existsSync(out) || fs.existsSync(`${out}.partial`)).toBe(false);
    // db:restore opens the database through the same openTarget() (scripts/lib/backup-cli.ts).
  });

  it("back up the configured database, restore it into an empty one, refuse a target with data without --force", async () => {
    const environment = await sourceEnvironment();
    const expected = await snapshot(source);
    const out = path.join(work, "cli.ndjson.gz");
    const backup = await runScript("db-backup", [out], environment);
    expect(backup.output).toMatch(/Backup written to .*cli\.ndjson\.gz: \d+ rows in \d+ tables/);
    expect(backup.code).toBe(0);
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);

    const target = await emptyDatabase();
    if (target.kind === "postgres") {
      const restore = await runScript("db-restore", [out], {
        DATABASE_URL: (target as DatabaseHandle & { url: string }).url,
      });
      expect(restore.output).toMatch(/Restored \d+ rows/);
      expect(restore.code).toBe(0);
    } else {
      // Each script run boots PGlite from a folder: here the in-memory target keeps the test short.
      await restoreDatabase(target, out);
    }
    expect(await snapshot(target)).toEqual(expected);

    const refused = await runScript("db-restore", [out], environment);
    expect(refused.output).toMatch(/not empty \(rows: /);
    expect(refused.code).toBe(5);
  });
});
