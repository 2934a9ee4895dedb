import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { FilterBar, FilterField } from "@/components/list/filter-bar";
import type { Noun } from "@/components/list/pager";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/dates";
import type { findTimesheets } from "../timesheet-queries";
import { formatDuration, TIMESHEET_STATUSES } from "../timesheet-rules";
import { type TimesheetListParams, timesheetList } from "../timesheet-schemas";
import { ApprovalQueue } from "./approval-queue";
import { TimesheetListRows } from "./timesheet-list-rows";
import { TIMESHEET_STATUS_LABELS, weekLabel } from "./timesheet-status-badge";

export const TIMESHEET_NOUN: Noun = { one: "timesheet", other: "timesheets" };

/** Whether a filter narrows the list (the view and the page do not). */
export function isTimesheetListFiltered(params: TimesheetListParams): boolean {
  return Boolean(params.status || params.week || params.person);
}

/** Status and week; on Everyone's view, the person too. */
export function TimesheetFilters({
  params,
  people,
}: {
  params: TimesheetListParams;
  people: { id: string; name: string; active: boolean }[];
}) {
  return (
    <FilterBar
      action={timesheetList.path}
      label="Filter timesheets"
      keep={{ view: params.view === "mine" ? undefined : params.view }}
      submitVariant="outline"
      clearHref={isTimesheetListFiltered(params) ? timesheetList.href({ view: params.view }) : undefined}
    >
      {params.view === "all" ? (
        <FilterField label="Person" htmlFor="filter-person">
          <NativeSelect id="filter-person" name="person" defaultValue={params.person ?? ""}>
            <option value="">Everyone</option>
            {people.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
                {item.active ? "" : " (deactivated)"}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
      ) : null}
      <FilterField label="Status" htmlFor="filter-status">
        <NativeSelect id="filter-status" name="status" defaultValue={params.status ?? ""}>
          <option value="">Any status</option>
          {TIMESHEET_STATUSES.map((item) => (
            <option key={item} value={item}>
              {TIMESHEET_STATUS_LABELS[item]}
            </option>
          ))}
          <option value="open">Draft or rejected</option>
        </NativeSelect>
      </FilterField>
      <FilterField label="Week containing" htmlFor="filter-week">
        <Input id="filter-week" name="week" type="date" defaultValue={params.week ?? ""} className="w-44" />
      </FilterField>
    </FilterBar>
  );
}

/** Nothing in the view: an empty queue, no week matching the filters, or no week yet. */
export function TimesheetListEmpty({ params }: { params: TimesheetListParams }) {
  if (params.view === "queue")
    return (
      <EmptyState title="Nothing waiting for approval" description="Submitted weeks from your team appear here." />
    );
  const filtered = isTimesheetListFiltered(params);
  return (
    <EmptyState
      title={filtered ? "No timesheet matches these filters" : "No timesheets yet"}
      description={
        filtered ? "Change or clear the filters." : "Start with this week: open a new timesheet and log your hours."
      }
      action={
        <Button asChild>
          <Link href="/bo/timesheets/create">New timesheet</Link>
        </Button>
      }
    />
  );
}

type TimesheetRow = Awaited<ReturnType<typeof findTimesheets>>["rows"][number];
type Firm = { locale: string; timezone: string };

/** A week's labels, written for the firm. */
function labelsOf(row: TimesheetRow, { locale, timezone }: Firm) {
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  return {
    week: weekLabel(row.weekStart, locale, timezone),
    hours: hours(row.totalMinutes),
    billableHours: hours(row.billableMinutes),
    submitted: row.submittedAt ? formatDateTime(row.submittedAt, locale, timezone) : "—",
  };
}

/** One page of weeks; the person column on Everyone's view. */
export function TimesheetTable({ rows, showPerson, firm }: { rows: TimesheetRow[]; showPerson: boolean; firm: Firm }) {
  return (
    <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
      <TableHeader>
        <TableRow>
          <TableHead>Week</TableHead>
          {showPerson ? <TableHead>Person</TableHead> : null}
          <TableHead>Status</TableHead>
          <TableHead figure>Hours</TableHead>
          <TableHead figure from="sm">
            Billable
          </TableHead>
          <TableHead from="md">Submitted</TableHead>
        </TableRow>
      </TableHeader>
      <TimesheetListRows
        showPerson={showPerson}
        rows={rows.map((row) => ({ id: row.id, userName: row.userName, status: row.status, ...labelsOf(row, firm) }))}
      />
    </Table>
  );
}

/** The approval queue's weeks, to approve or reject one by one or several at once. */
export function TimesheetQueue({ rows, firm }: { rows: TimesheetRow[]; firm: Firm }) {
  return (
    <ApprovalQueue
      rows={rows.map((row) => {
        const labels = labelsOf(row, firm);
        return {
          id: row.id,
          version: row.version,
          userName: row.userName,
          weekLabel: labels.week,
          submittedLabel: labels.submitted,
          totalLabel: labels.hours,
          billableLabel: labels.billableHours,
        };
      })}
    />
  );
}
