// `npm run bench:timesheets`: on PostgreSQL (BENCH_DATABASE_URL, default the local server), makes
// its own database, fills it with 50 people × 3 years of weekly timesheets (about 7,800 weeks and
// 400,000 entries) using batched multi-row inserts, then measures:
//   - saving a full week grid (20 rows × 7 days) with saveTimesheet: p50/p95 over 50 saves;
//   - the manager's timesheets list (findTimesheets, everyone, page 1) and one timesheet
//     (getTimesheet), each called by 10 concurrent callers.
// Prints the figures and writes bench/results/timesheets.md. The database is dropped at the end.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { openDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { client, project, type timeEntry, timesheet, user } from "../src/db/schema";
import { addDaysToDate, isoWeekMonday, weekDays } from "../src/lib/dates";
import type { Actor } from "../src/modules/audit/audit-log";
import { saveTimesheet } from "../src/modules/timesheets/timesheet-mutations";
import { findTimesheets, getTimesheet } from "../src/modules/timesheets/timesheet-queries";

const PEOPLE = 50;
const WEEKS = 156;
const ENTRIES_PER_DAY = 10;
const SAVES = 50;
const CONCURRENCY = 10;
const CALLS_PER_CALLER = 30;

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `bureau_bench_${Date.now()}`;
const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function concurrent(label: string, work: () => Promise<unknown>) {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let index = 0; index < CALLS_PER_CALLER; index += 1) {
        const t0 = performance.now();
        await work();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    label,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
    rps: latencies.length / seconds,
    calls: latencies.length,
  };
}

async function main() {
  const totalStart = performance.now();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const handle = openDatabase({ databaseUrl: withDatabase(baseUrl, dbName), poolSize: CONCURRENCY });
  if (handle.kind !== "postgres") throw new Error("the benchmark runs on PostgreSQL");
  try {
    await migrateDatabase(handle);
    const { db } = handle;

    // People, a manager, clients and projects.
    const people = Array.from({ length: PEOPLE }, (_, index) => ({
      id: uuidv7(),
      name: `Person ${String(index + 1).padStart(2, "0")}`,
      email: `person${index + 1}@bench.example`,
      role: "staff" as const,
      emailVerified: true,
    }));
    const managerRow = {
      id: uuidv7(),
      name: "Bench Manager",
      email: "manager@bench.example",
      role: "manager" as const,
      emailVerified: true,
    };
    await db.insert(user).values([...people, managerRow]);
    const clients = Array.from({ length: 10 }, (_, index) => ({
      id: uuidv7(),
      name: `Client ${index + 1}`,
      currency: "EUR",
      paymentTermsDays: 30,
      defaultHourlyRate: 9000,
    }));
    await db.insert(client).values(clients);
    const projects = clients.flatMap((item, index) =>
      Array.from({ length: 4 }, (_, n) => ({
        id: uuidv7(),
        clientId: item.id,
        name: `Project ${index + 1}.${n + 1}`,
        hourlyRate: n === 0 ? 12000 : null,
      })),
    );
    await db.insert(project).values(projects);

    // 3 years of weeks per person: old weeks approved, the last two submitted and draft.
    const lastMonday = isoWeekMonday(new Date().toISOString().slice(0, 10));
    const fillStart = performance.now();
    let sheetCount = 0;
    let entryCount = 0;
    let sheets: (typeof timesheet.$inferInsert)[] = [];
    const entries: (typeof timeEntry.$inferInsert)[] = [];
    const flush = async (force = false) => {
      // Entries reference their timesheet: the pending timesheets go first.
      const flushEntries = entries.length >= 20_000 || (force && entries.length > 0);
      if (sheets.length > 0 && (sheets.length >= 1000 || force || flushEntries)) {
        await db.insert(timesheet).values(sheets);
        sheetCount += sheets.length;
        sheets = [];
      }
      // One statement per 20,000 entries: each column travels as one array parameter (unnest),
      // far cheaper to bind than 180,000 scalar parameters.
      while (entries.length >= 20_000 || (force && entries.length > 0)) {
        const batch = entries.splice(0, 20_000);
        const column = <K extends keyof (typeof batch)[number]>(key: K) => batch.map((row) => row[key] ?? null);
        await handle.pool.query(
          `insert into time_entries (id, timesheet_id, user_id, project_id, date, minutes, description, billable, position, hourly_rate)
           select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::date[], $6::int[], $7::text[], $8::bool[], $9::int[], $10::int[])`,
          [
            batch.map(() => uuidv7()),
            column("timesheetId"),
            column("userId"),
            column("projectId"),
            column("date"),
            column("minutes"),
            column("description"),
            column("billable"),
            column("position"),
            column("hourlyRate"),
          ],
        );
        entryCount += batch.length;
      }
    };
    for (let week = WEEKS - 1; week >= 0; week -= 1) {
      const weekStart = addDaysToDate(lastMonday, -7 * week);
      const days = weekDays(weekStart).slice(0, 5);
      for (const [personIndex, person] of people.entries()) {
        const status = week === 0 ? "draft" : week === 1 ? "submitted" : "approved";
        const id = uuidv7();
        sheets.push({
          id,
          userId: person.id,
          weekStart,
          status,
          submittedAt: status === "draft" ? null : new Date(),
          decidedById: status === "approved" ? managerRow.id : null,
          decidedAt: status === "approved" ? new Date() : null,
        });
        for (const date of days) {
          for (let slot = 0; slot < ENTRIES_PER_DAY; slot += 1) {
            const chosen = projects[(personIndex + slot) % projects.length]!;
            entries.push({
              timesheetId: id,
              userId: person.id,
              projectId: chosen.id,
              date,
              minutes: 45,
              description: `Task ${slot + 1}`,
              billable: slot % 4 !== 3,
              position: slot,
              hourlyRate: status === "approved" ? (chosen.hourlyRate ?? 9000) : null,
            });
          }
        }
      }
      await flush();
    }
    await flush(true);
    await handle.pool.query("analyze");
    const fillSeconds = (performance.now() - fillStart) / 1000;
    console.log(`Filled ${sheetCount} timesheets and ${entryCount} entries in ${fillSeconds.toFixed(1)} s.`);

    // Grid save: the first person's draft week, 20 rows × 7 days, saved 50 times in a row.
    const owner: Actor = { id: people[0]!.id, name: people[0]!.name, role: "staff" };
    const managerActor: Actor = { id: managerRow.id, name: managerRow.name, role: "manager" };
    const mine = await findTimesheets(db, owner, { view: "mine", status: "draft" });
    const draft = mine.rows[0]!;
    const rows = Array.from({ length: 20 }, (_, index) => ({
      projectId: projects[index % projects.length]!.id,
      description: `Row ${index + 1}`,
      billable: true,
      cells: ["1", "1:10", "0,5", "1", "1:05", "0:20", "0:15"],
    }));
    let version = draft.version;
    const saveLatencies: number[] = [];
    for (let index = 0; index < SAVES + 5; index += 1) {
      const t0 = performance.now();
      const saved = await saveTimesheet(db, owner, { id: draft.id, version, grid: { rows } });
      const elapsed = performance.now() - t0;
      version = saved.version;
      if (index >= 5) saveLatencies.push(elapsed); // the first saves warm the pool and the plans
    }
    const save = {
      p50: percentile(saveLatencies, 50),
      p95: percentile(saveLatencies, 95),
      max: Math.max(...saveLatencies),
    };
    console.log(
      `Grid save (20 rows × 7 days = 140 entries), ${SAVES} saves: p50 ${ms(save.p50)}, p95 ${ms(save.p95)}, max ${ms(save.max)}`,
    );

    // Reads, 10 concurrent callers.
    const someSheet = (await findTimesheets(db, managerActor, { view: "all", page: 40 })).rows[7]!;
    const results = [
      await concurrent("Manager list (everyone, page 1)", () => findTimesheets(db, managerActor, { view: "all" })),
      await concurrent("Manager list filtered by person", () =>
        findTimesheets(db, managerActor, { view: "all", userId: people[3]!.id }),
      ),
      await concurrent("Approval queue", () => findTimesheets(db, managerActor, { view: "queue", pageSize: 200 })),
      await concurrent("One timesheet (getTimesheet)", () => getTimesheet(db, managerActor, someSheet.id)),
    ];
    for (const result of results)
      console.log(
        `${result.label}: p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, max ${ms(result.max)}, ${result.rps.toFixed(0)} calls/s (${result.calls} calls, ${CONCURRENCY} concurrent)`,
      );

    const totalSeconds = (performance.now() - totalStart) / 1000;
    const report = [
      "# Timesheets benchmark",
      "",
      `Run ${new Date().toISOString()} on PostgreSQL ${(await handle.pool.query("show server_version")).rows[0]?.server_version} (${process.platform}, ${process.versions.node}); \`npm run bench:timesheets\`.`,
      "",
      `Data: ${PEOPLE} people × ${WEEKS} weeks = ${sheetCount} timesheets, ${entryCount} entries (filled in ${fillSeconds.toFixed(1)} s with multi-row inserts). Total run ${totalSeconds.toFixed(1)} s.`,
      "",
      "Measured in-process through the domain functions (the database work of the pages, without HTTP and rendering).",
      "",
      "| measure | p50 | p95 | max | budget |",
      "|---|---:|---:|---:|---|",
      `| grid save, 20 rows × 7 days (${SAVES} saves, sequential) | ${ms(save.p50)} | ${ms(save.p95)} | ${ms(save.max)} | < 100 ms |`,
      ...results.map(
        (result) =>
          `| ${result.label}, ${CONCURRENCY} concurrent (${result.calls} calls, ${result.rps.toFixed(0)}/s) | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.max)} | < 150 ms p95 |`,
      ),
      "",
    ].join("\n");
    fs.mkdirSync(path.resolve("bench/results"), { recursive: true });
    fs.writeFileSync(path.resolve("bench/results/timesheets.md"), report);
    console.log(`\nWrote bench/results/timesheets.md (total ${totalSeconds.toFixed(1)} s).`);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

await main();
