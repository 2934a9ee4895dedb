import { getTranslations } from "next-intl/server";
import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { FilterBar, FilterField } from "@/components/list/filter-bar";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/dates";
import type { findTimesheets } from "../timesheet-queries";
import { formatDuration, TIMESHEET_STATUSES, weekLabelParts } from "../timesheet-rules";
import { type TimesheetListParams, timesheetList } from "../timesheet-schemas";
import { ApprovalQueue } from "./approval-queue-loader";
import { TimesheetListRows } from "./timesheet-list-rows";

/** Whether a filter narrows the list (the view and the page do not). */
export function isTimesheetListFiltered(params: TimesheetListParams): boolean {
  return Boolean(params.status || params.week || params.person);
}

/** Status and week; on Everyone's view, the person too. */
export async function TimesheetFilters({
  params,
  people,
}: {
  params: TimesheetListParams;
  people: { id: string; name: string; active: boolean }[];
}) {
  const t = await getTranslations("timesheets");
  return (
    <FilterBar
      action={timesheetList.path}
      label={t("filters.label")}
      keep={{ view: params.view === "mine" ? undefined : params.view }}
      submitVariant="outline"
      clearHref={isTimesheetListFiltered(params) ? timesheetList.href({ view: params.view }) : undefined}
    >
      {params.view === "all" ? (
        <FilterField label={t("filters.person")} htmlFor="filter-person">
          <NativeSelect id="filter-person" name="person" defaultValue={params.person ?? ""}>
            <option value="">{t("filters.everyone")}</option>
            {people.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
                {item.active ? "" : t("filters.deactivated")}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
      ) : null}
      <FilterField label={t("filters.status")} htmlFor="filter-status">
        <NativeSelect id="filter-status" name="status" defaultValue={params.status ?? ""}>
          <option value="">{t("filters.anyStatus")}</option>
          {TIMESHEET_STATUSES.map((item) => (
            <option key={item} value={item}>
              {t(`status.${item}`)}
            </option>
          ))}
          <option value="open">{t("filters.open")}</option>
        </NativeSelect>
      </FilterField>
      <FilterField label={t("filters.week")} htmlFor="filter-week">
        <Input id="filter-week" name="week" type="date" defaultValue={params.week ?? ""} className="w-44" />
      </FilterField>
    </FilterBar>
  );
}

/** Nothing in the view: an empty queue, no week matching the filters, or no week yet. */
export function TimesheetListEmpty({ params }: { params: TimesheetListParams }) {
  const t = useTranslations("timesheets.list.empty");
  if (params.view === "queue") return <EmptyState title={t("queue")} description={t("queueHint")} />;
  const filtered = isTimesheetListFiltered(params);
  return (
    <EmptyState
      title={filtered ? t("filtered") : t("none")}
      description={filtered ? t("filteredHint") : t("noneHint")}
      action={
        <Button asChild>
          <Link href="/bo/timesheets/create">{t("new")}</Link>
        </Button>
      }
    />
  );
}

type TimesheetRow = Awaited<ReturnType<typeof findTimesheets>>["rows"][number];
type Firm = { locale: string; timezone: string };
type WeekLabel = (parts: { week: number; date: string }) => string;

/** A week's labels, written for the firm. */
function labelsOf(row: TimesheetRow, { locale, timezone }: Firm, weekLabel: WeekLabel) {
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  return {
    week: weekLabel(weekLabelParts(row.weekStart, locale, timezone)),
    hours: hours(row.totalMinutes),
    billableHours: hours(row.billableMinutes),
    submitted: row.submittedAt ? formatDateTime(row.submittedAt, locale, timezone) : "—",
  };
}

/** One page of weeks; the person column on Everyone's view. */
export async function TimesheetTable({
  rows,
  showPerson,
  firm,
}: {
  rows: TimesheetRow[];
  showPerson: boolean;
  firm: Firm;
}) {
  const t = await getTranslations("timesheets");
  const weekLabel: WeekLabel = (parts) => t("weekLabel", parts);
  return (
    <Table containerClassName="rounded-lg border max-h-[calc(100dvh-16rem)]">
      <TableHeader>
        <TableRow>
          <TableHead>{t("list.week")}</TableHead>
          {showPerson ? <TableHead>{t("list.person")}</TableHead> : null}
          <TableHead>{t("list.status")}</TableHead>
          <TableHead figure>{t("list.hours")}</TableHead>
          <TableHead figure from="sm">
            {t("list.billable")}
          </TableHead>
          <TableHead from="md">{t("list.submitted")}</TableHead>
        </TableRow>
      </TableHeader>
      <TimesheetListRows
        showPerson={showPerson}
        rows={rows.map((row) => ({
          id: row.id,
          userName: row.userName,
          status: row.status,
          ...labelsOf(row, firm, weekLabel),
        }))}
      />
    </Table>
  );
}

/** The approval queue's weeks, to approve or reject one by one or several at once. */
export async function TimesheetQueue({ rows, firm }: { rows: TimesheetRow[]; firm: Firm }) {
  const t = await getTranslations("timesheets");
  const weekLabel: WeekLabel = (parts) => t("weekLabel", parts);
  return (
    <ApprovalQueue
      rows={rows.map((row) => {
        const labels = labelsOf(row, firm, weekLabel);
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
