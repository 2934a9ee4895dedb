#!/usr/bin/env node
// `npm run multi-instance`: several Bureau server instances on one PostgreSQL, with the background
// worker running on its own (`npm run worker`) and the servers' in-process worker off — the layout
// of a deployment behind a load balancer, on one machine. Uses the production build in .next
// (`npm run build` first). Ctrl+C (or SIGTERM) stops them all, each draining what it is doing.
//
//   DATABASE_URL=postgres://… npm run multi-instance                  # ports 3001 and 3002
//   DATABASE_URL=postgres://… npm run multi-instance -- --ports 3001,3002,3003 --host 0.0.0.0
//
// The environment is passed to every process (SMTP_URL, MAIL_FROM, ADMIN_EMAIL, LOG_LEVEL…).
// BETTER_AUTH_SECRET must be the same everywhere; when unset, one is generated for this run (sessions
// then end with it). APP_URL: unset, each instance gets its own address (open either in a browser);
// set it to the load balancer's public address when there is one: then it is the same for all.
// Prints "multi-instance: ready …" once every instance answers /api/health.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

const { values: options } = parseArgs({
  options: {
    ports: { type: "string", default: "3001,3002" },
    host: { type: "string", default: "127.0.0.1" },
    "ready-timeout": { type: "string", default: "60" },
  },
});
const ports = options.ports.split(",").map((port) => Number.parseInt(port.trim(), 10));

function fail(message) {
  console.error(`\nmulti-instance: ${message}\n`);
  process.exit(1);
}
if (ports.length === 0 || ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65535))
  fail(`--ports must list ports, e.g. 3001,3002 (got "${options.ports}")`);
if (!process.env.DATABASE_URL)
  fail("DATABASE_URL is not set. Several instances need PostgreSQL (the embedded database allows one process).");
if (!fs.existsSync(path.join(root, ".next", "BUILD_ID")))
  fail("there is no production build: run `npm run build` first.");

const sharedEnv = { ...process.env, NODE_ENV: "production", WORKER_IN_PROCESS: "false" };
if (!sharedEnv.BETTER_AUTH_SECRET) {
  sharedEnv.BETTER_AUTH_SECRET = randomBytes(32).toString("base64url");
  console.log(
    "multi-instance: BETTER_AUTH_SECRET is not set; using one generated for this run (sessions end when it stops).",
  );
}

/** @type {{ name: string, child: import("node:child_process").ChildProcess, exited: boolean }[]} */
const children = [];
let stopping = false;

function start(name, command, args, env) {
  // Same process group as this script: if it is killed outright, its instances go with it.
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const entry = { name, child, exited: false };
  for (const stream of [child.stdout, child.stderr]) {
    let pending = "";
    stream.on("data", (chunk) => {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  child.on("exit", (code, signal) => {
    entry.exited = true;
    console.log(`multi-instance: ${name} exited (${signal ?? `code ${code}`})`);
    if (!stopping) {
      console.error(`multi-instance: ${name} stopped on its own; stopping the others.`);
      void stopAll(1);
    } else if (children.every((other) => other.exited)) process.exit(process.exitCode ?? 0);
  });
  children.push(entry);
  return child;
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const { child, exited } of children) if (!exited) child.kill("SIGTERM");
  if (children.every((entry) => entry.exited)) process.exit(code);
  // Each process drains its own requests (and the worker its mail in hand); bounded all the same.
  setTimeout(() => {
    for (const { child, exited } of children) if (!exited) child.kill("SIGKILL");
    process.exit(code || 1);
  }, 30_000).unref();
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stopAll(0));

async function healthy(url, deadline) {
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3_000) });
      if (response.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

const deadline = Date.now() + Number(options["ready-timeout"]) * 1000;
// All at once, as a deployment rolls out: the first to start applies the migrations while the others
// wait for it (advisory lock), and one instance creates the first administrator on a new database.
// `npm run worker`'s own command, exec'd by the shell: signals then reach the worker itself (npm
// dies on SIGTERM without passing it on, which would leave the worker running).
const workerCommand = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.worker;
const binPath = `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`;
const worker = start("worker", "sh", ["-c", `exec ${workerCommand}`], { ...sharedEnv, PATH: binPath });
const workerReady = new Promise((resolve) => {
  let seen = "";
  worker.stdout.on("data", (chunk) => {
    seen += chunk.toString("utf8");
    if (seen.includes("Bureau worker running")) resolve(true);
  });
  worker.on("exit", () => resolve(false));
  setTimeout(() => resolve(false), Math.max(0, deadline - Date.now())).unref();
});
const instances = ports.map((port, index) => {
  const name = `${String.fromCharCode(97 + index)}:${port}`;
  const url = `http://${options.host === "0.0.0.0" ? "127.0.0.1" : options.host}:${port}`;
  start(name, process.execPath, [nextBin, "start", "-p", String(port), "-H", options.host], {
    ...sharedEnv,
    PORT: String(port),
    APP_URL: process.env.APP_URL || url,
  });
  return { name, url };
});
const [workerOk, ...ready] = await Promise.all([
  workerReady,
  ...instances.map((instance) => healthy(instance.url, deadline)),
]);
if (workerOk && ready.every(Boolean)) {
  console.log(
    `multi-instance: ready ${instances.map((instance) => `${instance.name}=${instance.url}`).join(" ")} (worker pid ${worker.pid})`,
  );
} else if (!stopping) {
  const late = [
    ...(workerOk ? [] : ["the worker"]),
    ...instances.filter((_, index) => !ready[index]).map((instance) => instance.url),
  ];
  console.error(`multi-instance: not ready in time: ${late.join(", ")}`);
  await stopAll(1);
}
