// Project profitability: one row per project under its client's name, revenue (time, billable
// expenses and the other invoice lines linked to it) against the cost of the time and the expenses, the margin (marked incomplete when someone's time has no cost rate) and the budget's
// bar; a project drilled into lists its people, then its other invoice lines. Amounts in each client's currency, totals per
// currency, never one across currencies.
import { useTranslations } from "next-intl";
import { EmptyState } from "@/components/empty-state";
import { FilterBar } from "@/components/list/filter-bar";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatMoney } from "@/lib/money";
import { budgetBarTexts } from "@/modules/clients/components/project-budget-bar";
import type { BudgetUsage } from "@/modules/clients/project-budget-queries";
import { formatDuration } from "@/modules/timesheets/timesheet-rules";
import type { ProfitFigures, ProfitPerson, ProfitRow, ProfitTotal } from "../report-rules";
import { profitabilityReport, type ProfitabilityReportParams } from "../report-schemas";
import { type ProfitFigureTexts, ProfitFigureCells } from "./profitability-cells";
import { ProfitabilityRows } from "./profitability-rows";
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

type ProfitTranslator = ReturnType<typeof useTranslations<"reports.profitability">>;

/** The texts of a row's figure cells (profitability-cells.tsx); `name` is whose margin is incomplete. */
function figureTexts(
  figures: ProfitFigures,
  currency: string,
  locale: string,
  name: string,
  t: ProfitTranslator,
): ProfitFigureTexts {
  const money = (value: number) => formatMoney(value, currency, locale);
  const hours = formatDuration(figures.uncostedMinutes, "decimal", locale);
  const revenueNotes = [t("invoiced", { amount: money(figures.invoiced) })];
  if (figures.expenseRevenue !== 0) revenueNotes.push(t("expenses", { amount: money(figures.expenseRevenue) }));
  if (figures.lineRevenue !== 0) revenueNotes.push(t("otherLines", { amount: money(figures.lineRevenue) }));
  if (figures.estimated !== 0) revenueNotes.push(t("estimate", { amount: money(figures.estimated) }));
  const percent = percentText(figures.marginPercent, locale);
  return {
    revenue: money(figures.revenue),
    revenueNotes,
    cost: money(figures.cost),
    costNotes: figures.expenseCost !== 0 ? [t("inclExpenses", { amount: money(figures.expenseCost) })] : [],
    uncosted: figures.complete ? null : t("uncosted", { hours }),
    margin: money(figures.margin),
    negative: figures.margin < 0,
    incomplete: figures.complete ? null : { label: t("incomplete"), title: t("incompleteTitle", { hours, name }) },
    percent,
    phoneNote: `${percent} · ${t("costOf", { amount: money(figures.cost) })}`,
  };
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
  const budgetT = useTranslations("clients.budget");
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
      <ProfitabilityRows
        rows={rows.map((row, index) => {
          const budget = budgets.get(row.projectId);
          const firstOfClient = index === 0 || rows[index - 1]!.clientId !== row.clientId;
          return {
            projectId: row.projectId,
            projectName: row.projectName,
            href: profitabilityReport.href({ ...params, project: row.projectId, page: 1 }),
            hours: hours(row.minutes),
            client: firstOfClient
              ? {
                  id: row.clientId,
                  name: row.clientName,
                  href: profitabilityReport.href({ ...params, client: row.clientId, project: undefined, page: 1 }),
                  currency: row.currency,
                }
              : null,
            figures: figureTexts(row, row.currency, locale, row.projectName, t),
            budget: budget ? budgetBarTexts(budget, locale, true, budgetT) : null,
          };
        })}
        noBudget={t("noBudget")}
      />
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
          <ProfitFigureCells texts={figureTexts(total, total.currency, locale, t("theTotal"), t)} />
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
            <ProfitFigureCells texts={figureTexts(person, row.currency, locale, person.name, t)} />
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
            <ProfitFigureCells texts={figureTexts(row.otherLines, row.currency, locale, t("otherLinesRow"), t)} />
          </TableRow>
        ) : null}
      </TableBody>
      <TotalRows totals={[{ ...row, currency: row.currency }]} locale={locale} columnsAfter={0} />
    </Table>
  );
}
