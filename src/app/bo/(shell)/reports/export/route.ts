import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { backOfficeRoute } from "@/lib/route-handler";
import { reportFile } from "@/modules/reports/report-export";
import { timeEntryColumns } from "@/modules/reports/report-csv";
import { reportRange } from "@/modules/reports/report-rules";
import { timeReport } from "@/modules/reports/report-schemas";
import { streamTimeReportEntries, timeReportScope } from "@/modules/reports/time-report-queries";
import { getSettings } from "@/modules/settings/settings-queries";

export const dynamic = "force-dynamic";

/** The time report's entries as a streamed CSV: everyone their own, managers anyone's; amounts for billing.read. */
export const GET = backOfficeRoute({ permission: "timesheet.read" }, async (request, { user }) => {
  const db = getDb();
  const settings = await getSettings(db);
  const params = timeReport.parse(Object.fromEntries(new URL(request.url).searchParams));
  const range = reportRange(params, todayInZone(settings.timezone));
  const rows = streamTimeReportEntries(db, user, { ...params, ...range }, settings.defaultHourlyRate);
  return reportFile(
    request,
    settings,
    timeEntryColumns(timeReportScope(user).amounts),
    rows,
    `time-${range.from}-${range.to}`,
  );
});
