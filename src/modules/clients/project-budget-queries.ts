// What a project has spent of its budget in the budget's current period. Time is valued as the
// time report values it (time-report-queries.ts): an approved entry at the rate frozen at approval,
// an entry of a week not yet approved at the rate approval would freeze (project, else client, else
// the firm's), that part reported apart as an estimate. An hours budget counts all the project's
// time; a money budget counts billable time (non-billable time is worth nothing to the client).
import "server-only";
import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, project, timeEntry, timesheet } from "@/db/schema";
import { rateOf } from "@/modules/reports/time-report-queries";
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

const hasBudget = or(isNotNull(project.budgetMinutes), isNotNull(project.budgetAmount));

/**
 * The usage of the budgeted projects chosen by `where` (by ids, by client, or every active one),
 * in one statement: a total budget sums all the project's time, a monthly one the days of the
 * month `now` falls in in the firm's timezone.
 */
export async function findBudgetUsage(
  db: Executor,
  where: { projectIds: readonly string[] } | { clientId: string } | { active: true },
  settings: BudgetSettings,
  now: Date = new Date(),
): Promise<BudgetUsage[]> {
  if ("projectIds" in where && where.projectIds.length === 0) return [];
  const month = budgetPeriodAt("month", now, settings.timezone);
  const inPeriod = sql`(${project.budgetPeriod} = 'total' or ${timeEntry.date} between ${month.from} and ${month.to})`;
  const value = sql`bureau_entry_value(${timeEntry.minutes}, ${rateOf(settings.defaultHourlyRate)})`;
  const sumWhen = (condition: SQL, what: SQL) =>
    sql<string>`coalesce(sum(case when ${condition} then ${what} else 0 end), 0)`;
  const chosen =
    "projectIds" in where
      ? inArray(project.id, [...where.projectIds])
      : "clientId" in where
        ? eq(project.clientId, where.clientId)
        : and(isNull(project.archivedAt), isNull(client.archivedAt));
  const rows = await db
    .select({
      projectId: project.id,
      projectName: project.name,
      clientId: client.id,
      clientName: client.name,
      currency: client.currency,
      budgetMinutes: project.budgetMinutes,
      budgetAmount: project.budgetAmount,
      budgetPeriod: project.budgetPeriod,
      minutes: sumWhen(inPeriod, sql`${timeEntry.minutes}`),
      amount: sumWhen(sql`${inPeriod} and ${timeEntry.billable}`, value),
      estimated: sumWhen(sql`${inPeriod} and ${timeEntry.billable} and ${timesheet.status} <> 'approved'`, value),
    })
    .from(project)
    .innerJoin(client, eq(client.id, project.clientId))
    .leftJoin(timeEntry, eq(timeEntry.projectId, project.id))
    .leftJoin(timesheet, eq(timesheet.id, timeEntry.timesheetId))
    .where(and(chosen, hasBudget))
    .groupBy(project.id, client.id)
    .orderBy(sql`lower(${project.name})`, project.id);
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
