// `npm run bench`: one HTTP benchmark of Bureau's production build on PostgreSQL.
//
//   npm run bench -- [--duration 10] [--warmup 2] [--instances 1|2] [--processes N] [--only <regexp>]
//
// Starts Bureau as `npm start` does (scripts/serve.mjs; building first only when .next is missing or
// older than the sources) on 127.0.0.1:3400 (and 3401 with --instances 2, then with a separate
// `npm run worker` and WORKER_IN_PROCESS=false), each instance with --processes server processes
// (default: the machine's cores shared out between the instances, as WEB_CONCURRENCY would), against BENCH_DATABASE_URL (default the seed:large database), signs in
// through the real sign-in endpoint, and loads every important page, route and action with
// autocannon: 10 connections in total, a fixed duration after a short warm-up, loopback only.
// Writes bench/results/latest.json and latest.md, prints the table, and exits 1 when a request
// failed or a budget of scripts/bench/budgets.ts is missed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { actionIdOf, callAction, checkedJsonEncoder, loadEncodeReply } from "./actions";
import { budgetsFor, judge } from "./budgets";
import { createClientJsReader } from "./client-js";
import { percentile, runLoad } from "./load";
import {
  BENCH_DRAFT_NOTE,
  cloneDrafts,
  currentVersions,
  datasetSize,
  findFixtures,
  prepareBenchEntryWeeks,
  prepareBenchToken,
  prepareBenchWeeks,
  refuseEmpty,
  removeBenchDrafts,
  removeBenchToken,
  removeBenchWeeks,
} from "./prepare";
import {
  compareScaling,
  renderMarkdown,
  type BudgetResult,
  type Report,
  type RunFigures,
  type TargetResult,
} from "./report";
import {
  baseEnvironment,
  ensureBuild,
  instanceResidentBytes,
  readStats,
  type Server,
  settle,
  startServer,
  startWorker,
  stopProcess,
  type Worker,
} from "./servers";
import { buildTargets, type ActionState, type Target } from "./targets";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const FIRST_PORT = 3400;
const MAX_CONNECTIONS = 10;

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    instances: { type: "string", default: "1" },
    processes: { type: "string" },
    only: { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (flags.help) {
  console.log(
    fs
      .readFileSync(fileURLToPath(import.meta.url), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("//"))
      .map((line) => line.slice(3))
      .join("\n"),
  );
  process.exit(0);
}
const duration = Number(flags.duration);
const warmup = Number(flags.warmup);
const instances = Number(flags.instances);
if (!Number.isInteger(duration) || duration < 1 || duration > 120)
  throw new Error("--duration is a whole number of seconds from 1 to 120");
if (!Number.isInteger(warmup) || warmup < 0 || warmup > 30)
  throw new Error("--warmup is a whole number of seconds from 0 to 30");
if (![1, 2, 5, 10].includes(instances))
  throw new Error("--instances is 1 or 2 (or 5 or 10: the 10 connections are split evenly)");
const only = flags.only ? new RegExp(flags.only) : undefined;
// One server process per core in all, as `npm start` runs on PostgreSQL (WEB_CONCURRENCY unset).
const processes =
  flags.processes === undefined
    ? Math.max(1, Math.floor(os.availableParallelism() / instances))
    : Number(flags.processes);
if (!Number.isInteger(processes) || processes < 1 || processes > 16)
  throw new Error("--processes is a whole number of server processes per instance, 1 to 16");

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bureau_large";
// The administrator `npm run seed:large` creates (scripts/seed-large/firm.ts).
const email = process.env.BENCH_EMAIL ?? "admin@large.example";
const password = process.env.BENCH_PASSWORD ?? "large seed password";
const authSecret = process.env.BETTER_AUTH_SECRET ?? "bureau-benchmark-secret-0123456789abcdef";
const databaseName = new URL(databaseUrl).pathname.slice(1);

const log = (line: string) => console.log(line);
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
    redirect: "manual",
  });
  if (!response.ok) {
    throw new Error(
      `Signing in as ${email} failed (HTTP ${response.status}: ${(await response.text()).slice(0, 200)}). Set BENCH_EMAIL and BENCH_PASSWORD to an administrator of ${databaseName}.`,
    );
  }
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error("The sign-in answer set no session cookie.");
  return cookie;
}

function machine(serverVersion: string) {
  const cpuinfo = fs.existsSync("/proc/cpuinfo") ? fs.readFileSync("/proc/cpuinfo", "utf8") : "";
  return {
    cpu: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? "unknown",
    cores: os.cpus().length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    postgres: serverVersion,
    os: `${os.type()} ${os.release()}`,
  };
}

/**
 * A fixed piece of JavaScript, timed: the machine's speed at that moment. Shared machines run the
 * same work at quite different speeds from one minute to the next (here up to 1.7×), which moves
 * every latency of the run with it; the report gives this figure at the start and at the end.
 */
function cpuCheckMs(): number {
  const started = process.hrtime.bigint();
  let sum = 0;
  for (let index = 0; index < 100_000_000; index += 1) sum += index % 7;
  if (sum < 0) throw new Error("unreachable");
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** The last one-instance run written here (bench-1-instance-*.json), compared with this run's instances. */
function scalingAgainstOneInstance(out: string, report: Report) {
  const runs = fs
    .readdirSync(out)
    .filter((name) => /^bench-1-instance-\d+-process(es)?\.json$/.test(name))
    .map((name) => ({ name, report: JSON.parse(fs.readFileSync(path.join(out, name), "utf8")) as Report }))
    .filter((run) => run.report.database.name === report.database.name)
    .sort((a, b) => b.report.startedAt.localeCompare(a.report.startedAt));
  const last = runs[0];
  return last ? compareScaling(report, last.report, `bench/results/${last.name}`) : undefined;
}

async function main(): Promise<number> {
  const cpuAtStart = cpuCheckMs();
  const started = new Date();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect().catch((error: Error) => {
    throw new Error(`Cannot reach the benchmark database ${databaseUrl}: ${error.message}`);
  });
  const servers: Server[] = [];
  let worker: Worker | undefined;
  let adminId: string | undefined;
  try {
    const dataset = await datasetSize(db);
    refuseEmpty(dataset, databaseName);
    const fixtures = await findFixtures(db, email);
    // Every run starts from the same state: the dead rows a previous run's writes left (saved
    // weeks, issued drafts, the summary rows their triggers update) are cleared and the planner's
    // statistics are fresh, as autovacuum would have them (off on some machines: then nothing else
    // does it, and each run would read more dead rows than the last).
    const vacuumStarted = Date.now();
    const autovacuum = (await db.query<{ autovacuum: string }>("show autovacuum")).rows[0]!.autovacuum;
    await db.query("vacuum (analyze)");
    const vacuum = { autovacuum, seconds: (Date.now() - vacuumStarted) / 1000 };
    log(`vacuum (analyze) before the run: ${vacuum.seconds.toFixed(1)} s (autovacuum is ${autovacuum} on this server)`);
    adminId = fixtures.adminId;
    const serverVersion = (await db.query<{ server_version: string }>("show server_version")).rows[0]!.server_version;
    const build = ensureBuild(root, log);
    const clientJs = createClientJsReader(root);
    const encodeReply = loadEncodeReply(root);
    const saveTimesheetId = actionIdOf(root, "src/modules/timesheets/timesheet-actions.ts", "saveTimesheetAction");
    const issueInvoiceId = actionIdOf(root, "src/modules/invoices/invoice-actions.ts", "issueInvoiceAction");
    const createInvoiceId = actionIdOf(root, "src/modules/invoices/invoice-actions.ts", "createInvoiceAction");

    const env = baseEnvironment(databaseUrl, authSecret);
    if (instances > 1) {
      worker = startWorker(root, env);
      log(`worker: npm run worker equivalent, pid ${worker.child.pid}`);
    }
    for (let index = 0; index < instances; index += 1) {
      const server = await startServer(root, index, FIRST_PORT + index, env, instances === 1, processes);
      servers.push(server);
      log(
        `server ${index + 1}: ${server.origin}, ${processes} next-server process${processes > 1 ? "es" : ""} (pids ${server.pids.slice(1).join(", ")}; primary ${server.pids[0]})${instances > 1 ? ", WORKER_IN_PROCESS=false" : ""}`,
      );
    }
    const origins = servers.map((server) => server.origin);
    const cookie = await signIn(origins[0]!);
    const serverLog = (origin: string) =>
      `\n--- the server's last output:\n${
        servers
          .find((server) => server.origin === origin)
          ?.output()
          .split("\n")
          .slice(-20)
          .join("\n") ?? ""
      }`;
    for (const origin of origins) {
      const response = await fetch(`${origin}/bo`, { headers: { cookie }, redirect: "manual" });
      if (response.status !== 200)
        throw new Error(
          `The session made on ${origins[0]} does not open /bo on ${origin}: HTTP ${response.status}.${serverLog(origin)}`,
        );
    }
    log(`signed in as ${email}; the session works on ${origins.length} instance(s)`);

    // Action state: filled right before each action's target.
    const gridRows = Array.from({ length: 20 }, (_, index) => ({
      projectId: fixtures.projectIds[index % fixtures.projectIds.length]!,
      description: `Bench row ${index + 1}`,
      billable: true,
      cells: Array.from({ length: 7 }, () => "1"),
    }));
    const encode = await checkedJsonEncoder(encodeReply, [
      { id: fixtures.busiestTimesheetId, version: 1, grid: { rows: gridRows }, submit: false },
    ]);
    const actions: ActionState = {
      saveTimesheetId,
      issueInvoiceId,
      encode,
      freeWeeks: [],
      drafts: [],
      gridRows,
      failures: [],
      draftsExhausted: false,
      apiToken: await prepareBenchToken(db, fixtures.adminId),
      entryWeeks: [],
      entriesSent: 0,
    };
    const targets = buildTargets(fixtures, cookie, actions).filter(
      (target) => !only || only.test(target.key) || target.key.startsWith("floor"),
    );

    // One answer of each GET target on every instance, checked, before any load.
    for (const target of targets.filter((candidate) => candidate.preflight)) {
      for (const origin of origins) {
        const plan = target.plan(origin);
        const response = await fetch(`${origin}${plan.path}`, { headers: plan.headers, redirect: "manual" });
        const body = await response.text();
        if (response.status !== 200 || !plan.verify(body)) {
          throw new Error(
            `${target.label} on ${origin} answered ${response.status} with an unexpected body:\n${body.slice(0, 500)}${serverLog(origin)}`,
          );
        }
      }
    }
    log(`checked one answer of each page on every instance`);

    const aloneSeconds = Math.max(3, Math.round(duration / 2));
    let weekIds: string[] = [];
    const prepareFor = async (target: Target) => {
      actions.failures = [];
      actions.draftsExhausted = false;
      if (target.key.startsWith("timesheet-save")) {
        if (weekIds.length === 0) {
          weekIds = (await prepareBenchWeeks(db, fixtures.adminId, 40)).map((week) => week.id);
          // One save through the real action before the load, to prove the encoding.
          const first = await callAction(
            origins[0]!,
            `/bo/timesheets/${weekIds[0]}`,
            saveTimesheetId,
            cookie,
            encodeReply,
            [{ id: weekIds[0], version: 1, grid: { rows: gridRows }, submit: false }],
          );
          if (!first.result?.ok)
            throw new Error(
              `Saving a week through the action failed (HTTP ${first.status}): ${first.text.slice(0, 400)}`,
            );
        }
        actions.freeWeeks = (await currentVersions(db, weekIds))
          .filter((week) => week.status === "draft")
          .map(({ id, version }) => ({ id, version }));
      }
      if (target.key === "api-time-entry-create" && actions.entryWeeks.length === 0)
        actions.entryWeeks = await prepareBenchEntryWeeks(db, fixtures.adminId, 100);
      if (target.key === "invoice-issue" && actions.drafts.length === 0) {
        await removeBenchDrafts(db);
        const template = await callAction(origins[0]!, "/bo/invoices/create", createInvoiceId, cookie, encodeReply, [
          {
            clientId: fixtures.draftClientId,
            currency: fixtures.draftCurrency,
            issueDate: fixtures.today,
            dueDate: fixtures.today,
            notes: BENCH_DRAFT_NOTE,
            lines: Array.from({ length: 5 }, (_, index) => ({
              description: `Consulting, work package ${index + 1}`,
              quantity: "7.5",
              unit: "hour",
              unitPrice: "95",
              discount: "",
              taxRateBp: fixtures.defaultTaxRateBp,
              timeEntryIds: [],
            })),
          },
        ]);
        if (!template.result?.ok || !template.result.id)
          throw new Error(
            `Creating a draft invoice through the action failed (HTTP ${template.status}): ${template.text.slice(0, 400)}`,
          );
        // Enough for 300 issues a second through the warm-up and both runs; the rest is deleted after.
        actions.drafts = await cloneDrafts(db, template.result.id, (warmup + duration + aloneSeconds + 2) * 300);
        actions.drafts.unshift({ id: template.result.id, version: 1 });
      }
    };

    /** One timed run: the latencies, and the server-side query totals and memory around it. */
    const measure = async (target: Target, connections: number, seconds: number): Promise<RunFigures> => {
      const timeout = target.timeoutSeconds ?? 10;
      await settle(servers);
      await prepareFor(target);
      const before = await Promise.all(origins.map(readStats));
      const memoryBefore = servers.map((server) => instanceResidentBytes(server));
      const peaks = [...memoryBefore];
      const sample = () =>
        servers.forEach((server, index) => (peaks[index] = Math.max(peaks[index]!, instanceResidentBytes(server))));
      // A few counted requests may all end within one 100 ms tick: sampled every 10 ms, and once at the end.
      const sampler = setInterval(sample, target.requests ? 10 : 100);
      const load = await runLoad(origins, connections, seconds, timeout, target.plan, target.requests);
      clearInterval(sampler);
      sample();
      const after = await settle(servers);
      const dbMs = after.reduce((sum, stats, index) => sum + stats.totalMs - before[index]!.totalMs, 0);
      const queries = after.reduce((sum, stats, index) => sum + stats.queries - before[index]!.queries, 0);
      const statements = new Map<string, { count: number; totalMs: number }>();
      after.forEach((stats, index) => {
        for (const [statement, now] of Object.entries(stats.statements)) {
          const then = before[index]!.statements[statement] ?? { count: 0, totalMs: 0 };
          if (now.count === then.count) continue;
          const entry = statements.get(statement) ?? { count: 0, totalMs: 0 };
          entry.count += now.count - then.count;
          entry.totalMs += now.totalMs - then.totalMs;
          statements.set(statement, entry);
        }
      });
      const sorted = [...load.latencies].sort((a, b) => a - b);
      const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
      // Requests the server worked on, including those still in flight when the time was up.
      const handled = Math.max(load.sent, load.completed, 1);
      const failures = [...new Set(actions.failures.map((failure) => failure.message))].slice(0, 3);
      if (target.key === "invoice-issue" && actions.draftsExhausted) failures.push("ran out of prepared drafts");
      return {
        connections,
        completed: load.completed,
        sent: load.sent,
        durationSeconds: load.durationSeconds,
        requestsPerSecond: load.completed / load.durationSeconds,
        meanMs: mean,
        p50Ms: percentile(sorted, 50),
        p95Ms: percentile(sorted, 95),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.at(-1) ?? Number.NaN,
        dbMsPerRequest: dbMs / handled,
        queriesPerRequest: queries / handled,
        dbShare: dbMs / handled / mean,
        failed: load.non2xx + load.errors + load.mismatches + (load.completed === 0 ? 1 : 0),
        non2xx: load.non2xx,
        errors: load.errors,
        mismatches: load.mismatches,
        statusCodes: load.statusCodes,
        bytesPerResponse: load.bytes / Math.max(1, load.completed),
        rssGrowthBytes: Math.max(...peaks.map((peak, index) => peak - memoryBefore[index]!)),
        failureMessages: failures,
        topStatements: [...statements]
          .sort((a, b) => b[1].totalMs - a[1].totalMs)
          .slice(0, 5)
          .map(([statement, entry]) => ({
            statement,
            perRequest: entry.count / handled,
            msPerRequest: entry.totalMs / handled,
            msEach: entry.totalMs / entry.count,
          })),
      };
    };

    const rssBefore = servers.map((server) => instanceResidentBytes(server));
    const results: TargetResult[] = [];
    for (const target of targets) {
      const connections = target.connections === "all" ? MAX_CONNECTIONS : 1;
      if (warmup > 0) {
        await prepareFor(target);
        // At least one connection per server process: each process answers a connection for good
        // (node:cluster hands out connections in turn), and a one-at-a-time target must warm every
        // process, not only the one its single connection happens to reach.
        await runLoad(
          origins,
          Math.max(connections, instances * processes),
          warmup,
          target.timeoutSeconds ?? 10,
          target.plan,
          target.requests ? Math.max(connections, instances * processes) : undefined,
        );
      }
      const load = await measure(target, connections, duration);
      // The same target one request at a time: latency without queueing, and the database time a
      // request needs when nothing else runs (the database floor).
      const alone = connections === 1 ? load : await measure(target, 1, aloneSeconds);
      const result: TargetResult = {
        key: target.key,
        label: target.label,
        load,
        alone,
        js: target.route ? clientJs.of(target.route) : undefined,
      };
      results.push(result);
      log(
        `${target.label.padEnd(52)} ${load.requestsPerSecond.toFixed(1).padStart(6)} req/s  p50 ${load.p50Ms.toFixed(0).padStart(5)}  p95 ${load.p95Ms.toFixed(0).padStart(5)}  p99 ${load.p99Ms.toFixed(0).padStart(5)} ms | alone p50 ${alone.p50Ms.toFixed(1)} ms, db ${alone.dbMsPerRequest.toFixed(1)} ms (${alone.queriesPerRequest.toFixed(1)} queries) | failed ${load.failed + alone.failed}`,
      );
    }
    const rssAfter = servers.map((server) => instanceResidentBytes(server));

    const floors = results.filter((result) => result.key.startsWith("floor"));
    const floorP50 = floors.reduce((sum, result) => sum + result.load.p50Ms, 0) / Math.max(1, floors.length);
    const floorAloneP50 = floors.reduce((sum, result) => sum + result.alone.p50Ms, 0) / Math.max(1, floors.length);
    for (const result of results) {
      result.ratioToFloor = result.load.p50Ms / floorP50;
      result.aloneRatioToFloor = result.alone.p50Ms / floorAloneP50;
    }

    const budgets: BudgetResult[] = budgetsFor(targets).map((budget) => ({
      ...budget,
      ...judge(
        budget,
        results.find((candidate) => candidate.key === budget.target),
        floors,
      ),
    }));
    const failedTargets = results.filter((result) =>
      [result.load, result.alone].some((figures) => figures.failed > 0 || figures.failureMessages.length > 0),
    );
    const missed = budgets.filter((budget) => budget.pass === false);

    const report: Report = {
      startedAt: started.toISOString(),
      finishedAt: new Date().toISOString(),
      command: `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim().replace(/ --$/, ""),
      options: { duration, warmup, instances, processes, connections: MAX_CONNECTIONS, only: flags.only ?? null },
      database: {
        name: databaseName,
        size: dataset,
        vacuum,
        fixtures: {
          busiestClientInvoices: fixtures.busiestClientInvoices,
          overdueInvoices: fixtures.overdueInvoices,
          searchNumber: fixtures.searchNumber,
          callsSearch: fixtures.callsSearch,
          busiestTimesheetEntries: fixtures.busiestTimesheetEntries,
        },
      },
      machine: {
        ...machine(serverVersion),
        loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
        cpuCheckMs: { start: cpuAtStart, end: cpuCheckMs() },
      },
      build: { action: build, buildId: fs.readFileSync(path.join(root, ".next", "BUILD_ID"), "utf8").trim() },
      servers: servers.map((server, index) => ({
        origin: server.origin,
        pids: server.pids,
        rssBeforeBytes: rssBefore[index]!,
        rssAfterBytes: rssAfter[index]!,
      })),
      worker:
        instances > 1
          ? "separate (npm run worker), servers with WORKER_IN_PROCESS=false"
          : "in the server process (WORKER_IN_PROCESS=true, the default)",
      floorP50Ms: floorP50,
      floorAloneP50Ms: floorAloneP50,
      targets: results,
      budgets,
      passed: failedTargets.length === 0 && missed.length === 0,
      problems: [
        ...failedTargets.flatMap((result) =>
          [result.load, ...(result.alone === result.load ? [] : [result.alone])]
            .filter((figures) => figures.failed > 0 || figures.failureMessages.length > 0)
            .map(
              (figures) =>
                `${result.label} (${figures.connections} connection${figures.connections > 1 ? "s" : ""}): ${figures.non2xx} non-2xx, ${figures.errors} errors or time-outs, ${figures.mismatches} wrong answers${figures.failureMessages.length ? ` (${figures.failureMessages.join("; ")})` : ""}`,
            ),
        ),
        ...missed.map((budget) => `budget missed (issue ${budget.issue}): ${budget.text}`),
      ],
    };
    const out = path.join(root, "bench", "results");
    fs.mkdirSync(out, { recursive: true });
    if (instances > 1) report.scaling = scalingAgainstOneInstance(out, report);
    const markdown = renderMarkdown(report);
    // latest.*, and a copy per layout so the one- and two-instance runs sit side by side.
    const copy = `bench-${instances}-instance${instances > 1 ? "s" : ""}-${processes}-process${processes > 1 ? "es" : ""}`;
    for (const name of ["latest", copy]) {
      fs.writeFileSync(path.join(out, `${name}.json`), JSON.stringify(report, null, 2) + "\n");
      fs.writeFileSync(path.join(out, `${name}.md`), markdown);
    }
    log(`\n${markdown}\nWritten to bench/results/latest.json and latest.md (and ${copy}.json, ${copy}.md)`);
    return report.passed ? 0 : 1;
  } finally {
    // The weeks and the drafts not issued go; issued invoices stay (they can never be deleted).
    if (adminId) await removeBenchWeeks(db, adminId).catch(() => {});
    if (adminId) await removeBenchToken(db, adminId).catch(() => {});
    await removeBenchDrafts(db).catch(() => {});
    await db.end().catch(() => {});
    await Promise.all(servers.map((server) => stopProcess(server.child)));
    // The primary stops its processes; make sure they went with it.
    for (const pid of servers.flatMap((server) => server.pids)) {
      for (let waited = 0; isRunning(pid) && waited < 5_000; waited += 100) await sleep(100);
      if (isRunning(pid)) process.kill(pid, "SIGKILL");
    }
    if (worker) await stopProcess(worker.child);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\nnpm run bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
