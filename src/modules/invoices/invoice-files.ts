// The files of an invoice or credit note, as HTTP answers: its PDF and its e-invoices. The back
// office's routes and the client share link's routes (decision 059) answer with these same bytes;
// each route checks who may ask first.
import "server-only";
import type { Executor } from "@/db/client";
import { InvalidError } from "@/lib/errors";
import { EINVOICE_FORMATS, type EinvoiceFormat } from "@/modules/einvoicing/einvoice-model";
import { renderInvoiceEinvoice } from "@/modules/einvoicing/einvoice-queries";
import { invoicePdfFilename } from "@/modules/mail/invoice-mail";
import { getInvoiceDocument } from "./invoice-detail-queries";
import { pdfBrandingOf, renderInvoicePdf } from "./invoice-pdf";

function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, "_");
}

/** PDF bytes as an HTTP answer, inline unless `download` (an invoice's, a quote's). */
export function pdfFileResponse(
  bytes: Buffer,
  name: string,
  options: { download: boolean; headers?: Record<string, string> },
): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-length": String(bytes.length),
      "content-disposition": `${options.download ? "attachment" : "inline"}; filename="${safeFileName(name)}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      ...options.headers,
    },
  });
}

/** The invoice as a PDF, inline unless `download`; the same bytes every time once issued. */
export async function invoicePdfResponse(
  db: Executor,
  id: string,
  options: { download: boolean; headers?: Record<string, string> },
): Promise<Response> {
  const { detail, document, brand } = await getInvoiceDocument(db, id);
  const bytes = await renderInvoicePdf(document, detail.issuedAt ?? detail.updatedAt, {
    branding: pdfBrandingOf(brand),
  });
  return pdfFileResponse(bytes, invoicePdfFilename(detail.kind, detail.number, detail.id), options);
}

/**
 * An issued invoice or credit note as an e-invoice: `factur-x` (the PDF/A-3 with the CII XML
 * embedded), `peppol`, `xrechnung-cii` or `xrechnung-ubl` (XML). A draft, or a document the format
 * would reject, is refused with the reasons (decision 028).
 */
export async function invoiceEinvoiceResponse(
  db: Executor,
  id: string,
  format: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  if (!(EINVOICE_FORMATS as readonly string[]).includes(format))
    throw new InvalidError(
      `Choose an e-invoice format: ${EINVOICE_FORMATS.join(", ")}.`,
      {},
      "invoice.einvoice_format_unknown",
    );
  const download = await renderInvoiceEinvoice(db, id, format as EinvoiceFormat);
  return new Response(new Uint8Array(download.bytes), {
    headers: {
      "content-type": download.contentType,
      "content-length": String(download.bytes.length),
      "content-disposition": `attachment; filename="${safeFileName(download.fileName)}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      ...headers,
    },
  });
}
