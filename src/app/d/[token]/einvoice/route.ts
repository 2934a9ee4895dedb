import { getDb } from "@/db/client";
import { SHARED_DOCUMENT_HEADERS } from "@/lib/security-headers";
import { invoiceEinvoiceResponse } from "@/modules/invoices/invoice-files";
import { notFoundResponse, sharedDocumentRoute } from "@/modules/share-links/share-link-routes";

export const dynamic = "force-dynamic";

/** A shared document as an e-invoice, `?format=` as on /bo/invoices/{id}/einvoice (decision 059). */
export const GET = sharedDocumentRoute(async (request, document) =>
  // A quote is not an e-invoice (decision 064).
  document.kind === "quote"
    ? notFoundResponse()
    : invoiceEinvoiceResponse(
        getDb(),
        document.invoiceId,
        new URL(request.url).searchParams.get("format") ?? "",
        SHARED_DOCUMENT_HEADERS,
      ),
);
