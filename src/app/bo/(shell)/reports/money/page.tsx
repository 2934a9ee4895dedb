import type { Metadata } from "next";
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

export const metadata: Metadata = { title: "Money report" };

export default async function MoneyReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requirePagePermission("invoice.read");
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
        title="Reports"
        description="Invoiced excluding VAT (VAT apart; credit notes deducted), received, and still owed, per currency."
        actions={<ExportLinks href={`/bo/reports/money/export${exportQuery}`} label="Export CSV" />}
      />
      <ReportTabs current="money" money cost={can(viewer, "cost.read")} />
      <MoneyReportFilters params={{ ...params, period: range.period }} />
      <p className="text-sm text-muted-foreground" data-testid="report-range">
        {rangeText(range, settings.locale, settings.timezone)}. Invoiced: documents issued in the period, by issue date.
        Received: payments dated in the period. Still owed: today&apos;s balance of the invoices issued in the period,
        VAT included.
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
