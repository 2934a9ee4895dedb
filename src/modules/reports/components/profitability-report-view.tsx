// Project profitability: one row per project under its client's name, revenue (time, billable
// expenses and the other invoice lines linked to it) against the cost of the time and the expenses, the margin (marked incomplete when someone's time has no cost rate) and the budget's
// bar; a project drilled into lists its people, then its other invoice lines. Amounts in each client's currency, totals per
// currency, never one across currencies.
import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { EmptyState } from "@/components/empty-state";
import { FilterBar } from "@/components/list/filter-bar";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatMoney } from "@/lib/money";
import { ProjectBudgetBar } from "@/modules/clients/components/project-budget-bar";
import type { BudgetUsage } from "@/modules/clients/project-budget-queries";
import { formatDuration } from "@/modules/timesheets/timesheet-rules";
import type { ProfitFigures, ProfitPerson, ProfitRow, ProfitTotal } from "../report-rules";
import { profitabilityReport, type ProfitabilityReportParams } from "../report-schemas";
import { PeriodFields } from "./report-parts";
import { numberFormat } from "@/lib/intl-cache";

export function ProfitabilityReportFilters({ params }: { params: ProfitabilityReportParams }) {
  const t = useTranslations("reports.profitability");
  return (
    <FilterBar
      key={profitabilityReport.query(params)}
      action={profitabilityReport.path}
      label={t("filterLabel")}
      layout="panel"
      keep={{ client: params.client, project: params.project }}
      clearHref={profitabilityReport.href({})}
    >
      <PeriodFields period={params.period} from={params.from} to={params.to} />
    </FilterBar>
  );
}

/** "42 %" in the firm's locale, "–" without revenue. */
function percentText(percent: number | null, locale: string): string {
  if (percent === null) return "–";
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(percent / 100);
}

function RevenueCell({ figures, currency, locale }: { figures: ProfitFigures; currency: string; locale: string }) {
  const t = useTranslations("reports.profitability");
  const money = (value: number) => formatMoney(value, currency, locale);
  return (
    <TableCell figure>
      {money(figures.revenue)}
      <span className="block text-xs text-muted-foreground">{t("invoiced", { amount: money(figures.invoiced) })}</span>
      {figures.expenseRevenue !== 0 ? (
        <span className="block text-xs text-muted-foreground">
          {t("expenses", { amount: money(figures.expenseRevenue) })}
        </span>
      ) : null}
      {figures.lineRevenue !== 0 ? (
        <span className="block text-xs text-muted-foreground">
          {t("otherLines", { amount: money(figures.lineRevenue) })}
        </span>
      ) : null}
      {figures.estimated !== 0 ? (
        <span className="block text-xs text-muted-foreground">
          {t("estimate", { amount: money(figures.estimated) })}
        </span>
      ) : null}
    </TableCell>
  );
}

function MarginCells({
  figures,
  currency,
  locale,
  name,
}: {
  figures: ProfitFigures;
  currency: string;
  locale: string;
  name: string;
}) {
  const t = useTranslations("reports.profitability");
  const money = (value: number) => formatMoney(value, currency, locale);
  const hours = formatDuration(figures.uncostedMinutes, "decimal", locale);
  const uncosted = figures.complete ? null : (
    <span className="block text-xs text-muted-foreground">{t("uncosted", { hours })}</span>
  );
  return (
    <>
      <TableCell figure from="sm">
        {money(figures.cost)}
        {figures.expenseCost !== 0 ? (
          <span className="block text-xs text-muted-foreground">
            {t("inclExpenses", { amount: money(figures.expenseCost) })}
          </span>
        ) : null}
        {uncosted}
      </TableCell>
      <TableCell figure>
        <span className={figures.margin < 0 ? "text-destructive" : undefined}>{money(figures.margin)}</span>
        {figures.complete ? null : (
          <Badge variant="warning" className="ml-1" title={t("incompleteTitle", { hours, name })}>
            {t("incomplete")}
          </Badge>
        )}
        {/* On a phone the cost and the percentage sit under the margin. */}
        <span className="block text-xs text-muted-foreground sm:hidden">
          {percentText(figures.marginPercent, locale)} · {t("costOf", { amount: money(figures.cost) })}
        </span>
        <span className="sm:hidden">{uncosted}</span>
      </TableCell>
      <TableCell figure from="sm">
        {percentText(figures.marginPercent, locale)}
      </TableCell>
    </>
  );
}

export function ProfitabilityReportTable({
  params,
  rows,
  totals,
  budgets,
  locale,
}: {
  params: ProfitabilityReportParams;
  rows: ProfitRow[];
  totals: ProfitTotal[];
  budgets: Map<string, BudgetUsage>;
  locale: string;
}) {
  const t = useTranslations("reports.profitability");
  if (rows.length === 0) return <EmptyState title={t("empty.title")} description={t("empty.description")} />;
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  return (
    <Table data-testid="profitability-report">
      <TableHeader>
        <TableRow>
          <TableHead>{t("column.project")}</TableHead>
          <TableHead figure from="sm">
            {t("column.hours")}
          </TableHead>
          <TableHead figure>{t("column.revenue")}</TableHead>
          <TableHead figure from="sm">
            {t("column.cost")}
          </TableHead>
          <TableHead figure>{t("column.margin")}</TableHead>
          <TableHead figure from="sm">
            {t("column.marginPercent")}
          </TableHead>
          <TableHead from="lg">{t("column.budget")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => {
          const budget = budgets.get(row.projectId);
          return [
            index === 0 || rows[index - 1]!.clientId !== row.clientId ? (
              <TableRow key={`client-${row.clientId}`} className="bg-muted/40 hover:bg-muted/40">
                <TableHead scope="colgroup" colSpan={7} className="text-left">
                  <Link
                    href={profitabilityReport.href({ ...params, client: row.clientId, project: undefined, page: 1 })}
                    className="underline-offset-4 hover:underline"
                  >
                    {row.clientName}
                  </Link>
                  <span className="ml-2 text-xs font-normal text-muted-foreground">{row.currency}</span>
                </TableHead>
              </TableRow>
            ) : null,
            <TableRow key={row.projectId}>
              <TableCell>
                <Link
                  href={profitabilityReport.href({ ...params, project: row.projectId, page: 1 })}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {row.projectName}
                </Link>
                <span className="block text-xs text-muted-foreground sm:hidden">{hours(row.minutes)}</span>
              </TableCell>
              <TableCell figure from="sm">
                {hours(row.minutes)}
              </TableCell>
              <RevenueCell figures={row} currency={row.currency} locale={locale} />
              <MarginCells figures={row} currency={row.currency} locale={locale} name={row.projectName} />
              <TableCell from="lg">
                {budget ? (
                  <ProjectBudgetBar usage={budget} locale={locale} showMoney />
                ) : (
                  <span className="text-muted-foreground">{t("noBudget")}</span>
                )}
              </TableCell>
            </TableRow>,
          ];
        })}
      </TableBody>
      <TotalRows totals={totals} locale={locale} columnsAfter={1} />
    </Table>
  );
}

function TotalRows({ totals, locale, columnsAfter }: { totals: ProfitTotal[]; locale: string; columnsAfter: number }) {
  const t = useTranslations("reports.profitability");
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  return (
    <TableFooter>
      {totals.map((total) => (
        <TableRow key={total.currency} data-testid={`profitability-total-${total.currency}`}>
          <TableHead scope="row">{t("totalIn", { currency: total.currency })}</TableHead>
          <TableCell figure from="sm">
            {hours(total.minutes)}
          </TableCell>
          <RevenueCell figures={total} currency={total.currency} locale={locale} />
          <MarginCells figures={total} currency={total.currency} locale={locale} name={t("theTotal")} />
          {columnsAfter > 0 ? <TableCell from="lg" /> : null}
        </TableRow>
      ))}
    </TableFooter>
  );
}

/** A project's people: their hours, the revenue of their time, its cost at their rate; then its other invoice lines. */
export function ProfitabilityPeopleTable({ row, locale }: { row: ProfitRow; locale: string }) {
  const t = useTranslations("reports.profitability");
  const hours = (minutes: number) => formatDuration(minutes, "decimal", locale);
  const money = (value: number) => formatMoney(value, row.currency, locale);
  return (
    <Table data-testid="profitability-people">
      <TableHeader>
        <TableRow>
          <TableHead>{t("column.person")}</TableHead>
          <TableHead figure from="sm">
            {t("column.hours")}
          </TableHead>
          <TableHead figure>{t("column.revenue")}</TableHead>
          <TableHead figure from="sm">
            {t("column.cost")}
          </TableHead>
          <TableHead figure>{t("column.margin")}</TableHead>
          <TableHead figure from="sm">
            {t("column.marginPercent")}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {row.people.map((person: ProfitPerson) => (
          <TableRow key={person.userId}>
            <TableCell>
              <span className="font-medium">{person.name}</span>
              <span className="block text-xs text-muted-foreground">
                {person.costRate === null ? t("noCostRate") : t("hourlyCost", { amount: money(person.costRate) })}
                <span className="sm:hidden"> · {hours(person.minutes)}</span>
              </span>
            </TableCell>
            <TableCell figure from="sm">
              {hours(person.minutes)}
            </TableCell>
            <RevenueCell figures={person} currency={row.currency} locale={locale} />
            <MarginCells figures={person} currency={row.currency} locale={locale} name={person.name} />
          </TableRow>
        ))}
        {row.otherLines ? (
          <TableRow data-testid="profitability-other-lines">
            <TableCell>
              <span className="font-medium">{t("otherLinesRow")}</span>
              <span className="block text-xs text-muted-foreground">{t("otherLinesHint")}</span>
            </TableCell>
            <TableCell figure from="sm">
              {hours(row.otherLines.minutes)}
            </TableCell>
            <RevenueCell figures={row.otherLines} currency={row.currency} locale={locale} />
            <MarginCells figures={row.otherLines} currency={row.currency} locale={locale} name={t("otherLinesRow")} />
          </TableRow>
        ) : null}
      </TableBody>
      <TotalRows totals={[{ ...row, currency: row.currency }]} locale={locale} columnsAfter={0} />
    </Table>
  );
}
