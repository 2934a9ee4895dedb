import { getDb } from "@/db/client";
import { csvFormatOf } from "@/lib/csv";
import { requestLocale } from "@/i18n/request-locale";
import { todayInZone } from "@/lib/dates";
import { backOfficeRoute } from "@/lib/route-handler";
import { invoiceCsvStream } from "@/modules/invoices/invoice-csv";
import { invoiceListFilter } from "@/modules/invoices/invoice-schemas";
import { getSettings } from "@/modules/settings/settings-queries";

export const dynamic = "force-dynamic";

/**
 * The filtered invoice list as a streamed CSV file, for admins and managers: in the person's locale
 * (semicolons and decimal commas for fr/de), or the plain comma format with `format=plain`.
 */
export const GET = backOfficeRoute({ permission: "invoice.read" }, async (request) => {
  const url = new URL(request.url);
  const db = getDb();
  const settings = await getSettings(db);
  const filter = invoiceListFilter.parse(Object.fromEntries(url.searchParams));
  const today = todayInZone(settings.timezone);
  const format = csvFormatOf(url.searchParams, await requestLocale(settings), settings.timezone);
  return new Response(invoiceCsvStream(db, filter, today, 1000, format), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="invoices-${today}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
