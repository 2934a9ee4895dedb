// Project profitability (decision 053): per project, for the entries dated in a period, revenue
// (billable time on issued invoices, approved time not yet invoiced, both at the rates frozen at
// approval, and time of weeks not yet approved at the rate approval would freeze: the time report's
// values, rateOf and bureau_entry_value) against cost (each person's minutes on the project at their
// current cost rate, users.cost_rate), and the approved expenses dated in the period (decision 065:
// their net is a cost, a billable one revenue at its billed price), and the other invoice lines
// linked to the project on documents issued in the period (decision 068: their net is revenue). One GROUP BY per (project, person) over the period's facts
// (time-facts.ts, decision 063); the fold, the rounding and the margins are report-rules.ts's. Only for those with cost.read (administrators).
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { requirePermission } from "@/modules/users/permissions";
import {
  type DateRange,
  type ProfitLinesPart,
  type ProfitPart,
  type ProfitRow,
  profitRowsOf,
  type ProfitTotal,
} from "./report-rules";
import type { ProfitabilityReportParams } from "./report-schemas";
import { rowsOf } from "./sales-journal-queries";
import { factValue, timeFacts } from "./time-facts";
import type { Viewer } from "./time-report-queries";

export type ProfitabilityFilter = DateRange & Partial<Pick<ProfitabilityReportParams, "client" | "project">>;

/** A (project, person) part as the database returns it: sums as strings, invoiced as "on a line". */
type FactPart = Omit<ProfitPart, "costRate" | "minutes" | "billableMinutes" | "invoiced" | "uninvoiced" | "estimated"> &
  Record<"minutes" | "billableMinutes" | "onLines" | "uninvoiced" | "estimated", string> & {
    costRate: number | string | null;
  };

export async function findProfitabilityReport(
  db: Executor,
  viewer: Viewer,
  filter: ProfitabilityFilter,
  firmRate: number | null,
): Promise<{ rows: ProfitRow[]; totals: ProfitTotal[] }> {
  requirePermission(viewer, "cost.read", "Only administrators see what people cost.");
  // Invoiced: on an issued document, whatever has happened to it since. The facts know only "on an
  // invoice line"; the approved billable time on draft invoices (a few lines) is moved back to
  // uninvoiced from the entries themselves.
  const value = factValue(firmRate);
  const scope = filter.client ? sql`where p.client_id = ${filter.client}::uuid` : sql``;
  const facts = timeFacts({ from: filter.from, to: filter.to, project: filter.project });
  const [parts, onDrafts, expenses, lines] = await Promise.all([
    rowsOf<FactPart>(
      db,
      sql`select p.id as "projectId", p.name as "projectName", c.id as "clientId", c.name as "clientName",
          c.currency, u.id as "userId", u.name as "userName", u.cost_rate as "costRate",
          sum(f.minutes) as minutes,
          coalesce(sum(f.minutes) filter (where f.billable), 0) as "billableMinutes",
          coalesce(sum(${value}) filter (where f.billable and f.status = 'approved' and f.invoiced), 0) as "onLines",
          coalesce(sum(${value}) filter (where f.billable and f.status = 'approved' and not f.invoiced), 0) as uninvoiced,
          coalesce(sum(${value}) filter (where f.billable and f.status <> 'approved'), 0) as estimated
        from ${facts} f
        join projects p on p.id = f.project_id
        join clients c on c.id = p.client_id
        join users u on u.id = f.user_id
        ${scope}
        group by p.id, c.id, u.id
        having sum(f.entries) <> 0`,
    ),
    rowsOf<{ projectId: string; userId: string; value: string }>(
      db,
      sql`select e.project_id as "projectId", e.user_id as "userId", sum(bureau_entry_value(e.minutes, e.hourly_rate)) as value
        from invoices i
        join invoice_lines l on l.invoice_id = i.id
        join time_entries e on e.invoice_line_id = l.id
        join timesheets t on t.id = e.timesheet_id
        join projects p on p.id = e.project_id
        where i.status = 'draft' and e.billable and t.status = 'approved'
          and e.date between ${filter.from}::date and ${filter.to}::date
          ${filter.project ? sql`and e.project_id = ${filter.project}::uuid` : sql``}
          ${filter.client ? sql`and p.client_id = ${filter.client}::uuid` : sql``}
        group by 1, 2`,
    ),
    // Approved expenses dated in the period, in their client's currency (one in another currency
    // is billed on no invoice of this client, decision 065, so it is left out of the margin):
    // the net is a cost; a billable one is revenue at its billed price, rounded half-up per expense.
    rowsOf<
      Pick<ProfitPart, "projectId" | "projectName" | "clientId" | "clientName" | "currency" | "userId" | "userName"> & {
        costRate: number | string | null;
        cost: string;
        revenue: string;
      }
    >(
      db,
      sql`select p.id as "projectId", p.name as "projectName", c.id as "clientId", c.name as "clientName",
          c.currency, u.id as "userId", u.name as "userName", u.cost_rate as "costRate",
          sum(x.net_amount) as cost,
          coalesce(sum(round(x.net_amount::numeric * (10000 + x.markup_bp) / 10000)) filter (where x.billable), 0) as revenue
        from expenses x
        join projects p on p.id = x.project_id
        join clients c on c.id = p.client_id
        join users u on u.id = x.user_id
        where x.status = 'approved' and x.currency = c.currency
          and x.date between ${filter.from}::date and ${filter.to}::date
          ${filter.project ? sql`and x.project_id = ${filter.project}::uuid` : sql``}
          ${filter.client ? sql`and p.client_id = ${filter.client}::uuid` : sql``}
        group by p.id, c.id, u.id`,
    ),
    // The other invoice lines linked to a project (decision 068), by their document's issue date:
    // on invoices issued, partly paid or paid, and on issued credit notes, whose nets are negative.
    // A cancelled invoice is left out, and so are the credit notes that cancelled it: together they
    // credit exactly its total, so counting only the credit notes would take away what was never
    // counted. Only in the client's currency (a project's one), never summed across currencies.
    rowsOf<Omit<ProfitLinesPart, "net"> & { net: string }>(
      db,
      sql`select p.id as "projectId", p.name as "projectName", c.id as "clientId", c.name as "clientName",
          c.currency, sum(l.net) as net
        from invoice_lines l
        join invoices i on i.id = l.invoice_id
        join projects p on p.id = l.project_id
        join clients c on c.id = p.client_id
        left join invoices credited on credited.id = i.credited_invoice_id
        where l.project_id is not null and i.currency = c.currency
          and i.issue_date between ${filter.from}::date and ${filter.to}::date
          and (
            (i.kind = 'invoice' and i.status in ('issued', 'partially_paid', 'paid'))
            or (i.kind = 'credit_note' and i.status <> 'draft' and credited.status is distinct from 'cancelled')
          )
          ${filter.project ? sql`and l.project_id = ${filter.project}::uuid` : sql``}
          ${filter.client ? sql`and p.client_id = ${filter.client}::uuid` : sql``}
        group by p.id, c.id`,
    ),
  ]);
  const drafted = new Map(onDrafts.map((row) => [`${row.projectId}|${row.userId}`, Number(row.value)]));
  const spent = new Map(expenses.map((row) => [`${row.projectId}|${row.userId}`, row]));
  // A person with expenses but no time on the project in the period still has a part.
  const timeKeys = new Set(parts.map((part) => `${part.projectId}|${part.userId}`));
  const expenseOnly: FactPart[] = expenses
    .filter((row) => !timeKeys.has(`${row.projectId}|${row.userId}`))
    .map((row) => ({
      projectId: row.projectId,
      projectName: row.projectName,
      clientId: row.clientId,
      clientName: row.clientName,
      currency: row.currency,
      userId: row.userId,
      userName: row.userName,
      costRate: row.costRate,
      minutes: "0",
      billableMinutes: "0",
      onLines: "0",
      uninvoiced: "0",
      estimated: "0",
    }));
  return profitRowsOf(
    [...parts, ...expenseOnly].map(({ onLines, ...part }) => {
      const spending = spent.get(`${part.projectId}|${part.userId}`);
      const onDraft = drafted.get(`${part.projectId}|${part.userId}`) ?? 0;
      return {
        ...part,
        costRate: part.costRate === null ? null : Number(part.costRate),
        minutes: Number(part.minutes),
        billableMinutes: Number(part.billableMinutes),
        invoiced: Number(onLines) - onDraft,
        uninvoiced: Number(part.uninvoiced) + onDraft,
        estimated: Number(part.estimated),
        expenseCost: spending ? Number(spending.cost) : 0,
        expenseRevenue: spending ? Number(spending.revenue) : 0,
      };
    }),
    lines.map((row) => ({ ...row, net: Number(row.net) })),
  );
}
