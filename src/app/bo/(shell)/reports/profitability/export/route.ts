import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { backOfficeRoute } from "@/lib/route-handler";
import { reportFile } from "@/modules/reports/report-export";
import { findProfitabilityReport } from "@/modules/reports/profitability-report-queries";
import { oneBatch, PROFIT_COLUMNS, profitDrillRows, profitPeopleColumns } from "@/modules/reports/report-csv";
import { reportRange } from "@/modules/reports/report-rules";
import { profitabilityReport } from "@/modules/reports/report-schemas";
import { getSettings } from "@/modules/settings/settings-queries";

export const dynamic = "force-dynamic";

/** The profitability rows (one per project) as CSV; with a project, its people. Administrators only. */
export const GET = backOfficeRoute({ permission: "cost.read" }, async (request, { user }) => {
  const db = getDb();
  const settings = await getSettings(db);
  const params = profitabilityReport.parse(Object.fromEntries(new URL(request.url).searchParams));
  const range = reportRange(params, todayInZone(settings.timezone));
  const report = await findProfitabilityReport(db, user, { ...params, ...range }, settings.defaultHourlyRate);
  const project = params.project ? report.rows[0] : undefined;
  if (project)
    return reportFile(
      request,
      settings,
      profitPeopleColumns(project),
      oneBatch(profitDrillRows(project)),
      `profitability-${range.from}-${range.to}-project`,
    );
  return reportFile(
    request,
    settings,
    PROFIT_COLUMNS,
    oneBatch(report.rows),
    `profitability-${range.from}-${range.to}`,
  );
});
