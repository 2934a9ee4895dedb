// The money report and the sales journal as tables, each with its totals per currency (and per
// VAT rate for the journal); amounts are never added across currencies.
import { formatDate } from "@/lib/dates";
import { useTranslations } from "next-intl";
import { EmptyState } from "@/components/empty-state";
import { FilterBar, FilterField } from "@/components/list/filter-bar";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatBasisPoints, formatMoney } from "@/lib/money";
import { InvoicedPaidChart } from "@/modules/dashboard/components/invoiced-paid-chart";
import { invoicedPaidChartView } from "@/modules/dashboard/components/invoiced-paid-chart-view";
import { invoiceList } from "@/modules/invoices/invoice-schemas";
import type { MoneyReportRow, MoneyReportTotals } from "../money-report-queries";
import { CHART_MAX_MONTHS, type DateRange, moneyChartMonths, monthsOfRange } from "../report-rules";
import { moneyReport, type MoneyReportParams, salesJournal, type SalesJournalParams } from "../report-schemas";
import type { SalesJournalRow, SalesJournalTotal } from "../sales-journal-queries";
import { PeriodFields } from "./report-parts";
import { dateTimeFormat } from "@/lib/intl-cache";
import { figureCell, linkCell, textCell } from "./report-cells";
import { ReportRows } from "./report-rows";

export function MoneyReportFilters({ params }: { params: MoneyReportParams }) {
  const t = useTranslations("reports.money");
  return (
    <FilterBar
      key={moneyReport.query(params)}
      action={moneyReport.path}
      label={t("filterLabel")}
      clearHref={moneyReport.href({})}
    >
      <PeriodFields period={params.period} from={params.from} to={params.to} />
      <FilterField label={t("groupBy")} htmlFor="money-group">
        <NativeSelect id="money-group" name="group" defaultValue={params.group}>
          <option value="month">{t("month")}</option>
          <option value="client">{t("client")}</option>
        </NativeSelect>
      </FilterField>
    </FilterBar>
  );
}

/**
 * Per currency, bars by month of what was invoiced (VAT included) and received: the dashboard's
 * chart, with its table of figures behind it, each figure linking to the invoices it counts.
 */
export function MoneyReportCharts({
  rows,
  range,
  locale,
}: {
  rows: MoneyReportRow[];
  range: DateRange;
  locale: string;
}) {
  const t = useTranslations("reports.money");
  if (rows.length === 0) return null;
  if (monthsOfRange(range).length > CHART_MAX_MONTHS)
    return (
      <p className="text-sm text-muted-foreground" data-testid="money-chart-none">
        {t("chartTooLong", { months: CHART_MAX_MONTHS })}
      </p>
    );
  return (
    <div className="grid gap-6">
      {moneyChartMonths(rows, range).map((chart) => (
        <InvoicedPaidChart
          key={chart.currency}
          chart={invoicedPaidChartView(
            chart.currency,
            chart.months.map((month) => ({
              ...month,
              invoicedHref: invoiceList.href({ status: "not_draft", from: month.from, to: month.to }),
              paidHref: invoiceList.href({ paidFrom: month.from, paidTo: month.to }),
            })),
            locale,
            {
              title: (currency) => t("chartTitle", { currency }),
              invoiced: t("column.gross"),
              received: t("column.received"),
            },
          )}
        />
      ))}
    </div>
  );
}

function monthName(key: string, locale: string): string {
  const [year = 0, month = 1] = key.split("-").map(Number);
  return dateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

export function MoneyReportTable({
  params,
  range,
  rows,
  totals,
  locale,
}: {
  params: MoneyReportParams;
  range: DateRange;
  rows: MoneyReportRow[];
  totals: MoneyReportTotals[];
  locale: string;
}) {
  const t = useTranslations("reports.money");
  if (rows.length === 0) return <EmptyState title={t("empty.title")} description={t("empty.description")} />;
  const money = (value: number, currency: string) => formatMoney(value, currency, locale);
  // A row leads to the invoices it counts: the client's of the period, or the month's.
  // A month's link covers the days of it the report read (the range may start or end mid-month).
  const months = new Map(monthsOfRange(range).map((month) => [month.key, month]));
  const invoicesHref = (row: MoneyReportRow) =>
    params.group === "client"
      ? invoiceList.href({ status: "not_draft", client: row.key, from: range.from, to: range.to })
      : invoiceList.href({ status: "not_draft", from: months.get(row.key)?.from, to: months.get(row.key)?.to });
  return (
    <Table data-testid="money-report">
      <TableHeader>
        <TableRow>
          <TableHead>{params.group === "client" ? t("client") : t("month")}</TableHead>
          <TableHead figure>{t("column.net")}</TableHead>
          <TableHead figure from="sm">
            {t("column.vat")}
          </TableHead>
          <TableHead figure from="md">
            {t("column.gross")}
          </TableHead>
          <TableHead figure>{t("column.received")}</TableHead>
          <TableHead figure from="sm">
            {t("column.owed")}
          </TableHead>
        </TableRow>
      </TableHeader>
      <ReportRows
        rows={rows.map((row) => ({
          key: `${row.key}-${row.currency}`,
          cells: [
            linkCell(params.group === "client" ? row.label : monthName(row.key, locale), invoicesHref(row), {
              notes: [`${t("documents", { count: row.documents })} · ${row.currency}`],
            }),
            figureCell(money(row.net, row.currency)),
            figureCell(money(row.tax, row.currency), { from: "sm" }),
            figureCell(money(row.total, row.currency), { from: "md" }),
            figureCell(money(row.received, row.currency)),
            figureCell(money(row.outstanding, row.currency), { from: "sm" }),
          ],
        }))}
      />
      <TableFooter>
        {totals.map((total) => (
          <TableRow key={total.currency} data-testid={`money-total-${total.currency}`}>
            <TableHead scope="row">{t("totalIn", { currency: total.currency })}</TableHead>
            <TableCell figure>{money(total.net, total.currency)}</TableCell>
            <TableCell figure from="sm">
              {money(total.tax, total.currency)}
            </TableCell>
            <TableCell figure from="md">
              {money(total.total, total.currency)}
            </TableCell>
            <TableCell figure>{money(total.received, total.currency)}</TableCell>
            <TableCell figure from="sm">
              {money(total.outstanding, total.currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableFooter>
    </Table>
  );
}

export function SalesJournalFilters({ params }: { params: SalesJournalParams }) {
  const t = useTranslations("reports.journal");
  return (
    <FilterBar
      key={salesJournal.query(params)}
      action={salesJournal.path}
      label={t("filterLabel")}
      clearHref={salesJournal.href({})}
    >
      <PeriodFields period={params.period} from={params.from} to={params.to} />
    </FilterBar>
  );
}

export function SalesJournalTotals({ totals, locale }: { totals: SalesJournalTotal[]; locale: string }) {
  const t = useTranslations("reports.journal");
  if (totals.length === 0) return <EmptyState title={t("empty.title")} description={t("empty.description")} />;
  const money = (value: number, currency: string) => formatMoney(value, currency, locale);
  return (
    <Table data-testid="journal-totals">
      <TableHeader>
        <TableRow>
          <TableHead>{t("column.vatRate")}</TableHead>
          <TableHead figure from="sm">
            {t("column.documents")}
          </TableHead>
          <TableHead figure>{t("column.net")}</TableHead>
          <TableHead figure>{t("column.vat")}</TableHead>
          <TableHead figure from="sm">
            {t("column.total")}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {totals.map((total) => (
          <TableRow key={`${total.currency}-${total.rateBp}`}>
            <TableHead scope="row">
              {formatBasisPoints(total.rateBp, locale)} <span className="text-muted-foreground">{total.currency}</span>
            </TableHead>
            <TableCell figure from="sm">
              {total.documents}
            </TableCell>
            <TableCell figure>{money(total.net, total.currency)}</TableCell>
            <TableCell figure>{money(total.tax, total.currency)}</TableCell>
            <TableCell figure from="sm">
              {money(total.net + total.tax, total.currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function SalesJournalTable({ rows, locale }: { rows: SalesJournalRow[]; locale: string }) {
  const t = useTranslations("reports.journal");
  const money = (value: number, currency: string) => formatMoney(value, currency, locale);
  return (
    <Table data-testid="journal-rows">
      <TableHeader>
        <TableRow>
          <TableHead>{t("column.number")}</TableHead>
          <TableHead from="sm">{t("column.date")}</TableHead>
          <TableHead from="md">{t("column.client")}</TableHead>
          <TableHead figure from="sm">
            {t("column.vatRate")}
          </TableHead>
          <TableHead figure>{t("column.net")}</TableHead>
          <TableHead figure>{t("column.vat")}</TableHead>
        </TableRow>
      </TableHeader>
      <ReportRows
        rows={rows.map((row) => ({
          key: `${row.id}-${row.rateBp}`,
          cells: [
            linkCell(row.number, `/bo/invoices/${row.id}`, {
              notes: [row.kind === "credit_note" && t("creditNote")],
            }),
            textCell(formatDate(row.issueDate, locale, "UTC"), { from: "sm" }),
            textCell(row.clientName, { from: "md", notes: [row.clientVatNumber] }),
            figureCell(formatBasisPoints(row.rateBp, locale), { from: "sm" }),
            figureCell(money(row.net, row.currency)),
            figureCell(money(row.tax, row.currency)),
          ],
        }))}
      />
    </Table>
  );
}
