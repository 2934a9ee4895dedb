// Writes of recurring invoice templates. Each checks the role, validates with the shared schema and
// runs one transaction with its audit event. The worker's pass is in recurring-runs.ts.
import { and, eq } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { recurringInvoice } from "@/db/schema";
import { todayInZone } from "@/lib/dates";
import { ConflictError, InvalidError, NotFoundError } from "@/lib/errors";
import { parseInput } from "@/lib/parse-input";
import { type Actor, diffSummary, recordAudit } from "@/modules/audit/audit-log";
import { checkDraftValues, configuredRates, loadClientForDraft } from "@/modules/invoices/invoice-mutations";
import { storedLinesOf } from "@/modules/invoices/stored-lines";
import { getSettings } from "@/modules/settings/settings-queries";
import { requirePermission } from "@/modules/users/permissions";
import {
  changeRecurringInvoiceStateInput,
  createRecurringInvoiceInput,
  type RecurringInvoiceValues,
  updateRecurringInvoiceInput,
} from "./recurring-schemas";

type TemplateRow = typeof recurringInvoice.$inferSelect;

const MANAGERS_ONLY = "Only administrators and managers can work on recurring invoices.";
const stale = () =>
  new ConflictError(
    "This recurring invoice was changed by someone else. Reload the page and try again.",
    "recurring.stale",
  );

async function lockTemplate(tx: Executor, id: string): Promise<TemplateRow> {
  const [row] = await tx.select().from(recurringInvoice).where(eq(recurringInvoice.id, id)).for("update");
  if (!row) throw new NotFoundError("This recurring invoice does not exist.", "recurring.not_found");
  return row;
}

/**
 * The template's lines pass the very checks of an invoice draft (client open, its currency, tax
 * rates configured, amounts computable), so what the worker makes from it later is a valid draft.
 */
async function checkTemplate(tx: Executor, values: RecurringInvoiceValues, keepArchivedClient: string | null) {
  const settings = await getSettings(tx);
  const clientRow = await loadClientForDraft(tx, values.clientId, keepArchivedClient);
  const totals = checkDraftValues(
    {
      ...values,
      issueDate: values.startDate,
      dueDate: values.startDate,
      servicePeriodStart: null,
      servicePeriodEnd: null,
    },
    { kind: "invoice", allowedRates: configuredRates(settings), client: clientRow },
  );
  return { settings, clientRow, totals };
}

function storedFields(values: RecurringInvoiceValues, lineRates: ReturnType<typeof checkDraftValues>["lineRates"]) {
  return {
    name: values.name,
    clientId: values.clientId,
    currency: values.currency,
    lines: storedLinesOf(values.lines, lineRates),
    notes: values.notes,
    footer: values.footer,
    buyerReference: values.buyerReference,
    purchaseOrderReference: values.purchaseOrderReference,
    paymentMeans: values.paymentMeans,
    frequency: values.frequency,
    intervalWeeks: values.intervalWeeks,
    dayOfPeriod: values.dayOfPeriod,
    startDate: values.startDate,
    endDate: values.endDate,
    occurrenceCount: values.occurrenceCount,
    issueMode: values.issueMode,
    sendAutomatically: values.sendAutomatically,
  };
}

function refuseTimeEntries(values: RecurringInvoiceValues) {
  if (values.lines.some((line) => line.timeEntryIds.length > 0 || line.expenseIds.length > 0))
    throw new InvalidError(
      "A recurring invoice bills fixed lines; add time to each invoice instead.",
      {},
      "recurring.bills_no_time",
    );
}

export async function createRecurringInvoice(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.edit", MANAGERS_ONLY);
  const values = parseInput(createRecurringInvoiceInput, input);
  refuseTimeEntries(values);
  return db.transaction(async (tx) => {
    const { settings, clientRow, totals } = await checkTemplate(tx, values, null);
    const [created] = await tx
      .insert(recurringInvoice)
      .values({
        ...storedFields(values, totals.lineRates),
        currency: clientRow.currency,
        // A template never bills a day before it was saved (decision 060).
        billsFrom: todayInZone(settings.timezone, now),
        createdById: actor.id,
      })
      .returning();
    await recordAudit(tx, actor, {
      entity: "recurring_invoice",
      entityId: created!.id,
      action: "create",
      summary: {
        name: values.name,
        client: clientRow.name,
        frequency: values.frequency,
        total: totals.total,
        currency: clientRow.currency,
      },
    });
    return created!;
  });
}

const SCHEDULE_FIELDS = ["frequency", "intervalWeeks", "dayOfPeriod", "startDate"] as const;

/** Edits act on future occurrences: invoices already made stay as they are, and a changed schedule starts today. */
export async function updateRecurringInvoice(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.edit", MANAGERS_ONLY);
  const values = parseInput(updateRecurringInvoiceInput, input);
  refuseTimeEntries(values);
  return db.transaction(async (tx) => {
    const current = await lockTemplate(tx, values.id);
    if (current.version !== values.version) throw stale();
    if (current.status === "archived")
      throw new InvalidError("An archived recurring invoice cannot be changed.", {}, "recurring.archived");
    const { settings, clientRow, totals } = await checkTemplate(tx, values, current.clientId);
    const fields = { ...storedFields(values, totals.lineRates), currency: clientRow.currency };
    const rescheduled = SCHEDULE_FIELDS.some((field) => fields[field] !== current[field]);
    const today = todayInZone(settings.timezone, now);
    const [updated] = await tx
      .update(recurringInvoice)
      .set({
        ...fields,
        billsFrom: rescheduled && current.billsFrom < today ? today : current.billsFrom,
        version: current.version + 1,
      })
      .where(and(eq(recurringInvoice.id, current.id), eq(recurringInvoice.version, values.version)))
      .returning();
    if (!updated) throw stale();
    await recordAudit(tx, actor, {
      entity: "recurring_invoice",
      entityId: current.id,
      action: "update",
      summary: diffSummary(current as Record<string, unknown>, fields as Record<string, unknown>, ["lines"]),
    });
    return updated;
  });
}

/** Pause (no invoice is made, and the paused periods are skipped), resume (from today on), archive (for good). */
export async function changeRecurringInvoiceState(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.edit", MANAGERS_ONLY);
  const values = parseInput(changeRecurringInvoiceStateInput, input);
  return db.transaction(async (tx) => {
    const current = await lockTemplate(tx, values.id);
    if (current.version !== values.version) throw stale();
    const refusal = {
      pause: current.status !== "active" ? "Only an active recurring invoice can be paused." : null,
      resume: current.status !== "paused" ? "Only a paused recurring invoice can be resumed." : null,
      archive: current.status === "archived" ? "This recurring invoice is already archived." : null,
    }[values.to];
    if (refusal) throw new InvalidError(refusal, {}, "recurring.state_not_allowed");
    const status = values.to === "pause" ? "paused" : values.to === "resume" ? "active" : "archived";
    const settings = await getSettings(tx);
    const today = todayInZone(settings.timezone, now);
    const [updated] = await tx
      .update(recurringInvoice)
      .set({
        status,
        billsFrom: values.to === "resume" && current.billsFrom < today ? today : current.billsFrom,
        version: current.version + 1,
      })
      .where(and(eq(recurringInvoice.id, current.id), eq(recurringInvoice.version, values.version)))
      .returning();
    if (!updated) throw stale();
    await recordAudit(tx, actor, {
      entity: "recurring_invoice",
      entityId: current.id,
      action: values.to,
      summary: { name: current.name, status: { from: current.status, to: status } },
    });
    return updated;
  });
}
