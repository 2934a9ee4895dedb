import { formatMoney } from "@/lib/money";
import type { ChartMonth } from "../dashboard-queries";
import { chartGeometry, formatCompactMoney, monthLabel } from "../dashboard-rules";
import type { InvoicedPaidChartView } from "./invoiced-paid-chart";

/** What the two series are called: the dashboard's invoiced (VAT included) and paid, unless a page says otherwise. */
export type ChartSeriesNames = {
  title: (currency: string) => string;
  invoiced: string;
  received: string;
  /** "December 2025 to November 2026", from the two months' names. */
  period?: (from: string, to: string) => string;
};

const DASHBOARD_SERIES: ChartSeriesNames = {
  title: (currency) => `Invoiced and paid per month, in ${currency}`,
  invoiced: "Invoiced",
  received: "Paid",
};

/** The chart of one currency as the page sends it: geometry computed and every label written in the firm's locale. */
export function invoicedPaidChartView(
  currency: string,
  months: readonly Pick<ChartMonth, "key" | "invoiced" | "received" | "invoicedHref" | "paidHref">[],
  locale: string,
  names: ChartSeriesNames = DASHBOARD_SERIES,
): InvoicedPaidChartView {
  const geometry = chartGeometry(
    months.map((month) => ({ key: month.key, invoiced: month.invoiced, received: month.received })),
  );
  const money = (minor: number) => formatMoney(minor, currency, locale);
  return {
    currency,
    title: names.title(currency),
    invoicedName: names.invoiced,
    receivedName: names.received,
    period: (names.period ?? ((from, to) => `${from} to ${to}`))(
      monthLabel(months[0]!.key, locale, "long"),
      monthLabel(months[months.length - 1]!.key, locale, "long"),
    ),
    months: months.map((month) => ({
      key: month.key,
      axisLabel: monthLabel(month.key, locale, "axis"),
      name: monthLabel(month.key, locale, "long"),
      invoiced: money(month.invoiced),
      received: money(month.received),
      invoicedHref: month.invoicedHref,
      paidHref: month.paidHref,
    })),
    geometry,
    tickLabels: geometry.ticks.map((tick) => formatCompactMoney(tick.value, currency, locale)),
  };
}
