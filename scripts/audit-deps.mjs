#!/usr/bin/env node
// `npm run audit:deps`: known vulnerabilities in the production dependencies (npm audit --omit=dev).
// Fails on high or critical findings. When the advisory service cannot be reached (some registries
// and mirrors answer 405 to its POST), it says so and exits with its own code: an audit that did
// not run is not an audit that passed. See SECURITY.md.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";

const EXIT = { clean: 0, findings: 1, usage: 2, notChecked: 3 };
const BLOCKING = ["critical", "high"];

const USAGE = `Usage: npm run audit:deps [-- --report <npm-audit.json>]

Runs npm audit --omit=dev --audit-level=high --json on the production dependencies of
package-lock.json and prints the findings.

  --report <file>  read a report saved from \`npm audit --omit=dev --json\` (e.g. made on a machine
                   that reaches the advisory service) instead of running npm audit here

Exit codes:
  0  no high or critical advisory
  1  high or critical advisories found (listed)
  2  wrong usage
  3  NOT CHECKED: the advisory service could not be reached or npm audit failed`;

let values;
try {
  ({ values } = parseArgs({ options: { report: { type: "string" }, help: { type: "boolean", short: "h" } } }));
} catch (error) {
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(EXIT.usage);
}
if (values.help) {
  console.log(USAGE);
  process.exit(EXIT.clean);
}

let output;
let npmStatus = 0;
let npmErrors = "";
if (values.report) {
  output = fs.readFileSync(values.report, "utf8");
} else {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--audit-level=high", "--json"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) notChecked(`npm could not be run: ${run.error.message}`);
  output = run.stdout;
  npmStatus = run.status ?? 1;
  npmErrors = run.stderr ?? "";
}

let report;
try {
  report = JSON.parse(output);
} catch {
  notChecked(`npm audit printed no JSON report (exit ${npmStatus}).\n${npmErrors.trim()}`);
}

// A report has metadata.vulnerabilities; anything else is npm describing why it could not get one.
const counts = report?.metadata?.vulnerabilities;
if (!counts || typeof counts !== "object") {
  const reason = [report?.message, report?.error?.summary, report?.error?.code]
    .filter((part) => typeof part === "string" && part.trim())
    .join(" — ");
  notChecked(`the advisory service did not answer with a report: ${reason || `npm exit ${npmStatus}`}`);
}

const dependencies = report.metadata.dependencies?.prod ?? report.metadata.dependencies?.total ?? "?";
console.log(
  `npm audit (production dependencies: ${dependencies}): ${["critical", "high", "moderate", "low", "info"].map((level) => `${counts[level] ?? 0} ${level}`).join(", ")}`,
);

const findings = Object.values(report.vulnerabilities ?? {});
const blocking = findings.filter((finding) => BLOCKING.includes(finding.severity));
// Every finding is listed; only high and critical ones fail the run.
for (const finding of findings) {
  const advisories = (finding.via ?? [])
    .filter((via) => typeof via === "object")
    .map((via) => `${via.title ?? "advisory"} (${via.url ?? "no link"}, affects ${via.range ?? "?"})`);
  const through = (finding.via ?? []).filter((via) => typeof via === "string");
  console.log(`  ${finding.severity.toUpperCase()} ${finding.name} ${finding.range ?? ""}`.trimEnd());
  for (const advisory of advisories) console.log(`      ${advisory}`);
  if (through.length > 0) console.log(`      through ${through.join(", ")}`);
  const fix = finding.fixAvailable;
  console.log(
    `      fix: ${fix === true ? "npm audit fix" : fix && typeof fix === "object" ? `${fix.name}@${fix.version}${fix.isSemVerMajor ? " (major version)" : ""}` : "none yet"}`,
  );
}
// What this run did not look at, said every time so a pass is not read as more than it is.
console.log(
  "Not checked here: the development dependencies (build and test tools, not deployed), and any package " +
    "installed outside package-lock.json.",
);
if (blocking.length > 0) {
  console.log(`\n${blocking.length} package(s) with high or critical advisories.`);
  process.exit(EXIT.findings);
}
console.log("No high or critical advisory for the production dependencies.");
process.exit(EXIT.clean);

function notChecked(reason) {
  console.error(
    `audit:deps: NOT CHECKED — ${reason}\n` +
      "The production dependencies were not compared with any advisory database, so this is not a pass.\n" +
      "Run it where the npm advisory service (POST /-/npm/v1/security/advisories/bulk) is reachable, or save a report there\n" +
      "with `npm audit --omit=dev --json > audit.json` and check it here with `npm run audit:deps -- --report audit.json`.",
  );
  process.exit(EXIT.notChecked);
}
