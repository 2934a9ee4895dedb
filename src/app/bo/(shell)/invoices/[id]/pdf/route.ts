import { getDb } from "@/db/client";
import { backOfficeRoute } from "@/lib/route-handler";
import { invoicePdfResponse } from "@/modules/invoices/invoice-files";

export const dynamic = "force-dynamic";

/** The invoice as a PDF, for admins and managers; the same bytes every time once issued. */
export const GET = backOfficeRoute<{ id: string }>({ permission: "invoice.read" }, async (request, { params }) => {
  const { id } = await params;
  return invoicePdfResponse(getDb(), id, { download: new URL(request.url).searchParams.get("download") === "1" });
});
