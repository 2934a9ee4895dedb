// Budget alerts: when a project's spent reaches 80 % and 100 % of its budget, the people who manage
// projects are told by mail, once per threshold and budget period. Checked inside the transaction
// that writes the time (grid save, a call's time, a stopped timer) or changes the budget, so the
// mail lands with the change or not at all (decision 045).
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { ADVISORY_LOCKS } from "@/db/advisory-locks";
import { isAvailableLanguage, REFERENCE_LANGUAGE } from "@/i18n/catalogs";
import { documentTranslator, interfaceLocaleOf } from "@/i18n/document-language";
import type { Executor } from "@/db/client";
import { project, projectBudgetAlert, user } from "@/db/schema";
import { getConfig } from "@/lib/env";
import { budgetAlertMail } from "@/modules/mail/mail-templates";
import { enqueueEmail } from "@/modules/mail/outbox";
import { getSettings } from "@/modules/settings/settings-queries";
import { rolesWith } from "@/modules/users/permissions";
import { budgetFigures, budgetPeriodLabel, thresholdsReached } from "./budget-rules";
import { findBudgetUsage } from "./project-budget-queries";

/**
 * Records and mails the thresholds the projects' spent has newly reached. Exactly once per
 * project, period and threshold: the alerts table's unique key decides which transaction writes
 * the mail. A per-project advisory lock, taken in a stable order, makes a second save wait for the
 * first to commit and then count its time too: two saves each adding 30 % to a project at 40 %
 * cannot both see 70 % and leave the 80 % crossed unannounced (READ COMMITTED: each statement
 * after the lock sees what committed before it).
 */
export async function checkBudgetAlerts(
  tx: Executor,
  projectIds: readonly string[],
  now: Date = new Date(),
): Promise<{ projectId: string; thresholds: number[]; emailId: string | null }[]> {
  const unique = [...new Set(projectIds)];
  if (unique.length === 0) return [];
  const budgeted = await tx
    .select({ id: project.id })
    .from(project)
    .where(and(inArray(project.id, unique), or(isNotNull(project.budgetMinutes), isNotNull(project.budgetAmount))));
  if (budgeted.length === 0) return [];
  const ids = budgeted.map((row) => row.id).sort();
  for (const id of ids)
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.projectBudget}::integer, hashtext(${id}))`);
  const settings = await getSettings(tx);
  const usages = await findBudgetUsage(tx, { projectIds: ids }, settings, now);
  const sent: { projectId: string; thresholds: number[]; emailId: string | null }[] = [];
  for (const usage of usages) {
    const reached = thresholdsReached(usage.spent, usage.budget.amount);
    if (reached.length === 0) continue;
    const inserted = await tx
      .insert(projectBudgetAlert)
      .values(
        reached.map((threshold) => ({
          projectId: usage.projectId,
          period: usage.period.key,
          threshold,
          spent: usage.spent,
          budget: usage.budget.amount,
        })),
      )
      .onConflictDoNothing({
        target: [projectBudgetAlert.projectId, projectBudgetAlert.period, projectBudgetAlert.threshold],
      })
      .returning({ id: projectBudgetAlert.id, threshold: projectBudgetAlert.threshold });
    if (inserted.length === 0) continue;
    // Crossing 80 % and 100 % in one save sends one mail, about the higher: both are recorded.
    const highest = inserted.reduce((top, row) => (row.threshold > top.threshold ? row : top));
    const recipients = await tx
      .select({ email: user.email, language: user.language })
      .from(user)
      .where(and(eq(user.active, true), inArray(user.role, [...rolesWith("client.edit")])));
    let emailId: string | null = null;
    // One mail per language: each person reads it in theirs, else the firm's.
    for (const [language, emails] of byLanguage(recipients, settings.documentLanguage)) {
      // Figures and the month in the reader's language's locale (the firm's for the firm's language).
      const locale = interfaceLocaleOf(language, settings);
      const figures = budgetFigures(usage, locale);
      const t = documentTranslator(language);
      const rendered = budgetAlertMail(
        { name: settings.firmName, brandColor: settings.brandColor, email: settings.email },
        {
          projectName: usage.projectName,
          clientName: usage.clientName,
          threshold: highest.threshold,
          percent: usage.percent,
          period: budgetPeriodLabel(usage.period.key, locale, t("email.budgetAlert.allTime")),
          used: t("email.budgetAlert.usedOf", { spent: figures.spent, budget: figures.budget }),
          estimated: figures.estimated,
          url: `${getConfig().appUrl}/bo/clients/${usage.clientId}`,
        },
        language,
      );
      const id = await enqueueEmail(tx, {
        to: emails,
        ...rendered,
        about: { type: "project", id: usage.projectId },
      });
      emailId ??= id;
    }
    if (emailId) await tx.update(projectBudgetAlert).set({ emailId }).where(eq(projectBudgetAlert.id, highest.id));
    sent.push({ projectId: usage.projectId, thresholds: inserted.map((row) => row.threshold), emailId });
  }
  return sent;
}

/** The recipients' addresses by the language they read (theirs, else the firm's), in a stable order. */
function byLanguage(
  recipients: { email: string; language: string | null }[],
  firmLanguage: string,
): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const recipient of recipients) {
    const chosen = recipient.language ?? firmLanguage;
    const language = isAvailableLanguage(chosen) ? chosen : REFERENCE_LANGUAGE;
    groups.set(language, [...(groups.get(language) ?? []), recipient.email]);
  }
  return groups;
}

/** A changed budget starts afresh: the alerts sent about the old one no longer say anything. */
export async function forgetBudgetAlerts(tx: Executor, projectId: string): Promise<void> {
  await tx.delete(projectBudgetAlert).where(eq(projectBudgetAlert.projectId, projectId));
}
