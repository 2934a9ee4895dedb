import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { backOfficeRoute } from "@/lib/route-handler";
import { reportFile } from "@/modules/reports/report-export";
import { findMoneyReport } from "@/modules/reports/money-report-queries";
import { MONEY_COLUMNS, oneBatch } from "@/modules/reports/report-csv";
import { reportRange } from "@/modules/reports/report-rules";
import { moneyReport } from "@/modules/reports/report-schemas";
import { getSettings } from "@/modules/settings/settings-queries";

export const dynamic = "force-dynamic";

/** The money report's rows (a few per month or client) as CSV. */
export const GET = backOfficeRoute({ permission: "invoice.read" }, async (request) => {
  const db = getDb();
  const settings = await getSettings(db);
  const params = moneyReport.parse(Object.fromEntries(new URL(request.url).searchParams));
  const range = reportRange(
    { ...params, period: params.period ?? (params.from || params.to ? undefined : "this_year") },
    todayInZone(settings.timezone),
  );
  const report = await findMoneyReport(db, params.group, range);
  return reportFile(
    request,
    settings,
    MONEY_COLUMNS(params.group),
    oneBatch(report.rows),
    `money-${range.from}-${range.to}`,
  );
});
