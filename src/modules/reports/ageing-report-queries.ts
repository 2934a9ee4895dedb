// Receivables ageing: the open balances of issued invoices as of a date, by client and currency,
// in buckets of days past due (report-rules.ts). An invoice's balance is the one kept by the
// invoice mutations (total − payments − credit notes, computeBalance); as of an earlier date it is
// that balance plus what was paid or credited after the date, so payments and credit notes dated
// on or before it count and later ones do not, without adding up any invoice's totals again. Which
// invoices were open on the date comes from invoices.settled_on (drizzle/0040).
// Only balances above zero are receivables (an over-credited invoice owes the client, not the
// reverse). Never summed across currencies.
import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client } from "@/db/schema";
import type { DateString } from "@/lib/dates";
import {
  AGEING_BUCKETS,
  type AgeingBucket,
  type AgeingRow,
  type AgeingTotal,
  ageingRowsOf,
  daysPastDue,
} from "./report-rules";
import { rowsOf } from "./sales-journal-queries";

export type AgeingFilter = { asOf: DateString; client?: string };

/**
 * The invoices open on `asOf`, as a statement's WITH clause naming `open_invoices` (id, number,
 * client_id, currency, issue_date, due_date, balance: as of the date, days: past due then).
 * The candidates are the issued invoices not yet settled on the date, [issue_date, settled_on)
 * containing it: one scan of the GiST index of drizzle/0040, which holds every column read here.
 * `moved` is what left each candidate's balance after `asOf` (its later payments, less its later
 * credit notes), added back to today's balance. As of a year ago on the large data set this reads
 * 5,600 candidates instead of the 36,000 payments and credit notes dated since and their invoices
 * (130 ms before, 17 ms with the index; issue 24's bench). The report adds up by client before it
 * reads the clients' names (1,300 parts instead of 8,700 invoices as of today). `moved` is cast back
 * to bigint so that each balance is added and compared as an integer, not as a numeric (as of today
 * 25 -> 21 ms on the large data set).
 */
function openAsOf(filter: AgeingFilter): SQL {
  const { asOf } = filter;
  const ofClient = filter.client ? sql` and i.client_id = ${filter.client}::uuid` : sql``;
  return sql`with candidates as materialized (
      select i.id, i.number, i.client_id, i.currency, i.issue_date, i.due_date, i.balance
        from invoices i
        where i.kind = 'invoice' and i.status <> 'draft'
          and daterange(i.issue_date, case when i.settled_on is null then null else greatest(i.settled_on, i.issue_date) end, '[)') @> ${asOf}::date${ofClient}
    ), moved as (
      select m.id, sum(m.amount)::bigint as amount from (
        select p.invoice_id as id, p.amount from payments p join candidates k on k.id = p.invoice_id
          where p.date > ${asOf}::date
        union all select c.credited_invoice_id, -c.total from invoices c join candidates k on k.id = c.credited_invoice_id
          where c.kind = 'credit_note' and c.status <> 'draft' and c.issue_date > ${asOf}::date
      ) m group by m.id
    ), open_invoices as (
      select candidates.id, candidates.number, candidates.client_id, candidates.currency, candidates.issue_date,
          candidates.due_date, candidates.balance + coalesce(moved.amount, 0) as balance,
          (${asOf}::date - candidates.due_date) as days
        from candidates left join moved on moved.id = candidates.id
        where candidates.balance + coalesce(moved.amount, 0) > 0
    )`;
}

/** The bucket of a number of days past due, in SQL, from the same bounds as ageingBucket. */
function bucketOf(days: SQL | SQL.Aliased): SQL<AgeingBucket> {
  const cases = AGEING_BUCKETS.filter((bucket) => bucket.upTo !== null).map(
    (bucket) => sql`when ${days} <= ${sql.raw(String(bucket.upTo))} then ${sql.raw(`'${bucket.key}'`)}`,
  );
  const last = AGEING_BUCKETS[AGEING_BUCKETS.length - 1]!.key;
  return sql<AgeingBucket>`case ${sql.join(cases, sql` `)} else ${sql.raw(`'${last}'`)} end`;
}

/** One row per client and currency with its balances by bucket; the totals per currency. */
export async function findAgeingReport(
  db: Executor,
  filter: AgeingFilter,
): Promise<{ rows: AgeingRow[]; totals: AgeingTotal[] }> {
  const parts = await rowsOf<{
    clientId: string;
    clientName: string;
    currency: string;
    bucket: AgeingBucket;
    balance: string;
    invoices: string;
  }>(
    db,
    sql`${openAsOf(filter)}
      select parts.client_id as "clientId", c.name as "clientName", parts.currency, parts.bucket, parts.balance, parts.invoices
      from (
        select o.client_id, o.currency, ${bucketOf(sql`o.days`)} as bucket, sum(o.balance) as balance, count(*) as invoices
        from open_invoices o
        group by 1, 2, 3
      ) parts join clients c on c.id = parts.client_id`,
  );
  return ageingRowsOf(
    parts.map((part) => ({
      ...part,
      balance: Number(part.balance),
      invoices: Number(part.invoices),
    })),
  );
}

export type AgeingInvoice = {
  id: string;
  number: string;
  issueDate: string;
  dueDate: string;
  daysPastDue: number;
  currency: string;
  balance: number;
};

/** One client's open invoices as of the date, the most overdue first. */
export async function findAgeingInvoices(
  db: Executor,
  filter: AgeingFilter & { client: string },
): Promise<{ clientName: string | null; invoices: AgeingInvoice[] }> {
  const [clientRows, rows] = await Promise.all([
    db.select({ name: client.name }).from(client).where(eq(client.id, filter.client)).limit(1),
    rowsOf<{
      id: string;
      number: string | null;
      issueDate: string;
      dueDate: string;
      currency: string;
      balance: string;
    }>(
      db,
      sql`${openAsOf(filter)}
        select o.id, o.number, to_char(o.issue_date, 'YYYY-MM-DD') as "issueDate", to_char(o.due_date, 'YYYY-MM-DD') as "dueDate",
          o.currency, o.balance
        from open_invoices o
        order by o.due_date, o.number, o.id`,
    ),
  ]);
  return {
    clientName: clientRows[0]?.name ?? null,
    invoices: rows.map((row) => ({
      id: row.id,
      number: row.number ?? "",
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      daysPastDue: daysPastDue(row.dueDate, filter.asOf),
      currency: row.currency,
      balance: Number(row.balance),
    })),
  };
}
