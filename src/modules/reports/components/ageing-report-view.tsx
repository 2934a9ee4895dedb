// Receivables ageing: the as-of date, one row per client and currency with its open balances by
// bucket of days past due (a total row per currency, never one across currencies), and a client's
// open invoices when a row is drilled into.
import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { FilterBar, FilterField } from "@/components/list/filter-bar";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import type { AgeingInvoice } from "../ageing-report-queries";
import { AGEING_BUCKETS, ageingBucket, type AgeingRow, type AgeingTotal } from "../report-rules";
import { ageingReport, type AgeingReportParams } from "../report-schemas";
import { figureCell, linkCell } from "./report-cells";
import { ReportRows } from "./report-rows";

export function AgeingReportFilters({ params, asOf }: { params: AgeingReportParams; asOf: string }) {
  const t = useTranslations("reports.ageing");
  return (
    <FilterBar
      key={ageingReport.query(params)}
      action={ageingReport.path}
      label={t("filterLabel")}
      keep={{ client: params.client }}
      clearHref={ageingReport.href({})}
    >
      <FilterField label={t("asOf")} htmlFor="ageing-as-of">
        <Input id="ageing-as-of" name="asOf" type="date" defaultValue={asOf} className="w-44" />
      </FilterField>
    </FilterBar>
  );
}

// Narrow screens keep the client, the overdue buckets' sum and the total; wider ones every bucket.
const BUCKET_FROM = { current: "sm", days1to30: "md", days31to60: "md", days61to90: "md", over90: "md" } as const;

export function AgeingReportTable({
  params,
  rows,
  totals,
  locale,
}: {
  params: AgeingReportParams;
  rows: AgeingRow[];
  totals: AgeingTotal[];
  locale: string;
}) {
  const t = useTranslations("reports.ageing");
  if (rows.length === 0) return <EmptyState title={t("empty.title")} description={t("empty.description")} />;
  const money = (value: number, currency: string) => formatMoney(value, currency, locale);
  const overdue = (row: AgeingRow | AgeingTotal) => row.total - row.current;
  return (
    <Table data-testid="ageing-report">
      <TableHeader>
        <TableRow>
          <TableHead>{t("column.client")}</TableHead>
          {AGEING_BUCKETS.map((bucket) => (
            <TableHead key={bucket.key} figure from={BUCKET_FROM[bucket.key]}>
              {t(`buckets.${bucket.key}`)}
            </TableHead>
          ))}
          <TableHead figure className="md:hidden">
            {t("column.pastDue")}
          </TableHead>
          <TableHead figure>{t("column.total")}</TableHead>
        </TableRow>
      </TableHeader>
      <ReportRows
        rows={rows.map((row) => ({
          key: `${row.clientId}-${row.currency}`,
          cells: [
            linkCell(row.clientName, ageingReport.href({ ...params, client: row.clientId, page: 1 }), {
              notes: [`${t("invoices", { count: row.invoices })} · ${row.currency}`],
            }),
            ...AGEING_BUCKETS.map((bucket) =>
              figureCell(money(row[bucket.key], row.currency), { from: BUCKET_FROM[bucket.key] }),
            ),
            figureCell(money(overdue(row), row.currency), { className: "md:hidden" }),
            figureCell(money(row.total, row.currency), { className: "font-medium" }),
          ],
        }))}
      />
      <TableFooter>
        {totals.map((total) => (
          <TableRow key={total.currency} data-testid={`ageing-total-${total.currency}`}>
            <TableHead scope="row">{t("totalIn", { currency: total.currency })}</TableHead>
            {AGEING_BUCKETS.map((bucket) => (
              <TableCell key={bucket.key} figure from={BUCKET_FROM[bucket.key]}>
                {money(total[bucket.key], total.currency)}
              </TableCell>
            ))}
            <TableCell figure className="md:hidden">
              {money(overdue(total), total.currency)}
            </TableCell>
            <TableCell figure>{money(total.total, total.currency)}</TableCell>
          </TableRow>
        ))}
      </TableFooter>
    </Table>
  );
}

/** A client's open invoices on the date, each linking to its page. */
export function AgeingInvoicesTable({
  invoices,
  locale,
  timeZone,
}: {
  invoices: AgeingInvoice[];
  locale: string;
  timeZone: string;
}) {
  const t = useTranslations("reports.ageing");
  if (invoices.length === 0)
    return <EmptyState title={t("noInvoices.title")} description={t("noInvoices.description")} />;
  return (
    <Table data-testid="ageing-invoices">
      <TableHeader>
        <TableRow>
          <TableHead>{t("column.invoice")}</TableHead>
          <TableHead from="sm">{t("column.issued")}</TableHead>
          <TableHead from="sm">{t("column.due")}</TableHead>
          <TableHead figure>{t("column.daysPastDue")}</TableHead>
          <TableHead figure>{t("column.balance")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invoices.map((row) => (
          <TableRow key={row.id}>
            <TableCell>
              <Link href={`/bo/invoices/${row.id}`} className="font-medium underline-offset-4 hover:underline">
                {row.number}
              </Link>
              <span className="block text-xs text-muted-foreground sm:hidden">
                {t("dueOn", { date: formatDate(row.dueDate, locale, timeZone) })}
              </span>
            </TableCell>
            <TableCell from="sm">{formatDate(row.issueDate, locale, timeZone)}</TableCell>
            <TableCell from="sm">{formatDate(row.dueDate, locale, timeZone)}</TableCell>
            <TableCell figure>
              {row.daysPastDue > 0 ? row.daysPastDue : t("notYetDue")}
              <span className="block text-xs text-muted-foreground">
                {t(`buckets.${ageingBucket(row.daysPastDue)}`)}
              </span>
            </TableCell>
            <TableCell figure>{formatMoney(row.balance, row.currency, locale)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
