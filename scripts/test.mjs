#!/usr/bin/env node
// `npm test`: every test Bureau has, in one command.
//  1. Vitest: unit tests, integration tests on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
//  2. The production build, then the browser tests in Chromium (Playwright, Debian's chromium).
// REQUIRE_POSTGRES=1 / REQUIRE_BROWSER=1 (CI sets both) turn a missing server or browser into a failure.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const run = (command, args, env = {}) => spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
// Playwright empties test-results/ when it starts, so the reports live apart.
fs.mkdirSync("test-reports", { recursive: true });

const problems = [];
if (!process.env.TEST_DATABASE_URL) {
  if (process.env.REQUIRE_POSTGRES === "1") problems.push("REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set");
  else console.log("\n[npm test] PostgreSQL integration tests: not run (set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run them).\n");
}

const vitestStatus = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", "--outputFile.json=test-reports/vitest.json"]);

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
let e2eStatus = 0;
let e2eRan = false;
if (!fs.existsSync(chromium)) {
  if (process.env.REQUIRE_BROWSER === "1") problems.push(`REQUIRE_BROWSER=1 but no Chromium at ${chromium}`);
  else console.log(`\n[npm test] Browser tests: NOT RUN, no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).\n`);
} else if (process.env.SKIP_E2E === "1") {
  console.log("\n[npm test] Browser tests: not run (SKIP_E2E=1).\n");
} else {
  const buildStatus = process.env.SKIP_BUILD === "1" ? 0 : run(bin("next"), ["build"]);
  if (buildStatus !== 0) problems.push("next build failed");
  else {
    e2eRan = true;
    e2eStatus = run(bin("playwright"), ["test"]);
  }
}

function count(file, read) {
  try {
    return read(JSON.parse(fs.readFileSync(file, "utf8")));
  } catch {
    return null;
  }
}
const vitest = count("test-reports/vitest.json", (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrors ?? 0) }));
const e2e = e2eRan ? count("test-reports/e2e.json", (report) => ({ passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky })) : { passed: 0, failed: 0 };

if (!vitest) problems.push("no Vitest report was written (test-reports/vitest.json)");
if (e2eRan && !e2e) problems.push("no Playwright report was written (test-reports/e2e.json)");
if (vitestStatus !== 0 && (!vitest || vitest.failed === 0)) problems.push("vitest exited with an error");
if (e2eStatus !== 0 && (!e2e || e2e.failed === 0)) problems.push("playwright exited with an error");
for (const problem of problems) console.error(`[npm test] ${problem}`);
const passed = (vitest?.passed ?? 0) + (e2e?.passed ?? 0);
const failed = (vitest?.failed ?? 0) + (e2e?.failed ?? 0) + problems.length;
console.log(`\nvitest: ${vitest?.passed ?? "?"} passed, ${vitest?.failed ?? "?"} failed; browser: ${e2eRan ? `${e2e?.passed ?? "?"} passed, ${e2e?.failed ?? "?"} failed` : "not run"}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(vitestStatus !== 0 || e2eStatus !== 0 || problems.length > 0 ? 1 : 0);
