// The large seed (scripts/seed-large) at a tiny scale, on both databases: row counts follow the
// scale, numbers are gapless per series and period and the app continues them, totals are the
// sum of the lines, payments never exceed what is owed, billed time is approved time of the
// invoice's client, and the same seed gives the same rows.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { addDaysToDate } from "../../src/lib/dates";
import { createDraftInvoice, issueInvoice } from "../../src/modules/invoices/invoice-mutations";
import { findInvoiceTotals } from "../../src/modules/invoices/invoice-totals-queries";
import { computeInvoiceTotals } from "../../src/modules/invoices/invoice-amounts";
import { formatInvoiceNumber } from "../../src/modules/invoices/invoice-numbering";
import { invoiceListFilter } from "../../src/modules/invoices/invoice-schemas";
import { findUnbilledTime, findUnbilledTimeByClient } from "../../src/modules/timesheets/unbilled-queries";
import { targetCounts } from "../../scripts/seed-large/context";
import { seedLarge, SeedRefusedError, type SeedLargeReport, SUMMARIES } from "../../scripts/seed-large/seed-large";
import { LARGE_PASSWORD } from "../../scripts/seed-large/firm";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { nextTestIp, signInRequest } from "../support/fixtures";
import { setDatabaseHandle } from "../../src/db/client";
import { resetAuthForTests } from "../../src/lib/auth";
import { findReceivedTotals, today } from "../support/invoice-fixtures";

const SCALE = 0.002;
const SEED = 4242;
const DAY = today();

let database: TestDatabase;
let report: SeedLargeReport;
let baseline: string;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** One md5 over every row of the tables whose content the seed decides (ordered by id). */
async function checksum(db: Database): Promise<string> {
  const parts: string[] = [];
  for (const table of [
    "clients",
    "projects",
    "timesheets",
    "time_entries",
    "invoices",
    "invoice_lines",
    "payments",
    "calls",
    "contact_messages",
    "job_applications",
  ]) {
    const [row] = await rows<{ sum: string }>(
      db,
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as sum from ${table} t`),
    );
    parts.push(`${table}:${row!.sum}`);
  }
  return parts.join(" ");
}

beforeAll(async () => {
  database = await createTestDatabase();
  report = await seedLarge(database, { scale: SCALE, seed: SEED, today: DAY });
  baseline = await checksum(database.db);
}, 120_000);
afterAll(async () => {
  setDatabaseHandle(undefined);
  resetAuthForTests();
  await database?.drop();
});

describe(`seed:large on ${process.env.TEST_DB}`, () => {
  it("makes as many rows as the scale asks", async () => {
    const target = targetCounts(SCALE);
    const [counts] = await rows<Record<string, string>>(
      database.db,
      sql`select (select count(*) from users) as people, (select count(*) from accounts) as accounts, (select count(*) from clients) as clients, (select count(*) from projects) as projects,
        (select count(*) from invoices where kind = 'invoice') as invoices, (select count(*) from invoices where kind = 'credit_note') as credit_notes, (select count(*) from calls) as calls,
        (select count(*) from jobs) as jobs, (select count(*) from job_applications) as applications, (select count(*) from job_application_files) as files,
        (select count(*) from contact_messages) as messages, (select count(*) from time_entries) as entries, (select count(*) from settings where setup_completed) as settings`,
    );
    expect(Number(counts!.people)).toBe(target.people);
    expect(Number(counts!.accounts)).toBe(target.people);
    expect(Number(counts!.clients)).toBe(target.clients);
    expect(Number(counts!.projects)).toBe(target.projects);
    expect(Number(counts!.invoices)).toBe(target.invoices);
    expect(Number(counts!.calls)).toBe(target.calls);
    expect(Number(counts!.jobs)).toBe(target.jobs);
    expect(Number(counts!.applications)).toBe(target.applications);
    expect(Number(counts!.files)).toBe(target.applications);
    expect(Number(counts!.messages)).toBe(target.messages);
    expect(Number(counts!.settings)).toBe(1);
    expect(Number(counts!.credit_notes)).toBeGreaterThan(0);
    expect(Math.abs(Number(counts!.entries) - target.timeEntries) / target.timeEntries).toBeLessThan(0.2);
    expect(report.tables.find((table) => table.table === "invoices")!.rows).toBe(
      target.invoices + Number(counts!.credit_notes),
    );
  });

  it("gives each line the VAT category of its rate and its client's country, as the breakdown says", async () => {
    // French clients pay French VAT (S); other EU businesses are invoiced under the reverse charge
    // (AE), others outside the scope of EU VAT (O), both at 0 % with their mention and VATEX code.
    const found = await rows<{ country: string; category: string; zero: boolean; mentioned: boolean; lines: string }>(
      database.db,
      sql`select case when c.country = 'FR' then 'FR' else 'abroad' end as country, l.vat_category as category,
          l.tax_rate_bp = 0 as zero, l.vat_mention is not null and l.vatex_code is not null as mentioned, count(*) as lines
        from invoice_lines l join invoices i on i.id = l.invoice_id join clients c on c.id = i.client_id
        group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    );
    expect(found.length).toBeGreaterThan(1);
    for (const group of found) {
      if (group.category === "S") expect(group, "a standard rate").toMatchObject({ country: "FR", zero: false });
      else
        expect(group, "a 0 % category").toMatchObject({
          country: "abroad",
          category: expect.stringMatching(/^(AE|O)$/),
          zero: true,
          mentioned: true,
        });
    }
    // The breakdown frozen on each document names the categories of its lines, no other.
    const [mismatched] = await rows<{ count: string }>(
      database.db,
      sql`select count(*) as count from invoices i
        where (select coalesce(array_agg(distinct b->>'category' order by b->>'category'), '{}') from jsonb_array_elements(i.tax_breakdown) b)
          <> (select coalesce(array_agg(distinct l.vat_category order by l.vat_category), '{}') from invoice_lines l where l.invoice_id = i.id)`,
    );
    expect(Number(mismatched!.count)).toBe(0);
  });

  it("lets the printed administrator sign in", async () => {
    setDatabaseHandle(database);
    resetAuthForTests();
    expect(report.login[0]).toEqual({ role: "admin", email: "admin@large.example", password: LARGE_PASSWORD });
    const response = await signInRequest(report.login[0]!.email, report.login[0]!.password, nextTestIp());
    expect(response.status).toBe(200);
  });

  it("numbers every series gaplessly per year, and the counters are where the app continues", async () => {
    const series = await rows<{
      kind: string;
      year: string;
      count: string;
      max_seq: string;
      distinct_numbers: string;
      last_day: string;
    }>(
      database.db,
      sql`select kind, to_char(issue_date, 'YYYY') as year, count(*) as count, max(substring(number from '[0-9]+$')::int) as max_seq, count(distinct number) as distinct_numbers,
        to_char(max(issue_date), 'YYYY-MM-DD') as last_day
        from invoices where number is not null group by 1, 2 order by 1, 2`,
    );
    const counters = await rows<{ series: string; period_key: string; last_sequence: number; last_issue_date: string }>(
      database.db,
      sql`select series, period_key, last_sequence, to_char(last_issue_date, 'YYYY-MM-DD') as last_issue_date from numbering_counters order by 1, 2`,
    );
    expect(series.length).toBeGreaterThanOrEqual(3);
    for (const group of series) {
      expect(Number(group.max_seq)).toBe(Number(group.count));
      expect(Number(group.distinct_numbers)).toBe(Number(group.count));
      expect(counters).toContainEqual({
        series: group.kind,
        period_key: group.year,
        last_sequence: Number(group.count),
        last_issue_date: group.last_day,
      });
    }
    expect(counters).toHaveLength(series.length);
    const [drafts] = await rows<{ bad: string }>(
      database.db,
      sql`select count(*) as bad from invoices where (status = 'draft') <> (number is null)`,
    );
    expect(Number(drafts!.bad)).toBe(0);
  });

  it("issuing a new invoice after the seed takes the next number of the year", async () => {
    const [manager] = await rows<{ id: string; name: string }>(
      database.db,
      sql`select id, name from users where role = 'manager' and active order by email limit 1`,
    );
    const [customer] = await rows<{ id: string; currency: string }>(
      database.db,
      sql`select id, currency from clients where archived_at is null and country = 'FR' order by name limit 1`,
    );
    const [counter] = await rows<{ last_sequence: number }>(
      database.db,
      sql`select last_sequence from numbering_counters where series = 'invoice' and period_key = ${DAY.slice(0, 4)}`,
    );
    const actor = { id: manager!.id, name: manager!.name, role: "manager" as const };
    const draft = await createDraftInvoice(database.db, actor, {
      clientId: customer!.id,
      currency: customer!.currency,
      issueDate: DAY,
      dueDate: addDaysToDate(DAY, 30),
      servicePeriodStart: "",
      servicePeriodEnd: "",
      notes: "",
      footer: "",
      lines: [
        {
          description: "Consulting",
          quantity: "1",
          unit: "day",
          unitPrice: "800",
          discount: "",
          taxRateBp: 2000,
          timeEntryIds: [],
        },
      ],
    });
    const issued = await issueInvoice(database.db, actor, { id: draft.id, version: draft.version });
    expect(issued.number).toBe(
      formatInvoiceNumber("{YYYY}-{SEQ:4}", { date: DAY, seq: (counter?.last_sequence ?? 0) + 1 }),
    );
  });

  it("stores totals that are the sum of the lines, and kept totals that match the invoices", async () => {
    const invoices = await rows<{
      id: string;
      kind: "invoice" | "credit_note";
      net_total: string;
      tax_total: string;
      total: string;
    }>(database.db, sql`select id, kind, net_total, tax_total, total from invoices`);
    const lines = await rows<{
      invoice_id: string;
      quantity_milli: string;
      unit_price: string;
      discount_bp: number;
      tax_rate_bp: number;
      net: string;
    }>(
      database.db,
      sql`select invoice_id, quantity_milli, unit_price, discount_bp, tax_rate_bp, net from invoice_lines order by invoice_id, position`,
    );
    const byInvoice = Map.groupBy(lines, (line) => line.invoice_id);
    for (const row of invoices) {
      const own = byInvoice.get(row.id) ?? [];
      expect(own.length).toBeGreaterThan(0);
      const totals = computeInvoiceTotals(
        own.map((line) => ({
          quantityMilli: Number(line.quantity_milli),
          unitPriceMinor: Number(line.unit_price),
          discountBp: line.discount_bp,
          taxRateBp: line.tax_rate_bp,
        })),
        row.kind,
      );
      expect({
        net: Number(row.net_total),
        tax: Number(row.tax_total),
        total: Number(row.total),
        lines: own.map((line) => Number(line.net)),
      }).toEqual({
        net: totals.net,
        tax: totals.tax,
        total: totals.total,
        lines: totals.lines.map((line) => line.net),
      });
    }
    // Every summary table the triggers keep (invoice list totals, dashboard figures) equals its definition.
    for (const summary of SUMMARIES) {
      const [exists] = await rows<{ present: boolean }>(
        database.db,
        sql`select to_regclass(${`public.${summary.table}`}) is not null as present`,
      );
      if (!exists!.present) continue;
      const columns = /insert into \w+ \(([^)]*)\)/.exec(summary.refill)![1]!;
      const definition = summary.refill.slice(summary.refill.indexOf("select"));
      // A key emptied by later changes (the invoice issued above left its draft row at zero) keeps a zero row.
      const counted = ["entries", "documents", "count"].find((name) => new RegExp(`\\b${name}\\b`).test(columns));
      const stored = `select ${columns} from ${summary.table} where ${counted} <> 0`;
      const [kept] = await rows<{ differences: string }>(
        database.db,
        sql.raw(
          `select count(*) as differences from (((${stored}) except (${definition})) union all ((${definition}) except (${stored}))) as mismatch`,
        ),
      );
      expect(`${summary.table}: ${kept!.differences}`).toBe(`${summary.table}: 0`);
    }
    // The settled day of every issued invoice (drizzle/0040) is the one its payments and credit notes give.
    const [settled] = await rows<{ differences: string; settled: string }>(
      database.db,
      sql`select count(*) filter (where settled_on is distinct from bureau_invoice_settled_on(id, total, issue_date)) as differences,
            count(settled_on) as settled
          from invoices where kind = 'invoice' and status <> 'draft'`,
    );
    expect(Number(settled!.differences)).toBe(0);
    expect(Number(settled!.settled)).toBeGreaterThan(0);
  });

  it("keeps every summary the list and the dashboard read equal to what the rows give", async () => {
    const filters = [
      { status: "unpaid" },
      { status: "overdue" },
      { status: "not_draft", from: addDaysToDate(DAY, -90), to: DAY },
      { paidFrom: addDaysToDate(DAY, -60), paidTo: DAY },
    ];
    for (const params of filters) {
      const filter = invoiceListFilter.parse(params);
      const fast = await findInvoiceTotals(database.db, filter, DAY);
      expect(fast.length).toBeGreaterThan(0);
      expect(fast).toEqual(await findInvoiceTotals(database.db, filter, DAY, { useSummaries: false }));
      if (filter.paidFrom)
        expect(await findReceivedTotals(database.db, filter, DAY)).toEqual(
          await findReceivedTotals(database.db, filter, DAY, { useSummaries: false }),
        );
    }
    const byClient = await findUnbilledTimeByClient(database.db);
    expect(byClient.length).toBeGreaterThan(0);
    for (const row of byClient) {
      const projects = await findUnbilledTime(database.db, { clientId: row.clientId });
      expect({ minutes: row.minutes, value: row.valueMinor, entries: row.entryCount }).toEqual({
        minutes: projects.reduce((sum, item) => sum + item.minutes, 0),
        value: projects.reduce((sum, item) => sum + item.valueMinor, 0),
        entries: projects.reduce((sum, item) => sum + item.entryCount, 0),
      });
    }
  });

  it("never records more paid than owed, and balances follow payments and credit notes", async () => {
    const [check] = await rows<Record<string, string>>(
      database.db,
      sql`select
        count(*) filter (where i.kind = 'invoice' and i.paid_total <> coalesce(p.paid, 0)) as paid_mismatch,
        count(*) filter (where i.kind = 'invoice' and i.paid_total > i.total - i.credited_total) as overpaid,
        count(*) filter (where i.kind = 'invoice' and i.credited_total <> coalesce(-c.credited, 0)) as credit_mismatch,
        count(*) filter (where i.kind = 'invoice' and i.status <> 'draft' and i.balance <> i.total - i.paid_total - i.credited_total) as balance_mismatch,
        count(*) filter (where i.kind = 'invoice' and i.status in ('issued', 'partially_paid') and i.due_date < ${DAY}) as overdue,
        count(*) filter (where i.status = 'paid') as paid,
        count(*) filter (where i.status = 'partially_paid') as partly_paid,
        count(*) filter (where i.status = 'cancelled') as cancelled
      from invoices i
      left join (select invoice_id, sum(amount) as paid from payments group by 1) p on p.invoice_id = i.id
      left join (select credited_invoice_id, sum(total) as credited from invoices where kind = 'credit_note' group by 1) c on c.credited_invoice_id = i.id`,
    );
    expect({
      paid: Number(check!.paid_mismatch),
      over: Number(check!.overpaid),
      credit: Number(check!.credit_mismatch),
      balance: Number(check!.balance_mismatch),
    }).toEqual({ paid: 0, over: 0, credit: 0, balance: 0 });
    expect(Number(check!.overdue)).toBeGreaterThan(0);
    expect(Number(check!.paid)).toBeGreaterThan(0);
    expect(Number(check!.partly_paid)).toBeGreaterThan(0);
  });

  it("bills only approved, billable time of the invoice's own client, with the rate frozen", async () => {
    const [check] = await rows<Record<string, string>>(
      database.db,
      sql`select count(*) as billed,
        count(*) filter (where ts.status <> 'approved' or not te.billable or te.hourly_rate is null or p.client_id <> i.client_id) as wrong,
        (select count(*) from time_entries e join timesheets s on s.id = e.timesheet_id where (s.status = 'approved') <> (e.hourly_rate is not null)) as rate_mismatch,
        (select count(distinct status) from timesheets) as states
      from time_entries te join timesheets ts on ts.id = te.timesheet_id join projects p on p.id = te.project_id
      join invoice_lines l on l.id = te.invoice_line_id join invoices i on i.id = l.invoice_id`,
    );
    expect(Number(check!.billed)).toBeGreaterThan(0);
    expect(Number(check!.wrong)).toBe(0);
    expect(Number(check!.rate_mismatch)).toBe(0);
    expect(Number(check!.states)).toBe(4);
  });

  it("refuses a database with data, and with --reset gives the same rows again for the same seed", async () => {
    await expect(seedLarge(database, { scale: SCALE, seed: SEED, today: DAY })).rejects.toBeInstanceOf(
      SeedRefusedError,
    );
    await seedLarge(database, { scale: SCALE, seed: SEED, today: DAY, reset: true });
    expect(await checksum(database.db)).toBe(baseline);
    // The checksum does see the rows: one changed subject changes it.
    await database.db.execute(
      sql`update calls set subject = subject || '.' where id = (select id from calls order by id limit 1)`,
    );
    expect(await checksum(database.db)).not.toBe(baseline);
  }, 120_000);
});
