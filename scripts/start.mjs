#!/usr/bin/env node
// `npm start`: builds Bureau when the build is missing or older than the sources, then runs the
// production server. On the embedded database with no BETTER_AUTH_SECRET, it keeps a generated
// secret in the data folder (a real deployment sets its own; see the README).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function needsBuild() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const sources = ["src", "public", "drizzle", "next.config.ts", "package.json", "postcss.config.mjs"].map((entry) => path.join(root, entry)).filter((entry) => fs.existsSync(entry));
  return sources.some((entry) => newestMtime(entry) > built);
}

const env = { ...process.env };
if (!env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
  const { readOrCreateDevelopmentSecret } = await import("../src/lib/env.ts");
  env.BETTER_AUTH_SECRET = readOrCreateDevelopmentSecret(path.resolve(env.DATA_DIR ?? "data"));
}

if (needsBuild()) {
  console.log("Building Bureau (about a minute the first time)…");
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = env.PORT ?? "3000";
const server = spawn(process.execPath, [nextBin, "start", "-p", port, ...(env.HOSTNAME ? ["-H", env.HOSTNAME] : [])], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
