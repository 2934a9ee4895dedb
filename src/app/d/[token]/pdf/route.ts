import { getDb } from "@/db/client";
import { SHARED_DOCUMENT_HEADERS } from "@/lib/security-headers";
import { invoicePdfResponse } from "@/modules/invoices/invoice-files";
import { sharedDocumentRoute } from "@/modules/share-links/share-link-routes";

export const dynamic = "force-dynamic";

/** A shared document's PDF (decision 059): the bytes of /bo/invoices/{id}/pdf, reached through the link. */
export const GET = sharedDocumentRoute(async (request, document) =>
  invoicePdfResponse(getDb(), document.invoiceId, {
    download: new URL(request.url).searchParams.get("download") === "1",
    headers: SHARED_DOCUMENT_HEADERS,
  }),
);
