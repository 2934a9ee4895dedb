#!/usr/bin/env node
// `npm run bench:sentry`: throughput of / and /bo/login with no DSN configured, in the normal build
// (Sentry SDK built in, not initialised) against the same sources built with BUREAU_SENTRY_SDK=off
// (SDK removed). Loopback only, autocannon with 10 connections for 10 s, rounds alternated to even
// out the noise of a shared machine. Writes bench/results/sentry.md.
//
// It runs `next build` twice and leaves the normal build in .next: run it under the build lock,
// e.g. `flock /tmp/bureau-build.lock npm run bench:sentry`.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bureau-bench-sentry-"));
const pages = ["/", "/bo/login"];
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = 10;

function baseEnv() {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    BETTER_AUTH_SECRET: "benchmark-secret-0123456789abcdef0123",
  };
  for (const name of ["SENTRY_DSN", "NEXT_PUBLIC_SENTRY_DSN", "DATABASE_URL", "BUREAU_SENTRY_SDK"]) delete env[name];
  return env;
}

function build(sdk) {
  console.log(`\n== next build (${sdk === "off" ? "SDK removed: BUREAU_SENTRY_SDK=off" : "SDK built in"})`);
  const result = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...baseEnv(), ...(sdk === "off" ? { BUREAU_SENTRY_SDK: "off" } : {}) },
  });
  if (result.status !== 0) throw new Error(`next build failed (${sdk})`);
}

/** A project root of its own for one build: the build copied, everything else linked. */
function snapshot(name) {
  const dir = path.join(work, name);
  fs.mkdirSync(dir);
  fs.cpSync(path.join(root, ".next"), path.join(dir, ".next"), { recursive: true });
  for (const entry of ["node_modules", "package.json", "next.config.ts", "drizzle", "public", "src", "tsconfig.json"]) {
    if (fs.existsSync(path.join(root, entry))) fs.symlinkSync(path.join(root, entry), path.join(dir, entry));
  }
  return dir;
}

async function startServer(variant) {
  const port = variant.port;
  const env = {
    ...baseEnv(),
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(work, `${variant.name}-data`),
    ...(variant.sdk === "off" ? { BUREAU_SENTRY_SDK: "off" } : {}),
  };
  const child = spawn(process.execPath, [nextBin, "start", variant.dir, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: variant.dir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${variant.name} server exited:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`${variant.name} server did not become healthy:\n${output}`);
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  });
}

function run(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const variants = [
  { name: "sdk-built-in-no-dsn", label: "SDK built in, no DSN", sdk: "on", port: 3311 },
  { name: "sdk-removed", label: "SDK removed (BUREAU_SENTRY_SDK=off)", sdk: "off", port: 3312 },
];

try {
  build("off");
  variants[1].dir = snapshot("sdk-removed");
  // Built last, so the tree is left with the normal build.
  build("on");
  variants[0].dir = snapshot("sdk-built-in-no-dsn");

  const servers = [];
  for (const variant of variants) servers.push(await startServer(variant));
  const results = [];
  try {
    // Warm-up: first requests compile nothing in production, but PGlite and the caches start cold.
    for (const variant of variants) for (const page of pages) await run(`http://127.0.0.1:${variant.port}${page}`, 3);
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 1 ? variants : [...variants].reverse();
      for (const page of pages) {
        for (const variant of order) {
          const result = await run(`http://127.0.0.1:${variant.port}${page}`, duration);
          const row = {
            round,
            page,
            variant: variant.name,
            requestsPerSecond: result.requests.average,
            p50: result.latency.p50,
            p99: result.latency.p99,
            non2xx: result.non2xx,
            errors: result.errors + result.timeouts,
          };
          results.push(row);
          console.log(
            `round ${round} ${page.padEnd(9)} ${variant.label.padEnd(36)} ${row.requestsPerSecond.toFixed(1)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non-2xx ${row.non2xx}  errors ${row.errors}`,
          );
        }
      }
    }
  } finally {
    await Promise.all(servers.map(stopServer));
  }

  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const summary = pages.map((page) => {
    const of = (name, field) =>
      mean(results.filter((row) => row.page === page && row.variant === name).map((row) => row[field]));
    const withSdk = of(variants[0].name, "requestsPerSecond");
    const without = of(variants[1].name, "requestsPerSecond");
    return {
      page,
      withSdk,
      without,
      p99With: of(variants[0].name, "p99"),
      p99Without: of(variants[1].name, "p99"),
      difference: ((withSdk - without) / without) * 100,
    };
  });

  const lines = [
    "# Sentry SDK cost with no DSN configured",
    "",
    `Measured ${new Date().toISOString()} by \`npm run bench:sentry\` (scripts/bench-sentry.mjs).`,
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, shared with other work while measuring.`,
    `Load: autocannon, ${connections} connections, ${duration} s per run, loopback, ${rounds} rounds alternating the order, after a 3 s warm-up per page and variant.`,
    "Both servers: `next start` of the production build, embedded PGlite database (fresh data folder), LOG_LEVEL=warn, no SENTRY_DSN.",
    "",
    "| page | SDK built in, no DSN (req/s) | SDK removed (req/s) | difference | p99 built in | p99 removed |",
    "|---|---|---|---|---|---|",
    ...summary.map(
      (row) =>
        `| \`${row.page}\` | ${row.withSdk.toFixed(1)} | ${row.without.toFixed(1)} | ${row.difference >= 0 ? "+" : ""}${row.difference.toFixed(1)} % | ${row.p99With.toFixed(0)} ms | ${row.p99Without.toFixed(0)} ms |`,
    ),
    "",
    "## Every run",
    "",
    "| round | page | variant | req/s | p50 ms | p99 ms | non-2xx | errors |",
    "|---|---|---|---|---|---|---|---|",
    ...results.map(
      (row) =>
        `| ${row.round} | \`${row.page}\` | ${row.variant} | ${row.requestsPerSecond.toFixed(1)} | ${row.p50} | ${row.p99} | ${row.non2xx} | ${row.errors} |`,
    ),
    "",
  ];
  fs.mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  fs.writeFileSync(path.join(root, "bench", "results", "sentry.md"), lines.join("\n"));
  console.log(`\n${lines.slice(6, 6 + 2 + summary.length).join("\n")}\n\nWritten to bench/results/sentry.md`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
