// The large seed (issue 10): a whole firm, generated deterministically from a seed, loaded with
// COPY in one transaction the way pg_restore does it: tables first, then the secondary indexes
// and foreign keys (validated once, over the whole table), then VACUUM ANALYZE.
import type { DatabaseHandle } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/migrate";
import { startOfDayInZone, todayInZone } from "../../src/lib/dates";
import { dayOf, FIRM_TIMEZONE, type Generation, mondayOf, streamFactory, targetCounts, WEEKS } from "./context";
import { generateCallsAndMessages } from "./calls-and-messages";
import { generateFirm, LARGE_EMAIL_DOMAIN, LARGE_PASSWORD } from "./firm";
import { generateInvoices, type InvoiceSummary } from "./invoices";
import { generateJobs } from "./jobs";
import { type Loader, openLoader, TableWriter, type TableStats } from "./loader";
import { generateTimesheets, writeEntries } from "./timesheets";

export const DEFAULT_SEED = 20_260_110;

/** Tables the seed fills; their secondary indexes and foreign keys are rebuilt after the load. */
export const SEEDED_TABLES = [
  "settings",
  "users",
  "accounts",
  "clients",
  "projects",
  "timesheets",
  "time_entries",
  "invoices",
  "invoice_lines",
  "payments",
  "numbering_counters",
  "calls",
  "contact_messages",
  "jobs",
  "job_applications",
  "job_application_files",
] as const;

/** A database with a row in any of these has someone's data in it. */
const DATA_TABLES = [
  "users",
  "clients",
  "projects",
  "timesheets",
  "invoices",
  "calls",
  "contact_messages",
  "jobs",
  "job_applications",
  "emails",
  "audit_events",
];

/**
 * Row triggers the bulk load turns off. The guard refuses lines of issued invoices (a bulk load of
 * issued invoices disables it, docs/decisions/006). The summary tables' triggers would update the
 * same few summary rows thousands of times inside the one load transaction (invoice_totals has 24
 * rows; the month, day, project and status rows of drizzle/0008, 0010 and 0011 a few hundred to a
 * few thousand), leaving tables many times their size; they are refilled after the load with one
 * GROUP BY each instead, the statements of their migrations.
 */
const GUARD_TRIGGERS = new Set(["invoice_lines.invoice_lines_guard_issued"]);
export const SUMMARIES: { table: string; triggers: string[]; refill: string }[] = [
  {
    table: "invoice_totals",
    triggers: ["invoices.invoices_totals"],
    refill: `insert into invoice_totals (currency, kind, status, count, total, balance)
             select currency, kind, status, count(*), coalesce(sum(total), 0), coalesce(sum(balance), 0) from invoices group by currency, kind, status`,
  },
  {
    table: "invoice_month_totals",
    triggers: ["invoices.invoices_month_totals"],
    refill: `insert into invoice_month_totals (month, currency, kind, status, count, total, balance)
             select bureau_month_of(issue_date), currency, kind, status, count(*), coalesce(sum(total), 0), coalesce(sum(balance), 0) from invoices
             group by bureau_month_of(issue_date), currency, kind, status`,
  },
  {
    table: "payment_month_totals",
    triggers: ["payments.payments_month_totals"],
    refill: `insert into payment_month_totals (month, currency, count, amount)
             select bureau_month_of(p.date), i.currency, count(*), coalesce(sum(p.amount), 0) from payments p join invoices i on i.id = p.invoice_id
             group by bureau_month_of(p.date), i.currency`,
  },
  {
    table: "invoice_day_totals",
    triggers: ["invoices.invoices_dashboard_totals"],
    refill: `insert into invoice_day_totals (issue_date, currency, kind, status, count, total, balance, net, tax)
             select issue_date, currency, kind, status, count(*), coalesce(sum(total), 0), coalesce(sum(balance), 0), coalesce(sum(net_total), 0), coalesce(sum(tax_total), 0)
             from invoices group by issue_date, currency, kind, status`,
  },
  {
    table: "invoice_open_balances",
    triggers: ["invoices.invoices_dashboard_totals"],
    refill: `insert into invoice_open_balances (due_date, currency, count, total, balance)
             select due_date, currency, count(*), coalesce(sum(total), 0), coalesce(sum(balance), 0) from invoices
             where kind = 'invoice' and status in ('issued', 'partially_paid') group by due_date, currency`,
  },
  {
    table: "payment_day_totals",
    triggers: ["payments.payments_dashboard_totals"],
    refill: `insert into payment_day_totals (date, currency, count, amount)
             select p.date, i.currency, count(*), coalesce(sum(p.amount), 0) from payments p join invoices i on i.id = p.invoice_id group by p.date, i.currency`,
  },
  {
    table: "unbilled_time_totals",
    triggers: ["time_entries.time_entries_unbilled"],
    refill: `insert into unbilled_time_totals (project_id, client_id, hourly_rate, entries, minutes, value)
             select e.project_id, p.client_id, e.hourly_rate, count(*), sum(e.minutes), sum(bureau_entry_value(e.minutes, e.hourly_rate))
             from time_entries e join timesheets t on t.id = e.timesheet_id join projects p on p.id = e.project_id
             where t.status = 'approved' and e.billable and e.invoice_line_id is null group by e.project_id, p.client_id, e.hourly_rate`,
  },
  {
    table: "time_month_totals",
    triggers: ["time_entries.time_entries_month_totals"],
    refill: `insert into time_month_totals (month, project_id, user_id, status, billable, invoiced, hourly_rate, residue, entries, minutes, value)
             select bureau_month_of(e.date), e.project_id, e.user_id, t.status, e.billable, e.invoice_line_id is not null,
                    case when t.status = 'approved' then null else e.hourly_rate end, case when t.status = 'approved' then 0 else e.minutes % 60 end,
                    count(*), sum(e.minutes), sum(bureau_entry_value(e.minutes, e.hourly_rate))
             from time_entries e join timesheets t on t.id = e.timesheet_id group by 1, 2, 3, 4, 5, 6, 7, 8`,
  },
  {
    table: "sales_journal_day_totals",
    triggers: ["invoices.invoices_journal_totals"],
    refill: `insert into sales_journal_day_totals (issue_date, currency, rate_bp, documents, net, tax)
             select i.issue_date, i.currency, r.rate_bp, count(*), sum(r.net), sum(r.tax)
             from invoices i cross join lateral bureau_journal_rates(i.tax_breakdown, i.net_total) r
             where i.status <> 'draft' group by 1, 2, 3`,
  },
  {
    table: "call_counts",
    triggers: ["calls.calls_counts"],
    refill: `insert into call_counts (status, assigned_user_id, count)
             select status, assigned_user_id, count(*) from calls group by status, assigned_user_id`,
  },
];

/**
 * invoices.settled_on (drizzle/0040) is written by a trigger when an invoice's money moves; the bulk
 * load writes invoices with their final balances before their payments and credit notes, so the
 * column is computed after the load, by the function the trigger calls.
 */
export const SETTLED_ON_REFILL = `update invoices set settled_on = bureau_invoice_settled_on(id, total, issue_date)
  where kind = 'invoice' and status <> 'draft'`;

export type SeedLargeOptions = {
  scale: number;
  seed?: number;
  today?: string;
  reset?: boolean;
  log?: (line: string) => void;
};
export type SeedLargeReport = {
  scale: number;
  seed: number;
  today: string;
  tables: TableStats[];
  phases: { name: string; ms: number }[];
  totalMs: number;
  invoices: InvoiceSummary;
  login: { email: string; password: string; role: string }[];
};

export class SeedRefusedError extends Error {
  constructor(tables: string[]) {
    super(
      `This database already has data (${tables.join(", ")}). Run seed:large on an empty database, or pass --reset to empty this one first (everything in it is deleted).`,
    );
    this.name = "SeedRefusedError";
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function tablesWithData(loader: Loader): Promise<string[]> {
  const found: string[] = [];
  for (const table of DATA_TABLES) {
    const [row] = await loader.query<{ present: boolean }>(`select exists (select 1 from ${ident(table)}) as present`);
    if (row?.present) found.push(table);
  }
  return found;
}

async function emptyEverything(loader: Loader) {
  const tables = await loader.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  if (tables.length > 0)
    await loader.query(
      `truncate table ${tables.map((table) => ident(table.name)).join(", ")} restart identity cascade`,
    );
}

type Deferred = {
  indexes: { name: string; definition: string }[];
  foreignKeys: { table: string; name: string; definition: string }[];
  triggers: { table: string; name: string }[];
  kept: string[];
};

/** Drops what makes row-by-row loading slow; returns how to put it back. */
async function deferIndexesAndKeys(loader: Loader): Promise<Deferred> {
  const tables = [...SEEDED_TABLES];
  const foreignKeys = await loader.query<{ table: string; name: string; definition: string }>(
    `select rel.relname as "table", c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class rel on rel.oid = c.conrelid join pg_namespace n on n.oid = rel.relnamespace
      where c.contype = 'f' and n.nspname = 'public' and rel.relname = any($1::text[])
      order by 1, 2`,
    [tables],
  );
  const indexes = await loader.query<{ name: string; definition: string }>(
    `select ic.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and t.relname = any($1::text[]) and not i.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
      order by 1`,
    [tables],
  );
  // Row triggers that fire on INSERT (pg_trigger.tgtype bits: 1 row, 4 insert).
  const rowTriggers = await loader.query<{ table: string; name: string }>(
    `select rel.relname as "table", tg.tgname as name
       from pg_trigger tg join pg_class rel on rel.oid = tg.tgrelid join pg_namespace n on n.oid = rel.relnamespace
      where not tg.tgisinternal and n.nspname = 'public' and rel.relname = any($1::text[]) and (tg.tgtype & 1) = 1 and (tg.tgtype & 4) = 4 and tg.tgenabled <> 'D'
      order by 1, 2`,
    [tables],
  );
  const known = new Set([...GUARD_TRIGGERS, ...SUMMARIES.flatMap((summary) => summary.triggers)]);
  const triggers = rowTriggers.filter((trigger) => known.has(`${trigger.table}.${trigger.name}`));
  const kept = rowTriggers
    .filter((trigger) => !known.has(`${trigger.table}.${trigger.name}`))
    .map((trigger) => `${trigger.table}.${trigger.name}`);
  for (const key of foreignKeys)
    await loader.query(`alter table ${ident(key.table)} drop constraint ${ident(key.name)}`);
  for (const index of indexes) await loader.query(`drop index ${ident(index.name)}`);
  for (const trigger of triggers)
    await loader.query(`alter table ${ident(trigger.table)} disable trigger ${ident(trigger.name)}`);
  return { indexes, foreignKeys, triggers, kept };
}

export async function seedLarge(handle: DatabaseHandle, options: SeedLargeOptions): Promise<SeedLargeReport> {
  const log = options.log ?? (() => {});
  const scale = options.scale;
  if (!(scale > 0 && scale <= 20))
    throw new RangeError(`--scale must be greater than 0 and at most 20 (got ${scale}).`);
  const seed = options.seed ?? DEFAULT_SEED;
  const today = options.today ?? todayInZone(FIRM_TIMEZONE);
  const started = performance.now();
  const phases: { name: string; ms: number }[] = [];
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await work();
    phases.push({ name, ms: performance.now() - start });
    log(`  ${name}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    return result;
  };

  await phase("migrations", () => migrateDatabase(handle));
  const loader = await openLoader(handle);
  const writers: TableWriter[] = [];
  let invoices: InvoiceSummary;
  try {
    await loader.query("begin");
    const found = await tablesWithData(loader);
    if (found.length > 0 && !options.reset) throw new SeedRefusedError(found);
    await phase(found.length > 0 ? "reset (truncate)" : "empty the settings", () => emptyEverything(loader));
    await loader.query(`set local maintenance_work_mem = '${loader.kind === "postgres" ? "256MB" : "64MB"}'`);
    const deferred = await phase("drop secondary indexes and foreign keys", () => deferIndexesAndKeys(loader));
    if (deferred.kept.length > 0) log(`  (row triggers left on, they fire per row: ${deferred.kept.join(", ")})`);

    const todayDay = dayOf(today);
    const gen: Generation = {
      seed,
      scale,
      counts: targetCounts(scale),
      today: todayDay,
      startOfToday: startOfDayInZone(today, FIRM_TIMEZONE).getTime(),
      firstMonday: mondayOf(todayDay) - (WEEKS - 1) * 7,
      random: streamFactory(seed),
      writer: (table, columns) => {
        const writer = new TableWriter(loader, table, columns);
        writers.push(writer);
        return writer;
      },
    };
    invoices = await phase("generate and COPY", async () => {
      const firm = await generateFirm(gen);
      const entries = await generateTimesheets(gen, firm);
      const summary = await generateInvoices(gen, firm, entries);
      await writeEntries(gen, firm, entries);
      await generateCallsAndMessages(gen, firm, entries);
      await generateJobs(gen);
      return summary;
    });

    await phase(`create ${deferred.indexes.length} secondary indexes`, async () => {
      for (const index of deferred.indexes) await loader.query(index.definition);
    });
    await phase(`add and validate ${deferred.foreignKeys.length} foreign keys`, async () => {
      for (const key of deferred.foreignKeys)
        await loader.query(`alter table ${ident(key.table)} add constraint ${ident(key.name)} ${key.definition}`);
    });
    await phase("refill the summary tables and the settled days the triggers keep", async () => {
      for (const summary of SUMMARIES) {
        const [exists] = await loader.query<{ present: boolean }>("select to_regclass($1) is not null as present", [
          `public.${summary.table}`,
        ]);
        if (!exists?.present) continue;
        await loader.query(`delete from ${ident(summary.table)}`);
        await loader.query(summary.refill);
      }
      await loader.query(SETTLED_ON_REFILL);
      for (const trigger of deferred.triggers)
        await loader.query(`alter table ${ident(trigger.table)} enable trigger ${ident(trigger.name)}`);
    });
    await phase("commit", () => loader.query("commit"));
  } catch (error) {
    await loader.query("rollback").catch(() => {});
    throw error;
  } finally {
    loader.release();
  }
  const analyze = await openLoader(handle);
  try {
    await phase("vacuum analyze", () => analyze.query("vacuum (analyze)"));
  } finally {
    analyze.release();
  }
  return {
    scale,
    seed,
    today,
    tables: writers.map((writer) => writer.stats),
    phases,
    totalMs: performance.now() - started,
    invoices,
    login: [
      { role: "admin", email: `admin@${LARGE_EMAIL_DOMAIN}`, password: LARGE_PASSWORD },
      { role: "manager", email: `manager@${LARGE_EMAIL_DOMAIN}`, password: LARGE_PASSWORD },
      { role: "staff", email: `staff@${LARGE_EMAIL_DOMAIN}`, password: LARGE_PASSWORD },
    ],
  };
}
