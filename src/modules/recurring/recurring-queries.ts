import "server-only";
// Reads of recurring invoices: the list, one template with its log of runs.
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { client, invoice, recurringInvoice, recurringInvoiceRun } from "@/db/schema";
import { NotFoundError } from "@/lib/errors";
import { storedLinesTotals } from "@/modules/invoices/stored-lines";
import { nextOccurrence } from "./recurrence-rules";
import { runStateOf } from "./recurring-runs";

type TemplateRow = typeof recurringInvoice.$inferSelect;

/** The template's total per invoice, by the one totals function. */
export function templateTotals(row: Pick<TemplateRow, "lines">) {
  return storedLinesTotals(row.lines);
}

async function summaryOf(db: Executor, row: TemplateRow, clientName: string) {
  const state = await runStateOf(db, row);
  return {
    ...row,
    clientName,
    total: templateTotals(row).total,
    madeCount: state.madeCount,
    lastRunDate: state.lastRunDate,
    next: row.status === "active" ? nextOccurrence(state) : null,
  };
}
export type RecurringInvoiceSummary = Awaited<ReturnType<typeof summaryOf>>;

/** Every template, active first, then paused, then archived; by name. */
export async function findRecurringInvoices(db: Executor): Promise<RecurringInvoiceSummary[]> {
  const rows = await db
    .select({ template: recurringInvoice, clientName: client.name })
    .from(recurringInvoice)
    .innerJoin(client, eq(client.id, recurringInvoice.clientId))
    .orderBy(
      sql`case ${recurringInvoice.status} when 'active' then 0 when 'paused' then 1 else 2 end`,
      asc(sql`lower(${recurringInvoice.name})`),
      asc(recurringInvoice.id),
    );
  return Promise.all(rows.map((row) => summaryOf(db, row.template, row.clientName)));
}

/** One template, its next date and what each run made (newest first), or NotFound. */
export async function getRecurringInvoice(db: Executor, id: string) {
  const [row] = await db
    .select({ template: recurringInvoice, clientName: client.name })
    .from(recurringInvoice)
    .innerJoin(client, eq(client.id, recurringInvoice.clientId))
    .where(eq(recurringInvoice.id, id));
  if (!row) throw new NotFoundError("This recurring invoice does not exist.", "recurring.not_found");
  const runs = await db
    .select({
      id: recurringInvoiceRun.id,
      periodDate: recurringInvoiceRun.periodDate,
      createdAt: recurringInvoiceRun.createdAt,
      issued: recurringInvoiceRun.issued,
      emailId: recurringInvoiceRun.emailId,
      note: recurringInvoiceRun.note,
      invoiceId: recurringInvoiceRun.invoiceId,
      number: invoice.number,
      status: invoice.status,
      total: invoice.total,
      currency: invoice.currency,
    })
    .from(recurringInvoiceRun)
    .leftJoin(invoice, eq(invoice.id, recurringInvoiceRun.invoiceId))
    .where(eq(recurringInvoiceRun.templateId, id))
    .orderBy(desc(recurringInvoiceRun.periodDate));
  return { ...(await summaryOf(db, row.template, row.clientName)), runs };
}
export type RecurringInvoiceDetail = Awaited<ReturnType<typeof getRecurringInvoice>>;

/** The templates that made these invoices, for the invoice page's "Made by" line. */
export async function findTemplatesOfInvoices(db: Executor, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select({ invoiceId: recurringInvoiceRun.invoiceId, templateId: recurringInvoice.id, name: recurringInvoice.name })
    .from(recurringInvoiceRun)
    .innerJoin(recurringInvoice, eq(recurringInvoice.id, recurringInvoiceRun.templateId))
    .where(inArray(recurringInvoiceRun.invoiceId, invoiceIds));
}
