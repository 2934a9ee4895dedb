import { getDb } from "@/db/client";
import { todayInZone } from "@/lib/dates";
import { getCurrentUser, loginUrl } from "@/lib/session";
import { invoiceCsvStream } from "@/modules/invoices/invoice-csv";
import { invoiceListFilter } from "@/modules/invoices/invoice-schemas";
import { getSettings } from "@/modules/settings/settings-queries";

export const dynamic = "force-dynamic";

/** The filtered invoice list as a streamed CSV file, for admins and managers. */
export async function GET(request: Request) {
  const user = await getCurrentUser();
  const url = new URL(request.url);
  if (!user) return Response.redirect(new URL(loginUrl(`/bo/invoices/export${url.search}`), request.url), 303);
  if (user.role !== "admin" && user.role !== "manager")
    return new Response("You do not have permission to export invoices.", {
      status: 403,
      headers: { "cache-control": "no-store" },
    });
  const db = getDb();
  const settings = await getSettings(db);
  const filter = invoiceListFilter.parse(Object.fromEntries(url.searchParams));
  const today = todayInZone(settings.timezone);
  return new Response(invoiceCsvStream(db, filter, today), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="invoices-${today}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
