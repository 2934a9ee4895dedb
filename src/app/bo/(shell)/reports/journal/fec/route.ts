import { getDb } from "@/db/client";
import { requestTexts } from "@/i18n/server-texts";
import { todayInZone } from "@/lib/dates";
import { backOfficeRoute } from "@/lib/route-handler";
import { fecRefusal, fecResponse } from "@/modules/reports/fec-export";
import { reportRange } from "@/modules/reports/report-rules";
import { salesJournal } from "@/modules/reports/report-schemas";
import { getSettings } from "@/modules/settings/settings-queries";

export const dynamic = "force-dynamic";

/** The FEC of a period (sales and bank journals), streamed; refused with the reason when it cannot be made. */
export const GET = backOfficeRoute({ permission: "invoice.read" }, async (request) => {
  const db = getDb();
  const settings = await getSettings(db);
  const params = salesJournal.parse(Object.fromEntries(new URL(request.url).searchParams));
  const range = reportRange(params, todayInZone(settings.timezone));
  const refusal = await fecRefusal(db, settings, range);
  if (refusal)
    return new Response(`${(await requestTexts())(refusal)}\n`, {
      status: 409,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
    });
  return fecResponse(db, settings, range);
});
