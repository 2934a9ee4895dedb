import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { backOfficeRoute } from "@/lib/route-handler";
import { reportFile } from "@/modules/reports/report-export";
import { findAgeingInvoices, findAgeingReport } from "@/modules/reports/ageing-report-queries";
import { AGEING_COLUMNS, AGEING_INVOICE_COLUMNS, oneBatch } from "@/modules/reports/report-csv";
import { ageingReport } from "@/modules/reports/report-schemas";
import { getSettings } from "@/modules/settings/settings-queries";

export const dynamic = "force-dynamic";

/** The ageing report's rows (one per client and currency) as CSV; with a client, that client's open invoices. */
export const GET = backOfficeRoute({ permission: "invoice.read" }, async (request) => {
  const db = getDb();
  const settings = await getSettings(db);
  const params = ageingReport.parse(Object.fromEntries(new URL(request.url).searchParams));
  const asOf = params.asOf ?? todayInZone(settings.timezone);
  if (params.client) {
    const { invoices } = await findAgeingInvoices(db, { asOf, client: params.client });
    return reportFile(request, settings, AGEING_INVOICE_COLUMNS, oneBatch(invoices), `ageing-${asOf}-client`);
  }
  const report = await findAgeingReport(db, { asOf });
  return reportFile(request, settings, AGEING_COLUMNS, oneBatch(report.rows), `ageing-${asOf}`);
});
