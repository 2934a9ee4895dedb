// Utilisation: per person, the billable and non-billable hours of a period against their capacity
// (users.weekly_capacity_minutes, else the firm's working week: users/capacity.ts) spread over
// the period's working days (report-rules.ts). The time counted is the time report's: every week
// whatever its status, or the weeks of one status when the filter names one. Everyone active is
// listed (with no time, 0 %), and whoever logged time in the period though no longer active.
// Staff see only themselves, whatever the address asks. The minutes come from the period's facts
// (time-facts.ts: whole months from the summary kept by triggers, decision 063).
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { findTimesheetPeople } from "@/modules/timesheets/timesheet-queries";
import { personWeeklyMinutes } from "@/modules/users/capacity";
import { capacityMinutes, type DateRange, utilisationPercent, workingDays } from "./report-rules";
import type { UtilisationReportParams } from "./report-schemas";
import { rowsOf } from "./sales-journal-queries";
import { timeFacts } from "./time-facts";
import { timeReportScope, type Viewer } from "./time-report-queries";

export type UtilisationFilter = DateRange & Partial<Pick<UtilisationReportParams, "person" | "status">>;

export type UtilisationRow = {
  userId: string;
  name: string;
  weeklyMinutes: number;
  capacityMinutes: number;
  billableMinutes: number;
  nonBillableMinutes: number;
  /** Billable over capacity, whole percent; null when the period has no working day. */
  percent: number | null;
};

export type UtilisationTotals = Omit<UtilisationRow, "userId" | "name" | "weeklyMinutes">;

/** The filter as the viewer may run it: staff see themselves, whatever the address asks. */
export function scopedUtilisationFilter(viewer: Viewer, filter: UtilisationFilter): UtilisationFilter {
  return timeReportScope(viewer).everyone ? filter : { ...filter, person: viewer.id };
}

export async function findUtilisationReport(
  db: Executor,
  viewer: Viewer,
  asked: UtilisationFilter,
  firm: { country: string; weeklyCapacityMinutes: number | null },
): Promise<{ rows: UtilisationRow[]; totals: UtilisationTotals; workingDays: number }> {
  const filter = scopedUtilisationFilter(viewer, asked);
  const [minutes, people] = await Promise.all([
    rowsOf<{ userId: string; billable: string; nonBillable: string }>(
      db,
      sql`select f.user_id as "userId",
          coalesce(sum(f.minutes) filter (where f.billable), 0) as billable,
          coalesce(sum(f.minutes) filter (where not f.billable), 0) as "nonBillable"
        from ${timeFacts({ from: filter.from, to: filter.to, person: filter.person, status: filter.status })} f
        group by f.user_id
        having sum(f.entries) <> 0`,
    ),
    findTimesheetPeople(db),
  ]);
  const byPerson = new Map(
    minutes.map((row) => [row.userId, { billable: Number(row.billable), nonBillable: Number(row.nonBillable) }]),
  );
  const rows = people
    .filter((person) => (filter.person ? person.id === filter.person : person.active || byPerson.has(person.id)))
    .map((person): UtilisationRow => {
      const logged = byPerson.get(person.id) ?? { billable: 0, nonBillable: 0 };
      const weeklyMinutes = personWeeklyMinutes(person, firm);
      const capacity = capacityMinutes(weeklyMinutes, filter);
      return {
        userId: person.id,
        name: person.name,
        weeklyMinutes,
        capacityMinutes: capacity,
        billableMinutes: logged.billable,
        nonBillableMinutes: logged.nonBillable,
        percent: utilisationPercent(logged.billable, capacity),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  const totals = rows.reduce(
    (sum, row) => ({
      capacityMinutes: sum.capacityMinutes + row.capacityMinutes,
      billableMinutes: sum.billableMinutes + row.billableMinutes,
      nonBillableMinutes: sum.nonBillableMinutes + row.nonBillableMinutes,
    }),
    { capacityMinutes: 0, billableMinutes: 0, nonBillableMinutes: 0 },
  );
  return {
    rows,
    totals: { ...totals, percent: utilisationPercent(totals.billableMinutes, totals.capacityMinutes) },
    workingDays: workingDays(filter),
  };
}
