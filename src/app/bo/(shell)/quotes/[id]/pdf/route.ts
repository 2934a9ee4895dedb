import { getDb } from "@/db/client";
import { backOfficeRoute } from "@/lib/route-handler";
import { quotePdfResponse } from "@/modules/quotes/quote-files";

export const dynamic = "force-dynamic";

/** The quote as a PDF in its client's language, for admins and managers; the same bytes every time once sent. */
export const GET = backOfficeRoute<{ id: string }>({ permission: "invoice.read" }, async (request, { params }) => {
  const { id } = await params;
  return quotePdfResponse(getDb(), id, { download: new URL(request.url).searchParams.get("download") === "1" });
});
