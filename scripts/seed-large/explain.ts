// The plans of the queries that matter, on the large data set (docs/scaling.md):
//   DATABASE_URL=postgres://…/bureau_large npx tsx --conditions react-server scripts/seed-large/explain.ts [--out file.md] [--only name]
// Calls the app's own query functions, records every statement they send (text and parameters),
// then runs EXPLAIN (ANALYZE, BUFFERS) on each, five times, and keeps the median run. Read-only.
import fs from "node:fs";
import os from "node:os";
import type pg from "pg";
import { openDatabase } from "../../src/db/client";
import { getConfig } from "../../src/lib/env";
import { todayInZone } from "../../src/lib/dates";
import { findCalls } from "../../src/modules/calls/call-queries";
import { findClientOptions, findClients } from "../../src/modules/clients/client-queries";
import { streamInvoiceRows } from "../../src/modules/invoices/invoice-csv";
import { getInvoice } from "../../src/modules/invoices/invoice-detail-queries";
import { findInvoices } from "../../src/modules/invoices/invoice-list-queries";
import { findInvoiceTotals } from "../../src/modules/invoices/invoice-totals-queries";
import { invoiceListFilter } from "../../src/modules/invoices/invoice-schemas";
import { countNewApplications, findApplications, findJobs } from "../../src/modules/jobs/job-queries";
import { countMessagesByStatus, findMessages } from "../../src/modules/messages/message-queries";
import { findTimesheets, getTimesheet } from "../../src/modules/timesheets/timesheet-queries";
import { findUnbilledEntries, findUnbilledTime } from "../../src/modules/timesheets/unbilled-queries";
import { FIRM_TIMEZONE } from "./context";

type Captured = { text: string; values: unknown[] };
type Scenario = { name: string; run: () => Promise<unknown> };

const RUNS = 5;

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main() {
  const args = process.argv.slice(2);
  const out = args.includes("--out") ? args[args.indexOf("--out") + 1] : undefined;
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
  const config = getConfig();
  if (!config.databaseUrl)
    throw new Error("Set DATABASE_URL to the large database (e.g. postgres://postgres@127.0.0.1:5432/bureau_large).");
  const handle = openDatabase({ databaseUrl: config.databaseUrl, poolSize: 4 });
  if (handle.kind !== "postgres") throw new Error("EXPLAIN (ANALYZE, BUFFERS) is run on PostgreSQL");
  const pool = handle.pool;
  const db = handle.db;

  // Record what the query functions send.
  let captured: Captured[] | null = null;
  const originalQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) => {
    if (captured) {
      const text = typeof config === "string" ? config : (config as pg.QueryConfig).text;
      // drizzle passes the parameters beside the config object, pg also accepts them inside it.
      const params =
        (typeof config === "string" ? undefined : (config as pg.QueryConfig).values) ??
        (Array.isArray(values) ? values : []);
      captured.push({ text, values: params ?? [] });
    }
    return originalQuery(config, values, callback);
  };
  const one = async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0] as T;

  const today = todayInZone(FIRM_TIMEZONE);
  const manager = await one<{ id: string; name: string }>(
    "select id, name from users where role = 'manager' and active order by email limit 1",
  );
  const staff = await one<{ id: string }>("select id from users where email = 'staff@large.example'");
  const busyClient = await one<{ id: string; name: string }>(
    "select c.id, c.name from clients c join invoices i on i.client_id = c.id group by c.id order by count(*) desc limit 1",
  );
  const unbilledClient = await one<{ id: string }>(
    "select p.client_id as id from time_entries e join timesheets t on t.id = e.timesheet_id join projects p on p.id = e.project_id where t.status = 'approved' and e.billable and e.invoice_line_id is null group by 1 order by count(*) desc limit 1",
  );
  const someNumber = await one<{ number: string }>(
    "select number from invoices where kind = 'invoice' and number is not null order by number limit 1 offset 40000",
  );
  const timeInvoice = await one<{ id: string }>(
    "select l.invoice_id as id from time_entries e join invoice_lines l on l.id = e.invoice_line_id group by 1 order by count(*) desc limit 1",
  );
  const sheet = await one<{ id: string }>(
    "select id from timesheets where status = 'approved' order by week_start desc limit 1",
  );
  const busyJob = await one<{ id: string }>(
    "select job_id as id from job_applications group by 1 order by count(*) desc limit 1",
  );
  const filter = (params: Record<string, string>) => invoiceListFilter.parse(params);
  const managerActor = { id: manager.id, role: "manager" as const };
  const callBase = { page: 1, size: 50, timeZone: FIRM_TIMEZONE, viewerId: staff.id, today };
  const clientWord = busyClient.name.split(" ")[0]!;

  const scenarios: Scenario[] = [
    { name: "invoices: first page (and totals per currency)", run: () => findInvoices(db, filter({}), today) },
    { name: "invoices: overdue filter", run: () => findInvoices(db, filter({ status: "overdue" }), today) },
    {
      name: `invoices: search a number ("${someNumber.number}")`,
      run: () => findInvoices(db, filter({ q: someNumber.number }), today),
    },
    {
      name: `invoices: search a client name ("${clientWord}")`,
      run: () => findInvoices(db, filter({ q: clientWord }), today),
    },
    {
      name: "invoices: filter by client (the busiest)",
      run: () => findInvoices(db, filter({ client: busyClient.id }), today),
    },
    {
      name: "invoices: unpaid, sorted by due date",
      run: () => findInvoices(db, filter({ status: "unpaid", sort: "dueDate", dir: "asc" }), today),
    },
    {
      name: "invoices: overdue, sorted by due date",
      run: () => findInvoices(db, filter({ status: "overdue", sort: "dueDate", dir: "asc" }), today),
    },
    {
      name: "invoices: overdue of one client (totals from the invoices)",
      run: () => findInvoices(db, filter({ status: "overdue", client: busyClient.id }), today),
    },
    {
      name: "invoices: overdue totals from the invoices (what a search or client filter falls back to)",
      run: () => findInvoiceTotals(db, filter({ status: "overdue" }), today, { useSummaries: false }),
    },
    { name: "invoices: one invoice with the time it bills", run: () => getInvoice(db, timeInvoice.id) },
    {
      name: "invoices: CSV export, first batch of 1,000",
      run: async () => {
        for await (const batch of streamInvoiceRows(db, filter({}), today)) return batch;
        return null;
      },
    },
    {
      name: "timesheets: manager list, everyone, page 1",
      run: () => findTimesheets(db, managerActor, { view: "all" }),
    },
    { name: "timesheets: approval queue", run: () => findTimesheets(db, managerActor, { view: "queue" }) },
    { name: "timesheets: one week with its entries", run: () => getTimesheet(db, managerActor, sheet.id) },
    {
      name: "unbilled time: one client's page (per project)",
      run: () => findUnbilledTime(db, { clientId: unbilledClient.id }),
    },
    {
      name: "unbilled time: entries of one client (add time to an invoice)",
      run: () => findUnbilledEntries(db, { clientId: unbilledClient.id }),
    },
    { name: "calls: to do, first page", run: () => findCalls(db, { ...callBase, view: "todo" }) },
    {
      name: "calls: to do, mine, overdue",
      run: () => findCalls(db, { ...callBase, view: "todo", person: "me", due: "overdue" }),
    },
    { name: "calls: history, first page", run: () => findCalls(db, { ...callBase, view: "history" }) },
    { name: 'calls: history, search "walsh"', run: () => findCalls(db, { ...callBase, view: "history", q: "walsh" }) },
    {
      name: 'calls: history, search a phone "06 12 34"',
      run: () => findCalls(db, { ...callBase, view: "history", q: "06 12 34" }),
    },
    {
      name: "messages: new, first page, and counts by status",
      run: () => Promise.all([findMessages(db, "new"), countMessagesByStatus(db)]),
    },
    { name: "jobs: list with application counts", run: () => findJobs(db) },
    { name: "jobs: only jobs with new applications", run: () => findJobs(db, { withNewApplications: true }) },
    { name: "jobs: count of new applications (dashboard)", run: () => countNewApplications(db) },
    { name: "jobs: applications of the busiest job", run: () => findApplications(db, busyJob.id) },
    { name: "clients: list, first page", run: () => findClients(db, {}) },
    { name: "clients: picker options (every active client and project)", run: () => findClientOptions(db) },
  ];
  // The dashboard (src/modules/dashboard), when present.
  try {
    const dashboard = (await import("../../src/modules/dashboard/dashboard-queries")) as {
      loadDashboard?: (
        database: typeof db,
        viewer: { id: string; role: "manager" | "staff" | "admin" },
        options: { today: string; timeZone: string; firmCurrency: string },
      ) => Promise<unknown>;
    };
    if (dashboard.loadDashboard) {
      const load = dashboard.loadDashboard;
      scenarios.push({
        name: "dashboard: a manager's figures (every query of /bo)",
        run: () => load(db, managerActor, { today, timeZone: FIRM_TIMEZONE, firmCurrency: "EUR" }),
      });
      scenarios.push({
        name: "dashboard: a staff member's figures",
        run: () => load(db, { id: staff.id, role: "staff" }, { today, timeZone: FIRM_TIMEZONE, firmCurrency: "EUR" }),
      });
    }
  } catch (error) {
    console.error(`(no dashboard queries: ${(error as Error).message})`);
  }

  const version = (await one<{ server_version: string }>("show server_version")).server_version;
  const sizes = (
    await pool.query<{ name: string; rows: string; size: string }>(
      `select relname as name, reltuples::bigint as rows, pg_size_pretty(pg_total_relation_size(oid)) as size from pg_class
      where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples > 1000 order by pg_total_relation_size(oid) desc`,
    )
  ).rows;
  const lines: string[] = [
    `<!-- scripts/seed-large/explain.ts, ${new Date().toISOString()}, PostgreSQL ${version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(" / ")}, today ${today} -->`,
    "",
    `Tables: ${sizes.map((row) => `${row.name} ${Number(row.rows).toLocaleString("en-GB")} rows (${row.size})`).join(", ")}.`,
    "",
  ];
  const summary: string[] = [
    "| query | statements | wall p50 (function) | slowest statement, execution p50 |",
    "|---|---:|---:|---:|",
  ];
  for (const scenario of scenarios) {
    if (only && !scenario.name.includes(only)) continue;
    await scenario.run(); // warm: plans cached, pages in shared buffers
    const walls: number[] = [];
    let statements: Captured[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      captured = [];
      const start = performance.now();
      await scenario.run();
      walls.push(performance.now() - start);
      statements = captured;
      captured = null;
    }
    lines.push(
      `### ${scenario.name}`,
      "",
      `Function: ${median(walls).toFixed(1)} ms median of ${RUNS} (warm), ${statements.length} statement(s).`,
      "",
    );
    let slowest = 0;
    for (const statement of statements) {
      const runs: { ms: number; plan: string }[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await pool.query<{ "QUERY PLAN": string }>(
          `explain (analyze, buffers) ${statement.text}`,
          statement.values,
        );
        const plan = result.rows.map((row) => row["QUERY PLAN"]).join("\n");
        const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
        runs.push({ ms, plan });
      }
      runs.sort((a, b) => a.ms - b.ms);
      const chosen = runs[Math.floor(runs.length / 2)]!;
      slowest = Math.max(slowest, chosen.ms);
      const shown = statement.text.length > 900 ? `${statement.text.slice(0, 900)} …` : statement.text;
      lines.push(
        "```sql",
        shown,
        "```",
        "",
        `Parameters: ${JSON.stringify(statement.values).slice(0, 300)}`,
        "",
        "```",
        chosen.plan,
        "```",
        "",
      );
    }
    summary.push(
      `| ${scenario.name} | ${statements.length} | ${median(walls).toFixed(1)} ms | ${slowest.toFixed(1)} ms |`,
    );
    console.log(`${scenario.name}: ${median(walls).toFixed(1)} ms, slowest statement ${slowest.toFixed(1)} ms`);
  }
  const text = [...summary, "", ...lines].join("\n");
  if (out) fs.writeFileSync(out, text);
  else console.log(text);
  await handle.close();
}

await main();
