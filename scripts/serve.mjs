#!/usr/bin/env node
// The production server of one Bureau instance: `next start` on the build in .next, in as many
// processes as WEB_CONCURRENCY says (default: one per CPU core on PostgreSQL, one on the embedded
// database). Node.js runs a page on one core at a time, so a single process leaves the machine's
// other cores idle; several processes share the port (node:cluster, the primary hands each new
// connection to the next process in turn). Used by `npm start` and `npm run bench`; see
// docs/decisions/015-one-process-per-core.md.
//
//   node scripts/serve.mjs            # PORT (3000) and HOSTNAME from the environment
//
// The primary only supervises: a process that dies is started again (at most 5 times a minute);
// SIGTERM or SIGINT stops them all, each finishing the requests it has in hand (next start's own
// drain, then Bureau's: src/server/start-up.ts), and the primary exits when the last has gone.
// Only process 1 runs the in-process background worker; the others leave it to process 1 (or
// to `npm run worker` when WORKER_IN_PROCESS=false).
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverProcessCount } from "../src/server/server-processes.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

/** Restarts allowed in a minute before the primary gives up (a process that cannot start). */
const MAX_RESTARTS_PER_MINUTE = 5;

/** How many server processes to run (WEB_CONCURRENCY; src/server/server-processes.ts). Throws with the message to show. */
export function processCountOf(env) {
  return serverProcessCount(env, os.availableParallelism());
}

/**
 * Runs the server processes and resolves with the exit code once they have all stopped.
 * `log` receives the primary's own lines (the processes write to the inherited stdout/stderr).
 */
export function serve({ env = process.env, log = (line) => console.log(line) } = {}) {
  const count = processCountOf(env);
  const port = String(env.PORT ?? "3000");
  const args = ["start", "-p", port, ...(env.HOSTNAME ? ["-H", env.HOSTNAME] : [])];
  cluster.setupPrimary({ exec: nextBin, args, cwd: root, silent: false });

  const workerInProcess = !["false", "0"].includes((env.WORKER_IN_PROCESS ?? "").trim());
  /** @type {Map<number, number>} cluster worker id → process index (1…count) */
  const indexOf = new Map();
  const restarts = [];
  let stopping = false;
  let exitCode = 0;

  const fork = (index) => {
    const worker = cluster.fork({
      ...env,
      BUREAU_PROCESS_INDEX: String(index),
      BUREAU_PROCESS_COUNT: String(count),
      // One background worker per instance: in process 1 (if the instance runs one at all).
      WORKER_IN_PROCESS: workerInProcess && index === 1 ? "true" : "false",
    });
    indexOf.set(worker.id, index);
  };

  if (count > 1)
    log(`Bureau: ${count} server processes on port ${port} (WEB_CONCURRENCY; one per core by default on PostgreSQL).`);
  for (let index = 1; index <= count; index += 1) fork(index);

  // The benchmark's query timings live in each process; the primary gathers them for whichever
  // process /api/bench-stats reached (src/db/query-timing.ts). Only with BUREAU_BENCH=1.
  const pending = new Map();
  cluster.on("message", (worker, message) => {
    if (!message || typeof message !== "object" || typeof message.bureau !== "string") return;
    if (message.bureau === "stats-request") {
      const entry = {
        requester: worker,
        replies: [],
        expected: Object.values(cluster.workers ?? {}).filter(Boolean).length,
      };
      pending.set(message.id, entry);
      for (const other of Object.values(cluster.workers ?? {}))
        other?.send({ bureau: "stats-collect", id: message.id });
      setTimeout(() => finishStats(message.id), 2_000).unref();
    } else if (message.bureau === "stats-reply") {
      const entry = pending.get(message.id);
      if (!entry) return;
      entry.replies.push(message.stats);
      if (entry.replies.length >= entry.expected) finishStats(message.id);
    }
  });
  function finishStats(id) {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    if (entry.requester.isConnected())
      entry.requester.send({ bureau: "stats-result", id, all: entry.replies, primaryPid: process.pid });
  }

  return new Promise((resolve) => {
    cluster.on("exit", (worker, code, signal) => {
      const index = indexOf.get(worker.id);
      indexOf.delete(worker.id);
      if (code && code !== 0) exitCode = code;
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve(exitCode);
        return;
      }
      const now = Date.now();
      while (restarts.length > 0 && restarts[0] < now - 60_000) restarts.shift();
      if (restarts.length >= MAX_RESTARTS_PER_MINUTE) {
        log(
          `Bureau: server process ${index} stopped (${signal ?? `exit code ${code}`}) ${MAX_RESTARTS_PER_MINUTE} times in a minute; stopping the others.`,
        );
        stopAll("SIGTERM");
        exitCode ||= 1;
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve(exitCode);
        return;
      }
      restarts.push(now);
      log(`Bureau: server process ${index} stopped (${signal ?? `exit code ${code}`}); starting it again.`);
      fork(index ?? 1);
    });

    function stopAll(signal) {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    }
    for (const signal of ["SIGINT", "SIGTERM"]) {
      process.on(signal, () => {
        if (stopping) return;
        stopAll(signal);
      });
    }
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exit(await serve());
  } catch (error) {
    console.error(`\nBureau cannot start:\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
