import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { formatDate, todayInZone } from "@/lib/dates";
import { firstParam } from "@/lib/search-params";
import { requireUser } from "@/lib/session";
import { OverBudgetCard } from "@/modules/clients/components/over-budget-card";
import { findBudgetUsage } from "@/modules/clients/project-budget-queries";
import { describeAuditEvents } from "@/modules/audit/audit-references";
import { pageAuditViewer } from "@/modules/audit/page-audit-viewer";
import { DashboardView } from "@/modules/dashboard/components/dashboard-view";
import { loadDashboard } from "@/modules/dashboard/dashboard-queries";
import { getPageSettings } from "@/modules/settings/page-settings";
import { can } from "@/modules/users/permissions";

export async function generateMetadata() {
  const t = await getTranslations("dashboard");
  return { title: t("title") };
}

export default async function DashboardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser();
  const t = await getTranslations("dashboard");
  const chartCurrency = firstParam((await searchParams).chart);
  const db = getDb();
  const settings = await getPageSettings();
  const today = todayInZone(settings.timezone);
  // The audit log's "Recent changes" are read in the dashboard's one statement; the projects over
  // budget (for those who manage projects and get the budget mails) at the same time, on another
  // connection.
  const [data, overBudget] = await Promise.all([
    loadDashboard(db, user, {
      today,
      timeZone: settings.timezone,
      firmCurrency: settings.currency,
      firmWeek: settings,
      recentChanges: can(user, "audit.read") ? 8 : undefined,
    }),
    can(user, "client.edit") ? findBudgetUsage(db, { active: true, onlyOver: true }, settings) : [],
  ]);

  return (
    <div className="mx-auto grid max-w-7xl gap-8">
      <PageHeader
        title={t("title")}
        description={t("welcome", {
          name: user.name,
          today: formatDate(today, settings.locale, settings.timezone, "full"),
        })}
      />
      {overBudget.length > 0 ? <OverBudgetCard projects={overBudget} locale={settings.locale} /> : null}
      <DashboardView
        data={data}
        firm={settings}
        canEditSettings={can(user, "settings.edit")}
        recent={data.recent ? await describeAuditEvents(db, data.recent, await pageAuditViewer()) : null}
        chartCurrency={chartCurrency}
      />
    </div>
  );
}
