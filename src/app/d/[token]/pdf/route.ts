import { getDb } from "@/db/client";
import { SHARED_DOCUMENT_HEADERS } from "@/lib/security-headers";
import { invoicePdfResponse } from "@/modules/invoices/invoice-files";
import { quotePdfResponse } from "@/modules/quotes/quote-files";
import { sharedDocumentRoute } from "@/modules/share-links/share-link-routes";

export const dynamic = "force-dynamic";

/** A shared document's PDF (decisions 059, 064): the bytes of /bo/invoices/{id}/pdf or /bo/quotes/{id}/pdf, reached through the link. */
export const GET = sharedDocumentRoute(async (request, document) => {
  const options = {
    download: new URL(request.url).searchParams.get("download") === "1",
    headers: SHARED_DOCUMENT_HEADERS,
  };
  return document.kind === "quote"
    ? quotePdfResponse(getDb(), document.quoteId, options)
    : invoicePdfResponse(getDb(), document.invoiceId, options);
});
