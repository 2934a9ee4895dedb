// `npm run bench:mail`: queue 1,000 mails and drain them to a local SMTP receiver (smtp-server on
// loopback), on an in-memory PGlite by default or on PostgreSQL with BENCH_DATABASE_URL (a scratch
// database is created and dropped). Prints mails per second and writes bench/results/mail.md.
import fs from "node:fs";
import os from "node:os";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { drainOutbox } from "../src/modules/mail/mail-worker";
import { enqueueEmail } from "../src/modules/mail/outbox";
import { createSmtpTransport } from "../src/modules/mail/smtp-transport";
import { startSmtpReceiver } from "../tests/support/smtp-receiver";

const COUNT = Number(process.argv[2] ?? 1000);

async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; label: string; cleanup: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const handle = openDatabase({ pglite: new PGlite() });
    await migrateDatabase(handle);
    return { handle, label: "PGlite (in memory)", cleanup: () => handle.close() };
  }
  const name = `bureau_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: target.toString(), poolSize: 10 });
  await migrateDatabase(handle);
  return {
    handle,
    label: "PostgreSQL",
    cleanup: async () => {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const { handle, label, cleanup } = await openBenchDatabase();
const receiver = await startSmtpReceiver();
const transport = createSmtpTransport(receiver.url(), { maxConnections: 5 });
try {
  const html = `<!doctype html><html><body><p>${"Lorem ipsum dolor sit amet. ".repeat(40)}</p></body></html>`;
  const queueStart = performance.now();
  for (let start = 0; start < COUNT; start += 100) {
    await handle.db.transaction(async (tx) => {
      for (let i = start; i < Math.min(COUNT, start + 100); i++) {
        await enqueueEmail(tx, {
          to: [`client${i}@example.com`],
          subject: `Benchmark ${i}`,
          text: "Lorem ipsum ".repeat(100),
          html,
          about: { type: "bench", id: String(i) },
        });
      }
    });
  }
  const queueMs = performance.now() - queueStart;

  const drainStart = performance.now();
  const handled = await drainOutbox(handle.db, {
    transport,
    from: "Bench <bench@example.test>",
    batchSize: 50,
    concurrency: 5,
  });
  const drainMs = performance.now() - drainStart;
  const distinct = new Set(receiver.messages.map((message) => message.messageId)).size;
  const rate = (handled / drainMs) * 1000;

  const lines = [
    `| ${new Date().toISOString().slice(0, 10)} | ${label} | ${COUNT} | ${(queueMs / 1000).toFixed(2)} s | ${(drainMs / 1000).toFixed(2)} s | **${rate.toFixed(0)} mails/s** | ${receiver.messages.length} received, ${distinct} distinct Message-IDs |`,
  ];
  console.log(
    `${label}: queued ${COUNT} in ${(queueMs / 1000).toFixed(2)} s; drained ${handled} in ${(drainMs / 1000).toFixed(2)} s = ${rate.toFixed(0)} mails/s; receiver got ${receiver.messages.length} (${distinct} distinct Message-IDs)`,
  );
  if (receiver.messages.length !== COUNT || distinct !== COUNT)
    throw new Error("the receiver did not get every mail exactly once");

  const file = "bench/results/mail.md";
  fs.mkdirSync("bench/results", { recursive: true });
  if (!fs.existsSync(file)) {
    fs.writeFileSync(
      file,
      [
        "# Mail drain benchmark",
        "",
        "`npm run bench:mail` (PGlite in memory) or `BENCH_DATABASE_URL=postgres://… npm run bench:mail` (scratch database):",
        "queue N mails (100 per transaction, ~1.5 KB HTML + text each), then drain them with the worker's own code",
        "(`drainOutbox`: batches of 50 claimed with FOR UPDATE SKIP LOCKED, 5 sends in flight over a pooled",
        "nodemailer transport, 5 connections) to `smtp-server` on 127.0.0.1 in the same process.",
        "",
        `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}.`,
        "",
        "| date | database | mails | queue | drain | rate | check |",
        "|---|---|---|---|---|---|---|",
        "",
      ].join("\n"),
    );
  }
  fs.appendFileSync(file, lines.join("\n") + "\n");
} finally {
  transport.close?.();
  await receiver.stop();
  await cleanup();
}
