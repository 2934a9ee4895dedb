#!/usr/bin/env node
// `npm test`: every test Bureau has, in one command.
//  1. Vitest: unit tests, integration tests on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
//  2. The production build, then the system tests (real `next start` processes on PostgreSQL:
//     several instances, SIGKILL/SIGTERM, a PostgreSQL restart; tests/system, RUN_SYSTEM_TESTS=1),
//     then the browser tests in Chromium (Playwright, Debian's chromium).
// REQUIRE_POSTGRES=1 / REQUIRE_BROWSER=1 (CI sets both) turn a missing server or browser into a failure.
// SKIP_BUILD=1 reuses the build in .next; SKIP_SYSTEM=1 / SKIP_E2E=1 leave a step out.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
// Playwright empties test-results/ when it starts, so the reports live apart.
fs.mkdirSync("test-reports", { recursive: true });

const problems = [];
if (!process.env.TEST_DATABASE_URL) {
  if (process.env.REQUIRE_POSTGRES === "1") problems.push("REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set");
  else
    console.log(
      "\n[npm test] PostgreSQL integration tests: not run (set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run them).\n",
    );
}

// The system tests are a project of their own, only with RUN_SYSTEM_TESTS=1 (they need the build).
const vitestStatus = run(
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", "--outputFile.json=test-reports/vitest.json"],
  { RUN_SYSTEM_TESTS: "" },
);

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
let runE2e = false;
if (!fs.existsSync(chromium)) {
  if (process.env.REQUIRE_BROWSER === "1") problems.push(`REQUIRE_BROWSER=1 but no Chromium at ${chromium}`);
  else
    console.log(
      `\n[npm test] Browser tests: NOT RUN, no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).\n`,
    );
} else if (process.env.SKIP_E2E === "1") {
  console.log("\n[npm test] Browser tests: not run (SKIP_E2E=1).\n");
} else runE2e = true;

let runSystem = false;
if (process.env.SKIP_SYSTEM === "1") console.log("\n[npm test] System tests: not run (SKIP_SYSTEM=1).\n");
else if (!process.env.TEST_DATABASE_URL) {
  // Under REQUIRE_POSTGRES=1 the missing server is already a problem (above).
  console.log(
    "\n[npm test] System tests (several instances, faults): not run, they need PostgreSQL (TEST_DATABASE_URL).\n",
  );
} else runSystem = true;

let e2eStatus = 0;
let e2eRan = false;
let systemStatus = 0;
let systemRan = false;
let systemSeconds = 0;
if (runE2e || runSystem) {
  const buildStatus = process.env.SKIP_BUILD === "1" ? 0 : run(bin("next"), ["build"]);
  if (buildStatus !== 0) problems.push("next build failed");
  else {
    if (runSystem) {
      systemRan = true;
      const started = Date.now();
      systemStatus = run(
        bin("vitest"),
        [
          "run",
          "--project",
          "system",
          "--reporter=default",
          "--reporter=json",
          "--outputFile.json=test-reports/system.json",
        ],
        { RUN_SYSTEM_TESTS: "1" },
      );
      systemSeconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n[npm test] System tests took ${systemSeconds} s.\n`);
    }
    if (runE2e) {
      e2eRan = true;
      e2eStatus = run(bin("playwright"), ["test"]);
    }
  }
}

function count(file, read) {
  try {
    return read(JSON.parse(fs.readFileSync(file, "utf8")));
  } catch {
    return null;
  }
}
// A file whose set-up failed has no failed test (they are skipped): it counts as one failure.
const vitestCounts = (report) => ({
  passed: report.numPassedTests,
  failed:
    report.numFailedTests +
    (report.numRuntimeErrors ?? 0) +
    report.testResults.filter(
      (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
    ).length,
});
const vitest = count("test-reports/vitest.json", vitestCounts);
const system = systemRan ? count("test-reports/system.json", vitestCounts) : { passed: 0, failed: 0 };
const e2e = e2eRan
  ? count("test-reports/e2e.json", (report) => ({
      passed: report.stats.expected,
      failed: report.stats.unexpected + report.stats.flaky,
    }))
  : { passed: 0, failed: 0 };

if (!vitest) problems.push("no Vitest report was written (test-reports/vitest.json)");
if (e2eRan && !e2e) problems.push("no Playwright report was written (test-reports/e2e.json)");
if (systemRan && !system) problems.push("no system test report was written (test-reports/system.json)");
if (systemStatus !== 0 && (!system || system.failed === 0)) problems.push("vitest (system tests) exited with an error");
if (vitestStatus !== 0 && (!vitest || vitest.failed === 0)) problems.push("vitest exited with an error");
if (e2eStatus !== 0 && (!e2e || e2e.failed === 0)) problems.push("playwright exited with an error");
for (const problem of problems) console.error(`[npm test] ${problem}`);

// CI shows the end of the output only: the names of what failed are repeated here, last, each with
// the start of its message (a fuzz failure's seed and counterexample, an assertion's values).
function excerpt(message) {
  if (!message) return "";
  const text = String(message)
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((line) => line.trim() !== "" && !/^\s+at /.test(line))
    .slice(0, 12)
    .map((line) => `      ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`)
    .join("\n");
  return text ? `\n${text}` : "";
}
function failedVitestNames(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    return report.testResults.flatMap((result) => {
      const tests = result.assertionResults.filter((test) => test.status === "failed");
      const where = path.relative(process.cwd(), result.name);
      if (tests.length > 0)
        return tests.map((test) => `${where} > ${test.fullName}${excerpt(test.failureMessages?.join("\n"))}`);
      return result.status === "failed" ? [`${where}: ${String(result.message ?? "failed").split("\n")[0]}`] : [];
    });
  } catch {
    return [];
  }
}
function failedE2eNames(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    const names = [];
    const visit = (suite, trail) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === "unexpected" || test.status === "flaky")
            names.push(
              `${spec.file}:${spec.line} > ${[...trail, spec.title].join(" > ")} (${test.status})${excerpt(
                (test.results ?? [])
                  .flatMap((result) => (result.errors ?? []).map((error) => error.message))
                  .join("\n"),
              )}`,
            );
      for (const child of suite.suites ?? []) visit(child, [...trail, child.title]);
    };
    for (const suite of report.suites ?? []) visit(suite, []);
    return names;
  } catch {
    return [];
  }
}
const failedNames = [
  ...failedVitestNames("test-reports/vitest.json"),
  ...(systemRan ? failedVitestNames("test-reports/system.json") : []),
  ...(e2eRan ? failedE2eNames("test-reports/e2e.json") : []),
];
if (failedNames.length > 0) console.log(`\nFailed:\n${failedNames.map((name) => `  ✗ ${name}`).join("\n")}`);
const passed = (vitest?.passed ?? 0) + (system?.passed ?? 0) + (e2e?.passed ?? 0);
const failed = (vitest?.failed ?? 0) + (system?.failed ?? 0) + (e2e?.failed ?? 0) + problems.length;
const systemSummary = systemRan
  ? `${system?.passed ?? "?"} passed, ${system?.failed ?? "?"} failed in ${systemSeconds} s`
  : "not run";
console.log(
  `\nvitest: ${vitest?.passed ?? "?"} passed, ${vitest?.failed ?? "?"} failed; system: ${systemSummary}; browser: ${e2eRan ? `${e2e?.passed ?? "?"} passed, ${e2e?.failed ?? "?"} failed` : "not run"}`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(vitestStatus !== 0 || systemStatus !== 0 || e2eStatus !== 0 || problems.length > 0 ? 1 : 0);
