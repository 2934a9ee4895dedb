import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { backOfficeRoute } from "@/lib/route-handler";
import { reportFile } from "@/modules/reports/report-export";
import { oneBatch, UTILISATION_COLUMNS } from "@/modules/reports/report-csv";
import { reportRange } from "@/modules/reports/report-rules";
import { utilisationReport } from "@/modules/reports/report-schemas";
import { findUtilisationReport } from "@/modules/reports/utilisation-report-queries";
import { getSettings } from "@/modules/settings/settings-queries";

export const dynamic = "force-dynamic";

/** The utilisation rows as CSV: everyone's for managers, staff their own whatever the address asks. */
export const GET = backOfficeRoute({ permission: "timesheet.read" }, async (request, { user }) => {
  const db = getDb();
  const settings = await getSettings(db);
  const params = utilisationReport.parse(Object.fromEntries(new URL(request.url).searchParams));
  const range = reportRange(params, todayInZone(settings.timezone));
  const report = await findUtilisationReport(db, user, { ...params, ...range }, settings);
  return reportFile(
    request,
    settings,
    UTILISATION_COLUMNS,
    oneBatch(report.rows),
    `utilisation-${range.from}-${range.to}`,
  );
});
