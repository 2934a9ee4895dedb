import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import { budgetFigures, budgetPeriodLabel } from "../budget-rules";
import type { BudgetUsage } from "../project-budget-queries";

/** What a budget bar says, in the viewer's language: built on the server, laid out by `BudgetBar`. */
export type BudgetBarTexts = {
  /** "16 h of 20 h · 80 %", or only the percentage of a money budget the viewer may not see. */
  used: string;
  period: string;
  /** "over budget" when spent has reached the budget. */
  over: string | null;
  meterLabel: string;
  /** The bar's width and value: the percentage capped at 100 (the text says how far over). */
  width: number;
  state: BudgetUsage["state"];
  estimated: string | null;
};

type BudgetTranslator = ReturnType<typeof useTranslations<"clients.budget">>;

/**
 * The texts of a project's budget bar. Without `showMoney` a money budget shows only its
 * percentage: staff see hours, not money (security review, finding g).
 */
export function budgetBarTexts(
  usage: BudgetUsage,
  locale: string,
  showMoney: boolean,
  t: BudgetTranslator,
): BudgetBarTexts {
  const figures = budgetFigures(usage, locale);
  const hidden = usage.budget.unit === "money" && !showMoney;
  return {
    used: hidden
      ? t("percentUsed", { percent: usage.percent })
      : t("used", { spent: figures.spent, budget: figures.budget, percent: usage.percent }),
    period: budgetPeriodLabel(usage.period.key, locale, t("allTime")),
    over: usage.state === "over" ? t("over") : null,
    meterLabel: t("meter", { project: usage.projectName }),
    width: Math.min(usage.percent, 100),
    state: usage.state,
    estimated: figures.estimated && !hidden ? t("estimated", { amount: figures.estimated }) : null,
  };
}

/**
 * Spent against budget: the figures in text and a bar with the meter role. No hooks: a server
 * page and a client list of rows (profitability-rows.tsx) lay it out alike.
 */
export function BudgetBar({ texts, className }: { texts: BudgetBarTexts; className?: string }) {
  return (
    <div className={cn("grid min-w-36 gap-1", className)}>
      <p className="text-xs tabular-nums">
        <span className={texts.over ? "font-semibold text-destructive" : undefined}>{texts.used}</span>
        <span className="text-muted-foreground"> · {texts.period}</span>
        {texts.over ? <span className="text-destructive"> · {texts.over}</span> : null}
      </p>
      <div
        role="meter"
        aria-label={texts.meterLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={texts.width}
        aria-valuetext={`${texts.used}, ${texts.period}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            "h-full rounded-full",
            texts.state === "over" ? "bg-destructive" : texts.state === "near" ? "bg-amber-500" : "bg-primary",
          )}
          style={{ width: `${texts.width}%` }}
        />
      </div>
      {texts.estimated ? <p className="text-xs text-muted-foreground">{texts.estimated}</p> : null}
    </div>
  );
}

/** A project's budget bar on a server page (see budgetBarTexts). */
export function ProjectBudgetBar({
  usage,
  locale,
  showMoney,
  className,
}: {
  usage: BudgetUsage;
  locale: string;
  showMoney: boolean;
  className?: string;
}) {
  const t = useTranslations("clients.budget");
  return <BudgetBar texts={budgetBarTexts(usage, locale, showMoney, t)} className={className} />;
}
