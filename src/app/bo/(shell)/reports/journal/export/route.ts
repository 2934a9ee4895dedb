import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { backOfficeRoute } from "@/lib/route-handler";
import { reportFile } from "@/modules/reports/report-export";
import { JOURNAL_COLUMNS } from "@/modules/reports/report-csv";
import { reportRange } from "@/modules/reports/report-rules";
import { salesJournal } from "@/modules/reports/report-schemas";
import { streamSalesJournal } from "@/modules/reports/sales-journal-queries";
import { getSettings } from "@/modules/settings/settings-queries";

export const dynamic = "force-dynamic";

/** The sales journal of a period as a streamed CSV, one row per document and VAT rate. */
export const GET = backOfficeRoute({ permission: "invoice.read" }, async (request) => {
  const db = getDb();
  const settings = await getSettings(db);
  const params = salesJournal.parse(Object.fromEntries(new URL(request.url).searchParams));
  const range = reportRange(params, todayInZone(settings.timezone));
  return reportFile(
    request,
    settings,
    JOURNAL_COLUMNS,
    streamSalesJournal(db, range),
    `sales-journal-${range.from}-${range.to}`,
  );
});
