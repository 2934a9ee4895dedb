// The daily reminders job: once per firm day, each overdue invoice gets the step
// of settings.reminders it has reached, once (invoice_reminders has a unique (invoice_id, step)),
// written with its mail and its history entry (audit event on the invoice) in one transaction.
import { documentLanguageOf } from "@/i18n/document-language";
import { and, eq, gt, inArray, lt, or, isNull, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { backgroundJob, client, invoice, invoiceReminder } from "@/db/schema";
import { formatDate, todayInZone } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { recordAudit, SYSTEM_ACTOR } from "@/modules/audit/audit-log";
import { getSettings, type Settings } from "@/modules/settings/settings-queries";
import { paymentReminderMail } from "./mail-templates";
import { enqueueEmail } from "./outbox";
import { daysOverdue, isDailyRunDue, reminderStepsDue } from "./reminder-rules";

export const REMINDERS_JOB = "invoice-reminders";
const JOB_LEASE_SECONDS = 15 * 60;

/** Takes the day's run of a job for this worker, or null (not due, or another worker holds it). */
async function claimDailyJob(db: Database, name: string, today: string): Promise<boolean> {
  await db.insert(backgroundJob).values({ name }).onConflictDoNothing();
  const claimed = await db
    .update(backgroundJob)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${JOB_LEASE_SECONDS})`, updatedAt: sql`now()` })
    .where(
      and(
        eq(backgroundJob.name, name),
        or(isNull(backgroundJob.lastRunOn), lt(backgroundJob.lastRunOn, today)),
        or(isNull(backgroundJob.lockedUntil), lt(backgroundJob.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ name: backgroundJob.name });
  return claimed.length > 0;
}

async function finishDailyJob(db: Database, name: string, today: string, error: string | null) {
  await db
    .update(backgroundJob)
    .set({ lastRunOn: error ? undefined : today, lockedUntil: null, lastError: error, updatedAt: sql`now()` })
    .where(eq(backgroundJob.name, name));
}

export type ReminderRunResult = { ran: boolean; sent: number; skipped: number; withoutEmail: number };

/** The periodic entry point: runs the day's reminders if due (once per firm day, from 08:00). */
export async function runDailyReminders(db: Database, now: Date = new Date()): Promise<ReminderRunResult> {
  const settings = await getSettings(db);
  const today = todayInZone(settings.timezone, now);
  const [job] = await db.select().from(backgroundJob).where(eq(backgroundJob.name, REMINDERS_JOB));
  if (!isDailyRunDue({ now, timeZone: settings.timezone, lastRunOn: job?.lastRunOn ?? null }))
    return { ran: false, sent: 0, skipped: 0, withoutEmail: 0 };
  if (!(await claimDailyJob(db, REMINDERS_JOB, today))) return { ran: false, sent: 0, skipped: 0, withoutEmail: 0 };
  try {
    const result = await sendDueReminders(db, settings, today);
    await finishDailyJob(db, REMINDERS_JOB, today, null);
    return result;
  } catch (error) {
    await finishDailyJob(db, REMINDERS_JOB, today, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/** Sends the reminders due on `today` (firm's day). Safe to run twice: each step lands once. */
export async function sendDueReminders(db: Database, settings: Settings, today: string): Promise<ReminderRunResult> {
  const result: ReminderRunResult = { ran: true, sent: 0, skipped: 0, withoutEmail: 0 };
  const schedule = settings.reminders;
  if (!schedule.enabled || schedule.daysAfterDue.length === 0) return result;
  const firstStep = Math.min(...schedule.daysAfterDue);
  const overdue = await db
    .select({ id: invoice.id })
    .from(invoice)
    .where(
      and(
        eq(invoice.kind, "invoice"),
        inArray(invoice.status, ["issued", "partially_paid"]),
        gt(invoice.balance, 0),
        sql`${invoice.dueDate} <= (${today}::date - ${firstStep}::int)`,
      ),
    );
  for (const { id } of overdue) {
    const outcome = await db.transaction((tx) => remindOne(tx, settings, id, today));
    if (outcome === "sent") result.sent += 1;
    else if (outcome === "skipped") result.skipped += 1;
    else if (outcome === "no-email") result.withoutEmail += 1;
  }
  return result;
}

async function remindOne(
  tx: Executor,
  settings: Settings,
  invoiceId: string,
  today: string,
): Promise<"sent" | "skipped" | "no-email" | "nothing"> {
  const [row] = await tx
    .select({ invoice, billingEmail: client.billingEmail, clientName: client.name })
    .from(invoice)
    .innerJoin(client, eq(client.id, invoice.clientId))
    .where(eq(invoice.id, invoiceId))
    .for("update", { of: invoice });
  if (!row || !["issued", "partially_paid"].includes(row.invoice.status) || row.invoice.balance <= 0) return "nothing";
  const done = await tx
    .select({ step: invoiceReminder.step })
    .from(invoiceReminder)
    .where(eq(invoiceReminder.invoiceId, invoiceId));
  const decision = reminderStepsDue({
    dueDate: row.invoice.dueDate,
    today,
    steps: settings.reminders.daysAfterDue,
    done: done.map((entry) => entry.step),
  });
  if (decision.send === null && decision.skip.length === 0) return "nothing";
  if (decision.send !== null && !row.billingEmail) return "no-email";
  for (const step of decision.skip) {
    await tx
      .insert(invoiceReminder)
      .values({ invoiceId, step, outcome: "skipped", runOn: today })
      .onConflictDoNothing();
  }
  if (decision.send === null) return "skipped";
  const inserted = await tx
    .insert(invoiceReminder)
    .values({ invoiceId, step: decision.send, outcome: "sent", runOn: today })
    .onConflictDoNothing()
    .returning({ id: invoiceReminder.id });
  if (inserted.length === 0) return "nothing";
  const firm = { name: settings.firmName, brandColor: settings.brandColor, email: settings.email };
  // In the language the invoice was issued in (decision 061); English for one issued before.
  const language = documentLanguageOf(row.invoice.language, settings.locale);
  const rendered = paymentReminderMail(
    firm,
    {
      number: row.invoice.number ?? "",
      balance: formatMoney(row.invoice.balance, row.invoice.currency, language.locale),
      dueDate: formatDate(row.invoice.dueDate, language.locale, settings.timezone, "long"),
      daysOverdue: daysOverdue(row.invoice.dueDate, today),
      clientName: row.invoice.clientSnapshot?.name ?? row.clientName,
    },
    language.language,
  );
  const emailId = await enqueueEmail(tx, {
    to: [row.billingEmail!],
    ...rendered,
    about: { type: "invoice", id: invoiceId },
  });
  await tx.update(invoiceReminder).set({ emailId }).where(eq(invoiceReminder.id, inserted[0]!.id));
  await recordAudit(tx, SYSTEM_ACTOR, {
    entity: "invoice",
    entityId: invoiceId,
    action: "reminder_sent",
    summary: {
      number: row.invoice.number,
      step: decision.send,
      daysOverdue: daysOverdue(row.invoice.dueDate, today),
      to: [row.billingEmail],
      emailId,
      skippedSteps: decision.skip,
    },
  });
  return "sent";
}
