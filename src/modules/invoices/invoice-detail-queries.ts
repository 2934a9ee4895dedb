// One invoice: its detail (lines and the time they bill, payments, credit notes), its history, and
// the printable document shared by the read view and the PDF.
import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, expense, invoice, invoiceLine, payment, project, timeEntry } from "@/db/schema";
import { findRecordHistory } from "@/modules/audit/audit-queries";
import { NotFoundError } from "@/lib/errors";
import { getSettings } from "@/modules/settings/settings-queries";
import { invoiceBrandOf } from "./invoice-brand";
import { buildInvoiceDocument, clientSnapshotOf, firmSnapshotOf } from "./invoice-document";
import { documentLanguageOf } from "@/i18n/document-language";

/** One invoice with its lines (and the time entries each bills), payments and credit notes; or NotFound. */
export async function getInvoice(db: Executor, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFoundError("This invoice does not exist.", "invoice.not_found");
  const [row] = await db
    .select({
      invoice,
      client: { id: client.id, name: client.name, archivedAt: client.archivedAt, billingEmail: client.billingEmail },
    })
    .from(invoice)
    .innerJoin(client, eq(client.id, invoice.clientId))
    .where(eq(invoice.id, id));
  if (!row) throw new NotFoundError("This invoice does not exist.", "invoice.not_found");
  const [lines, entries, expenses, payments, creditNotes, credited] = await Promise.all([
    db.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, id)).orderBy(asc(invoiceLine.position)),
    db
      .select({ id: timeEntry.id, lineId: timeEntry.invoiceLineId })
      .from(timeEntry)
      .innerJoin(invoiceLine, eq(invoiceLine.id, timeEntry.invoiceLineId))
      .where(eq(invoiceLine.invoiceId, id)),
    db
      .select({ id: expense.id, lineId: expense.invoiceLineId })
      .from(expense)
      .innerJoin(invoiceLine, eq(invoiceLine.id, expense.invoiceLineId))
      .where(eq(invoiceLine.invoiceId, id)),
    db.select().from(payment).where(eq(payment.invoiceId, id)).orderBy(asc(payment.date), asc(payment.createdAt)),
    db
      .select({
        id: invoice.id,
        number: invoice.number,
        status: invoice.status,
        issueDate: invoice.issueDate,
        total: invoice.total,
      })
      .from(invoice)
      .where(eq(invoice.creditedInvoiceId, id))
      .orderBy(asc(invoice.createdAt)),
    row.invoice.creditedInvoiceId
      ? db
          .select({
            id: invoice.id,
            number: invoice.number,
            issueDate: invoice.issueDate,
            total: invoice.total,
            creditedTotal: invoice.creditedTotal,
            status: invoice.status,
          })
          .from(invoice)
          .where(eq(invoice.id, row.invoice.creditedInvoiceId))
      : Promise.resolve([]),
  ]);
  const entriesByLine = new Map<string, string[]>();
  for (const entry of entries) {
    if (!entry.lineId) continue;
    entriesByLine.set(entry.lineId, [...(entriesByLine.get(entry.lineId) ?? []), entry.id]);
  }
  return {
    ...row.invoice,
    client: row.client,
    lines: lines.map((line) => ({
      ...line,
      timeEntryIds: entriesByLine.get(line.id) ?? [],
      expenseIds: expenses.filter((row) => row.lineId === line.id).map((row) => row.id),
    })),
    payments,
    creditNotes,
    creditedInvoice: credited[0] ?? null,
  };
}
export type InvoiceDetail = Awaited<ReturnType<typeof getInvoice>>;

/** The names of the projects an invoice's lines are for (decision 068), by id. */
export async function findLineProjectNames(
  db: Executor,
  lines: readonly { projectId: string | null }[],
): Promise<Map<string, string>> {
  const ids = [...new Set(lines.flatMap((line) => (line.projectId ? [line.projectId] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: project.id, name: project.name }).from(project).where(inArray(project.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The invoice's history, newest first, from the audit log written with each change. */
export async function findInvoiceEvents(db: Executor, id: string) {
  return findRecordHistory(db, "invoice", id);
}

/**
 * What a document (invoice or quote) renders with besides its own rows: the live firm and client
 * details for a draft (frozen ones once issued or sent), its look (frozen with it, the current one
 * for a draft) and its language (frozen with it; English for one saved before languages existed).
 */
export async function documentContextOf(
  db: Executor,
  detail: {
    clientId: string;
    clientSnapshot: unknown;
    firmSnapshot: Parameters<typeof invoiceBrandOf>[1];
    language: string | null;
    client: { name: string };
  },
  settings: Awaited<ReturnType<typeof getSettings>>,
) {
  const [clientRow] = detail.clientSnapshot ? [] : await db.select().from(client).where(eq(client.id, detail.clientId));
  const live = {
    firm: firmSnapshotOf(settings),
    client: clientRow
      ? clientSnapshotOf(clientRow)
      : { name: detail.client.name, addressLines: [], country: null, vatNumber: null },
  };
  const brand = await invoiceBrandOf(db, detail.firmSnapshot, settings);
  const language = documentLanguageOf(detail.language, settings.locale);
  return { live, brand, language };
}

/** The invoice, its printable document (same for the read view and the PDF) and the firm's settings. */
export async function getInvoiceDocument(db: Executor, id: string) {
  const [detail, settings] = await Promise.all([getInvoice(db, id), getSettings(db)]);
  const { live, brand, language } = await documentContextOf(db, detail, settings);
  return { detail, settings, brand, language, document: buildInvoiceDocument(detail, live, language) };
}
