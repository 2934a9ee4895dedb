#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile profile, Debian's Chromium) on the public pages: /, /jobs,
// a job page and /mail. Seeds the demo firm into a fresh embedded database, starts the production
// build (run `npm run build` first), and writes bench/results/lighthouse.md.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const port = 3620;
const base = process.env.LIGHTHOUSE_BASE_URL ?? `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bureau-lighthouse-"));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  BETTER_AUTH_SECRET: "lighthouse-secret-0123456789abcdef0123",
  APP_URL: base,
  PORT: String(port),
  LOG_LEVEL: "warn",
  DATABASE_URL: "",
};
const bin = (name) => path.join("node_modules", ".bin", name);
// curl rather than fetch: undici reuses keep-alive sockets the server has just closed ("other side closed").
const get = (url) => spawnSync("curl", ["-s", "-f", url], { encoding: "utf8" });

// LIGHTHOUSE_BASE_URL: audit a server that is already running (with at least one published job).
const external = process.env.LIGHTHOUSE_BASE_URL;
if (!external) {
  const seed = spawnSync(bin("tsx"), ["--conditions", "react-server", "scripts/seed-demo.ts"], {
    env,
    stdio: "ignore",
  });
  if (seed.status !== 0) throw new Error("seed:demo failed");
}
const server = external
  ? null
  : spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
try {
  for (let attempt = 0; ; attempt++) {
    if (attempt > 120) throw new Error("the server did not start");
    if (get(`${base}/api/health`).status === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const jobs = get(`${base}/jobs`).stdout;
  const slug = jobs.match(/href="\/jobs\/([a-z0-9-]+)"/)?.[1];
  if (!slug) throw new Error("no published job found on /jobs");
  const pages = ["/", "/jobs", `/jobs/${slug}`, "/mail"];
  const rows = [];
  for (const page of pages) {
    // Warm the page so the first compile-free render is not what is measured.
    get(base + page);
    const output = path.join(dataDir, "report.json");
    const run = spawnSync(
      bin("lighthouse"),
      [
        base + page,
        "--quiet",
        "--output=json",
        `--output-path=${output}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" }, stdio: "inherit" },
    );
    if (run.status !== 0) throw new Error(`lighthouse failed on ${page}`);
    const report = JSON.parse(fs.readFileSync(output, "utf8"));
    const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
    rows.push({
      page: page.startsWith("/jobs/") ? "/jobs/{slug}" : page,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
    });
  }
  const table = [
    "# Lighthouse, public pages (mobile profile)",
    "",
    `Command: \`npm run build && npm run lighthouse\`. Lighthouse ${JSON.parse(fs.readFileSync("node_modules/lighthouse/package.json", "utf8")).version}, Debian Chromium, production build on the embedded database with the demo firm. ${new Date().toISOString()}.`,
    "",
    "| page | performance | accessibility | best practices | SEO |",
    "|---|---:|---:|---:|---:|",
    ...rows.map(
      (row) => `| \`${row.page}\` | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} |`,
    ),
  ].join("\n");
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync("bench/results/lighthouse.md", table + "\n");
  console.log(table);
} finally {
  server?.kill("SIGTERM");
}
