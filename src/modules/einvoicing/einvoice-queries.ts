// An invoice's e-invoices: the mapped document, what each format would refuse, and the download
// bytes (the XML, or for Factur-X the invoice PDF with the XML embedded). Decision 028.
import "server-only";
import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client } from "@/db/schema";
import { InvalidError } from "@/lib/errors";
import { getInvoiceDocument } from "@/modules/invoices/invoice-detail-queries";
import { renderInvoicePdf } from "@/modules/invoices/invoice-pdf";
import { einvoiceFromInvoice } from "./einvoice-from-invoice";
import { EINVOICE_FORMAT_LABELS, EINVOICE_FORMATS, type EinvoiceDocument, type EinvoiceFormat } from "./einvoice-model";
import { findEinvoiceProblems, type EinvoiceProblem } from "./einvoice-rules";
import { einvoiceFileName, writeEinvoiceXml } from "./einvoice-write";
import { createFacturXPdf } from "./factur-x";

export type EinvoiceFormatStatus = { format: EinvoiceFormat; problems: EinvoiceProblem[] };

/** The invoice (as its page shows it) and its e-invoice document. */
export async function getInvoiceEinvoice(db: Executor, id: string) {
  const loaded = await getInvoiceDocument(db, id);
  const { detail, document, language } = loaded;
  const [clientRow] = await db
    .select({ einvoiceFormat: client.einvoiceFormat })
    .from(client)
    .where(eq(client.id, detail.clientId));
  // Its free texts in the invoice's language; one saved before languages keeps its English texts.
  const einvoice = einvoiceFromInvoice(
    detail,
    { firm: document.firmSnapshot, client: document.clientSnapshot },
    detail.language ? language : undefined,
  );
  const saved = clientRow?.einvoiceFormat ?? null;
  const clientDefaultFormat = (EINVOICE_FORMATS as readonly (string | null)[]).includes(saved)
    ? (saved as EinvoiceFormat)
    : null;
  return { ...loaded, einvoice, clientDefaultFormat };
}

/**
 * What stands in the way of each format. A draft has no number yet (it gets one when issued), so
 * that is not a problem of the draft.
 */
export function einvoiceFormatStatuses(einvoice: EinvoiceDocument, isDraft: boolean): EinvoiceFormatStatus[] {
  return EINVOICE_FORMATS.map((format) => ({
    format,
    problems: findEinvoiceProblems(einvoice, format).filter(
      (problem) => !(isDraft && problem.code === "einvoice.number_required"),
    ),
  }));
}

export type EinvoiceDownload = { bytes: Uint8Array; contentType: string; fileName: string };

/** The e-invoice of an issued invoice or credit note in a format; refuses a draft and a document the format would reject. */
export async function renderInvoiceEinvoice(
  db: Executor,
  id: string,
  format: EinvoiceFormat,
): Promise<EinvoiceDownload> {
  const { detail, document, einvoice } = await getInvoiceEinvoice(db, id);
  if (detail.status === "draft" || !detail.issuedAt)
    throw new InvalidError(
      "A draft is not an invoice: issue it first, then download its e-invoice.",
      {},
      "invoice.einvoice_of_draft",
    );
  const problems = findEinvoiceProblems(einvoice, format);
  if (problems.length > 0)
    throw new InvalidError(
      `This ${detail.kind === "credit_note" ? "credit note" : "invoice"} cannot be sent as ${EINVOICE_FORMAT_LABELS[format]}: ${problems
        .map((problem) => `${problem.message} [${problem.code}]`)
        .join(" ")}`,
      {},
      "invoice.einvoice_not_valid",
    );
  const xml = writeEinvoiceXml(einvoice, format);
  if (format !== "factur-x")
    return {
      bytes: new TextEncoder().encode(xml),
      contentType: "application/xml; charset=utf-8",
      fileName: einvoiceFileName(einvoice, format),
    };
  const pdf = await renderInvoicePdf(document, detail.issuedAt, { embedFonts: true });
  const bytes = await createFacturXPdf({
    pdf,
    ciiXml: xml,
    issuedAt: detail.issuedAt,
    title: document.heading,
    author: document.firm.name,
    language: "en",
  });
  const kind = detail.kind === "credit_note" ? "credit-note" : "invoice";
  return { bytes, contentType: "application/pdf", fileName: `${kind}-${detail.number ?? ""}-factur-x.pdf` };
}
