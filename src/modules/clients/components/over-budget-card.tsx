import { useTranslations } from "next-intl";
import Link from "@/components/app-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { BudgetUsage } from "../project-budget-queries";
import { ProjectBudgetBar } from "./project-budget-bar";

/** How many projects the card shows: a flag to act on, not the list of every project. */
export const OVER_BUDGET_SHOWN = 6;

/**
 * The dashboard's flag: active projects that have used their whole budget this period, the furthest
 * over first, at most OVER_BUDGET_SHOWN of them, then how many more there are.
 */
export function OverBudgetCard({ projects, locale }: { projects: BudgetUsage[]; locale: string }) {
  const t = useTranslations("clients.budget.overCard");
  const shown = [...projects]
    .sort((a, b) => b.percent - a.percent || a.projectName.localeCompare(b.projectName, locale))
    .slice(0, OVER_BUDGET_SHOWN);
  return (
    <Card data-testid="over-budget" className="border-destructive/50">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description", { count: projects.length })}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((usage) => (
            <li key={usage.projectId} className="grid gap-1">
              <Link href={`/bo/clients/${usage.clientId}`} className="font-medium underline underline-offset-4">
                {usage.projectName}
              </Link>
              <span className="text-sm text-muted-foreground">{usage.clientName}</span>
              <ProjectBudgetBar usage={usage} locale={locale} showMoney />
            </li>
          ))}
        </ul>
        {projects.length > shown.length ? (
          <p className="mt-4 text-sm text-muted-foreground">{t("more", { count: projects.length - shown.length })}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
