// What the invoice form reads besides the invoice itself.
import "server-only";
import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client } from "@/db/schema";
import { addressLinesOf } from "./invoice-document";
import { invoiceClientInput } from "./invoice-schemas";
import type { VatCategory } from "./vat-categories";

/** What the invoice form shows of its client (findInvoiceClient). */
export type InvoiceFormClient = {
  id: string;
  name: string;
  currency: string;
  paymentTermsDays: number;
  addressLines: string[];
  country: string | null;
  vatNumber: string | null;
  isBusiness: boolean;
  /** The client's own VAT category, which wins over the proposal. */
  vatCategory: VatCategory | null;
  buyerReference: string | null;
  archived: boolean;
};

/**
 * What the invoice form shows of its client once chosen (address, currency, payment terms), or
 * null when no such client exists. The form finds clients by name (ClientPicker): a firm may have
 * thousands, too many to send with the page. Archived clients are found too, for a draft made
 * before its client was archived; `archived` says so.
 */
export async function findInvoiceClient(db: Executor, id: string): Promise<InvoiceFormClient | null> {
  const [row] = await db.select().from(client).where(eq(client.id, id)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    paymentTermsDays: row.paymentTermsDays,
    addressLines: addressLinesOf(row),
    country: row.country,
    vatNumber: row.vatNumber,
    isBusiness: row.isBusiness,
    vatCategory: row.vatCategory,
    buyerReference: row.buyerReference,
    archived: row.archivedAt !== null,
  };
}

/**
 * The client a "new" page's link asks for (`?client=`, e.g. from the client page), as the form
 * shows it; null when none is asked, the id is unknown, or the client is archived (not offered).
 */
export async function findRequestedClient(db: Executor, asked: unknown): Promise<InvoiceFormClient | null> {
  const parsed = invoiceClientInput.safeParse({ clientId: asked });
  if (!parsed.success) return null;
  const found = await findInvoiceClient(db, parsed.data.clientId);
  return found && !found.archived ? found : null;
}
