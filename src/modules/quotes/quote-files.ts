// A quote's PDF as an HTTP answer (decision 064): the back office's route and the client share
// link's route answer with these same bytes; each route checks who may ask first.
import "server-only";
import type { Executor } from "@/db/client";
import { pdfFileResponse } from "@/modules/invoices/invoice-files";
import { pdfBrandingOf, renderInvoicePdf } from "@/modules/invoices/invoice-pdf";
import { getQuoteDocument } from "./quote-queries";

/** The file name of a quote's PDF: quote-Q-2026-0001.pdf, or draft-quote-… before it has a number. */
export function quotePdfFilename(number: string | null, id: string): string {
  return (number ? `quote-${number}` : `draft-quote-${id.slice(0, 8)}`).replace(/[^A-Za-z0-9._-]/g, "_") + ".pdf";
}

/** The quote as a PDF: its frozen content once sent, so the same bytes every time. */
export async function quotePdfBytes(db: Executor, id: string) {
  const loaded = await getQuoteDocument(db, id);
  const bytes = await renderInvoicePdf(loaded.document, loaded.detail.sentAt ?? loaded.detail.updatedAt, {
    branding: pdfBrandingOf(loaded.brand),
  });
  return { ...loaded, bytes, filename: quotePdfFilename(loaded.detail.number, loaded.detail.id) };
}

export async function quotePdfResponse(
  db: Executor,
  id: string,
  options: { download: boolean; headers?: Record<string, string> },
): Promise<Response> {
  const { bytes, filename } = await quotePdfBytes(db, id);
  return pdfFileResponse(bytes, filename, options);
}
