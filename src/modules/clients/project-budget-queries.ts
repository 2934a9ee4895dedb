// What a project has spent of its budget in the budget's current period. Time is valued as the
// time report values it (time-report-queries.ts): an approved entry at the rate frozen at approval,
// an entry of a week not yet approved at the rate approval would freeze (project, else client, else
// the firm's), that part reported apart as an estimate. An hours budget counts all the project's
// time; a money budget counts billable time (non-billable time is worth nothing to the client).
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { rowsOf } from "@/modules/reports/sales-journal-queries";
import { factValue, freezingRate } from "@/modules/reports/time-facts";
import {
  budgetOf,
  budgetPercent,
  budgetPeriodAt,
  budgetState,
  type BudgetState,
  type ProjectBudget,
} from "./budget-rules";

export type BudgetUsage = {
  projectId: string;
  projectName: string;
  clientId: string;
  clientName: string;
  currency: string;
  budget: ProjectBudget;
  /** The period's key ("total", "2026-11") and its first and last day (null: all time). */
  period: { key: string; from: string | null; to: string | null };
  /** Spent in the budget's unit: minutes for hours, minor units for money. */
  spent: number;
  /** Of a money budget's spent, the part of weeks not yet approved (at the rate they would freeze to). */
  estimated: number;
  percent: number;
  state: BudgetState;
};

export type BudgetSettings = { timezone: string; defaultHourlyRate: number | null };

type BudgetRow = {
  projectId: string;
  projectName: string;
  clientId: string;
  clientName: string;
  currency: string;
  budgetMinutes: number | null;
  budgetAmount: number | null;
  budgetPeriod: "total" | "month";
  minutes: string | number;
  amount: string | number;
  estimated: string | number;
};

/**
 * The usage of the budgeted projects chosen by `where` (by ids, by client, or every active one),
 * in one statement: a total budget sums all the project's time, a monthly one the days of the
 * month `now` falls in in the firm's timezone.
 */
export async function findBudgetUsage(
  db: Executor,
  where: { projectIds: readonly string[] } | { clientId: string } | { active: true; onlyOver?: boolean },
  settings: BudgetSettings,
  now: Date = new Date(),
): Promise<BudgetUsage[]> {
  if ("projectIds" in where && where.projectIds.length === 0) return [];
  const month = budgetPeriodAt("month", now, settings.timezone);
  // From the monthly time summary the triggers keep (time_month_totals, decision 063): a budget's
  // period is all time or one whole calendar month, so no entry is read (reading them took 0.4 s
  // for the dashboard on the large data set).
  const chosen =
    "projectIds" in where
      ? sql`p.id in (${sql.join(
          where.projectIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : "clientId" in where
        ? sql`p.client_id = ${where.clientId}::uuid`
        : sql`p.archived_at is null and c.archived_at is null`;
  const budgeted = sql`${chosen} and (p.budget_minutes is not null or p.budget_amount is not null)`;
  // Each chosen project's spent in its period, summed before the projects' and clients' names are
  // joined (for the dashboard, 2,300 budgeted projects on the large data set, of which a hundred are
  // over: 18 % less time than one GROUP BY over the joined rows). Time is valued as the reports value
  // it (factValue), at the rate approval would freeze computed once per project.
  const value = factValue(settings.defaultHourlyRate, sql`b.rate`);
  const spent = sql`select b.id,
        sum(f.minutes) as minutes,
        coalesce(sum(${value}) filter (where f.billable), 0) as amount,
        coalesce(sum(${value}) filter (where f.billable and f.status <> 'approved'), 0) as estimated
      from (
        select p.id, p.budget_period, ${freezingRate(settings.defaultHourlyRate)} as rate
        from projects p join clients c on c.id = p.client_id
        where ${budgeted}
      ) b
      join time_month_totals f on f.project_id = b.id and f.entries <> 0 and (b.budget_period = 'total' or f.month = ${month.from}::date)
      group by b.id`;
  const columns = sql`p.id as "projectId", p.name as "projectName", c.id as "clientId", c.name as "clientName",
      c.currency, p.budget_minutes as "budgetMinutes", p.budget_amount as "budgetAmount", p.budget_period as "budgetPeriod"`;
  const rows = await rowsOf<BudgetRow>(
    db,
    "onlyOver" in where && where.onlyOver
      ? // Only the budgets reached (budgetOf's unit, budgetState's "over": spent ≥ budget), for the
        // dashboard: a project without time in its period has reached none, and the database drops
        // the others instead of sending thousands of rows to be dropped.
        sql`select ${columns}, s.minutes, s.amount, s.estimated
          from (${spent}) s
          join projects p on p.id = s.id
          join clients c on c.id = p.client_id
          where case when p.budget_minutes > 0 then s.minutes >= p.budget_minutes
            when p.budget_amount > 0 then s.amount >= p.budget_amount else false end
          order by lower(p.name), p.id`
      : sql`select ${columns},
            coalesce(s.minutes, 0) as minutes, coalesce(s.amount, 0) as amount, coalesce(s.estimated, 0) as estimated
          from projects p
          join clients c on c.id = p.client_id
          left join (${spent}) s on s.id = p.id
          where ${budgeted}
          order by lower(p.name), p.id`,
  );
  const usage: BudgetUsage[] = [];
  for (const row of rows) {
    const budget = budgetOf(row);
    if (!budget) continue;
    const spent = Number(budget.unit === "hours" ? row.minutes : row.amount);
    usage.push({
      projectId: row.projectId,
      projectName: row.projectName,
      clientId: row.clientId,
      clientName: row.clientName,
      currency: row.currency,
      budget,
      period: budget.period === "total" ? budgetPeriodAt("total", now, settings.timezone) : month,
      spent,
      estimated: budget.unit === "money" ? Number(row.estimated) : 0,
      percent: budgetPercent(spent, budget.amount),
      state: budgetState(spent, budget.amount),
    });
  }
  return usage;
}
