// The time of a period as groups of entries (decision 063): whole calendar months from
// time_month_totals (drizzle/0034, kept by triggers), the days at the period's ends from the
// entries themselves, in one shape: month, project, person, timesheet status, billable, invoiced,
// frozen rate, minutes modulo 60, and the group's entries, minutes and value at the frozen rate.
// The time report, utilisation and profitability aggregate these few thousand rows instead of
// every entry of a year. factValue prices a group as rateOf and bureau_entry_value price its
// entries one by one: approved at the frozen rate (the stored value), else at the rate approval
// would freeze, each entry rounded on its own (bureau_group_value).
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { type DateRange, splitByWholeMonths } from "./report-rules";

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
  const { months, days } = splitByWholeMonths(filter);
  const parts: SQL[] = [];
  if (months)
    parts.push(sql`select s.month, s.project_id, s.user_id, s.status, s.billable, s.invoiced, s.hourly_rate, s.residue,
        s.entries, s.minutes, s.value
      from time_month_totals s
      where s.month between ${months.first}::date and ${months.last}::date and s.entries <> 0${conditions(filter, (name) => SUMMARY_COLUMNS[name])}`);
  if (days.length > 0) {
    const ranges = sql.join(
      days.map((range) => sql`e.date between ${range.from}::date and ${range.to}::date`),
      sql` or `,
    );
    parts.push(sql`select bureau_month_of(e.date) as month, e.project_id, e.user_id, t.status, e.billable,
        e.invoice_line_id is not null as invoiced, e.hourly_rate, e.minutes % 60 as residue,
        count(*)::bigint as entries, sum(e.minutes)::bigint as minutes,
        sum(bureau_entry_value(e.minutes, e.hourly_rate))::bigint as value
      from time_entries e join timesheets t on t.id = e.timesheet_id
      where (${ranges})${conditions(filter, (name) => ENTRY_COLUMNS[name])}
      group by 1, 2, 3, 4, 5, 6, 7, 8`);
  }
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/**
 * A fact's value (alias f), with p the project and c the client joined: the stored value when
 * approved (frozen rates), else the rate approval would freeze (project, client, the firm's).
 */
export function factValue(firmRate: number | null): SQL {
  return sql`case when f.status = 'approved' then f.value
    else bureau_group_value(f.entries, f.minutes, f.residue, coalesce(p.hourly_rate, c.default_hourly_rate, ${firmRate}::integer)) end`;
}
