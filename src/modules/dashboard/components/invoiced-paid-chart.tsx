"use client";

import { useTranslations } from "next-intl";
import type { ChartGeometry } from "../dashboard-rules";
import { FigureRow, FigureTable } from "./figure-table";
import { FigureLink } from "./stat-card";

// Invoiced vs paid per month, drawn as SVG (no chart library). The two series differ by fill
// (solid vs hatched) and order (invoiced left, paid right), not by colour alone; every figure is
// also in a table with links to the filtered invoice lists. A client component on purpose: the
// page sends the chart as data (decision 016), every label already written on the server.

/** One month of the chart, its labels and amounts written in the firm's locale. */
export type ChartMonthView = {
  key: string;
  axisLabel: string;
  name: string;
  invoiced: string;
  received: string;
  invoicedHref: string;
  paidHref: string;
};

export type InvoicedPaidChartView = {
  currency: string;
  /** The caption, e.g. "Invoiced and paid per month, in EUR". */
  title: string;
  /** The two series' names, as the legend, the bars' titles and the table's headers say them. */
  invoicedName: string;
  receivedName: string;
  /** "December 2025 to November 2026" */
  period: string;
  months: ChartMonthView[];
  geometry: ChartGeometry;
  /** The value axis labels ("€12K"), one per tick of the geometry. */
  tickLabels: string[];
};

/** A legend swatch drawn with the same fill as its bars. */
function Swatch({ series, patternId }: { series: "invoiced" | "received"; patternId: string }) {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" className="shrink-0">
      {series === "invoiced" ? (
        <rect x="0.5" y="0.5" width="13" height="13" className="fill-primary stroke-primary" />
      ) : (
        <rect x="0.5" y="0.5" width="13" height="13" fill={`url(#${patternId})`} className="stroke-success" />
      )}
    </svg>
  );
}

export function InvoicedPaidChart({ chart }: { chart: InvoicedPaidChartView }) {
  const { currency, title, invoicedName, receivedName, period, months, geometry, tickLabels } = chart;
  const t = useTranslations("dashboard.chart");
  const patternId = `paid-hatch-${currency}`;
  return (
    <figure className="grid gap-3" data-testid={`chart-${currency}`}>
      <figcaption className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">{title}</span>
        <span className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <Swatch series="invoiced" patternId={patternId} /> {t("solid", { name: invoicedName })}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Swatch series="received" patternId={patternId} /> {t("hatched", { name: receivedName })}
          </span>
        </span>
      </figcaption>
      {/* On a phone it scrolls sideways rather than shrinking its labels out of legibility, and
          starts at the right end (rtl on the box only): the latest months show first. */}
      <div className="overflow-x-auto [direction:rtl]" tabIndex={0} role="group" aria-label={t("group", { title })}>
        <svg
          viewBox={`0 0 ${geometry.width} ${geometry.height}`}
          className="h-auto w-full min-w-[38rem] text-muted-foreground [direction:ltr]"
          role="img"
          aria-label={t("image", { title, period })}
        >
          <defs>
            <pattern id={patternId} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" className="fill-success-muted" />
              <line x1="0" y1="0" x2="0" y2="6" strokeWidth="3" className="stroke-success" />
            </pattern>
          </defs>
          {geometry.ticks.map((tick, index) => (
            <g key={tick.value}>
              <line
                x1={geometry.plot.left}
                x2={geometry.plot.right}
                y1={tick.y}
                y2={tick.y}
                className={tick.value === 0 ? "stroke-foreground" : "stroke-border"}
                strokeWidth={tick.value === 0 ? 1 : 0.75}
              />
              <text
                x={geometry.plot.left - 6}
                y={tick.y}
                dy="0.32em"
                textAnchor="end"
                fontSize="12"
                className="fill-muted-foreground"
              >
                {tickLabels[index]}
              </text>
            </g>
          ))}
          {geometry.groups.map((group, index) => {
            const month = months[index]!;
            const [invoiced, received] = group.bars;
            return (
              <g key={group.key}>
                <rect
                  x={invoiced.x}
                  y={invoiced.y}
                  width={invoiced.width}
                  height={invoiced.height}
                  className="fill-primary"
                >
                  <title>
                    {t("bar", { month: month.name, name: invoicedName.toLowerCase(), amount: month.invoiced })}
                  </title>
                </rect>
                <rect
                  x={received.x}
                  y={received.y}
                  width={received.width}
                  height={received.height}
                  fill={`url(#${patternId})`}
                  className="stroke-success"
                  strokeWidth="1"
                >
                  <title>
                    {t("bar", { month: month.name, name: receivedName.toLowerCase(), amount: month.received })}
                  </title>
                </rect>
                <text
                  x={group.labelX}
                  y={geometry.plot.bottom + 18}
                  textAnchor="middle"
                  fontSize="12"
                  className={index === months.length - 1 ? "fill-foreground font-semibold" : "fill-muted-foreground"}
                >
                  {month.axisLabel}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <details className="text-sm">
        <summary className="w-fit cursor-pointer rounded text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
          {t("figures")}
        </summary>
        <FigureTable
          caption={`${title}, ${period}`}
          columns={[
            { label: t("month") },
            { label: invoicedName, numeric: true },
            { label: receivedName, numeric: true },
          ]}
          className="mt-2"
        >
          {months.map((month) => (
            <FigureRow
              key={month.key}
              name={month.name}
              cells={[
                {
                  content: (
                    <FigureLink
                      href={month.invoicedHref}
                      label={t("figureIn", { name: invoicedName.toLowerCase(), month: month.name })}
                    >
                      {month.invoiced}
                    </FigureLink>
                  ),
                },
                {
                  content: (
                    <FigureLink
                      href={month.paidHref}
                      label={t("figureIn", { name: receivedName.toLowerCase(), month: month.name })}
                    >
                      {month.received}
                    </FigureLink>
                  ),
                },
              ]}
            />
          ))}
        </FigureTable>
      </details>
    </figure>
  );
}
