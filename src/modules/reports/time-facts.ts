// The time of a period as groups of entries (decisions 063 and 070): whole calendar months from
// time_month_totals (drizzle/0034, kept by triggers), the days at the period's ends from the
// entries themselves (added, or taken off a whole month when they are most of it), in one shape: month, project, person, timesheet status, billable, invoiced,
// frozen rate, minutes modulo 60, and the group's entries, minutes and value at the frozen rate
// (in the summary, approved groups have no rate and residue 0, decision 073: they are never priced again).
// The time report, utilisation and profitability aggregate these few thousand rows instead of
// every entry of a year. factValue prices a group as rateOf and bureau_entry_value price its
// entries one by one: approved at the frozen rate (the stored value), else at the rate approval
// would freeze, each entry rounded on its own (bureau_group_value).
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { type DateRange, planTimeFacts } from "./report-rules";

export type TimeFactFilter = DateRange & {
  project?: string;
  person?: string;
  billable?: "yes" | "no";
  status?: string;
  invoiced?: "yes" | "no";
};

/** Conditions on a fact's columns, named by `column` (summary and entries name them differently). */
function conditions(
  filter: TimeFactFilter,
  column: (name: "project" | "person" | "billable" | "status" | "invoiced") => SQL,
) {
  const parts: SQL[] = [];
  if (filter.project) parts.push(sql`${column("project")} = ${filter.project}::uuid`);
  if (filter.person) parts.push(sql`${column("person")} = ${filter.person}::uuid`);
  if (filter.billable) parts.push(sql`${column("billable")} = ${filter.billable === "yes"}`);
  if (filter.status) parts.push(sql`${column("status")} = ${filter.status}`);
  if (filter.invoiced) parts.push(sql`${column("invoiced")} = ${filter.invoiced === "yes"}`);
  return parts.length === 0 ? sql`` : sql` and ${sql.join(parts, sql` and `)}`;
}

const SUMMARY_COLUMNS = {
  project: sql.raw("s.project_id"),
  person: sql.raw("s.user_id"),
  billable: sql.raw("s.billable"),
  status: sql.raw("s.status"),
  invoiced: sql.raw("s.invoiced"),
};
const ENTRY_COLUMNS = {
  project: sql.raw("e.project_id"),
  person: sql.raw("e.user_id"),
  billable: sql.raw("e.billable"),
  status: sql.raw("t.status"),
  invoiced: sql.raw("(e.invoice_line_id is not null)"),
};

/** The facts of the filter's period, as a subquery (columns as time_month_totals names them). */
export function timeFacts(filter: TimeFactFilter): SQL {
  const { months, add, subtract } = planTimeFacts(filter);
  const parts: SQL[] = [];
  if (months)
    parts.push(sql`select s.month, s.project_id, s.user_id, s.status, s.billable, s.invoiced, s.hourly_rate, s.residue,
        s.entries, s.minutes, s.value
      from time_month_totals s
      where s.month between ${months.first}::date and ${months.last}::date and s.entries <> 0${conditions(filter, (name) => SUMMARY_COLUMNS[name])}`);
  if (add.length > 0) parts.push(entryFacts(filter, add, sql``));
  // Days taken off a whole month: the same groups with their counts negated, so that every sum over
  // the facts (values included: bureau_group_value is linear in entries and minutes for a residue
  // and a rate) is the month's less those days'. A group they empty sums to zero entries: the
  // reports keep only groups with entries.
  if (subtract.length > 0) parts.push(entryFacts(filter, subtract, sql`-`));
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/** The entries of some runs of days as facts, their counts multiplied by `sign` (nothing or "-"). */
function entryFacts(filter: TimeFactFilter, runs: DateRange[], sign: SQL): SQL {
  const ranges = sql.join(
    runs.map((range) => sql`e.date between ${range.from}::date and ${range.to}::date`),
    sql` or `,
  );
  return sql`select bureau_month_of(e.date) as month, e.project_id, e.user_id, t.status, e.billable,
      e.invoice_line_id is not null as invoiced, e.hourly_rate, e.minutes % 60 as residue,
      (${sign}count(*))::bigint as entries, (${sign}sum(e.minutes))::bigint as minutes,
      (${sign}sum(bureau_entry_value(e.minutes, e.hourly_rate)))::bigint as value
    from time_entries e join timesheets t on t.id = e.timesheet_id
    where (${ranges})${conditions(filter, (name) => ENTRY_COLUMNS[name])}
    group by 1, 2, 3, 4, 5, 6, 7, 8`;
}

/** The rate approval would freeze, with p the project and c the client joined: the project's, the client's, the firm's. */
export function freezingRate(firmRate: number | null): SQL {
  return sql`coalesce(p.hourly_rate, c.default_hourly_rate, ${firmRate}::integer)`;
}

/**
 * A fact's value (alias f): the stored value when approved (frozen rates), else its entries at
 * `rate` (by default freezingRate, with p the project and c the client joined).
 */
export function factValue(firmRate: number | null, rate: SQL = freezingRate(firmRate)): SQL {
  return sql`case when f.status = 'approved' then f.value
    else bureau_group_value(f.entries, f.minutes, f.residue, ${rate}) end`;
}
