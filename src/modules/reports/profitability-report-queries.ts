// Project profitability (decision 053): per project, for the entries dated in a period, revenue
// (billable time on issued invoices, approved time not yet invoiced, both at the rates frozen at
// approval, and time of weeks not yet approved at the rate approval would freeze: the time report's
// values, rateOf and bureau_entry_value) against cost (each person's minutes on the project at their
// current cost rate, users.cost_rate). One GROUP BY per (project, person); the fold, the rounding
// and the margins are report-rules.ts's. Only for those with cost.read (administrators).
import "server-only";
import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, invoice, invoiceLine, project, timeEntry, timesheet, user } from "@/db/schema";
import { requirePermission } from "@/modules/users/permissions";
import { type DateRange, type ProfitRow, profitRowsOf, type ProfitTotal } from "./report-rules";
import type { ProfitabilityReportParams } from "./report-schemas";
import { rateOf, type Viewer } from "./time-report-queries";

export type ProfitabilityFilter = DateRange & Partial<Pick<ProfitabilityReportParams, "client" | "project">>;

const sumWhen = (condition: SQL, what: SQL) =>
  sql<string>`coalesce(sum(case when ${condition} then ${what} else 0 end), 0)`;

export async function findProfitabilityReport(
  db: Executor,
  viewer: Viewer,
  filter: ProfitabilityFilter,
  firmRate: number | null,
): Promise<{ rows: ProfitRow[]; totals: ProfitTotal[] }> {
  requirePermission(viewer, "cost.read", "Only administrators see what people cost.");
  const value = sql`bureau_entry_value(${timeEntry.minutes}, ${rateOf(firmRate)})`;
  const approved = sql`${timesheet.status} = 'approved'`;
  // An issued document: numbered, whatever has happened to it since (paid, credited).
  const onIssued = sql`${invoice.status} is not null and ${invoice.status} <> 'draft'`;
  const billable = sql`${timeEntry.billable}`;
  const parts = await db
    .select({
      projectId: project.id,
      projectName: project.name,
      clientId: client.id,
      clientName: client.name,
      currency: client.currency,
      userId: user.id,
      userName: user.name,
      costRate: user.costRate,
      minutes: sql<string>`sum(${timeEntry.minutes})`,
      billableMinutes: sumWhen(billable, sql`${timeEntry.minutes}`),
      invoiced: sumWhen(sql`${billable} and ${approved} and ${onIssued}`, value),
      uninvoiced: sumWhen(sql`${billable} and ${approved} and not (${onIssued})`, value),
      estimated: sumWhen(sql`${billable} and not (${approved})`, value),
    })
    .from(timeEntry)
    .innerJoin(timesheet, eq(timesheet.id, timeEntry.timesheetId))
    .innerJoin(project, eq(project.id, timeEntry.projectId))
    .innerJoin(client, eq(client.id, project.clientId))
    .innerJoin(user, eq(user.id, timeEntry.userId))
    .leftJoin(invoiceLine, eq(invoiceLine.id, timeEntry.invoiceLineId))
    .leftJoin(invoice, eq(invoice.id, invoiceLine.invoiceId))
    .where(
      and(
        gte(timeEntry.date, filter.from),
        lte(timeEntry.date, filter.to),
        filter.client ? eq(project.clientId, filter.client) : undefined,
        filter.project ? eq(timeEntry.projectId, filter.project) : undefined,
      ),
    )
    .groupBy(project.id, client.id, user.id);
  return profitRowsOf(
    parts.map((part) => ({
      ...part,
      minutes: Number(part.minutes),
      billableMinutes: Number(part.billableMinutes),
      invoiced: Number(part.invoiced),
      uninvoiced: Number(part.uninvoiced),
      estimated: Number(part.estimated),
    })),
  );
}
