// What the invoice form reads besides the invoice itself.
import "server-only";
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, project } from "@/db/schema";
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

/** A project a line of the invoice form may be for (decision 068). */
export type InvoiceLineProject = { id: string; name: string; archived: boolean };

/**
 * The projects the invoice form's lines may name: the client's active ones, and those its lines
 * already name (a draft may keep a project archived since). One client's, never the firm's.
 */
export async function findInvoiceLineProjects(
  db: Executor,
  clientId: string,
  keep: readonly string[] = [],
): Promise<InvoiceLineProject[]> {
  const rows = await db
    .select({ id: project.id, name: project.name, archivedAt: project.archivedAt })
    .from(project)
    .where(
      and(
        eq(project.clientId, clientId),
        keep.length > 0 ? or(isNull(project.archivedAt), inArray(project.id, [...keep])) : isNull(project.archivedAt),
      ),
    )
    .orderBy(asc(project.name), asc(project.id));
  return rows.map((row) => ({ id: row.id, name: row.name, archived: row.archivedAt !== null }));
}
