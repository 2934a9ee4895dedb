// `npm run bench:invoices`: the invoice list, CSV export, PDF and issuing on PostgreSQL with
// 100,000 invoices of about 5 lines. Uses its own database on the server of BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres), created here and dropped at the end.
// Writes bench/results/invoices.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { openDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { user } from "../src/db/schema";
import { addDaysToDate, todayInZone } from "../src/lib/dates";
import type { Actor } from "../src/modules/audit/audit-log";
import { invoiceCsvStream } from "../src/modules/invoices/invoice-csv";
import { createDraftInvoice, issueInvoice } from "../src/modules/invoices/invoice-mutations";
import { renderInvoicePdf } from "../src/modules/invoices/invoice-pdf";
import { getInvoiceDocument } from "../src/modules/invoices/invoice-detail-queries";
import { findInvoices } from "../src/modules/invoices/invoice-list-queries";
import { computeInvoiceTotals } from "../src/modules/invoices/invoice-amounts";
import { statusAfterPayments } from "../src/modules/invoices/invoice-rules";
import { invoiceListFilter } from "../src/modules/invoices/invoice-schemas";
import { getSettings } from "../src/modules/settings/settings-queries";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const CLIENTS = 500;
const BATCH = 2_000;
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** `callers` concurrent loops, `perCaller` calls each; the latency of every call. */
async function concurrent(callers: number, perCaller: number, call: (index: number) => Promise<unknown>) {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      for (let index = 0; index < perCaller; index += 1) {
        const start = performance.now();
        await call(caller * perCaller + index);
        times.push(performance.now() - start);
      }
    }),
  );
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), count: times.length };
}

// Deterministic pseudo-random numbers, so two runs load the same data.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

async function main() {
  const started = performance.now();
  // BENCH_REUSE=<database> measures again on a database kept by an earlier run (BENCH_KEEP=1).
  const reuse = process.env.BENCH_REUSE;
  const name = reuse ?? `bureau_bench_invoices_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (!reuse) await admin.query(`create database ${name}`);
  const url = withDatabase(serverUrl, name);
  const handle = openDatabase({ databaseUrl: url, poolSize: 25 });
  if (handle.kind !== "postgres") throw new Error("the benchmark runs on PostgreSQL");
  const pool = handle.pool;
  const results: string[] = [];
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const settings = await getSettings(db);
    const today = todayInZone(settings.timezone);
    const [actorRow] = await db
      .insert(user)
      .values({ name: "Bench Admin", email: `bench-${process.pid}@example.com`, role: "admin", emailVerified: true })
      .returning();
    const actor: Actor = { id: actorRow!.id, name: actorRow!.name, role: "admin" };

    // ---- Load: clients, then invoices and lines in batches through unnest() arrays.
    const loadStart = performance.now();
    let lineCount = 0;
    let clientIds = Array.from({ length: CLIENTS }, () => uuidv7());
    if (reuse) {
      clientIds = (await pool.query<{ id: string }>("select id from clients")).rows.map((row) => row.id);
      lineCount = Number((await pool.query<{ n: string }>("select count(*) as n from invoice_lines")).rows[0]!.n);
    } else {
      lineCount = await load();
    }
    async function load() {
      let lineCount = 0;
      await pool.query(
        `insert into clients (id, name, currency, payment_terms_days, address_line1, postal_code, city, country, vat_number)
       select id, 'Client ' || n, 'EUR', 30, n || ' rue de la Paix', '75002', 'Paris', 'FR', 'FR40303265045' from unnest($1::uuid[]) with ordinality as t(id, n)`,
        [clientIds],
      );
      await pool.query("alter table invoice_lines disable trigger invoice_lines_guard_issued");
      // Issue dates over the last three years, in order, so each year's numbers are 1..n by date.
      const firstDay = addDaysToDate(today, -3 * 365);
      const dates = Array.from({ length: INVOICES }, () =>
        addDaysToDate(firstDay, Math.floor(random() * 3 * 365)),
      ).sort();
      const sequences = new Map<string, number>();
      const lastDates = new Map<string, string>();
      const snapshot = JSON.stringify({
        name: "Bench Firm",
        addressLines: ["1 rue X", "75001 Paris"],
        country: "FR",
        vatNumber: "FR15901234567",
      });
      for (let offset = 0; offset < INVOICES; offset += BATCH) {
        const inv = {
          id: [] as string[],
          number: [] as (string | null)[],
          status: [] as string[],
          client: [] as string[],
          issue: [] as string[],
          due: [] as string[],
          net: [] as number[],
          tax: [] as number[],
          total: [] as number[],
          paid: [] as number[],
          credited: [] as number[],
          balance: [] as number[],
          breakdown: [] as string[],
        };
        const lines = {
          id: [] as string[],
          invoice: [] as string[],
          position: [] as number[],
          description: [] as string[],
          quantity: [] as number[],
          unitPrice: [] as number[],
          discount: [] as number[],
          rate: [] as number[],
          net: [] as number[],
        };
        for (let index = offset; index < Math.min(offset + BATCH, INVOICES); index += 1) {
          const id = uuidv7();
          const issueDate = dates[index]!;
          const isDraft = index >= INVOICES - 200 || random() < 0.03;
          const count = 3 + Math.floor(random() * 5);
          const items = Array.from({ length: count }, (_, position) => ({
            position: position + 1,
            quantityMilli: (1 + Math.floor(random() * 40)) * 250,
            unitPriceMinor: 2_000 + Math.floor(random() * 150_000),
            discountBp: random() < 0.1 ? 1_000 : 0,
            taxRateBp: pick([2000, 2000, 2000, 1000, 550, 0]),
          }));
          const totals = computeInvoiceTotals(items);
          let number: string | null = null;
          let status = "draft";
          let paid = 0;
          let credited = 0;
          if (!isDraft) {
            const year = issueDate.slice(0, 4);
            const sequence = (sequences.get(year) ?? 0) + 1;
            sequences.set(year, sequence);
            lastDates.set(year, issueDate);
            number = `${year}-${String(sequence).padStart(4, "0")}`;
            const roll = random();
            paid = roll < 0.6 ? totals.total : roll < 0.72 ? Math.floor(totals.total / 3) : 0;
            credited = roll > 0.97 ? totals.total : 0;
            status = statusAfterPayments({ total: totals.total, paid, credited });
          }
          inv.id.push(id);
          inv.number.push(number);
          inv.status.push(status);
          inv.client.push(pick(clientIds));
          inv.issue.push(issueDate);
          inv.due.push(addDaysToDate(issueDate, 30));
          inv.net.push(totals.net);
          inv.tax.push(totals.tax);
          inv.total.push(totals.total);
          inv.paid.push(paid);
          inv.credited.push(credited);
          inv.balance.push(isDraft ? 0 : totals.total - paid - credited);
          inv.breakdown.push(JSON.stringify(totals.taxes));
          items.forEach((item, position) => {
            lines.id.push(uuidv7());
            lines.invoice.push(id);
            lines.position.push(item.position);
            lines.description.push(`Consulting work package ${position + 1}`);
            lines.quantity.push(item.quantityMilli);
            lines.unitPrice.push(item.unitPriceMinor);
            lines.discount.push(item.discountBp);
            lines.rate.push(item.taxRateBp);
            lines.net.push(totals.lines[position]!.net);
          });
          lineCount += items.length;
        }
        await pool.query(
          `insert into invoices (id, kind, number, status, client_id, issue_date, due_date, currency, payment_terms_days, net_total, tax_total, total, paid_total, credited_total, balance, tax_breakdown,
           client_snapshot, firm_snapshot, issued_at)
         select t.id, 'invoice', t.number, t.status, t.client_id, t.issue_date, t.due_date, 'EUR', 30, t.net, t.tax, t.total, t.paid, t.credited, t.balance, t.breakdown::jsonb,
           case when t.status = 'draft' then null else jsonb_build_object('name', c.name, 'addressLines', jsonb_build_array(c.address_line1, '75002 Paris'), 'country', 'FR', 'vatNumber', c.vat_number) end,
           case when t.status = 'draft' then null else $14::jsonb end,
           case when t.status = 'draft' then null else t.issue_date::timestamptz + interval '10 hours' end
         from unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::date[], $6::date[], $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[], $13::text[])
           as t(id, number, status, client_id, issue_date, due_date, net, tax, total, paid, credited, balance, breakdown)
         join clients c on c.id = t.client_id`,
          [
            inv.id,
            inv.number,
            inv.status,
            inv.client,
            inv.issue,
            inv.due,
            inv.net,
            inv.tax,
            inv.total,
            inv.paid,
            inv.credited,
            inv.balance,
            inv.breakdown,
            snapshot,
          ],
        );
        await pool.query(
          `insert into invoice_lines (id, invoice_id, position, description, quantity_milli, unit, unit_price, discount_bp, tax_rate_bp, net)
         select id, invoice_id, position, description, quantity, 'hour', unit_price, discount, rate, net
         from unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::bigint[], $6::bigint[], $7::int[], $8::int[], $9::bigint[]) as t(id, invoice_id, position, description, quantity, unit_price, discount, rate, net)`,
          [
            lines.id,
            lines.invoice,
            lines.position,
            lines.description,
            lines.quantity,
            lines.unitPrice,
            lines.discount,
            lines.rate,
            lines.net,
          ],
        );
      }
      await pool.query("alter table invoice_lines enable trigger invoice_lines_guard_issued");
      for (const [year, sequence] of sequences) {
        await pool.query(
          "insert into numbering_counters (series, period_key, last_sequence, last_issue_date) values ('invoice', $1, $2, $3)",
          [year, sequence, lastDates.get(year)],
        );
      }
      await pool.query("vacuum analyze");
      return lineCount;
    }
    const loadSeconds = (performance.now() - loadStart) / 1000;
    console.log(`loaded ${INVOICES} invoices, ${lineCount} lines in ${loadSeconds.toFixed(1)} s`);
    if (process.env.BENCH_LOAD_ONLY === "1") return;

    // ---- List queries: 10 concurrent callers of the query functions.
    const parse = (params: Record<string, string>) => invoiceListFilter.parse(params);
    const numbers = (
      await pool.query<{ number: string }>(
        "select number from invoices where number is not null order by random() limit 500",
      )
    ).rows.map((row) => row.number);
    await findInvoices(db, parse({}), today);
    const firstPage = await concurrent(10, 20, () => findInvoices(db, parse({}), today));
    const byClient = await concurrent(10, 20, () => findInvoices(db, parse({ client: pick(clientIds) }), today));
    const byNumber = await concurrent(10, 20, (index) =>
      findInvoices(db, parse({ q: numbers[index % numbers.length]! }), today),
    );
    const overdue = await concurrent(10, 10, () => findInvoices(db, parse({ status: "overdue" }), today));
    console.log("list", { firstPage, byClient, byNumber, overdue });

    // ---- CSV export of every row, streamed; peak RSS sampled while it runs.
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 20);
    const csvStart = performance.now();
    const reader = invoiceCsvStream(db, parse({}), today).getReader();
    let bytes = 0;
    let rows = -1;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows += 1;
    }
    const csvSeconds = (performance.now() - csvStart) / 1000;
    clearInterval(sampler);
    console.log(
      `csv ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB in ${csvSeconds.toFixed(2)} s, RSS ${(rssBefore / 1e6).toFixed(0)} → peak ${(peakRss / 1e6).toFixed(0)} MB`,
    );

    // ---- PDF of an issued invoice, warm.
    const [issuedRow] = (await pool.query<{ id: string }>("select id from invoices where status = 'paid' limit 1"))
      .rows;
    const loaded = await getInvoiceDocument(db, issuedRow!.id);
    for (let index = 0; index < 10; index += 1) await renderInvoicePdf(loaded.document, loaded.detail.issuedAt!);
    const renderTimes: number[] = [];
    const withQueryTimes: number[] = [];
    let lastBytes: Buffer | null = null;
    let stable = true;
    for (let index = 0; index < 50; index += 1) {
      const start = performance.now();
      const bytesPdf = await renderInvoicePdf(loaded.document, loaded.detail.issuedAt!);
      renderTimes.push(performance.now() - start);
      if (lastBytes && !lastBytes.equals(bytesPdf)) stable = false;
      lastBytes = bytesPdf;
    }
    for (let index = 0; index < 20; index += 1) {
      const start = performance.now();
      const fresh = await getInvoiceDocument(db, issuedRow!.id);
      await renderInvoicePdf(fresh.document, fresh.detail.issuedAt!);
      withQueryTimes.push(performance.now() - start);
    }
    console.log(
      `pdf render p50 ${ms(percentile(renderTimes, 50))} p95 ${ms(percentile(renderTimes, 95))}; with query p50 ${ms(percentile(withQueryTimes, 50))}; byte-stable ${stable}`,
    );

    // ---- Issuing: sequential, then 20-way concurrent (numbers must stay gapless).
    const customer = clientIds[0]!;
    const makeDrafts = async (count: number) => {
      const drafts = [];
      for (let index = 0; index < count; index += 1) {
        drafts.push(
          await createDraftInvoice(db, actor, {
            clientId: customer,
            currency: "EUR",
            issueDate: today,
            dueDate: addDaysToDate(today, 30),
            lines: Array.from({ length: 5 }, (_, position) => ({
              description: `Line ${position + 1}`,
              quantity: "1.5",
              unit: "hour",
              unitPrice: "95",
              discount: "",
              taxRateBp: 2000,
              timeEntryIds: [],
            })),
          }),
        );
      }
      return drafts;
    };
    const sequentialDrafts = await makeDrafts(100);
    const sequentialStart = performance.now();
    for (const draft of sequentialDrafts) await issueInvoice(db, actor, { id: draft.id, version: draft.version });
    const sequentialRate = sequentialDrafts.length / ((performance.now() - sequentialStart) / 1000);
    const concurrentDrafts = await makeDrafts(200);
    const concurrentStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < concurrentDrafts.length) {
          const draft = concurrentDrafts[next++]!;
          await issueInvoice(db, actor, { id: draft.id, version: draft.version });
        }
      }),
    );
    const concurrentRate = concurrentDrafts.length / ((performance.now() - concurrentStart) / 1000);
    const year = today.slice(0, 4);
    const check = await pool.query<{ n: string; max: string; distinct: string }>(
      "select count(*) as n, max(split_part(number, '-', 2)::int) as max, count(distinct number) as distinct from invoices where number like $1",
      [`${year}-%`],
    );
    const gapless =
      Number(check.rows[0]!.n) === Number(check.rows[0]!.max) &&
      Number(check.rows[0]!.n) === Number(check.rows[0]!.distinct);
    console.log(
      `issuing: sequential ${sequentialRate.toFixed(0)}/s, 20-way ${concurrentRate.toFixed(0)}/s, ${year} numbers gapless and unique: ${gapless}`,
    );

    const total = (performance.now() - started) / 1000;
    results.push(
      "# Invoices benchmark",
      "",
      `Run ${new Date().toISOString()} by \`npm run bench:invoices\` on PostgreSQL (${(await pool.query<{ server_version: string }>("show server_version")).rows[0]!.server_version}), ${INVOICES.toLocaleString("en-GB")} invoices with ${lineCount.toLocaleString("en-GB")} lines (${(lineCount / INVOICES).toFixed(1)} per invoice) over ${CLIENTS} clients, loaded in ${loadSeconds.toFixed(1)} s. Whole run ${total.toFixed(0)} s. Machine: ${process.platform}, ${os.cpus().length} cores, load average at the end ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(
          " / ",
        )} (1/5/15 min; other work shared the machine), Node ${process.version}, NODE_ENV=${process.env.NODE_ENV ?? "unset"}.`,
      "",
      "## List (query functions of /bo/invoices, 10 concurrent callers)",
      "",
      "| query | calls | p50 | p95 | max | target p95 |",
      "|---|---|---|---|---|---|",
      `| first page (page + totals per currency) | ${firstPage.count} | ${ms(firstPage.p50)} | ${ms(firstPage.p95)} | ${ms(firstPage.max)} | 150 ms |`,
      `| filter by client | ${byClient.count} | ${ms(byClient.p50)} | ${ms(byClient.p95)} | ${ms(byClient.max)} | 150 ms |`,
      `| search by number | ${byNumber.count} | ${ms(byNumber.p50)} | ${ms(byNumber.p95)} | ${ms(byNumber.max)} | 150 ms |`,
      `| status = overdue | ${overdue.count} | ${ms(overdue.p50)} | ${ms(overdue.p95)} | ${ms(overdue.max)} | — |`,
      "",
      "## CSV export of all rows (streamed, keyset batches of 1,000)",
      "",
      `${rows.toLocaleString("en-GB")} rows, ${(bytes / 1e6).toFixed(1)} MB in ${csvSeconds.toFixed(2)} s (target < 10 s). Process RSS ${(rssBefore / 1e6).toFixed(0)} MB before, peak ${(peakRss / 1e6).toFixed(0)} MB during the export (+${((peakRss - rssBefore) / 1e6).toFixed(0)} MB; the whole file is ${(bytes / 1e6).toFixed(0)} MB, so memory does not follow the row count).`,
      "",
      "## PDF (warm, one issued invoice)",
      "",
      `Render only: p50 ${ms(percentile(renderTimes, 50))}, p95 ${ms(percentile(renderTimes, 95))} over 50 renders (target < 50 ms). With the database reads of the route: p50 ${ms(percentile(withQueryTimes, 50))}. Byte-identical across renders: ${stable ? "yes" : "NO"}.`,
      "",
      "## Issuing (number taken under the counter row lock)",
      "",
      `Sequential: ${sequentialRate.toFixed(0)} invoices/s (100 invoices of 5 lines). 20-way concurrent: ${concurrentRate.toFixed(0)} invoices/s (200 invoices). Numbers of ${year} afterwards unique and gapless: ${gapless ? "yes" : "NO"}. Issuing is serialised per number series by design (the counter row lock); concurrent callers only overlap the work done outside the lock (parsing, reading the draft, committing).`,
      "",
    );
    fs.mkdirSync(path.resolve("bench/results"), { recursive: true });
    fs.writeFileSync(path.resolve("bench/results/invoices.md"), results.join("\n"));
    console.log(`wrote bench/results/invoices.md in ${total.toFixed(0)} s`);
  } finally {
    await handle.close();
    if (process.env.BENCH_KEEP === "1" || reuse) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

await main();
