import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { findBudgetUsage } from "@/modules/clients/project-budget-queries";
import {
  ProfitabilityPeopleTable,
  ProfitabilityReportFilters,
  ProfitabilityReportTable,
} from "@/modules/reports/components/profitability-report-view";
import { ExportLinks, rangeText, ReportTabs } from "@/modules/reports/components/report-parts";
import { findProfitabilityReport } from "@/modules/reports/profitability-report-queries";
import { pageOf, reportRange } from "@/modules/reports/report-rules";
import { profitabilityReport } from "@/modules/reports/report-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("reports.profitability");
  return { title: t("metaTitle") };
}

export default async function ProfitabilityReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // Administrators only: the report is about what people cost (decision 053).
  const viewer = await requirePagePermission("cost.read");
  const t = await getTranslations("reports");
  const params = profitabilityReport.parse(await searchParams);
  const settings = await getPageSettings();
  const range = reportRange(params, todayInZone(settings.timezone));
  const db = getDb();
  const report = await findProfitabilityReport(
    db,
    viewer,
    { ...params, from: range.from, to: range.to },
    settings.defaultHourlyRate,
  );
  const shown = params.project ? report.rows : pageOf(report.rows, params);
  const budgets = new Map(
    (await findBudgetUsage(db, { projectIds: shown.map((row) => row.projectId) }, settings)).map((usage) => [
      usage.projectId,
      usage,
    ]),
  );
  const drilled = params.project ? report.rows[0] : undefined;
  const exportQuery = profitabilityReport.query({
    ...params,
    from: range.from,
    to: range.to,
    period: undefined,
    page: undefined,
    size: undefined,
  });
  const filtered = { ...params, period: range.period };

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title={t("title")}
        description={t("profitability.description")}
        actions={
          <ExportLinks
            href={`/bo/reports/profitability/export${exportQuery}`}
            label={params.project ? t("export.people") : t("export.csv")}
          />
        }
      />
      <ReportTabs current="profitability" money cost />
      <ProfitabilityReportFilters params={filtered} />
      <p className="text-sm text-muted-foreground" data-testid="report-range">
        {t("profitability.explained", {
          range: rangeText(range, settings.locale, settings.timezone, (dates) => t("range", dates)),
        })}
      </p>
      {params.client || params.project ? (
        <p className="text-sm">
          <Link
            href={profitabilityReport.href({ ...filtered, client: undefined, project: undefined, page: 1 })}
            className="underline-offset-4 hover:underline"
          >
            {t("profitability.everyProject")}
          </Link>
        </p>
      ) : null}
      {params.project ? (
        <section aria-labelledby="profitability-project" className="grid gap-3">
          <h2 id="profitability-project" className="text-lg font-semibold">
            {drilled
              ? t("profitability.people", { project: drilled.projectName, client: drilled.clientName })
              : t("profitability.noTime")}
          </h2>
          {drilled ? (
            <>
              <ProfitabilityReportTable
                params={filtered}
                rows={[drilled]}
                totals={[]}
                budgets={budgets}
                locale={settings.locale}
              />
              <ProfitabilityPeopleTable row={drilled} locale={settings.locale} />
            </>
          ) : null}
        </section>
      ) : (
        <PagedList
          list={{ page: params.page, pageSize: params.size, total: report.rows.length, rows: shown }}
          noun={{ one: t("profitability.noun.one"), other: t("profitability.noun.other") }}
          locale={settings.locale}
          href={(page) => profitabilityReport.href({ ...filtered, page })}
          empty={
            <ProfitabilityReportTable
              params={filtered}
              rows={[]}
              totals={[]}
              budgets={budgets}
              locale={settings.locale}
            />
          }
        >
          <ProfitabilityReportTable
            params={filtered}
            rows={shown}
            totals={report.totals}
            budgets={budgets}
            locale={settings.locale}
          />
        </PagedList>
      )}
    </div>
  );
}
