#!/usr/bin/env node
// `npm run bench:mail-pages`: the page p95 while the server's in-process worker drains 1,000 mails.
// Starts the production build (run `npm run build` first) on a fresh PostgreSQL database
// (BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres) with an SMTP sink on
// loopback, queues 1,000 mails, and loads `/` with 10 connections until the queue is empty
// (60 s at most). Writes bench/results/mail-pages.md.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { SMTPServer } from "smtp-server";

const base = process.env.BENCH_DATABASE_URL;
if (!base) throw new Error("Set BENCH_DATABASE_URL (a PostgreSQL server the benchmark may create a database on).");
const dbName = `bureau_bench_mail_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(base);
url.pathname = `/${dbName}`;

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      received += 1;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpPort = smtp.server.address().port;

const port = 3610;
const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
  env: {
    ...process.env,
    DATABASE_URL: url.toString(),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    BETTER_AUTH_SECRET: "bench-secret-0123456789abcdef0123456789",
    APP_URL: `http://localhost:${port}`,
    ADMIN_PASSWORD: "bench admin password",
    LOG_LEVEL: "warn",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bench-mail-")),
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const stop = async () => {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  smtp.close();
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end();
};
try {
  for (let attempt = 0; ; attempt++) {
    if (attempt > 120) throw new Error("the server did not start");
    const ok = await fetch(`http://localhost:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // Warm up the page before measuring.
  await autocannon({ url: `http://localhost:${port}/`, connections: 2, duration: 3 });

  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const html = `<p>${"Lorem ipsum dolor sit amet. ".repeat(40)}</p>`;
  const values = [];
  const params = [];
  for (let index = 0; index < 1000; index++) {
    const id = randomUUID();
    params.push(
      id,
      JSON.stringify([`client${index}@example.com`]),
      `Benchmark ${index}`,
      "Lorem ipsum ".repeat(100),
      html,
      `<${id}@bench.example>`,
    );
    const at = index * 6;
    values.push(`($${at + 1}, $${at + 2}::jsonb, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6})`);
  }
  const started = Date.now();
  await db.query(`insert into emails (id, "to", subject, text, html, message_id) values ${values.join(", ")}`, params);
  const load = autocannon({ url: `http://localhost:${port}/`, connections: 10, duration: 60 });
  let drainedAt = null;
  while (Date.now() - started < 60_000) {
    const { rows } = await db.query(`select count(*)::int as left from emails where status not in ('sent', 'failed')`);
    if (rows[0].left === 0) {
      drainedAt = Date.now();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  load.stop();
  const result = await load;
  await db.end();
  const drainSeconds = ((drainedAt ?? Date.now()) - started) / 1000;
  const report = [
    "# Mail drain with the server answering pages",
    "",
    `Command: \`BENCH_DATABASE_URL=… npm run bench:mail-pages\` (production build, PostgreSQL, in-process worker, SMTP sink on loopback). Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB. ${new Date().toISOString()}.`,
    "",
    "| mails | drained in | rate | received | `/` requests | `/` req/s | p50 | p95 (p97.5) | p99 | non-2xx |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| 1000 | ${drainSeconds.toFixed(1)} s${drainedAt ? "" : " (not finished)"} | ${(1000 / drainSeconds).toFixed(0)} mails/s | ${received} | ${result.requests.total} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p97_5} ms | ${result.latency.p99} ms | ${result.non2xx} |`,
    "",
    "autocannon reports p97.5, not p95: the figure given is the stricter p97.5.",
  ].join("\n");
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync("bench/results/mail-pages.md", report + "\n");
  console.log(report);
} finally {
  await stop();
}
