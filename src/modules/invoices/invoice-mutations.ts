// Writes of the invoices domain. Each takes the database first, checks the actor's role,
// validates with the shared schema and runs ONE transaction that also records the audit event.
// An issued invoice or credit note is never edited or deleted: every mutation checks the stored
// status under a row lock, and database triggers (drizzle/0002_invoice_guards.sql, 0013) refuse it too.
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import {
  client,
  expense,
  invoice,
  invoiceLine,
  numberingCounter,
  payment,
  project,
  timeEntry,
  timesheet,
} from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import { formatDate, todayInZone } from "@/lib/dates";
import {
  ConflictError,
  InvalidError,
  NotFoundError,
  CORRECT_THE_FIELDS,
  invalidFields,
  invalidFrom,
} from "@/lib/errors";
import { parseMoneyInput } from "@/lib/money";
import { refuse, type Refusal } from "@/lib/rule-result";
import { type ActingParty, type Actor, recordAudit } from "@/modules/audit/audit-log";
import { getSettings, type Settings } from "@/modules/settings/settings-queries";
import { requirePermission } from "@/modules/users/permissions";
import { computeBalance, computeInvoiceTotals } from "./invoice-amounts";
import type { InvoiceCode } from "./invoice-codes";
import { freezeBrand } from "./invoice-brand";
import { clientSnapshotOf, firmSnapshotOf } from "./invoice-document";
import { clientDocumentLanguage, documentLanguageOf } from "@/i18n/document-language";
import { unitCodeFor } from "@/modules/einvoicing/unit-codes";
import { findTaxRate, normalizeTaxRate, type TaxRateChoice } from "./vat-categories";
import { formatInvoiceNumber, numberingPeriodKey } from "./invoice-numbering";
import {
  canCreateCreditNote,
  canDeleteInvoice,
  canDeletePayment,
  canEditInvoice,
  canIssue,
  canRecordPayment,
  canTransition,
  creditableAmount,
  dueDateFromTerms,
  type InvoiceKind,
  statusAfterPayments,
} from "./invoice-rules";
import {
  createCreditNoteInput,
  createInvoiceInput,
  deletePaymentInput,
  invoiceRefInput,
  issueInvoiceInput,
  recordPaymentInput,
  updateInvoiceInput,
} from "./invoice-schemas";
import { queueWebhookEvent } from "@/modules/webhooks/webhook-queue";
import { invoiceEventData } from "./invoice-events";

type InvoiceRow = typeof invoice.$inferSelect;
export type DraftValues = ReturnType<typeof createInvoiceInput.parse>;

const STALE = "This invoice was changed by someone else. Reload the page and try again.";
const stale = () => new ConflictError(STALE, "invoice.stale");

const MANAGERS_ONLY = "Only administrators and managers can work on invoices.";

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === "23505") return true;
  }
  return false;
}

/** The invoice row, locked until the transaction ends, so checks and writes see one state. */
async function lockInvoice(tx: Executor, id: string): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoice).where(eq(invoice.id, id)).for("update");
  if (!row) throw new NotFoundError("This invoice does not exist.", "invoice.not_found");
  return row;
}

function nameOf(kind: InvoiceKind) {
  return kind === "credit_note" ? "credit note" : "invoice";
}

// ---------------------------------------------------------------------------------------
// Drafts

type DraftContext = { kind: InvoiceKind; allowedRates: TaxRateChoice[]; client: typeof client.$inferSelect };
type LineRate = { vatCategory: TaxRateChoice["category"]; vatMention: string | null; vatexCode: string | null };

export async function loadClientForDraft(tx: Executor, clientId: string, keepArchived: string | null) {
  const [row] = await tx.select().from(client).where(eq(client.id, clientId));
  if (!row) throw invalidFrom(refuse("invoice.client_missing", "Choose a client.", "clientId"), CORRECT_THE_FIELDS);
  if (row.archivedAt && row.id !== keepArchived)
    throw invalidFrom(
      refuse("invoice.client_archived", "This client is archived; restore it first.", "clientId"),
      CORRECT_THE_FIELDS,
    );
  return row;
}

export function checkDraftValues(values: DraftValues, context: DraftContext) {
  const refusals: Refusal<InvoiceCode>[] = [];
  if (context.kind === "invoice" && values.currency !== context.client.currency)
    refusals.push(
      refuse(
        "invoice.currency_not_client",
        `${context.client.name} is invoiced in ${context.client.currency}.`,
        "currency",
      ),
    );
  // Each line's rate is a configured one, found by its category and percentage; the line keeps
  // the category's mention and VATEX code as they are now (frozen with the lines at issue).
  const lineRates: LineRate[] = values.lines.map((line, index) => {
    const rate = findTaxRate(context.allowedRates, line.taxRateBp, line.vatCategory);
    if (!rate) {
      refusals.push(
        refuse(
          "invoice.tax_rate_not_configured",
          "Choose one of the configured tax rates.",
          `lines.${index}.taxRateBp`,
        ),
      );
      return { vatCategory: "S", vatMention: null, vatexCode: null };
    }
    return { vatCategory: rate.category, vatMention: rate.mention, vatexCode: rate.vatexCode };
  });
  const seen = new Set<string>();
  values.lines.forEach((line, index) => {
    // A line of time or expenses is for their projects (decision 068): naming one too could only
    // contradict them, and the report would count the line twice.
    if (line.projectId !== null && (line.timeEntryIds.length > 0 || line.expenseIds.length > 0))
      refusals.push(
        refuse(
          "invoice.project_on_billed_line",
          "This line bills time or expenses, whose projects are already known; leave its project empty.",
          `lines.${index}.projectId`,
        ),
      );
    for (const entryId of line.timeEntryIds) {
      if (seen.has(entryId))
        refusals.push(
          refuse("invoice.time_entry_twice", "The same time entry is on two lines.", `lines.${index}.description`),
        );
      seen.add(entryId);
    }
    for (const expenseId of line.expenseIds) {
      if (seen.has(expenseId))
        refusals.push(
          refuse("invoice.expense_twice", "The same expense is on two lines.", `lines.${index}.description`),
        );
      seen.add(expenseId);
    }
  });
  if (refusals.length > 0) throw invalidFields(refusals);
  try {
    const totals = computeInvoiceTotals(
      values.lines.map((line, index) => ({
        quantityMilli: line.quantity,
        unitPriceMinor: line.unitPrice,
        discountBp: line.discount,
        taxRateBp: line.taxRateBp,
        ...lineRates[index]!,
      })),
      context.kind,
    );
    return { ...totals, lineRates };
  } catch (error) {
    if (error instanceof RangeError)
      throw new InvalidError(
        "The amounts are too large to be computed exactly.",
        { _form: error.message },
        "invoice.amounts_too_large",
      );
    throw error;
  }
}

/**
 * Links approved, billable, unbilled entries of this client to a line. The `invoice_line_id is
 * null` condition is checked by the UPDATE itself: when two drafts race for an entry, the second
 * UPDATE waits for the first transaction, re-reads the row, no longer matches, and the row count
 * tells us; the whole save is then refused and nothing is half-saved.
 */
async function linkTimeEntries(tx: Executor, clientId: string, lineId: string, entryIds: string[]) {
  if (entryIds.length === 0) return;
  const linked = await tx
    .update(timeEntry)
    .set({ invoiceLineId: lineId })
    .where(
      and(
        inArray(timeEntry.id, entryIds),
        isNull(timeEntry.invoiceLineId),
        eq(timeEntry.billable, true),
        inArray(
          timeEntry.timesheetId,
          tx.select({ id: timesheet.id }).from(timesheet).where(eq(timesheet.status, "approved")),
        ),
        inArray(timeEntry.projectId, tx.select({ id: project.id }).from(project).where(eq(project.clientId, clientId))),
      ),
    )
    .returning({ id: timeEntry.id });
  if (linked.length !== entryIds.length) {
    throw new ConflictError(
      "Some of this time is no longer unbilled (it was put on another invoice, or its timesheet was reopened). Remove those lines, then add the unbilled time again.",
      "invoice.time_no_longer_unbilled",
    );
  }
}

/**
 * Links approved, billable, unbilled expenses of this client's projects to a line, with the same
 * conditional update as time entries: of two drafts racing for an expense, the second UPDATE
 * finds `invoice_line_id` set and the whole save is refused. An expense is billed only in the
 * invoice's currency (decision 065): one in another currency is refused, never converted.
 */
async function linkExpenses(
  tx: Executor,
  target: { clientId: string; currency: string },
  lineId: string,
  expenseIds: string[],
) {
  if (expenseIds.length === 0) return;
  const foreign = await tx
    .select({ currency: expense.currency })
    .from(expense)
    .where(and(inArray(expense.id, expenseIds), ne(expense.currency, target.currency)))
    .limit(1);
  if (foreign.length > 0)
    throw invalidFrom(
      refuse(
        "invoice.expense_currency",
        `An expense in ${foreign[0]!.currency} cannot be billed on an invoice in ${target.currency}; bill it on an invoice in its currency, or ask its owner to record it in ${target.currency}.`,
      ),
    );
  const linked = await tx
    .update(expense)
    .set({ invoiceLineId: lineId })
    .where(
      and(
        inArray(expense.id, expenseIds),
        isNull(expense.invoiceLineId),
        eq(expense.billable, true),
        eq(expense.status, "approved"),
        eq(expense.currency, target.currency),
        inArray(
          expense.projectId,
          tx.select({ id: project.id }).from(project).where(eq(project.clientId, target.clientId)),
        ),
      ),
    )
    .returning({ id: expense.id });
  if (linked.length !== expenseIds.length)
    throw new ConflictError(
      "Some of these expenses are no longer unbilled (put on another invoice, or reopened). Remove those lines, then add the unbilled expenses again.",
      "invoice.expense_no_longer_unbilled",
    );
}

/**
 * A line's project is one of the invoice's client's (decision 068), archived or not: a last fixed
 * fee may be billed after its project is closed. Checked before any line is written.
 */
async function checkLineProjects(tx: Executor, clientId: string, lines: DraftValues["lines"]) {
  const projectIds = [...new Set(lines.flatMap((line) => (line.projectId === null ? [] : [line.projectId])))];
  if (projectIds.length === 0) return;
  const found = await tx
    .select({ id: project.id })
    .from(project)
    .where(and(inArray(project.id, projectIds), eq(project.clientId, clientId)));
  const ofClient = new Set(found.map((row) => row.id));
  const refusals = lines.flatMap((line, index) =>
    line.projectId === null || ofClient.has(line.projectId)
      ? []
      : [refuse("invoice.project_not_client", "Choose one of this client's projects.", `lines.${index}.projectId`)],
  );
  if (refusals.length > 0) throw invalidFields(refusals);
}

async function writeLines(
  tx: Executor,
  invoiceId: string,
  clientId: string,
  values: DraftValues,
  totals: { lines: { net: number }[]; lineRates: LineRate[] },
) {
  await checkLineProjects(tx, clientId, values.lines);
  for (const [index, line] of values.lines.entries()) {
    const rate = totals.lineRates[index]!;
    const [inserted] = await tx
      .insert(invoiceLine)
      .values({
        invoiceId,
        position: index + 1,
        description: line.description,
        quantityMilli: line.quantity,
        unit: line.unit,
        unitCode: unitCodeFor(line.unit),
        unitPrice: line.unitPrice,
        discountBp: line.discount,
        taxRateBp: line.taxRateBp,
        vatCategory: rate.vatCategory,
        vatMention: rate.vatMention,
        vatexCode: rate.vatexCode,
        net: totals.lines[index]?.net ?? 0,
        projectId: line.projectId,
      })
      .returning({ id: invoiceLine.id });
    await linkTimeEntries(tx, clientId, inserted!.id, line.timeEntryIds);
    await linkExpenses(tx, { clientId, currency: values.currency }, inserted!.id, line.expenseIds);
  }
}

async function releaseLines(tx: Executor, invoiceId: string) {
  const lineIds = tx.select({ id: invoiceLine.id }).from(invoiceLine).where(eq(invoiceLine.invoiceId, invoiceId));
  const released = await tx
    .update(timeEntry)
    .set({ invoiceLineId: null })
    .where(inArray(timeEntry.invoiceLineId, lineIds))
    .returning({ id: timeEntry.id });
  await tx.update(expense).set({ invoiceLineId: null }).where(inArray(expense.invoiceLineId, lineIds));
  await tx.delete(invoiceLine).where(eq(invoiceLine.invoiceId, invoiceId));
  return released.length;
}

export function configuredRates(settings: Settings): TaxRateChoice[] {
  return settings.taxRates.map(normalizeTaxRate);
}

function draftTotals(totals: ReturnType<typeof computeInvoiceTotals>) {
  // A draft owes nothing yet: its balance starts when it is issued.
  return {
    netTotal: totals.net,
    taxTotal: totals.tax,
    total: totals.total,
    taxBreakdown: totals.taxes,
    paidTotal: 0,
    creditedTotal: 0,
    balance: 0,
  };
}

export async function createDraftInvoice(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "invoice.edit", MANAGERS_ONLY);
  const values = parseInput(createInvoiceInput, input);
  return db.transaction((tx) => insertDraftInvoice(tx, actor, values));
}

/**
 * A new draft from parsed values, inside the caller's transaction: the form's save, and the
 * recurring invoices' worker (which acts as the system, after checking the template itself).
 */
export async function insertDraftInvoice(tx: Executor, actor: ActingParty, values: DraftValues) {
  const settings = await getSettings(tx);
  const clientRow = await loadClientForDraft(tx, values.clientId, null);
  const totals = checkDraftValues(values, {
    kind: "invoice",
    allowedRates: configuredRates(settings),
    client: clientRow,
  });
  const [created] = await tx
    .insert(invoice)
    .values({
      kind: "invoice",
      clientId: clientRow.id,
      issueDate: values.issueDate,
      dueDate: values.dueDate,
      servicePeriodStart: values.servicePeriodStart,
      servicePeriodEnd: values.servicePeriodEnd,
      currency: clientRow.currency,
      paymentTermsDays: clientRow.paymentTermsDays,
      notes: values.notes,
      footer: values.footer,
      // An invoice without a buyer reference takes the client's (BT-10).
      buyerReference: values.buyerReference ?? clientRow.buyerReference,
      purchaseOrderReference: values.purchaseOrderReference,
      paymentMeans: values.paymentMeans,
      // Written in its client's language (decision 061), frozen when it is issued.
      language: clientDocumentLanguage(clientRow, settings.documentLanguage),
      createdById: actor.id,
      ...draftTotals(totals),
    })
    .returning();
  await writeLines(tx, created!.id, clientRow.id, values, totals);
  const timeEntries = values.lines.reduce((sum, line) => sum + line.timeEntryIds.length, 0);
  const expenses = values.lines.reduce((sum, line) => sum + line.expenseIds.length, 0);
  await recordAudit(tx, actor, {
    entity: "invoice",
    entityId: created!.id,
    action: "create",
    summary: {
      client: clientRow.name,
      lines: values.lines.length,
      total: totals.total,
      currency: clientRow.currency,
      timeEntries,
      expenses,
    },
  });
  return created!;
}

export async function updateDraftInvoice(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "invoice.edit", MANAGERS_ONLY);
  const values = parseInput(updateInvoiceInput, input);
  return db.transaction(async (tx) => {
    const current = await lockInvoice(tx, values.id);
    const editable = canEditInvoice(current);
    if (!editable.ok) throw invalidFrom(editable);
    if (current.version !== values.version) throw stale();
    const settings = await getSettings(tx);
    // A credit note stays on its invoice's client and currency.
    const clientId = current.kind === "credit_note" ? current.clientId : values.clientId;
    const clientRow = await loadClientForDraft(tx, clientId, current.clientId);
    const allowedRates = configuredRates(settings);
    // A credit note may keep the rates of the invoice it corrects, even if no longer configured;
    // those come first, so that its lines keep the invoice's mentions.
    if (current.kind === "credit_note" && current.creditedInvoiceId) {
      const credited = await tx
        .select({
          basisPoints: invoiceLine.taxRateBp,
          category: invoiceLine.vatCategory,
          mention: invoiceLine.vatMention,
          vatexCode: invoiceLine.vatexCode,
        })
        .from(invoiceLine)
        .where(eq(invoiceLine.invoiceId, current.creditedInvoiceId));
      allowedRates.unshift(...credited.map((rate) => ({ ...rate, label: "", isDefault: false })));
    }
    // Prices were read with the currency the form sent: it must be the document's.
    if (current.kind === "credit_note" && values.currency !== current.currency)
      throw invalidFrom(
        refuse("invoice.credit_note_currency", `This credit note is in ${current.currency}.`, "currency"),
        CORRECT_THE_FIELDS,
      );
    const priced = values;
    const totals = checkDraftValues(priced, { kind: current.kind, allowedRates, client: clientRow });
    if (current.kind === "credit_note" && values.lines.some((line) => line.timeEntryIds.length > 0))
      throw new InvalidError("A credit note does not bill time.", {}, "invoice.credit_note_bills_no_time");
    if (current.kind === "credit_note" && values.lines.some((line) => line.expenseIds.length > 0))
      throw new InvalidError("A credit note does not bill expenses.", {}, "invoice.credit_note_bills_no_expenses");
    await releaseLines(tx, current.id);
    const [updated] = await tx
      .update(invoice)
      .set({
        clientId: clientRow.id,
        issueDate: values.issueDate,
        dueDate: values.dueDate,
        servicePeriodStart: values.servicePeriodStart,
        servicePeriodEnd: values.servicePeriodEnd,
        currency: current.kind === "credit_note" ? current.currency : clientRow.currency,
        paymentTermsDays: current.kind === "credit_note" ? current.paymentTermsDays : clientRow.paymentTermsDays,
        notes: values.notes,
        footer: values.footer,
        buyerReference: values.buyerReference,
        purchaseOrderReference: values.purchaseOrderReference,
        paymentMeans: values.paymentMeans,
        // A draft follows its client's language until it is issued.
        language: clientDocumentLanguage(clientRow, settings.documentLanguage),
        ...draftTotals(totals),
        version: current.version + 1,
      })
      .where(and(eq(invoice.id, current.id), eq(invoice.version, values.version), eq(invoice.status, "draft")))
      .returning();
    if (!updated) throw stale();
    await writeLines(tx, current.id, clientRow.id, priced, totals);
    await recordAudit(tx, actor, {
      entity: "invoice",
      entityId: current.id,
      action: "update",
      summary: { lines: values.lines.length, total: { from: current.total, to: totals.total } },
    });
    return updated;
  });
}

/** Deletes a draft; its time entries become unbilled again. */
export async function deleteDraftInvoice(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "invoice.delete", MANAGERS_ONLY);
  const values = parseInput(invoiceRefInput, input);
  return db.transaction(async (tx) => {
    const current = await lockInvoice(tx, values.id);
    const deletable = canDeleteInvoice(current);
    if (!deletable.ok) throw invalidFrom(deletable);
    if (current.version !== values.version) throw stale();
    const released = await releaseLines(tx, current.id);
    await tx.delete(invoice).where(and(eq(invoice.id, current.id), eq(invoice.status, "draft")));
    await recordAudit(tx, actor, {
      entity: "invoice",
      entityId: current.id,
      action: "delete",
      summary: { kind: current.kind, total: current.total, releasedTimeEntries: released },
    });
    return { released };
  });
}

// ---------------------------------------------------------------------------------------
// Issuing and numbering

/**
 * Takes the next number of a series (invoices, credit notes, quotes) inside the caller's transaction. The
 * counter row of the period is created if missing, then every row of the series is locked FOR
 * UPDATE in a fixed order: issuers queue here, one at a time per series, on every server
 * instance, so numbers are unique and gapless; and since a number is only taken by a transaction
 * that then commits or rolls back as a whole, a failure later in the issue gives the number back.
 */
export async function takeNumber(
  tx: Executor,
  options: {
    series: InvoiceKind | "quote";
    pattern: string;
    issueDate: string;
    today: string;
    check: (latestIssuedDate: string | null) => void;
  },
) {
  const periodKey = numberingPeriodKey(options.pattern, options.issueDate);
  await tx.insert(numberingCounter).values({ series: options.series, periodKey }).onConflictDoNothing();
  const counters = await tx
    .select()
    .from(numberingCounter)
    .where(eq(numberingCounter.series, options.series))
    .orderBy(asc(numberingCounter.periodKey))
    .for("update");
  const latestIssuedDate = counters.reduce<string | null>(
    (latest, row) => (row.lastIssueDate && (!latest || row.lastIssueDate > latest) ? row.lastIssueDate : latest),
    null,
  );
  options.check(latestIssuedDate);
  const counter = counters.find((row) => row.periodKey === periodKey);
  if (!counter) throw new Error(`numbering counter ${options.series}/${periodKey} missing after upsert`);
  const sequence = counter.lastSequence + 1;
  await tx
    .update(numberingCounter)
    .set({
      lastSequence: sequence,
      lastIssueDate:
        counter.lastIssueDate && counter.lastIssueDate > options.issueDate ? counter.lastIssueDate : options.issueDate,
    })
    .where(and(eq(numberingCounter.series, options.series), eq(numberingCounter.periodKey, periodKey)));
  return formatInvoiceNumber(options.pattern, { date: options.issueDate, seq: sequence });
}

/** Issues a draft whose row the caller locked, inside the caller's transaction (number, snapshots, webhook). */
export async function issueLocked(tx: Executor, actor: ActingParty, current: InvoiceRow, now: Date) {
  const settings = await getSettings(tx);
  const today = todayInZone(settings.timezone, now);
  const lines = await tx
    .select()
    .from(invoiceLine)
    .where(eq(invoiceLine.invoiceId, current.id))
    .orderBy(asc(invoiceLine.position));
  const totals = computeInvoiceTotals(lines.map(storedLineTotalsInput), current.kind);
  let credited: InvoiceRow | null = null;
  if (current.kind === "credit_note") {
    if (!current.creditedInvoiceId)
      throw new InvalidError(
        "This credit note does not say which invoice it corrects.",
        {},
        "invoice.credit_note_without_invoice",
      );
    credited = await lockInvoice(tx, current.creditedInvoiceId);
    const allowed = canCreateCreditNote(credited);
    if (!allowed.ok) throw invalidFrom(allowed);
  }
  const [clientRow] = await tx.select().from(client).where(eq(client.id, current.clientId));
  if (!clientRow) throw new NotFoundError("The client of this invoice no longer exists.", "invoice.client_gone");
  const pattern = current.kind === "credit_note" ? settings.creditNoteNumberPattern : settings.invoiceNumberPattern;
  const number = await takeNumber(tx, {
    series: current.kind,
    pattern,
    issueDate: current.issueDate,
    today,
    check: (latestIssuedDate) => {
      const result = canIssue({
        kind: current.kind,
        status: current.status,
        lineCount: lines.length,
        issueDate: current.issueDate,
        latestIssuedDate,
        today,
        credit: credited
          ? {
              amount: -totals.total,
              creditable: creditableAmount({ total: credited.total, credited: credited.creditedTotal }),
            }
          : undefined,
      });
      if (!result.ok) throw invalidFrom(result);
    },
  });
  const balance = current.kind === "invoice" ? totals.total : 0;
  const [issued] = await tx
    .update(invoice)
    .set({
      number,
      status: "issued",
      clientSnapshot: clientSnapshotOf(clientRow),
      firmSnapshot: { ...firmSnapshotOf(settings), brand: await freezeBrand(tx, settings) },
      // Frozen from here on: a draft saved before languages existed takes its client's now.
      language: current.language ?? clientDocumentLanguage(clientRow, settings.documentLanguage),
      netTotal: totals.net,
      taxTotal: totals.tax,
      total: totals.total,
      taxBreakdown: totals.taxes,
      paidTotal: 0,
      creditedTotal: 0,
      balance,
      issuedAt: now,
      issuedById: actor.id,
      version: current.version + 1,
    })
    .where(and(eq(invoice.id, current.id), eq(invoice.status, "draft")))
    .returning()
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new ConflictError(
          `The number ${number} is already used: check the number patterns in the settings.`,
          "invoice.number_taken",
        );
      throw error;
    });
  if (!issued) throw stale();
  await recordAudit(tx, actor, {
    entity: "invoice",
    entityId: current.id,
    action: "issue",
    summary: { number, issueDate: current.issueDate, total: totals.total, currency: current.currency },
  });
  await queueWebhookEvent(tx, "invoice.issued", invoiceEventData(issued));
  if (credited) {
    const creditedTotal = credited.creditedTotal - totals.total;
    const status = statusAfterPayments({ total: credited.total, paid: credited.paidTotal, credited: creditedTotal });
    const transition =
      status === credited.status
        ? { ok: true as const }
        : canTransition({ kind: "invoice", from: credited.status, to: status });
    if (!transition.ok) throw invalidFrom(transition);
    const [afterCredit] = await tx
      .update(invoice)
      .set({
        creditedTotal,
        balance: computeBalance({ total: credited.total, paid: credited.paidTotal, credited: creditedTotal }),
        status,
        version: credited.version + 1,
      })
      .where(eq(invoice.id, credited.id))
      .returning();
    // A credit note that settles what payments left open brings the balance to zero too.
    await queuePaidEvent(tx, credited, afterCredit!);
    await recordAudit(tx, actor, {
      entity: "invoice",
      entityId: credited.id,
      action: "credited",
      summary: { creditNote: number, amount: -totals.total, status: { from: credited.status, to: status } },
    });
  }
  return issued;
}

/** Issues a draft: number, frozen client and firm details and totals; read-only from then on. */
export async function issueInvoice(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.issue", MANAGERS_ONLY);
  const values = parseInput(issueInvoiceInput, input);
  return db.transaction(async (tx) => {
    const current = await lockInvoice(tx, values.id);
    if (current.status !== "draft")
      throw new InvalidError(
        `This ${nameOf(current.kind)} is already issued (${current.number}); it cannot be issued again.`,
        {},
        "invoice.already_issued",
      );
    if (current.version !== values.version) throw stale();
    return issueLocked(tx, actor, current, now);
  });
}

export async function markInvoiceSent(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.send", MANAGERS_ONLY);
  const values = parseInput(invoiceRefInput, input);
  return db.transaction(async (tx) => {
    const current = await lockInvoice(tx, values.id);
    if (current.status === "draft")
      throw new InvalidError("Issue the invoice before marking it as sent.", {}, "invoice.sent_before_issue");
    if (current.sentAt) throw new InvalidError("This invoice is already marked as sent.", {}, "invoice.already_sent");
    const [updated] = await tx
      .update(invoice)
      .set({ sentAt: now, version: current.version + 1 })
      .where(eq(invoice.id, current.id))
      .returning();
    await recordAudit(tx, actor, {
      entity: "invoice",
      entityId: current.id,
      action: "mark_sent",
      summary: { number: current.number },
    });
    return updated!;
  });
}

// ---------------------------------------------------------------------------------------
// Payments

/** invoice.paid when the balance reaches zero and the invoice is paid (not when a credit note cancels it). */
async function queuePaidEvent(tx: Executor, before: InvoiceRow, after: InvoiceRow) {
  if (after.status === "paid" && before.status !== "paid")
    await queueWebhookEvent(tx, "invoice.paid", invoiceEventData(after));
}

async function applyPayments(tx: Executor, current: InvoiceRow, paid: number) {
  const status = statusAfterPayments({ total: current.total, paid, credited: current.creditedTotal });
  if (status !== current.status) {
    const transition = canTransition({ kind: current.kind, from: current.status, to: status });
    if (!transition.ok) throw invalidFrom(transition);
  }
  const [updated] = await tx
    .update(invoice)
    .set({
      paidTotal: paid,
      balance: computeBalance({ total: current.total, paid, credited: current.creditedTotal }),
      status,
      version: current.version + 1,
    })
    .where(eq(invoice.id, current.id))
    .returning();
  await queuePaidEvent(tx, current, updated!);
  return updated!;
}

/** A payment: more than zero, at most the balance, not in the future (firm's day); status follows. */
export async function recordPayment(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "payment.record", MANAGERS_ONLY);
  const values = parseInput(recordPaymentInput, input);
  return db.transaction(async (tx) => {
    const current = await lockInvoice(tx, values.invoiceId);
    const amount = parseMoneyInput(values.amount, current.currency);
    if (amount === null || amount <= 0)
      throw invalidFrom(
        refuse(
          "invoice.payment_amount_invalid",
          `Enter an amount in ${current.currency} greater than zero, e.g. 250 or 250.50.`,
          "amount",
        ),
        CORRECT_THE_FIELDS,
      );
    const settings = await getSettings(tx);
    const result = canRecordPayment({
      kind: current.kind,
      status: current.status,
      balance: current.balance,
      amount,
      date: values.date,
      today: todayInZone(settings.timezone, now),
    });
    // A refusal about a field is shown next to it, under the form's usual summary.
    if (!result.ok) throw invalidFrom(result, result.field ? CORRECT_THE_FIELDS : result.message);
    const [created] = await tx
      .insert(payment)
      .values({
        invoiceId: current.id,
        amount,
        date: values.date,
        method: values.method,
        reference: values.reference,
        createdById: actor.id,
      })
      .returning();
    const updated = await applyPayments(tx, current, current.paidTotal + amount);
    await recordAudit(tx, actor, {
      entity: "invoice",
      entityId: current.id,
      action: "payment_recorded",
      summary: {
        amount,
        date: values.date,
        method: values.method,
        status: { from: current.status, to: updated.status },
      },
    });
    return { payment: created!, invoice: updated };
  });
}

/** Admins only: removes a payment entered by mistake; the balance and status move back. */
export async function deletePayment(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "payment.delete", "Only administrators can delete a payment.");
  const values = parseInput(deletePaymentInput, input);
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(payment).where(eq(payment.id, values.paymentId));
    if (!found) throw new NotFoundError("This payment does not exist.", "invoice.payment_not_found");
    const current = await lockInvoice(tx, found.invoiceId);
    const allowed = canDeletePayment(current);
    if (!allowed.ok) throw invalidFrom(allowed);
    const deleted = await tx.delete(payment).where(eq(payment.id, found.id)).returning({ id: payment.id });
    if (deleted.length !== 1)
      throw new ConflictError("This payment was already deleted. Reload the page.", "invoice.payment_already_deleted");
    const [sum] = await tx
      .select({ paid: sql<string>`coalesce(sum(${payment.amount}), 0)` })
      .from(payment)
      .where(eq(payment.invoiceId, current.id));
    const updated = await applyPayments(tx, current, Number(sum?.paid ?? 0));
    await recordAudit(tx, actor, {
      entity: "invoice",
      entityId: current.id,
      action: "payment_deleted",
      summary: { amount: found.amount, date: found.date, status: { from: current.status, to: updated.status } },
    });
    return updated;
  });
}

// ---------------------------------------------------------------------------------------
// Credit notes and duplicates

/** What the totals need of a stored line. */
function storedLineTotalsInput(line: typeof invoiceLine.$inferSelect) {
  return {
    quantityMilli: line.quantityMilli,
    unitPriceMinor: line.unitPrice,
    discountBp: line.discountBp,
    taxRateBp: line.taxRateBp,
    vatCategory: line.vatCategory,
    vatMention: line.vatMention,
    vatexCode: line.vatexCode,
  };
}

async function copyLines(tx: Executor, fromId: string, toId: string, kind: InvoiceKind) {
  const lines = await tx
    .select()
    .from(invoiceLine)
    .where(eq(invoiceLine.invoiceId, fromId))
    .orderBy(asc(invoiceLine.position));
  const totals = computeInvoiceTotals(lines.map(storedLineTotalsInput), kind);
  if (lines.length > 0) {
    await tx.insert(invoiceLine).values(
      lines.map((line, index) => ({
        invoiceId: toId,
        position: index + 1,
        description: line.description,
        quantityMilli: line.quantityMilli,
        unit: line.unit,
        unitCode: line.unitCode,
        unitPrice: line.unitPrice,
        discountBp: line.discountBp,
        taxRateBp: line.taxRateBp,
        vatCategory: line.vatCategory,
        vatMention: line.vatMention,
        vatexCode: line.vatexCode,
        net: totals.lines[index]?.net ?? 0,
        // A credit note's line takes back what its invoice's line gave the project (decision 068).
        projectId: line.projectId,
      })),
    );
  }
  return totals;
}

/**
 * A credit note for an issued invoice (VAT Directive art. 219). "full" copies every line and
 * issues it at once, which cancels the invoice; it is offered only while nothing has been
 * credited, so the copy mirrors the invoice to the cent. "partial" makes a draft credit note
 * with the invoice's lines, to adjust and then issue; issuing checks it credits no more than
 * what remains.
 */
export async function createCreditNote(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.credit", MANAGERS_ONLY);
  const values = parseInput(createCreditNoteInput, input);
  return db.transaction(async (tx) => {
    const source = await lockInvoice(tx, values.invoiceId);
    const allowed = canCreateCreditNote(source);
    if (!allowed.ok) throw invalidFrom(allowed);
    if (values.mode === "full" && source.creditedTotal !== 0) {
      throw new InvalidError(
        "Part of this invoice is already credited; create a partial credit note for what remains.",
        {},
        "invoice.partly_credited",
      );
    }
    const settings = await getSettings(tx);
    const issueDate = values.issueDate ?? todayInZone(settings.timezone, now);
    const [clientRow] = await tx
      .select({ documentLanguage: client.documentLanguage })
      .from(client)
      .where(eq(client.id, source.clientId));
    const language = clientDocumentLanguage(clientRow, settings.documentLanguage);
    const written = documentLanguageOf(language, settings.locale);
    const [created] = await tx
      .insert(invoice)
      .values({
        kind: "credit_note",
        clientId: source.clientId,
        creditedInvoiceId: source.id,
        issueDate,
        dueDate: issueDate,
        servicePeriodStart: source.servicePeriodStart,
        servicePeriodEnd: source.servicePeriodEnd,
        currency: source.currency,
        paymentTermsDays: 0,
        notes: written.t("document.creditNoteNote", {
          number: source.number ?? "",
          date: formatDate(source.issueDate, written.locale, "UTC", "long"),
        }),
        language,
        footer: source.footer,
        buyerReference: source.buyerReference,
        purchaseOrderReference: source.purchaseOrderReference,
        paymentMeans: source.paymentMeans,
        createdById: actor.id,
      })
      .returning();
    const totals = await copyLines(tx, source.id, created!.id, "credit_note");
    const [draft] = await tx.update(invoice).set(draftTotals(totals)).where(eq(invoice.id, created!.id)).returning();
    await recordAudit(tx, actor, {
      entity: "invoice",
      entityId: created!.id,
      action: "create",
      summary: { kind: "credit_note", credits: source.number, mode: values.mode },
    });
    await recordAudit(tx, actor, {
      entity: "invoice",
      entityId: source.id,
      action: "credit_note_created",
      summary: { creditNoteId: created!.id, mode: values.mode },
    });
    if (values.mode === "partial") return draft!;
    return issueLocked(tx, actor, draft!, now);
  });
}

/** A new draft with the same client and lines (never the time entries: those are billed once). */
export async function duplicateInvoice(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.edit", MANAGERS_ONLY);
  const values = parseInput(invoiceRefInput.pick({ id: true }), input);
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(invoice).where(eq(invoice.id, values.id));
    if (!source) throw new NotFoundError("This invoice does not exist.", "invoice.not_found");
    if (source.kind !== "invoice")
      throw new InvalidError(
        "Only invoices can be duplicated; a credit note belongs to its invoice.",
        {},
        "invoice.duplicate_of_credit_note",
      );
    const clientRow = await loadClientForDraft(tx, source.clientId, null).catch(() => {
      throw new InvalidError(
        "The client of this invoice is archived; restore it before duplicating.",
        {},
        "invoice.client_archived",
      );
    });
    const settings = await getSettings(tx);
    const issueDate = todayInZone(settings.timezone, now);
    const [created] = await tx
      .insert(invoice)
      .values({
        kind: "invoice",
        clientId: clientRow.id,
        issueDate,
        dueDate: dueDateFromTerms(issueDate, clientRow.paymentTermsDays),
        currency: clientRow.currency,
        paymentTermsDays: clientRow.paymentTermsDays,
        notes: source.notes,
        footer: source.footer,
        buyerReference: source.buyerReference ?? clientRow.buyerReference,
        purchaseOrderReference: null,
        paymentMeans: source.paymentMeans,
        language: clientDocumentLanguage(clientRow, settings.documentLanguage),
        createdById: actor.id,
      })
      .returning();
    const totals = await copyLines(tx, source.id, created!.id, "invoice");
    const [draft] = await tx.update(invoice).set(draftTotals(totals)).where(eq(invoice.id, created!.id)).returning();
    await recordAudit(tx, actor, {
      entity: "invoice",
      entityId: created!.id,
      action: "create",
      summary: { duplicateOf: source.number ?? source.id },
    });
    return draft!;
  });
}
