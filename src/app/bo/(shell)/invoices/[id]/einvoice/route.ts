import { getDb } from "@/db/client";
import { InvalidError } from "@/lib/errors";
import { backOfficeRoute } from "@/lib/route-handler";
import { EINVOICE_FORMATS, type EinvoiceFormat } from "@/modules/einvoicing/einvoice-model";
import { renderInvoiceEinvoice } from "@/modules/einvoicing/einvoice-queries";

export const dynamic = "force-dynamic";

/**
 * An issued invoice or credit note as an e-invoice: `?format=factur-x` (the PDF/A-3 with the CII
 * XML embedded), `peppol`, `xrechnung-cii` or `xrechnung-ubl` (XML). The same bytes every time.
 * A draft, or a document the format would reject, answers 400 with the reasons (decision 028).
 */
export const GET = backOfficeRoute<{ id: string }>({ permission: "invoice.read" }, async (request, { params }) => {
  const { id } = await params;
  const format = new URL(request.url).searchParams.get("format") ?? "";
  if (!(EINVOICE_FORMATS as readonly string[]).includes(format))
    throw new InvalidError(
      `Choose an e-invoice format: ${EINVOICE_FORMATS.join(", ")}.`,
      {},
      "invoice.einvoice_format_unknown",
    );
  const download = await renderInvoiceEinvoice(getDb(), id, format as EinvoiceFormat);
  return new Response(new Uint8Array(download.bytes), {
    headers: {
      "content-type": download.contentType,
      "content-length": String(download.bytes.length),
      "content-disposition": `attachment; filename="${download.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
