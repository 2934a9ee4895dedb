import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { ExportLinks, rangeText, ReportTabs } from "@/modules/reports/components/report-parts";
import { UtilisationReportFilters, UtilisationReportTable } from "@/modules/reports/components/utilisation-report-view";
import { reportRange } from "@/modules/reports/report-rules";
import { utilisationReport } from "@/modules/reports/report-schemas";
import { timeReportScope } from "@/modules/reports/time-report-queries";
import { findUtilisationReport } from "@/modules/reports/utilisation-report-queries";
import { getPageSettings } from "@/modules/settings/page-settings";
import { findTimesheetPeople } from "@/modules/timesheets/timesheet-queries";
import { can } from "@/modules/users/permissions";

export async function generateMetadata() {
  const t = await getTranslations("reports.utilisation");
  return { title: t("metaTitle") };
}

export default async function UtilisationReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requirePagePermission("timesheet.read");
  const t = await getTranslations("reports");
  const { everyone } = timeReportScope(viewer);
  const asked = utilisationReport.parse(await searchParams);
  // Staff see themselves only, whatever the address asks for.
  const params = everyone ? asked : { ...asked, person: undefined };
  const settings = await getPageSettings();
  const range = reportRange(params, todayInZone(settings.timezone));
  const db = getDb();
  const [report, people] = await Promise.all([
    findUtilisationReport(db, viewer, { ...params, from: range.from, to: range.to }, settings),
    everyone ? findTimesheetPeople(db) : Promise.resolve([]),
  ]);
  const exportQuery = utilisationReport.query({ ...params, from: range.from, to: range.to, period: undefined });
  const day = report.workingDays;

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeader
        title={t("title")}
        description={everyone ? t("utilisation.description") : t("utilisation.descriptionOwn")}
        actions={<ExportLinks href={`/bo/reports/utilisation/export${exportQuery}`} label={t("export.csv")} />}
      />
      <ReportTabs current="utilisation" money={can(viewer, "invoice.read")} cost={can(viewer, "cost.read")} />
      <UtilisationReportFilters params={{ ...params, period: range.period }} people={everyone ? people : []} />
      <p className="text-sm text-muted-foreground" data-testid="report-range">
        {t("utilisation.explained", {
          range: rangeText(range, settings.locale, settings.timezone, (dates) => t("range", dates)),
          days: day,
        })}
      </p>
      <UtilisationReportTable
        rows={report.rows}
        totals={report.totals}
        range={range}
        status={params.status}
        locale={settings.locale}
      />
    </div>
  );
}
