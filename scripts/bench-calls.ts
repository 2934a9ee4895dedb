// `npm run bench:calls`: the call log's list queries on PostgreSQL with 100,000 calls.
// BENCH_DATABASE_URL points at a server (e.g. postgres://postgres@127.0.0.1:5432/postgres); the
// benchmark creates its own database there, fills it with batched inserts, measures the To do and
// History views (first page, a person filter, a search) with 10 concurrent callers of the query
// functions, writes bench/results/calls.md and drops its database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { openDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { call, client, user } from "../src/db/schema";
import { findCalls, type FindCallsOptions } from "../src/modules/calls/call-queries";

const TOTAL_CALLS = 100_000;
const BATCH = 2_000;
const CONCURRENCY = 10;
const ROUNDS = 30; // per caller and scenario
const TIME_ZONE = "Europe/Paris";

const FIRST = [
  "Jane",
  "Louis",
  "Claire",
  "Peter",
  "Ana",
  "Marc",
  "Sofia",
  "Theo",
  "Hélène",
  "Omar",
  "Yuki",
  "Lena",
  "Paul",
  "Ines",
  "Hugo",
  "Nina",
  "Sam",
  "Eva",
  "Noah",
  "Zoé",
];
const LAST = [
  "Martin",
  "Bernard",
  "Dubois",
  "Walsh",
  "Souza",
  "Petit",
  "Garnier",
  "Roux",
  "Smith",
  "Tanaka",
  "Müller",
  "Rossi",
  "Novak",
  "Silva",
  "Leroy",
  "Moreau",
  "Fournier",
  "Girard",
  "Lambert",
  "Fontaine",
];
const SUBJECTS = [
  "Quote for the new site",
  "Budget review",
  "Kick-off meeting",
  "Chase the signed proposal",
  "Candidate interview",
  "Invoice question",
  "Project status",
  "Contract renewal",
  "Support request",
  "Introduce the team",
];

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error("Set BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres");
  const started = Date.now();
  const name = `bureau_bench_calls_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const handle = openDatabase({ databaseUrl: withDatabase(serverUrl, name), poolSize: CONCURRENCY + 2 });
  if (handle.kind !== "postgres") throw new Error("the benchmark runs on PostgreSQL");
  const pool = handle.pool;
  try {
    await migrateDatabase(handle);
    const db = handle.db;

    // People and clients.
    const users = Array.from(
      { length: 20 },
      (_, index) =>
        ({
          id: uuidv7(),
          name: `Bench User ${index + 1}`,
          email: `bench${index + 1}@example.com`,
          role: index === 0 ? "admin" : index < 4 ? "manager" : "staff",
        }) as const,
    );
    await db.insert(user).values(users.map((row) => ({ ...row, emailVerified: true })));
    const clients = Array.from({ length: 200 }, (_, index) => ({
      id: uuidv7(),
      name: `Bench Client ${index + 1}`,
      currency: "EUR",
      paymentTermsDays: 30,
    }));
    await db.insert(client).values(clients);

    // 100,000 calls: 15 % still to do (a fifth of them callback requests), the rest history,
    // spread over two years back and three months ahead.
    const now = Date.now();
    let random = 42;
    const next = () => {
      random = (random * 1_103_515_245 + 12_345) % 2_147_483_648;
      return random / 2_147_483_648;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const fillStart = Date.now();
    for (let offset = 0; offset < TOTAL_CALLS; offset += BATCH) {
      const rows: (typeof call.$inferInsert)[] = [];
      for (let index = 0; index < BATCH; index++) {
        const roll = next();
        const status =
          roll < 0.03
            ? "requested"
            : roll < 0.15
              ? "scheduled"
              : roll < 0.8
                ? "completed"
                : roll < 0.93
                  ? "missed"
                  : "cancelled";
        const past = new Date(now - Math.floor(next() * 730 * 86_400_000));
        const future = new Date(now + Math.floor((next() - 0.2) * 90 * 86_400_000));
        const assigned = pick(users).id;
        rows.push({
          id: uuidv7(),
          direction: next() < 0.5 ? "inbound" : "outbound",
          status,
          contactName: `${pick(FIRST)} ${pick(LAST)}`,
          phone: `+336${String(Math.floor(next() * 100_000_000)).padStart(8, "0")}`,
          clientId: next() < 0.7 ? pick(clients).id : null,
          assignedUserId: assigned,
          createdById: assigned,
          scheduledAt: status === "requested" ? null : status === "scheduled" ? future : past,
          startedAt: status === "completed" || status === "missed" ? past : null,
          durationSeconds: status === "completed" ? 60 + Math.floor(next() * 3_600) : null,
          outcome: status === "missed" ? pick(["no_answer", "busy", "voicemail", "wrong_number"] as const) : null,
          subject: pick(SUBJECTS),
          createdAt: status === "requested" ? new Date(now - Math.floor(next() * 30 * 86_400_000)) : past,
        });
      }
      await db.insert(call).values(rows);
    }
    await pool.query("vacuum analyze calls");
    const fillSeconds = (Date.now() - fillStart) / 1000;

    const person = users[5]!.id;
    const base = { page: 1, size: 50, timeZone: TIME_ZONE, viewerId: person } as const;
    const scenarios: { name: string; options: FindCallsOptions }[] = [
      { name: "To do, first page", options: { ...base, view: "todo" } },
      { name: "To do, one person", options: { ...base, view: "todo", person } },
      { name: 'To do, search "walsh"', options: { ...base, view: "todo", q: "walsh" } },
      { name: "History, first page", options: { ...base, view: "history" } },
      { name: "History, one person", options: { ...base, view: "history", person } },
      { name: 'History, search "walsh"', options: { ...base, view: "history", q: "walsh" } },
      { name: 'History, search a phone "06 12 34"', options: { ...base, view: "history", q: "06 12 34" } },
      { name: "History, person + page 20", options: { ...base, view: "history", person, page: 20 } },
    ];

    const results: { name: string; total: number; serial: number; p50: number; p95: number; max: number }[] = [];
    for (const scenario of scenarios) {
      await findCalls(db, scenario.options); // warm-up
      // One caller alone: the query's own cost, without queueing behind the other nine.
      const alone: number[] = [];
      for (let round = 0; round < 10; round++) {
        const start = performance.now();
        await findCalls(db, scenario.options);
        alone.push(performance.now() - start);
      }
      alone.sort((a, b) => a - b);
      const durations: number[] = [];
      let total = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let round = 0; round < ROUNDS; round++) {
            const start = performance.now();
            const result = await findCalls(db, scenario.options);
            durations.push(performance.now() - start);
            total = result.total;
          }
        }),
      );
      durations.sort((a, b) => a - b);
      results.push({
        name: scenario.name,
        total,
        serial: percentile(alone, 50),
        p50: percentile(durations, 50),
        p95: percentile(durations, 95),
        max: durations[durations.length - 1]!,
      });
      console.log(
        `${scenario.name.padEnd(40)} rows ${String(total).padStart(6)}  alone ${percentile(alone, 50).toFixed(1)} ms  p50 ${percentile(durations, 50).toFixed(1)} ms  p95 ${percentile(durations, 95).toFixed(1)} ms`,
      );
    }

    const [version] = (await pool.query("show server_version")).rows as { server_version: string }[];
    const lines = [
      "# Call log benchmark",
      "",
      `Run ${new Date().toISOString()} by \`npm run bench:calls\` on PostgreSQL ${version?.server_version ?? "?"}, ${os.cpus().length} cores, Node ${process.version}.`,
      "",
      `${TOTAL_CALLS.toLocaleString("en-GB")} calls (15 % to do, 85 % history; 20 people, 200 clients) inserted in batches of ${BATCH} in ${fillSeconds.toFixed(1)} s.`,
      `Each line: ${CONCURRENCY} concurrent callers of \`findCalls\` (the page's query: 50 rows with their client, project and time entry, plus the count of the filtered set), ${ROUNDS} rounds each, after one warm-up.`,
      "",
      "| view | matching calls | 1 caller, median (ms) | 10 callers, p50 (ms) | 10 callers, p95 (ms) | max (ms) |",
      "|---|---:|---:|---:|---:|---:|",
      ...results.map(
        (row) =>
          `| ${row.name} | ${row.total.toLocaleString("en-GB")} | ${row.serial.toFixed(1)} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.max.toFixed(1)} |`,
      ),
      "",
      `Target: p95 under 150 ms. Whole run: ${((Date.now() - started) / 1000).toFixed(0)} s. Load average during the run: ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(", ")} (other work on the same machine inflates the concurrent figures).`,
      "",
    ];
    const file = path.resolve(process.cwd(), "bench/results/calls.md");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, lines.join("\n"));
    console.log(`\nWrote ${file}`);
  } finally {
    await handle.close();
    // BENCH_KEEP=1 keeps the database to look at the plans (EXPLAIN) afterwards.
    if (process.env.BENCH_KEEP === "1") console.log(`Kept database ${name}.`);
    else await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

await main();
