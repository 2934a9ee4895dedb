import { getTranslations } from "next-intl/server";
import { can } from "@/modules/users/permissions";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import {
  MoneyReportCharts,
  MoneyReportFilters,
  MoneyReportTable,
} from "@/modules/reports/components/money-report-view";
import { ExportLinks, rangeText, ReportTabs } from "@/modules/reports/components/report-parts";
import { findMoneyReport } from "@/modules/reports/money-report-queries";
import { reportRange } from "@/modules/reports/report-rules";
import { moneyReport } from "@/modules/reports/report-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("reports.money");
  return { title: t("metaTitle") };
}

export default async function MoneyReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requirePagePermission("invoice.read");
  const t = await getTranslations("reports");
  const params = moneyReport.parse(await searchParams);
  const settings = await getPageSettings();
  const range = reportRange(
    { ...params, period: params.period ?? (params.from || params.to ? undefined : "this_year") },
    todayInZone(settings.timezone),
  );
  const report = await findMoneyReport(getDb(), params.group, range);
  const exportQuery = moneyReport.query({ group: params.group, from: range.from, to: range.to });

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title={t("title")}
        description={t("money.description")}
        actions={<ExportLinks href={`/bo/reports/money/export${exportQuery}`} label={t("export.csv")} />}
      />
      <ReportTabs current="money" money cost={can(viewer, "cost.read")} />
      <MoneyReportFilters params={{ ...params, period: range.period }} />
      <p className="text-sm text-muted-foreground" data-testid="report-range">
        {t("money.explained", {
          range: rangeText(range, settings.locale, settings.timezone, (dates) => t("range", dates)),
        })}
      </p>
      {params.group === "month" ? (
        <MoneyReportCharts rows={report.rows} range={range} locale={settings.locale} />
      ) : null}
      <MoneyReportTable
        params={params}
        range={range}
        rows={report.rows}
        totals={report.totals}
        locale={settings.locale}
      />
    </div>
  );
}
