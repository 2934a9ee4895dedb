import { getTranslations } from "next-intl/server";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { ExportLinks, rangeText, ReportTabs } from "@/modules/reports/components/report-parts";
import {
  TimeEntriesTable,
  TimeReportEmpty,
  TimeReportFilters,
  TimeReportTable,
} from "@/modules/reports/components/time-report-view";
import { pageOf, reportRange } from "@/modules/reports/report-rules";
import { timeReport } from "@/modules/reports/report-schemas";
import {
  findTimeReport,
  findTimeReportChoices,
  findTimeReportEntries,
  timeReportScope,
} from "@/modules/reports/time-report-queries";
import { getPageSettings } from "@/modules/settings/page-settings";
import { findTimesheetPeople } from "@/modules/timesheets/timesheet-queries";
import { can } from "@/modules/users/permissions";

export async function generateMetadata() {
  const t = await getTranslations("reports.time");
  return { title: t("metaTitle") };
}

export default async function TimeReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requirePagePermission("timesheet.read");
  const t = await getTranslations("reports");
  const scope = timeReportScope(viewer);
  const asked = timeReport.parse(await searchParams);
  // Staff have their own time only, whatever the address asks for.
  const params = scope.everyone
    ? asked
    : { ...asked, person: undefined, group: asked.group === "person" ? "client" : asked.group };
  const settings = await getPageSettings();
  const range = reportRange(params, todayInZone(settings.timezone));
  const filter = { ...params, from: range.from, to: range.to };
  const db = getDb();
  const firmRate = settings.defaultHourlyRate;
  const [report, entries, choices, people] = await Promise.all([
    params.group === "entry" ? null : findTimeReport(db, viewer, params.group, filter, firmRate),
    params.group === "entry"
      ? findTimeReportEntries(db, viewer, filter, firmRate, { page: params.page, pageSize: params.size })
      : null,
    findTimeReportChoices(db, params),
    scope.everyone ? findTimesheetPeople(db) : Promise.resolve([]),
  ]);
  const exportQuery = timeReport.query({
    ...params,
    from: range.from,
    to: range.to,
    period: undefined,
    page: undefined,
    size: undefined,
  });

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title={t("title")}
        description={scope.everyone ? t("time.description") : t("time.descriptionOwn")}
        actions={<ExportLinks href={`/bo/reports/export${exportQuery}`} label={t("export.entries")} />}
      />
      <ReportTabs current="time" money={can(viewer, "invoice.read")} cost={can(viewer, "cost.read")} />
      <TimeReportFilters
        params={{ ...params, period: range.period }}
        clientName={choices.clientName}
        projectName={choices.projectName}
        projects={choices.projects}
        people={people}
      />
      <p className="text-sm text-muted-foreground" data-testid="report-range">
        {t(scope.amounts ? "time.rangeAmounts" : "time.rangeOnly", {
          range: rangeText(range, settings.locale, settings.timezone, (dates) => t("range", dates)),
        })}
      </p>
      {report ? (
        <PagedList
          list={{
            page: params.page,
            pageSize: params.size,
            total: report.rows.length,
            rows: pageOf(report.rows, params),
          }}
          noun={{ one: t("time.rowNoun.one"), other: t("time.rowNoun.other") }}
          locale={settings.locale}
          href={(page) => timeReport.href({ ...params, page })}
          empty={<TimeReportEmpty />}
        >
          <TimeReportTable
            params={params}
            range={range}
            rows={pageOf(report.rows, params)}
            totals={report.totals}
            minutes={report.minutes}
            amounts={scope.amounts}
            locale={settings.locale}
          />
        </PagedList>
      ) : null}
      {entries ? (
        <TimeEntriesTable params={params} list={entries} amounts={scope.amounts} locale={settings.locale} />
      ) : null}
    </div>
  );
}
