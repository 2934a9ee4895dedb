#!/usr/bin/env node
// `npm start`: builds Bureau when the build is missing or older than the sources, then runs the
// production server (scripts/serve.mjs: one process per core on PostgreSQL, WEB_CONCURRENCY).
// On the embedded database with no BETTER_AUTH_SECRET, it keeps a generated secret in the data
// folder (a real deployment sets its own; see the README).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { needsBuild } from "./build-state.mjs";
import { processCountOf, serve } from "./serve.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

const env = { ...process.env };
try {
  // A wrong WEB_CONCURRENCY is said before a minute of building, not after.
  processCountOf(env);
} catch (error) {
  console.error(`\nBureau cannot start:\n${error.message}\n`);
  process.exit(1);
}
if (!env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
  const { readOrCreateDevelopmentSecret } = await import("../src/lib/env.ts");
  env.BETTER_AUTH_SECRET = readOrCreateDevelopmentSecret(path.resolve(env.DATA_DIR ?? "data"));
}

if (needsBuild(root)) {
  console.log("Building Bureau (about a minute the first time)…");
  const build = spawnSync(process.execPath, [nextBin, "build"], {
    stdio: "inherit",
    env: { ...env, NODE_ENV: "production" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.exit(await serve({ env }));
