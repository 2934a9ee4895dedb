// The time report: its filters (in the address), the grouped table with its totals per currency,
// each group drilling down to the next grouping (client → project → person → entries), and the
// entries one a row.
import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { FilterBar, FilterField } from "@/components/list/filter-bar";
import { PagedList } from "@/components/list/paged-list";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { addDaysToDate, formatDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { TIMESHEET_STATUSES } from "@/db/schema/timesheets";
import { monthOf } from "@/modules/dashboard/dashboard-rules";
import { formatDuration } from "@/modules/timesheets/timesheet-rules";
import type { DateRange } from "../report-rules";
import { TIME_DRILL, TIME_GROUPS, type TimeGroup, timeReport, type TimeReportParams } from "../report-schemas";
import type { TimeReportEntry, TimeReportRow, TimeReportTotals } from "../time-report-queries";
import { PeriodFields, PersonField } from "./report-parts";
import { CellNotes } from "./cell-notes";
import { figureCell, linkCell } from "./report-cells";
import { ReportRows } from "./report-rows";

type Option = { id: string; name: string };

/**
 * The filters. A client (and a project, when the client has none chosen) is chosen by drilling
 * into the report's rows, not from a list of every client: a firm has thousands. A chosen one
 * shows as a chip that removes it; the projects of a chosen client are a list.
 */
export function TimeReportFilters({
  params,
  clientName,
  projectName,
  projects,
  people,
}: {
  params: TimeReportParams;
  clientName: string | null;
  projectName: string | null;
  /** The chosen client's projects (none without a client). */
  projects: Option[];
  /** Empty for those who see only their own time. */
  people: Option[];
}) {
  const t = useTranslations("reports.time.filters");
  const tf = useTranslations("reports.filters");
  const projectListed = projects.some((item) => item.id === params.project);
  return (
    <div className="grid gap-3">
      {clientName || (projectName && !projectListed) ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("chosen")}>
          {clientName ? (
            <li>
              <Chip
                label={t("clientChip", { name: clientName })}
                removeHref={timeReport.href({ ...params, client: undefined, project: undefined, page: 1 })}
              />
            </li>
          ) : null}
          {projectName && !projectListed ? (
            <li>
              <Chip
                label={t("projectChip", { name: projectName })}
                removeHref={timeReport.href({ ...params, project: undefined, page: 1 })}
              />
            </li>
          ) : null}
        </ul>
      ) : null}
      {/* Keyed by the address: a drill-down is a client navigation, and an uncontrolled select keeps
          its first value unless the form is made anew. */}
      <FilterBar
        key={timeReport.query(params)}
        action={timeReport.path}
        label={t("label")}
        layout="panel"
        keep={{ client: params.client, project: projects.length === 0 ? params.project : undefined }}
        clearHref={timeReport.href({ group: params.group })}
      >
        <PeriodFields period={params.period} from={params.from} to={params.to} />
        <FilterField label={t("groupBy")} htmlFor="report-group">
          <NativeSelect id="report-group" name="group" defaultValue={params.group}>
            {TIME_GROUPS.filter((group) => people.length > 0 || group !== "person").map((group) => (
              <option key={group} value={group}>
                {tf(`groups.${group}`)}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        {projects.length > 0 ? (
          <FilterField label={t("project")} htmlFor="report-project">
            <NativeSelect id="report-project" name="project" defaultValue={params.project ?? ""}>
              <option value="">{t("everyProject")}</option>
              {projects.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </NativeSelect>
          </FilterField>
        ) : null}
        <PersonField id="report-person" people={people} person={params.person} />
        <FilterField label={t("billable")} htmlFor="report-billable">
          <NativeSelect id="report-billable" name="billable" defaultValue={params.billable ?? ""}>
            <option value="">{t("billableAny")}</option>
            <option value="yes">{t("billableYes")}</option>
            <option value="no">{t("billableNo")}</option>
          </NativeSelect>
        </FilterField>
        <FilterField label={tf("weekStatus")} htmlFor="report-status">
          <NativeSelect id="report-status" name="status" defaultValue={params.status ?? ""}>
            <option value="">{tf("anyStatus")}</option>
            {TIMESHEET_STATUSES.map((item) => (
              <option key={item} value={item}>
                {tf(`statuses.${item}`)}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <FilterField label={t("invoiced")} htmlFor="report-invoiced">
          <NativeSelect id="report-invoiced" name="invoiced" defaultValue={params.invoiced ?? ""}>
            <option value="">{t("invoicedAny")}</option>
            <option value="yes">{t("invoicedYes")}</option>
            <option value="no">{t("invoicedNo")}</option>
          </NativeSelect>
        </FilterField>
      </FilterBar>
    </div>
  );
}

function Chip({ label, removeHref }: { label: string; removeHref: string }) {
  const t = useTranslations("reports.time.filters");
  return (
    <span className="inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm">
      {label}
      <Link href={removeHref} className="rounded-full px-1 text-muted-foreground hover:text-foreground">
        <span aria-hidden="true">×</span>
        <span className="sr-only">{t("remove", { label })}</span>
      </Link>
    </span>
  );
}

/** The range a period group covers, inside the report's range. */
function periodOf(group: "month" | "week" | "day", key: string, range: DateRange): DateRange {
  // The calendar's last week is cut at 9999-12-31 (no date of year 10000).
  const weekEnd = () => (key > "9999-12-25" ? "9999-12-31" : addDaysToDate(key, 6));
  const end = group === "month" ? monthOf(key).to : group === "week" ? weekEnd() : key;
  return { from: key > range.from ? key : range.from, to: end < range.to ? end : range.to };
}

/** Where a group's row leads: the same report narrowed to the group, one grouping further down. */
export function drillHref(params: TimeReportParams, range: DateRange, row: TimeReportRow): string {
  const group = params.group as Exclude<TimeGroup, "entry">;
  const next = { ...params, page: 1, group: TIME_DRILL[group], from: range.from, to: range.to, period: undefined };
  switch (group) {
    case "client":
      return timeReport.href({ ...next, client: row.key });
    case "project":
      return timeReport.href({ ...next, project: row.key });
    case "person":
      return timeReport.href({ ...next, person: row.key });
    case "month":
    case "week":
    case "day":
      return timeReport.href({ ...next, ...periodOf(group, row.key, range) });
  }
}

export function TimeReportEmpty() {
  const t = useTranslations("reports.time.empty");
  return <EmptyState title={t("title")} description={t("description")} />;
}

/** The groups of one page, and the totals of all of them per currency (a footer row each). */
export function TimeReportTable({
  params,
  range,
  rows,
  totals,
  minutes,
  amounts,
  locale,
}: {
  params: TimeReportParams;
  range: DateRange;
  rows: TimeReportRow[];
  totals: TimeReportTotals[];
  minutes: number;
  amounts: boolean;
  locale: string;
}) {
  const t = useTranslations("reports.time.table");
  const tf = useTranslations("reports.filters");
  const hours = (value: number) => formatDuration(value, "decimal", locale);
  const money = (value: number, currency: string) => formatMoney(value, currency, locale);
  const groupLabel = tf(`groups.${params.group}`);
  return (
    <Table data-testid="time-report">
      <TableHeader>
        <TableRow>
          <TableHead>{groupLabel}</TableHead>
          <TableHead figure>{t("hours")}</TableHead>
          <TableHead figure from="sm">
            {t("billable")}
          </TableHead>
          {amounts ? (
            <>
              <TableHead figure from="sm">
                {t("billed")}
              </TableHead>
              <TableHead figure>{t("unbilled")}</TableHead>
              <TableHead figure from="md">
                {t("estimated")}
              </TableHead>
            </>
          ) : null}
        </TableRow>
      </TableHeader>
      <ReportRows
        rows={rows.map((row) => ({
          key: `${row.key}-${row.currency}`,
          cells: [
            linkCell(row.label, drillHref(params, range, row), {
              notes: [row.detail, amounts && totals.length > 1 && t("inCurrency", { currency: row.currency })],
            }),
            figureCell(hours(row.minutes)),
            figureCell(hours(row.billableMinutes), { from: "sm" }),
            ...(amounts
              ? [
                  figureCell(money(row.billed, row.currency), { from: "sm" }),
                  // On a phone the billed column is hidden: the unbilled figure says it under it.
                  figureCell(money(row.unbilled, row.currency), {
                    phoneNotes: [t("billedNote", { amount: money(row.billed, row.currency) })],
                  }),
                  figureCell(money(row.estimated, row.currency), { from: "md" }),
                ]
              : []),
          ],
        }))}
      />
      <TableFooter>
        {amounts ? (
          totals.map((total) => (
            <TableRow key={total.currency} data-testid={`time-total-${total.currency}`}>
              <TableHead scope="row">
                {totals.length > 1 ? t("totalIn", { currency: total.currency }) : t("totalAlone")}
              </TableHead>
              <TableCell figure>{hours(total.minutes)}</TableCell>
              <TableCell figure from="sm">
                {hours(total.billableMinutes)}
              </TableCell>
              <TableCell figure from="sm">
                {money(total.billed, total.currency)}
              </TableCell>
              <TableCell figure>
                {money(total.unbilled, total.currency)}
                <CellNotes
                  notes={[t("billedNote", { amount: money(total.billed, total.currency) })]}
                  className="sm:hidden"
                />
              </TableCell>
              <TableCell figure from="md">
                {money(total.estimated, total.currency)}
              </TableCell>
            </TableRow>
          ))
        ) : (
          <TableRow data-testid="time-total">
            <TableHead scope="row">{t("total")}</TableHead>
            <TableCell figure>{hours(minutes)}</TableCell>
            <TableCell figure from="sm">
              {hours(totals.reduce((sum, total) => sum + total.billableMinutes, 0))}
            </TableCell>
          </TableRow>
        )}
        {amounts && totals.length > 1 ? (
          <TableRow>
            <TableHead scope="row">{t("allHours")}</TableHead>
            <TableCell figure>{hours(minutes)}</TableCell>
            <TableCell colSpan={4} />
          </TableRow>
        ) : null}
      </TableFooter>
    </Table>
  );
}

export function TimeEntriesTable({
  params,
  list,
  amounts,
  locale,
}: {
  params: TimeReportParams;
  list: { rows: TimeReportEntry[]; total: number; page: number; pageSize: number };
  amounts: boolean;
  locale: string;
}) {
  const t = useTranslations("reports.time.entries");
  const tf = useTranslations("reports.filters");
  const hours = (value: number) => formatDuration(value, "decimal", locale);
  return (
    <PagedList
      list={list}
      noun={{ one: t("noun.one"), other: t("noun.other") }}
      locale={locale}
      href={(page) => timeReport.href({ ...params, page })}
      empty={<TimeReportEmpty />}
    >
      <Table data-testid="time-entries">
        <TableHeader>
          <TableRow>
            <TableHead>{t("date")}</TableHead>
            <TableHead>{t("work")}</TableHead>
            <TableHead from="md">{t("person")}</TableHead>
            <TableHead figure>{t("hours")}</TableHead>
            <TableHead from="sm">{t("week")}</TableHead>
            {amounts ? <TableHead figure>{t("amount")}</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{formatDate(row.date, locale, "UTC")}</TableCell>
              <TableCell>
                <span className="font-medium">
                  {row.clientName} / {row.projectName}
                </span>
                {row.description ? (
                  <span className="block text-xs text-muted-foreground">{row.description}</span>
                ) : null}
                {row.billable ? null : <span className="block text-xs text-muted-foreground">{t("notBillable")}</span>}
              </TableCell>
              <TableCell from="md">{row.personName}</TableCell>
              <TableCell figure>{hours(row.minutes)}</TableCell>
              <TableCell from="sm">
                <Link href={`/bo/timesheets/${row.timesheetId}`} className="underline-offset-4 hover:underline">
                  {tf(`statuses.${row.status}`)}
                </Link>
              </TableCell>
              {amounts ? (
                <TableCell figure>
                  {row.billable ? formatMoney(row.value, row.currency, locale) : "–"}
                  {row.billable && row.status !== "approved" ? (
                    <span className="block text-xs text-muted-foreground">{t("estimate")}</span>
                  ) : null}
                  {row.invoiceId ? (
                    <Link
                      href={`/bo/invoices/${row.invoiceId}`}
                      className="block text-xs underline-offset-4 hover:underline"
                    >
                      {row.invoiceNumber ?? t("draftInvoice")}
                    </Link>
                  ) : null}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </PagedList>
  );
}
