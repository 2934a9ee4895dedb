// Utilisation: per person, billable and non-billable hours of the period against their capacity,
// the utilisation as a figure and a bar for the eye (the bar is hidden from assistive technology:
// the figure in the same cell says it, and the table is the data).
import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { FilterBar, FilterField } from "@/components/list/filter-bar";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TIMESHEET_STATUSES } from "@/db/schema/timesheets";
import { WeekBar } from "@/modules/dashboard/components/team-week-rows";
import { formatDuration } from "@/modules/timesheets/timesheet-rules";
import type { DateRange } from "../report-rules";
import { timeReport, utilisationReport, type UtilisationReportParams } from "../report-schemas";
import type { UtilisationRow, UtilisationTotals } from "../utilisation-report-queries";
import { PeriodFields, PersonField } from "./report-parts";
import { numberFormat } from "@/lib/intl-cache";

type Option = { id: string; name: string };

export function UtilisationReportFilters({
  params,
  people,
}: {
  params: UtilisationReportParams;
  /** Empty for those who see only themselves. */
  people: Option[];
}) {
  const t = useTranslations("reports.utilisation");
  const tf = useTranslations("reports.filters");
  return (
    <FilterBar
      key={utilisationReport.query(params)}
      action={utilisationReport.path}
      label={t("filterLabel")}
      layout="panel"
      clearHref={utilisationReport.href({})}
    >
      <PeriodFields period={params.period} from={params.from} to={params.to} />
      <PersonField id="utilisation-person" people={people} person={params.person} />
      <FilterField label={tf("weekStatus")} htmlFor="utilisation-status">
        <NativeSelect id="utilisation-status" name="status" defaultValue={params.status ?? ""}>
          <option value="">{tf("anyStatus")}</option>
          {TIMESHEET_STATUSES.map((item) => (
            <option key={item} value={item}>
              {tf(`statuses.${item}`)}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
    </FilterBar>
  );
}

/** "85 %" in the firm's locale, "–" with no capacity. */
function percentText(percent: number | null, locale: string): string {
  if (percent === null) return "–";
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(percent / 100);
}

function UtilisationCell({ percent, locale }: { percent: number | null; locale: string }) {
  return (
    <div className="grid min-w-24 gap-1">
      <span className="tabular-nums">{percentText(percent, locale)}</span>
      {percent === null ? null : <WeekBar fillPercent={`${Math.min(percent, 100)}%`} isOverTarget={percent > 100} />}
    </div>
  );
}

export function UtilisationReportTable({
  rows,
  totals,
  range,
  status,
  locale,
}: {
  rows: UtilisationRow[];
  totals: UtilisationTotals;
  /** The period and week status read, which a person's link keeps into the time report. */
  range: DateRange;
  status?: UtilisationReportParams["status"];
  locale: string;
}) {
  const t = useTranslations("reports.utilisation");
  if (rows.length === 0) return <EmptyState title={t("empty.title")} description={t("empty.description")} />;
  const hours = (value: number) => formatDuration(value, "decimal", locale);
  return (
    <Table data-testid="utilisation-report">
      <TableHeader>
        <TableRow>
          <TableHead>{t("column.person")}</TableHead>
          <TableHead figure>{t("column.billable")}</TableHead>
          <TableHead figure from="sm">
            {t("column.notBillable")}
          </TableHead>
          <TableHead figure from="sm">
            {t("column.capacity")}
          </TableHead>
          <TableHead>{t("column.utilisation")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.userId}>
            <TableCell>
              {/* Drill-down: the person's time of the period by project, in the time report. */}
              <Link
                href={timeReport.href({ from: range.from, to: range.to, person: row.userId, status, group: "project" })}
                className="font-medium underline-offset-4 hover:underline"
              >
                {row.name}
              </Link>
              <span className="block text-xs text-muted-foreground">
                {t("aWeek", { hours: hours(row.weeklyMinutes) })}
                <span className="sm:hidden"> · {t("capacityOf", { hours: hours(row.capacityMinutes) })}</span>
              </span>
            </TableCell>
            <TableCell figure>{hours(row.billableMinutes)}</TableCell>
            <TableCell figure from="sm">
              {hours(row.nonBillableMinutes)}
            </TableCell>
            <TableCell figure from="sm">
              {hours(row.capacityMinutes)}
            </TableCell>
            <TableCell>
              <UtilisationCell percent={row.percent} locale={locale} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      {rows.length > 1 ? (
        <TableFooter>
          <TableRow data-testid="utilisation-total">
            <TableHead scope="row">{t("total")}</TableHead>
            <TableCell figure>{hours(totals.billableMinutes)}</TableCell>
            <TableCell figure from="sm">
              {hours(totals.nonBillableMinutes)}
            </TableCell>
            <TableCell figure from="sm">
              {hours(totals.capacityMinutes)}
            </TableCell>
            <TableCell>
              <UtilisationCell percent={totals.percent} locale={locale} />
            </TableCell>
          </TableRow>
        </TableFooter>
      ) : null}
    </Table>
  );
}
