// Timesheet mails (issue 23.4), written in the caller's transaction through the outbox: the
// managers when a week is submitted, the owner when it is approved or rejected, and the weekly
// reminder to people whose last week is not submitted. Each person can turn them off
// (users.timesheet_notifications); deactivated people get nothing. Each mail is in its
// recipient's language: their own (users.language), else the firm's (Settings).
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { timeEntry, timesheet, timesheetReminderSent, user } from "@/db/schema";
import { documentLocaleOf, documentTranslator } from "@/i18n/document-language";
import { isAvailableLanguage, REFERENCE_LANGUAGE } from "@/i18n/catalogs";
import { getConfig } from "@/lib/env";
import { formatDate, isoWeekOf, wallClockInZone } from "@/lib/dates";
import { firmOf } from "@/modules/mail/mail-notifications";
import { timesheetDecidedMail, timesheetReminderMail, timesheetSubmittedMail } from "@/modules/mail/mail-templates";
import { enqueueEmail } from "@/modules/mail/outbox";
import { getSettings } from "@/modules/settings/settings-queries";
import { rolesWith } from "@/modules/users/permissions";
import { formatDuration } from "./timesheet-rules";
import { reminderWeekDue } from "./timesheet-reminder-rules";

type Sheet = { id: string; userId: string; weekStart: string };

const weekUrl = (id: string) => `${getConfig().appUrl}/bo/timesheets/${id}`;

type Firm = { locale: string; timezone: string; documentLanguage: string };

/** A recipient's language: their own, else the firm's; one whose catalog is gone falls back to English. */
function languageOf(own: string | null, firm: Firm): string {
  const chosen = own ?? firm.documentLanguage;
  return isAvailableLanguage(chosen) ? chosen : REFERENCE_LANGUAGE;
}

/** "Week 10 · 2 Mar 2026" in `language`, the date as the firm writes it in that language. */
function weekText(weekStart: string, language: string, firm: Firm) {
  const locale = documentLocaleOf(language, firm.locale);
  const week = documentTranslator(language)("email.timesheet.weekLabel", {
    week: isoWeekOf(weekStart).week,
    date: formatDate(weekStart, locale, firm.timezone),
  });
  return { week, locale };
}

/** Every active person who decides on weeks and wants these mails, except the week's owner. */
export async function notifyWeekSubmitted(tx: Executor, sheet: Sheet): Promise<number> {
  const recipients = await tx
    .select({ email: user.email, language: user.language })
    .from(user)
    .where(
      and(
        eq(user.active, true),
        eq(user.timesheetNotifications, true),
        inArray(user.role, [...rolesWith("timesheet.decide")]),
        ne(user.id, sheet.userId),
      ),
    );
  if (recipients.length === 0) return 0;
  const [owner] = await tx.select({ name: user.name }).from(user).where(eq(user.id, sheet.userId));
  const [total] = await tx
    .select({ minutes: sql<number>`coalesce(sum(${timeEntry.minutes}), 0)`.mapWith(Number) })
    .from(timeEntry)
    .where(eq(timeEntry.timesheetId, sheet.id));
  const settings = await getSettings(tx);
  const firm = await firmOf(tx);
  // One mail each: managers do not see each other's addresses.
  for (const recipient of recipients) {
    const language = languageOf(recipient.language, settings);
    const { week, locale } = weekText(sheet.weekStart, language, settings);
    const rendered = timesheetSubmittedMail(
      firm,
      {
        ownerName: owner?.name ?? documentTranslator(language)("email.timesheet.someone"),
        week,
        hours: formatDuration(total?.minutes ?? 0, "decimal", locale),
        url: weekUrl(sheet.id),
      },
      language,
    );
    await enqueueEmail(tx, { to: [recipient.email], ...rendered, about: { type: "timesheet", id: sheet.id } });
  }
  return recipients.length;
}

/** The owner, when they are active and want these mails. */
export async function notifyWeekDecided(
  tx: Executor,
  sheet: Sheet,
  decision: { decision: "approved" | "rejected"; deciderName: string; reason?: string | null },
): Promise<boolean> {
  const [owner] = await tx
    .select({ email: user.email, language: user.language })
    .from(user)
    .where(and(eq(user.id, sheet.userId), eq(user.active, true), eq(user.timesheetNotifications, true)));
  if (!owner) return false;
  const settings = await getSettings(tx);
  const language = languageOf(owner.language, settings);
  const { week } = weekText(sheet.weekStart, language, settings);
  const rendered = timesheetDecidedMail(await firmOf(tx), { ...decision, week, url: weekUrl(sheet.id) }, language);
  await enqueueEmail(tx, { to: [owner.email], ...rendered, about: { type: "timesheet", id: sheet.id } });
  return true;
}

export type TimesheetReminderRun = { due: boolean; weekStart: string | null; sent: number };

/**
 * The weekly reminder, when Settings has one and its day and time have come in the firm's
 * timezone: everyone active who wants these mails and whose last week is missing, a draft or
 * rejected gets one mail, once per week (timesheet_reminders' key), however many workers run it.
 */
export async function sendTimesheetReminders(db: Database, now: Date = new Date()): Promise<TimesheetReminderRun> {
  const settings = await getSettings(db);
  const weekStart = reminderWeekDue(settings.timesheetReminder, wallClockInZone(now, settings.timezone));
  if (!weekStart) return { due: false, weekStart: null, sent: 0 };
  const people = await db
    .select({ id: user.id, name: user.name, email: user.email, language: user.language, sheetId: timesheet.id })
    .from(user)
    .leftJoin(timesheet, and(eq(timesheet.userId, user.id), eq(timesheet.weekStart, weekStart)))
    .where(
      and(
        eq(user.active, true),
        eq(user.timesheetNotifications, true),
        sql`(${timesheet.id} is null or ${timesheet.status} in ('draft', 'rejected'))`,
      ),
    );
  const firm = await firmOf(db);
  let sent = 0;
  for (const person of people) {
    // The claim and the mail in one transaction: a second run (or worker) finds the claim and skips.
    const claimed = await db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(timesheetReminderSent)
        .values({ userId: person.id, weekStart })
        .onConflictDoNothing()
        .returning({ userId: timesheetReminderSent.userId });
      if (!claim) return false;
      const url = person.sheetId
        ? weekUrl(person.sheetId)
        : `${getConfig().appUrl}/bo/timesheets/create?week=${weekStart}`;
      const language = languageOf(person.language, settings);
      const { week } = weekText(weekStart, language, settings);
      await enqueueEmail(tx, {
        to: [person.email],
        ...timesheetReminderMail(firm, { name: person.name, week, url }, language),
        about: { type: "user", id: person.id },
      });
      return true;
    });
    if (claimed) sent += 1;
  }
  return { due: true, weekStart, sent };
}
