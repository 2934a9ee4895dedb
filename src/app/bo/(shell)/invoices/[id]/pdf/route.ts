import { getDb } from "@/db/client";
import { NotFoundError } from "@/lib/errors";
import { getCurrentUser, loginUrl } from "@/lib/session";
import { renderInvoicePdf } from "@/modules/invoices/invoice-pdf";
import { getInvoiceDocument } from "@/modules/invoices/invoice-detail-queries";

export const dynamic = "force-dynamic";

/** The invoice as a PDF, for admins and managers; the same bytes every time once issued. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await getCurrentUser();
  const { id } = await params;
  if (!user) return Response.redirect(new URL(loginUrl(`/bo/invoices/${id}/pdf`), request.url), 303);
  if (user.role !== "admin" && user.role !== "manager")
    return new Response("You do not have permission to see invoices.", {
      status: 403,
      headers: { "cache-control": "no-store" },
    });
  let loaded;
  try {
    loaded = await getInvoiceDocument(getDb(), id);
  } catch (error) {
    if (error instanceof NotFoundError)
      return new Response("This invoice does not exist.", { status: 404, headers: { "cache-control": "no-store" } });
    throw error;
  }
  const { detail, document } = loaded;
  const bytes = await renderInvoicePdf(document, detail.issuedAt ?? detail.updatedAt);
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
}
