import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import { budgetFigures, budgetPeriodLabel } from "../budget-rules";
import type { BudgetUsage } from "../project-budget-queries";

/**
 * Spent against budget: the figures in text ("16 h of 20 h · 80 %") and a bar with the meter role
 * (its value capped at 100; the text says how far over). Without `showMoney` a money budget shows
 * only its percentage: staff see hours, not money (security review, finding g).
 */
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
  const figures = budgetFigures(usage, locale);
  const hidden = usage.budget.unit === "money" && !showMoney;
  const period = budgetPeriodLabel(usage.period.key, locale, t("allTime"));
  const used = hidden
    ? t("percentUsed", { percent: usage.percent })
    : t("used", { spent: figures.spent, budget: figures.budget, percent: usage.percent });
  const width = Math.min(usage.percent, 100);
  return (
    <div className={cn("grid min-w-36 gap-1", className)}>
      <p className="text-xs tabular-nums">
        <span className={usage.state === "over" ? "font-semibold text-destructive" : undefined}>{used}</span>
        <span className="text-muted-foreground"> · {period}</span>
        {usage.state === "over" ? <span className="text-destructive"> · {t("over")}</span> : null}
      </p>
      <div
        role="meter"
        aria-label={t("meter", { project: usage.projectName })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        aria-valuetext={`${used}, ${period}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            "h-full rounded-full",
            usage.state === "over" ? "bg-destructive" : usage.state === "near" ? "bg-amber-500" : "bg-primary",
          )}
          style={{ width: `${width}%` }}
        />
      </div>
      {figures.estimated && !hidden ? (
        <p className="text-xs text-muted-foreground">{t("estimated", { amount: figures.estimated })}</p>
      ) : null}
    </div>
  );
}
