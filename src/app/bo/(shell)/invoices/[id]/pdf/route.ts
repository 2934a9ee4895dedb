import { getDb } from "@/db/client";
import { backOfficeRoute } from "@/lib/route-handler";
import { pdfBrandingOf, renderInvoicePdf } from "@/modules/invoices/invoice-pdf";
import { getInvoiceDocument } from "@/modules/invoices/invoice-detail-queries";

export const dynamic = "force-dynamic";

/** The invoice as a PDF, for admins and managers; the same bytes every time once issued. */
export const GET = backOfficeRoute<{ id: string }>({ permission: "invoice.read" }, async (request, { params }) => {
  const { id } = await params;
  const { detail, document, brand } = await getInvoiceDocument(getDb(), id);
  const bytes = await renderInvoicePdf(document, detail.issuedAt ?? detail.updatedAt, {
    branding: pdfBrandingOf(brand),
  });
  const name = detail.number
    ? `${detail.kind === "credit_note" ? "credit-note" : "invoice"}-${detail.number}`
    : `draft-${detail.id.slice(0, 8)}`;
  const inline = new URL(request.url).searchParams.get("download") !== "1";
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-length": String(bytes.length),
      "content-disposition": `${inline ? "inline" : "attachment"}; filename="${name.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
