// The processes of a benchmark run: the production build (built only when missing or stale),
// instances on loopback ports, each started as `npm start` starts one (scripts/serve.mjs: one or
// more `next start` processes sharing the port), and, with several instances, a separate worker.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { needsBuild } from "../build-state.mjs";

export type ServerStats = {
  pids: number[];
  queries: number;
  totalMs: number;
  inFlight: number;
  statements: Record<string, { count: number; totalMs: number }>;
};

export type Server = {
  index: number;
  port: number;
  origin: string;
  /** scripts/serve.mjs: the primary, which only supervises. */
  child: ChildProcess;
  /** The primary and the processes that answer requests (read from /api/bench-stats). */
  pids: number[];
  output: () => string;
};

export type Worker = { child: ChildProcess; output: () => string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function ensureBuild(root: string, log: (line: string) => void): "reused" | "built" {
  if (!needsBuild(root)) return "reused";
  log("The production build is missing or older than the sources: running next build…");
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
  delete env.BUREAU_BENCH;
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"],
    { cwd: root, stdio: "inherit", env },
  );
  if (result.status !== 0) throw new Error("next build failed");
  return "built";
}

/** The environment of the servers and the worker: production, PostgreSQL, no Sentry, no SMTP. */
export function baseEnvironment(databaseUrl: string, authSecret: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: authSecret,
    LOG_LEVEL: "warn",
    // The API targets send far more than a token's share of a minute: what is measured is the
    // request with its rate-limit upsert, not the refusal past the limit.
    API_RATE_LIMIT_PER_MINUTE: "1000000",
  };
  for (const name of [
    "SENTRY_DSN",
    "NEXT_PUBLIC_SENTRY_DSN",
    "SMTP_URL",
    "BUREAU_TEST_ROUTES",
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    "PORT",
    "APP_URL",
  ])
    delete env[name];
  return env;
}

function collect(child: ChildProcess) {
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => output;
}

export async function readStats(origin: string): Promise<ServerStats> {
  const response = await fetch(`${origin}/api/bench-stats`, { cache: "no-store" });
  if (response.status === 404)
    throw new Error(
      `${origin}/api/bench-stats answered 404: the build predates the benchmark routes, or BUREAU_BENCH=1 did not reach the server.`,
    );
  if (!response.ok) throw new Error(`${origin}/api/bench-stats answered ${response.status}`);
  return (await response.json()) as ServerStats;
}

export async function startServer(
  root: string,
  index: number,
  port: number,
  env: NodeJS.ProcessEnv,
  workerInProcess: boolean,
  processes: number,
): Promise<Server> {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bureau-bench-${port}-`));
  const child = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs")], {
    cwd: root,
    env: {
      ...env,
      APP_URL: origin,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      WEB_CONCURRENCY: String(processes),
      DATA_DIR: dataDir,
      BUREAU_BENCH: "1",
      WORKER_IN_PROCESS: workerInProcess ? "true" : "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collect(child);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`the server on port ${port} did not become healthy in 120 s:\n${output()}`);
    }
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await sleep(250);
  }
  // Every process must be up and answering before the load starts (they start side by side).
  for (;;) {
    const stats = await readStats(origin);
    if (stats.pids.length >= processes)
      return { index, port, origin, child, pids: [child.pid!, ...stats.pids], output };
    if (Date.now() > deadline)
      throw new Error(
        `only ${stats.pids.length} of ${processes} server processes answered on port ${port}:\n${output()}`,
      );
    await sleep(250);
  }
}

/** Resident memory of an instance: the sum over its processes (NaN when one is unreadable). */
export function instanceResidentBytes(server: Server): number {
  return server.pids.reduce((sum, pid) => sum + residentBytes(pid), 0);
}

export function startWorker(root: string, env: NodeJS.ProcessEnv): Worker {
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "--conditions", "react-server", "scripts/worker.ts"],
    {
      cwd: root,
      env: { ...env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bureau-bench-worker-")) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return { child, output: collect(child) };
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
  });
}

/** Resident memory of a process in bytes (VmRSS in /proc/<pid>/status), or NaN when unreadable. */
export function residentBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kib ? Number(kib) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Waits until no query is in flight on any server and the query count stops moving (15 s at most). */
export async function settle(servers: readonly Server[]): Promise<ServerStats[]> {
  const deadline = Date.now() + 15_000;
  let previous = await Promise.all(servers.map((server) => readStats(server.origin)));
  for (;;) {
    await sleep(150);
    const current = await Promise.all(servers.map((server) => readStats(server.origin)));
    const quiet = current.every((stats, index) => stats.inFlight === 0 && stats.queries === previous[index]!.queries);
    if (quiet || Date.now() > deadline) return current;
    previous = current;
  }
}
