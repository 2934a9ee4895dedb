import { getDb } from "@/db/client";
import { backOfficeRoute } from "@/lib/route-handler";
import { invoiceEinvoiceResponse } from "@/modules/invoices/invoice-files";

export const dynamic = "force-dynamic";

/**
 * An issued invoice or credit note as an e-invoice: `?format=factur-x` (the PDF/A-3 with the CII
 * XML embedded), `peppol`, `xrechnung-cii` or `xrechnung-ubl` (XML). The same bytes every time.
 * A draft, or a document the format would reject, answers 400 with the reasons (decision 028).
 */
export const GET = backOfficeRoute<{ id: string }>({ permission: "invoice.read" }, async (request, { params }) => {
  const { id } = await params;
  return invoiceEinvoiceResponse(getDb(), id, new URL(request.url).searchParams.get("format") ?? "");
});
