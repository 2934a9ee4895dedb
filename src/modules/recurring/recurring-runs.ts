// The background worker's pass over recurring invoices (decision 060). Each period's invoice is made
// in ONE transaction that locks the template, claims the run's unique key (template, period), creates
// the draft, issues it with the next gapless number (invoice.issued webhook included) and writes its
// mail to the outbox. A worker that dies anywhere in it leaves nothing (the number goes back to the
// counter); a second worker waits on the template's lock, then finds the period claimed.
import { and, asc, count, eq, max } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { client, invoice, recurringInvoice, recurringInvoiceRun } from "@/db/schema";
import { addDaysToDate, todayInZone } from "@/lib/dates";
import { InvalidError, isDomainError, NotFoundError } from "@/lib/errors";
import { parseInput } from "@/lib/parse-input";
import { getLogger } from "@/lib/logger";
import { type Actor, recordAudit, SYSTEM_ACTOR } from "@/modules/audit/audit-log";
import { insertDraftInvoice, issueLocked } from "@/modules/invoices/invoice-mutations";
import { draftLinesOf } from "@/modules/invoices/stored-lines";
import { getSendInvoiceDefaults, prepareInvoiceEmail, writeInvoiceEmail } from "@/modules/mail/invoice-mail";
import { splitAddresses } from "@/modules/mail/mail-schemas";
import { getSettings } from "@/modules/settings/settings-queries";
import { requirePermission } from "@/modules/users/permissions";
import { recurringInvoiceRefInput } from "./recurring-schemas";
import { dueOccurrences, type RunState, type Schedule, servicePeriodOf } from "./recurrence-rules";

type TemplateRow = typeof recurringInvoice.$inferSelect;

/** The worker acts as the system; the history names the template. */
const RECURRING_ACTOR = { ...SYSTEM_ACTOR, name: "Bureau (recurring invoices)" } as const;

/** Test seams: called between the steps of a run, inside its transaction (a throw rolls it all back). */
export type RunHooks = { afterIssue?: () => Promise<void> | void };

export function scheduleOf(row: TemplateRow): Schedule {
  return {
    frequency: row.frequency,
    intervalWeeks: row.intervalWeeks,
    dayOfPeriod: row.dayOfPeriod,
    startDate: row.startDate,
    endDate: row.endDate,
    occurrenceCount: row.occurrenceCount,
  };
}

/** Where a template stands: its latest billed period and how many invoices it made. */
export async function runStateOf(db: Executor, row: TemplateRow): Promise<RunState> {
  const [made] = await db
    .select({ lastRunDate: max(recurringInvoiceRun.periodDate), madeCount: count() })
    .from(recurringInvoiceRun)
    .where(eq(recurringInvoiceRun.templateId, row.id));
  return {
    schedule: scheduleOf(row),
    lastRunDate: made?.lastRunDate ?? null,
    billsFrom: row.billsFrom,
    madeCount: Number(made?.madeCount ?? 0),
  };
}

export type RunOutcome = { templateId: string; periodDate: string; invoiceId: string; number: string | null };

/** Makes the oldest due period of one template, or returns null when none is due (or another worker has it). */
async function runOnePeriod(db: Database, templateId: string, now: Date, hooks: RunHooks): Promise<RunOutcome | null> {
  return db.transaction(async (tx) => {
    // Workers queue here: the second sees the first one's run once it commits.
    const [template] = await tx
      .select()
      .from(recurringInvoice)
      .where(eq(recurringInvoice.id, templateId))
      .for("update");
    if (!template || template.status !== "active") return null;
    const settings = await getSettings(tx);
    const today = todayInZone(settings.timezone, now);
    const [periodDate] = dueOccurrences(await runStateOf(tx, template), today);
    if (!periodDate) return null;
    const [claimed] = await tx
      .insert(recurringInvoiceRun)
      .values({ templateId, periodDate })
      .onConflictDoNothing()
      .returning({ id: recurringInvoiceRun.id });
    if (!claimed) return null;

    const [clientRow] = await tx.select().from(client).where(eq(client.id, template.clientId));
    // Catch-up periods are dated today too: numbers stay chronological (decision 060).
    const period = servicePeriodOf(scheduleOf(template), periodDate);
    const draft = await insertDraftInvoice(tx, RECURRING_ACTOR, {
      clientId: template.clientId,
      currency: template.currency,
      issueDate: today,
      dueDate: addDaysToDate(today, clientRow?.paymentTermsDays ?? settings.paymentTermsDays),
      servicePeriodStart: period.start,
      servicePeriodEnd: period.end,
      notes: template.notes,
      footer: template.footer,
      buyerReference: template.buyerReference,
      purchaseOrderReference: template.purchaseOrderReference,
      paymentMeans: template.paymentMeans,
      lines: draftLinesOf(template.lines),
    });
    let made = draft;
    let emailId: string | null = null;
    let note: string | null = null;
    if (template.issueMode === "issue") {
      const [locked] = await tx.select().from(invoice).where(eq(invoice.id, draft.id)).for("update");
      made = await issueLocked(tx, RECURRING_ACTOR, locked!, now);
      await hooks.afterIssue?.();
      if (template.sendAutomatically) {
        const defaults = await getSendInvoiceDefaults(tx, made.id);
        const to = splitAddresses(defaults.to);
        if (to.length === 0) {
          note =
            "Not mailed: the client has no billing email. Add one to the client, then send the invoice from its page.";
        } else {
          const prepared = await prepareInvoiceEmail(tx, made.id);
          const sent = await writeInvoiceEmail(
            tx,
            RECURRING_ACTOR,
            prepared,
            { invoiceId: made.id, to, cc: [], subject: defaults.subject, message: defaults.message },
            now,
          );
          emailId = sent.emailId;
        }
      }
    }
    await tx
      .update(recurringInvoiceRun)
      .set({ invoiceId: made.id, issued: made.status !== "draft", emailId, note })
      .where(eq(recurringInvoiceRun.id, claimed.id));
    await tx
      .update(recurringInvoice)
      .set({ lastError: null, lastErrorAt: null })
      .where(eq(recurringInvoice.id, templateId));
    await recordAudit(tx, RECURRING_ACTOR, {
      entity: "recurring_invoice",
      entityId: templateId,
      action: "run",
      summary: { period: periodDate, invoiceId: made.id, number: made.number, mailed: Boolean(emailId) },
    });
    return { templateId, periodDate, invoiceId: made.id, number: made.number };
  });
}

/** Makes every due period of one template, oldest first; a refusal is kept on the template for people to see. */
export async function runRecurringInvoice(
  db: Database,
  templateId: string,
  now: Date = new Date(),
  hooks: RunHooks = {},
): Promise<RunOutcome[]> {
  const made: RunOutcome[] = [];
  for (;;) {
    try {
      const outcome = await runOnePeriod(db, templateId, now, hooks);
      if (!outcome) return made;
      made.push(outcome);
    } catch (error) {
      // A template that no longer makes a valid invoice (an archived client, a tax rate removed
      // from the settings) says why on its page; the next pass tries again.
      if (!isDomainError(error)) throw error;
      // A refusal about fields (the client, a line's rate) says what is wrong, not "correct the fields".
      const reasons = error instanceof InvalidError ? [...new Set(Object.values(error.fieldErrors))] : [];
      const lastError = reasons.length > 0 ? reasons.join(" ") : error.message;
      await db.update(recurringInvoice).set({ lastError, lastErrorAt: now }).where(eq(recurringInvoice.id, templateId));
      getLogger().warn({ templateId, err: lastError }, "recurring invoice not made");
      return made;
    }
  }
}

/** The worker's pass: every active template's due periods. */
export async function runRecurringInvoices(
  db: Database,
  now: Date = new Date(),
  hooks: RunHooks = {},
): Promise<RunOutcome[]> {
  const active = await db
    .select({ id: recurringInvoice.id })
    .from(recurringInvoice)
    .where(and(eq(recurringInvoice.status, "active")))
    .orderBy(asc(recurringInvoice.createdAt));
  const made: RunOutcome[] = [];
  for (const { id } of active) {
    try {
      made.push(...(await runRecurringInvoice(db, id, now, hooks)));
    } catch (error) {
      // One broken template does not stop the others; the error reaches the logs.
      getLogger().error({ templateId: id, err: String(error) }, "recurring invoice run failed");
    }
  }
  return made;
}

/**
 * "Make due invoices now" on a template's page: what the worker's next pass would make for it, by
 * the same pass (nothing before its day; each period once). Needs the rights to create and issue.
 */
export async function runRecurringInvoiceNow(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "invoice.edit", "Only administrators and managers can work on recurring invoices.");
  requirePermission(actor, "invoice.issue", "Only administrators and managers can issue invoices.");
  const { id } = parseInput(recurringInvoiceRefInput, input);
  const [template] = await db.select().from(recurringInvoice).where(eq(recurringInvoice.id, id));
  if (!template) throw new NotFoundError("This recurring invoice does not exist.", "recurring.not_found");
  if (template.status !== "active")
    throw new InvalidError("Resume this recurring invoice first.", {}, "recurring.not_active");
  const made = await runRecurringInvoice(db, id, now);
  if (made.length > 0) return made;
  const [after] = await db
    .select({ lastError: recurringInvoice.lastError })
    .from(recurringInvoice)
    .where(eq(recurringInvoice.id, id));
  throw new InvalidError(
    after?.lastError
      ? `No invoice was made: ${after.lastError}`
      : "Nothing is due yet: each period's invoice is made on its day.",
    {},
    "recurring.nothing_due",
  );
}
