// bench/results/latest.json (everything measured) and latest.md (the tables).
import type { Budget, Verdict } from "./budgets";
import type { ClientJs } from "./client-js";

/** The figures of one timed run of a target. */
export type RunFigures = {
  connections: number;
  completed: number;
  sent: number;
  durationSeconds: number;
  requestsPerSecond: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Time spent waiting for PostgreSQL per request (sum of its queries' times, server side). */
  dbMsPerRequest: number;
  queriesPerRequest: number;
  /** dbMsPerRequest / mean latency. */
  dbShare: number;
  /** non-2xx + errors and time-outs + wrong answers (+1 when nothing completed). */
  failed: number;
  non2xx: number;
  errors: number;
  mismatches: number;
  statusCodes: Record<string, number>;
  bytesPerResponse: number;
  rssGrowthBytes: number;
  failureMessages: string[];
  /** The statements with the most database time in the run, per request. */
  topStatements: { statement: string; perRequest: number; msPerRequest: number; msEach: number }[];
};

export type TargetResult = {
  key: string;
  label: string;
  /** With the target's connections (10, or 1 for one-at-a-time targets). */
  load: RunFigures;
  /** One connection: no queueing; its database time is the floor of the row. */
  alone: RunFigures;
  ratioToFloor?: number;
  aloneRatioToFloor?: number;
  js: ClientJs | undefined;
};

export type BudgetResult = Budget & Verdict;

export type Report = {
  startedAt: string;
  finishedAt: string;
  command: string;
  options: {
    duration: number;
    warmup: number;
    instances: number;
    processes: number;
    connections: number;
    only: string | null;
  };
  database: {
    name: string;
    size: Record<string, number>;
    vacuum: { autovacuum: string; seconds: number };
    fixtures: Record<string, string | number>;
  };
  machine: {
    cpu: string;
    cores: number;
    memoryGiB: number;
    node: string;
    postgres: string;
    os: string;
    loadAverage: number[];
    cpuCheckMs: { start: number; end: number };
  };
  build: { action: "reused" | "built"; buildId: string };
  servers: { origin: string; pids: number[]; rssBeforeBytes: number; rssAfterBytes: number }[];
  worker: string;
  floorP50Ms: number;
  floorAloneP50Ms: number;
  targets: TargetResult[];
  budgets: BudgetResult[];
  passed: boolean;
  problems: string[];
  /** With several instances: their throughput against the last one-instance run's on this machine (issue 30). */
  scaling?: Scaling;
};

export type Scaling = {
  /** The one-instance report compared with: its file, when it ran, its layout. */
  against: { file: string; startedAt: string; processes: number; buildId: string };
  rows: { key: string; label: string; oneRps: number; severalRps: number; ratio: number }[];
  /** Geometric mean of the rows' ratios: the throughput of the instances over one's, target for target. */
  ratio: number;
};

/**
 * The throughput of this run's instances over a one-instance run's, for the targets both measured
 * under load (the rows with 10 connections; one-at-a-time rows measure latency, not throughput).
 */
export function compareScaling(several: Pick<Report, "targets">, one: Report, file: string): Scaling | undefined {
  const before = new Map(one.targets.map((result) => [result.key, result]));
  const rows = several.targets.flatMap((result) => {
    const earlier = before.get(result.key);
    if (!earlier || result.load.connections < 2 || earlier.load.connections < 2) return [];
    if (!(earlier.load.requestsPerSecond > 0) || !(result.load.requestsPerSecond > 0)) return [];
    return [
      {
        key: result.key,
        label: result.label,
        oneRps: earlier.load.requestsPerSecond,
        severalRps: result.load.requestsPerSecond,
        ratio: result.load.requestsPerSecond / earlier.load.requestsPerSecond,
      },
    ];
  });
  if (rows.length === 0) return undefined;
  const ratio = Math.exp(rows.reduce((sum, row) => sum + Math.log(row.ratio), 0) / rows.length);
  return {
    against: { file, startedAt: one.startedAt, processes: one.options.processes, buildId: one.build.buildId },
    rows,
    ratio,
  };
}

function scalingLines(report: Report): string[] {
  const scaling = report.scaling;
  if (report.options.instances < 2) return [];
  if (!scaling)
    return [
      `## ${report.options.instances} instances against one`,
      "",
      "No one-instance run of this machine to compare with: run `npm run bench` first (same `--only`), then `npm run bench -- --instances 2`.",
      "",
    ];
  const { against } = scaling;
  return [
    `## ${report.options.instances} instances against one`,
    "",
    `Throughput (req/s with 10 connections) of this run's ${report.options.instances} instances of ${report.options.processes} process(es) each, over the one-instance run of ${against.startedAt} (\`${against.file}\`, ${against.processes} process(es), build ${against.buildId}${against.buildId === report.build.buildId ? ", the same" : ", another build"}), on the same PostgreSQL. **Geometric mean of the ratios: ${scaling.ratio.toFixed(2)}×** over ${scaling.rows.length} targets.`,
    "",
    "| target | one instance req/s | this run req/s | ratio |",
    "|---|---:|---:|---:|",
    ...scaling.rows.map(
      (row) =>
        `| ${row.label.replaceAll("|", "\\|")} | ${row.oneRps.toFixed(1)} | ${row.severalRps.toFixed(1)} | ${row.ratio.toFixed(2)}× |`,
    ),
    "",
  ];
}

const ms = (value: number) => (Number.isFinite(value) ? (value >= 100 ? value.toFixed(0) : value.toFixed(1)) : "—");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function budgetCell(report: Report, key: string): string {
  const budgets = report.budgets.filter((budget) => budget.target === key && budget.measured !== undefined);
  if (budgets.length === 0) return "—";
  return budgets
    .map((budget) => {
      const mark = budget.pass ? "✅" : "❌";
      if (budget.metric === "rss-growth") return `${mark} memory +${mb(budget.measured!)} < ${mb(budget.limit!)}`;
      const run = budget.run === "alone" && budget.metric !== "js-gzip" ? "alone " : "";
      const metric = budget.metric === "js-gzip" ? "JS" : budget.metric;
      if (budget.timesFloor !== undefined)
        return `${mark} ${run}${metric} ${budget.ratio === undefined ? "—" : budget.ratio.toFixed(2)}× ≤ ${budget.timesFloor}×`;
      return `${mark} ${run}${metric} < ${budget.limit} ms`;
    })
    .join("<br>");
}

/** The figure a budget was judged on, and for a ratio budget the ratio and the limit it implies. */
function measuredCell(budget: BudgetResult): string {
  if (budget.measured === undefined) return "not run";
  if (budget.metric === "rss-growth")
    return `+${mb(budget.measured)} (limit: one response + 8 MB, ${mb(budget.limit!)})`;
  const figure =
    budget.metric === "js-gzip" ? `JS ${kb(budget.measured)}` : `${budget.metric} ${ms(budget.measured)} ms`;
  if (budget.timesFloor === undefined) return figure;
  if (budget.ratio === undefined) return `${figure} (floor not run)`;
  const limit = budget.metric === "js-gzip" ? kb(budget.limit!) : `${ms(budget.limit!)} ms`;
  return `${figure} = ${budget.ratio.toFixed(2)}× the floor (limit ${budget.timesFloor}×: ${limit})`;
}

export function renderMarkdown(report: Report): string {
  const m = report.machine;
  const size = report.database.size;
  const n = (table: string) => (size[table] ?? 0).toLocaleString("en-GB");
  const lines = [
    "# Bureau benchmark (`npm run bench`)",
    "",
    `Command: \`${report.command}\` — ${report.startedAt} to ${report.finishedAt}. ${report.passed ? "**Passed**: no failed request, every budget held." : "**Failed**: see the problems below."}`,
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}; Node ${m.node}; PostgreSQL ${m.postgres}; load average at the end ${m.loadAverage.join(" / ")} (1/5/15 min); CPU check (a fixed loop of 10⁸ additions in the bench process) ${m.cpuCheckMs.start.toFixed(0)} ms at the start, ${m.cpuCheckMs.end.toFixed(0)} ms at the end — the same work, so a slower figure means a slower machine for the whole run.`,
    `Database \`${report.database.name}\`: ${n("users")} users, ${n("clients")} clients, ${n("projects")} projects, ${n("timesheets")} timesheets, ${n("time_entries")} time entries, ${n("invoices")} invoices (${n("invoice_lines")} lines), ${n("calls")} calls, ${n("jobs")} jobs, ${n("job_applications")} applications, ${n("contact_messages")} messages; \`VACUUM (ANALYZE)\` before the run (${report.database.vacuum.seconds.toFixed(1)} s; autovacuum ${report.database.vacuum.autovacuum} on this server).`,
    `Load: autocannon on loopback, ${report.options.connections} connections in total (1 for the "one at a time" rows), ${report.options.duration} s per row after a ${report.options.warmup} s warm-up; ${report.options.instances} instance(s) (${report.servers.map((server) => server.origin).join(", ")}), each started as \`npm start\` does (scripts/serve.mjs) with ${report.options.processes} \`next start\` server process(es) sharing its port (WEB_CONCURRENCY=${report.options.processes}), the load split evenly between the instances; worker ${report.worker}. Production build ${report.build.buildId} (${report.build.action}).`,
    "",
    "| target | conns | req/s | p50 ms | p95 ms | p99 ms | × floor | alone p50 ms | DB ms/req | DB share | queries/req | JS gzip / brotli | failed | budget |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...report.targets
      .map((result) => {
        const { load, alone } = result;
        const failed = load.failed + (alone === load ? 0 : alone.failed);
        const messages = load.failureMessages.length + alone.failureMessages.length;
        return [
          result.label.replaceAll("|", "\\|"),
          load.connections,
          load.requestsPerSecond.toFixed(1),
          ms(load.p50Ms),
          ms(load.p95Ms),
          ms(load.p99Ms),
          result.ratioToFloor === undefined ? "—" : `${result.ratioToFloor.toFixed(1)}×`,
          ms(alone.p50Ms),
          ms(alone.dbMsPerRequest),
          Number.isFinite(alone.dbShare) ? `${Math.round(alone.dbShare * 100)} %` : "—",
          alone.queriesPerRequest.toFixed(1),
          result.js ? `${kb(result.js.gzipBytes)} / ${kb(result.js.brotliBytes)}` : "—",
          failed === 0 && messages === 0 ? "0" : `**${failed}**`,
          budgetCell(report, result.key),
        ].join(" | ");
      })
      .map((row) => `| ${row} |`),
    "",
    `Resident memory of the server process(es) (VmRSS): ${report.servers.map((server) => `${server.origin} ${mb(server.rssBeforeBytes)} before the load, ${mb(server.rssAfterBytes)} after`).join("; ")}.`,
    "",
    "## Budgets (scripts/bench/budgets.ts)",
    "",
    "| issue | budget | measured | verdict |",
    "|---:|---|---:|---|",
    ...report.budgets.map((budget) => {
      return `| ${budget.issue} | ${budget.text} | ${measuredCell(budget)} | ${budget.pass === undefined ? "—" : budget.pass ? "held" : "**missed**"} |`;
    }),
    "",
    ...scalingLines(report),
    ...(report.problems.length > 0 ? ["## Problems", "", ...report.problems.map((problem) => `- ${problem}`), ""] : []),
    "## Where the database time goes (one request at a time)",
    "",
    "The statements with the most time per request in each row's run alone, for the rows spending 10 ms or more per request in the database.",
    "",
    "| target | statement (start) | runs/req | ms/req | ms each |",
    "|---|---|---:|---:|---:|",
    ...report.targets
      .filter((result) => result.alone.dbMsPerRequest >= 10)
      .flatMap((result) =>
        result.alone.topStatements
          .slice(0, 3)
          .map(
            (top) =>
              `| ${result.label.replaceAll("|", "\\|")} | \`${top.statement.slice(0, 140).replaceAll("|", "\\|").replaceAll("`", "'")}\` | ${top.perRequest.toFixed(1)} | ${ms(top.msPerRequest)} | ${ms(top.msEach)} |`,
          ),
      ),
    "",
    "## How to read it",
    "",
    "- **conns, req/s, p50/p95/p99**: the load run (10 connections, or 1 for a one-at-a-time row). **× floor**: its p50 over the p50 of `/bench-floor` at the same load (the mean of its two runs, first and last), a page of the same build that only renders `ok` through the same proxy and root layout, without database or session: what the framework itself costs.",
    "- **alone**: the same target with one connection, after the load run: the latency without queueing. **DB ms/req** (the database floor): with BUREAU_BENCH=1 the server times every query of its PostgreSQL pool (src/db/query-timing.ts: from the call to the answer, i.e. PostgreSQL's work, the loopback round trip and any wait before Node.js reads the answer), summed over the run and divided by the requests sent; measured alone, so other requests do not inflate it. **DB share** = DB ms/req over the mean latency alone. Queries running side by side in one request are each counted (the share can then pass 100 %); the worker's outbox polling (about one query a second) is included. The same figures under load are in latest.json.",
    "- **budget**: the latency budgets are ratios to the floor of the same run, the higher of its two runs (scripts/bench/budgets.ts): each page's p95 with 10 connections ≤ 3× the floor's p95, its p50 alone ≤ 6× the floor's p50 alone, its JavaScript (gzip) ≤ 1.3× the floor's; the two actions' p95 alone ≤ 15× (grid save) and 10× (issue) the floor's p95 alone. The budget table gives each measured figure, its ratio and the limit it implies in this run.",
    "- **JS**: what the route's page sends to the browser, from the build's manifests (root files plus the chunks of the route's segments), compressed with gzip -6 and brotli -11. Route handlers and actions send none.",
    "- Latencies are exact percentiles of every answer (not autocannon's histogram). Every answer is checked: pages must be a whole HTML page with the expected title and no error fallback, the PDF must start with %PDF-, the CSV with its header, an action must return `ok: true`; anything else counts as failed and fails the run.",
    "- The actions are the real server actions over HTTP (POST to the page with the Next-Action header, arguments encoded as React's encodeReply does); their answer includes the page rendered again, since the actions revalidate it, as the browser receives it. Saving a grid replaces 140 entries of one of 40 draft weeks of the administrator (only a week's owner may save it) in a far-future range removed afterwards; issuing takes one of the draft invoices (5 lines) copied from a draft made by the create action, each issued once. Issued invoices stay in the database.",
    "",
  ];
  return lines.join("\n");
}
