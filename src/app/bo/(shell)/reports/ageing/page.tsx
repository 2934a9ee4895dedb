import { getTranslations } from "next-intl/server";
import { can } from "@/modules/users/permissions";
import Link from "@/components/app-link";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { formatDate, todayInZone } from "@/lib/dates";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { findAgeingInvoices, findAgeingReport } from "@/modules/reports/ageing-report-queries";
import {
  AgeingInvoicesTable,
  AgeingReportFilters,
  AgeingReportTable,
} from "@/modules/reports/components/ageing-report-view";
import { ExportLinks, ReportTabs } from "@/modules/reports/components/report-parts";
import { pageOf } from "@/modules/reports/report-rules";
import { ageingReport } from "@/modules/reports/report-schemas";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("reports.ageing");
  return { title: t("metaTitle") };
}

export default async function AgeingReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requirePagePermission("invoice.read");
  const t = await getTranslations("reports");
  const params = ageingReport.parse(await searchParams);
  const settings = await getPageSettings();
  const asOf = params.asOf ?? todayInZone(settings.timezone);
  const db = getDb();
  const [report, drill] = await Promise.all([
    findAgeingReport(db, { asOf, client: params.client }),
    params.client ? findAgeingInvoices(db, { asOf, client: params.client }) : null,
  ]);
  const exportQuery = ageingReport.query({ asOf, client: params.client });
  const dateText = formatDate(asOf, settings.locale, settings.timezone);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title={t("title")}
        description={t("ageing.description")}
        actions={
          <ExportLinks
            href={`/bo/reports/ageing/export${exportQuery}`}
            label={params.client ? t("export.invoices") : t("export.csv")}
          />
        }
      />
      <ReportTabs current="ageing" money cost={can(viewer, "cost.read")} />
      <AgeingReportFilters params={params} asOf={asOf} />
      <p className="text-sm text-muted-foreground" data-testid="report-range">
        {t("ageing.explained", { date: dateText })}
      </p>
      {params.client ? (
        <section aria-labelledby="ageing-client" className="grid gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="ageing-client" className="text-lg font-semibold">
              {drill?.clientName
                ? t("ageing.openInvoicesOf", { client: drill.clientName, date: dateText })
                : t("ageing.openInvoicesOfThisClient", { date: dateText })}
            </h2>
            <Link
              href={ageingReport.href({ ...params, client: undefined, page: 1 })}
              className="text-sm underline-offset-4 hover:underline"
            >
              {t("ageing.everyClient")}
            </Link>
          </div>
          {report.rows.length > 0 ? (
            <AgeingReportTable params={params} rows={report.rows} totals={report.totals} locale={settings.locale} />
          ) : null}
          <AgeingInvoicesTable invoices={drill?.invoices ?? []} locale={settings.locale} timeZone={settings.timezone} />
        </section>
      ) : (
        <PagedList
          list={{
            page: params.page,
            pageSize: params.size,
            total: report.rows.length,
            rows: pageOf(report.rows, params),
          }}
          noun={{ one: t("time.rowNoun.one"), other: t("time.rowNoun.other") }}
          locale={settings.locale}
          href={(page) => ageingReport.href({ ...params, page })}
          empty={<AgeingReportTable params={params} rows={[]} totals={[]} locale={settings.locale} />}
        >
          <AgeingReportTable
            params={params}
            rows={pageOf(report.rows, params)}
            totals={report.totals}
            locale={settings.locale}
          />
        </PagedList>
      )}
    </div>
  );
}
