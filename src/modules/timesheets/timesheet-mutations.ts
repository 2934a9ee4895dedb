// Writes of the timesheets domain. Each takes the database (or, for addTimeEntryToWeek, the
// caller's transaction) first, checks the actor, validates with the shared rules, and records
// the audit event in the same transaction as the change.
import { and, count, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { client, project, settings, timeEntry, timesheet, user } from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import { addDaysToDate, isValidDateString, isoWeekMonday, weekDays } from "@/lib/dates";
import { ConflictError, ForbiddenError, InvalidError, invalidFields, invalidFrom, NotFoundError } from "@/lib/errors";
import { refuse, type Refusal, type RuleResult } from "@/lib/rule-result";
import { type Actor, recordAudit } from "@/modules/audit/audit-log";
import { checkBudgetAlerts } from "@/modules/clients/project-budget-alerts";
import { projectOpenTo, type TimePerson } from "@/modules/clients/client-queries";
import { getSettings } from "@/modules/settings/settings-queries";
import { can, requirePermission } from "@/modules/users/permissions";
import {
  bulkApproveInput,
  createTimesheetInput,
  rejectTimesheetInput,
  saveTimesheetInput,
  timeEntryInput,
  timeEntryRefInput,
  timesheetTransitionInput,
  type ParsedGridRow,
  updateTimeEntryInput,
  timesheetNotificationsInput,
  timesheetReminderInput,
} from "./timesheet-schemas";
import { timePerson } from "./grid-project-queries";
import { getTimeEntry } from "./timesheet-queries";
import { notifyWeekDecided, notifyWeekSubmitted } from "./timesheet-notifications";
import { queueWebhookEvent } from "@/modules/webhooks/webhook-queue";
import type { TimesheetCode } from "./timesheet-codes";
import {
  canAddToApprovedWeek,
  canApprove,
  canEdit,
  canReject,
  canReopen,
  canWithdraw,
  canSubmit,
  MINUTES_PER_DAY,
  resolveHourlyRate,
  validateEntries,
} from "./timesheet-rules";

export const STALE_TIMESHEET_MESSAGE = "This timesheet was changed by someone else. Reload the page and try again.";
const stale = () => new ConflictError(STALE_TIMESHEET_MESSAGE, "timesheet.stale");

export type TimeEntryToAdd = {
  userId: string;
  date: string;
  projectId: string;
  minutes: number;
  description: string | null;
  billable: boolean;
};

/**
 * Projects that cannot take time: archived themselves, or belonging to an archived client; and,
 * for a person, members-only projects they are not a member of (decision 046).
 */
export async function findUnusableProjects(
  tx: Executor,
  projectIds: readonly string[],
  person?: TimePerson,
): Promise<{ found: Set<string>; archived: Set<string>; unassigned: Set<string> }> {
  const unique = [...new Set(projectIds)];
  if (unique.length === 0) return { found: new Set(), archived: new Set(), unassigned: new Set() };
  const open = projectOpenTo(person);
  const rows = await tx
    .select({
      id: project.id,
      archived: sql<boolean>`(${project.archivedAt} is not null or ${client.archivedAt} is not null)`,
      open: open ? sql<boolean>`${open}` : sql<boolean>`true`,
    })
    .from(project)
    .innerJoin(client, eq(client.id, project.clientId))
    .where(inArray(project.id, unique));
  return {
    found: new Set(rows.map((row) => row.id)),
    archived: new Set(rows.filter((row) => row.archived).map((row) => row.id)),
    unassigned: new Set(rows.filter((row) => !row.open).map((row) => row.id)),
  };
}

/** Refused when a person logs time on a members-only project they are not a member of. */
export const NOT_A_MEMBER = "Only this project's members log time on it; a manager can add the person to it.";

/**
 * Appends one entry to a person's week (a completed billable call becomes time). Finds or creates
 * the person's timesheet for the ISO week of `date` (a calendar day, already the firm's day), and
 * refuses a week that is submitted or approved, an archived project and a day over 24 hours.
 * Runs on the caller's transaction: the caller owns it, so the call and its time land together.
 */
export async function addTimeEntryToWeek(
  tx: Executor,
  actor: Actor,
  input: TimeEntryToAdd,
  options: { intoApprovedWeek?: boolean } = {},
): Promise<{ timesheetId: string; entryId: string; intoApprovedWeek: boolean; weekStart: string; personName: string }> {
  if (actor.id !== input.userId && !can(actor, "timesheet.create_for_others"))
    throw new ForbiddenError("You can only log time in your own timesheet.");
  if (!isValidDateString(input.date))
    throw invalidFrom(refuse("timesheet.entry_date_invalid", "Enter a valid date.", "date"));
  if (!Number.isSafeInteger(input.minutes) || input.minutes < 1 || input.minutes > MINUTES_PER_DAY) {
    throw invalidFrom(
      refuse("timesheet.entry_minutes_out_of_range", "A time entry lasts between 1 minute and 24 hours.", "minutes"),
    );
  }
  const description = input.description?.trim() ? input.description.trim() : null;
  if (description !== null && description.length > 500)
    throw invalidFrom(
      refuse("timesheet.description_too_long", "Use at most 500 characters.", "description"),
      "The description can be at most 500 characters long.",
    );

  const [owner] = await tx
    .select({ id: user.id, name: user.name, role: user.role })
    .from(user)
    .where(eq(user.id, input.userId))
    .limit(1);
  if (!owner) throw new NotFoundError("This person does not exist.", "timesheet.person_not_found");

  const weekStart = isoWeekMonday(input.date);
  // Insert-or-nothing then lock: two calls logged at once for the same new week share one timesheet.
  const inserted = await tx
    .insert(timesheet)
    .values({ userId: input.userId, weekStart })
    .onConflictDoNothing({ target: [timesheet.userId, timesheet.weekStart] })
    .returning({ id: timesheet.id });
  const created = inserted.length > 0;
  const [sheet] = await tx
    .select()
    .from(timesheet)
    .where(and(eq(timesheet.userId, input.userId), eq(timesheet.weekStart, weekStart)))
    .for("update");
  if (!sheet) throw new Error("the timesheet vanished while being created");

  switch (sheet.status) {
    case "submitted":
      throw new InvalidError(
        `${owner.name}'s timesheet for the week of ${weekStart} is submitted and waiting for approval; time cannot be added to it. Its owner can withdraw it (or a manager reject it) first.`,
        {},
        "timesheet.week_submitted",
      );
    case "approved":
      if (options.intoApprovedWeek) {
        const late = canAddToApprovedWeek({ ownerId: sheet.userId, actor, ownerName: owner.name, weekStart });
        if (!late.ok) throw invalidFrom(late);
        break;
      }
      throw new InvalidError(
        `${owner.name}'s timesheet for the week of ${weekStart} is approved; time cannot be added to it. Ask a manager to reopen it first.`,
        {},
        "timesheet.week_approved",
      );
    case "draft":
    case "rejected":
      break;
  }

  const { found, archived, unassigned } = await findUnusableProjects(tx, [input.projectId], owner);
  if (!found.has(input.projectId))
    throw invalidFrom(refuse("timesheet.project_not_found", "This project does not exist.", "projectId"));
  if (unassigned.has(input.projectId))
    throw invalidFrom(refuse("timesheet.project_not_assigned", NOT_A_MEMBER, "projectId"));

  const sameDay = await tx
    .select({ date: timeEntry.date, minutes: timeEntry.minutes })
    .from(timeEntry)
    .where(and(eq(timeEntry.userId, input.userId), eq(timeEntry.date, input.date)));
  const validation = validateEntries(
    [{ key: "entry", date: input.date, projectId: input.projectId, minutes: input.minutes }],
    {
      weekStart,
      archivedProjectIds: archived,
      otherEntries: sameDay,
    },
  );
  if (!validation.valid) {
    // Only this entry's refusals or its day's total can be refused: the day is the only one checked.
    const refused = validation.entries.entry ?? [];
    const field = refused.some((refusal) => refusal.code === "timesheet.project_archived") ? "projectId" : "minutes";
    const first =
      refused[0] ??
      refuse("timesheet.day_total_over_24_hours", `${owner.name} would have more than 24 hours on ${input.date}.`);
    throw invalidFrom({ ...first, field });
  }

  // Into an approved week, the entry is approved time at once: its rate frozen by the rule approval uses.
  const approved = sheet.status === "approved";
  let hourlyRate: number | null = null;
  if (approved) {
    const [rates] = await tx
      .select({ projectRate: project.hourlyRate, clientRate: client.defaultHourlyRate })
      .from(project)
      .innerJoin(client, eq(client.id, project.clientId))
      .where(eq(project.id, input.projectId));
    hourlyRate = resolveHourlyRate({ ...rates, firmRate: (await getSettings(tx)).defaultHourlyRate });
  }

  const [position] = await tx
    .select({ next: sql<number>`coalesce(max(${timeEntry.position}), -1) + 1`.mapWith(Number) })
    .from(timeEntry)
    .where(eq(timeEntry.timesheetId, sheet.id));
  const [entry] = await tx
    .insert(timeEntry)
    .values({
      timesheetId: sheet.id,
      userId: input.userId,
      projectId: input.projectId,
      date: input.date,
      minutes: input.minutes,
      description,
      billable: input.billable,
      hourlyRate,
      position: position?.next ?? 0,
    })
    .returning({ id: timeEntry.id });
  if (!entry) throw new Error("insert returned no time entry");
  const [bumped] = await tx
    .update(timesheet)
    .set({ version: sql`${timesheet.version} + 1`, updatedAt: new Date() })
    .where(and(eq(timesheet.id, sheet.id), eq(timesheet.version, sheet.version)))
    .returning({ id: timesheet.id });
  if (!bumped) throw stale();
  if (created)
    await recordAudit(tx, actor, {
      entity: "timesheet",
      entityId: sheet.id,
      action: "create",
      summary: { userId: input.userId, userName: owner.name, weekStart },
    });
  await recordAudit(tx, actor, {
    entity: "timesheet",
    entityId: sheet.id,
    action: approved ? "add_approved_entry" : "add_entry",
    summary: {
      entryId: entry.id,
      date: input.date,
      projectId: input.projectId,
      minutes: input.minutes,
      billable: input.billable,
      onBehalf: actor.id !== input.userId,
      ...(approved ? { hourlyRate } : {}),
    },
  });
  await checkBudgetAlerts(tx, [input.projectId]);
  return { timesheetId: sheet.id, entryId: entry.id, intoApprovedWeek: approved, weekStart, personName: owner.name };
}

// ---------------------------------------------------------------------------------------
// The weekly grid

type TimesheetRow = typeof timesheet.$inferSelect;
const FIX_CELLS = "Please correct the highlighted cells; nothing was saved.";

/** A refused rule: about who acts (403) or about the week's state (a form message). */
function enforce(result: RuleResult<TimesheetCode>, isAboutPermission: boolean): void {
  if (result.ok) return;
  if (isAboutPermission) throw new ForbiddenError(result.message, result.code);
  throw invalidFrom(result);
}

/**
 * Checks the parsed grid against the database (projects exist and are active, each day at most
 * 24 hours, dates inside the week) and turns it into entry rows. Field errors use the grid's keys.
 */
async function gridToEntries(
  tx: Executor,
  sheet: { id: string; userId: string; weekStart: string },
  rows: readonly ParsedGridRow[],
) {
  const days = weekDays(sheet.weekStart);
  const refusals: Refusal<TimesheetCode>[] = [];
  const { found, archived, unassigned } = await findUnusableProjects(
    tx,
    rows.map((row) => row.projectId),
    await timePerson(tx, sheet.userId),
  );
  rows.forEach((row, index) => {
    const field = `rows.${index}.projectId`;
    if (!found.has(row.projectId)) refusals.push(refuse("timesheet.project_missing", "Choose a project.", field));
    else if (archived.has(row.projectId) && row.minutes.some((minutes) => minutes !== null))
      refusals.push(refuse("timesheet.project_archived", "This project is archived; choose another one.", field));
    else if (unassigned.has(row.projectId) && row.minutes.some((minutes) => minutes !== null))
      refusals.push(refuse("timesheet.project_not_assigned", NOT_A_MEMBER, field));
  });
  const entries: (typeof timeEntry.$inferInsert)[] = [];
  const toValidate: { key: string; date: string; projectId: string; minutes: number }[] = [];
  rows.forEach((row, rowIndex) => {
    row.minutes.forEach((minutes, day) => {
      if (minutes === null) return;
      const date = days[day]!;
      toValidate.push({ key: `rows.${rowIndex}.cells.${day}`, date, projectId: row.projectId, minutes });
      entries.push({
        timesheetId: sheet.id,
        userId: sheet.userId,
        projectId: row.projectId,
        date,
        minutes,
        description: row.description,
        billable: row.billable,
        position: rowIndex,
      });
    });
  });
  // Archived projects are reported on the row above; the rule here guards minutes and day totals.
  const validation = validateEntries(toValidate, { weekStart: sheet.weekStart, archivedProjectIds: [] });
  for (const [key, refused] of Object.entries(validation.entries))
    if (refused[0]) refusals.push({ ...refused[0], field: key });
  for (const [date, refusal] of Object.entries(validation.days))
    refusals.push({ ...refusal, field: `days.${days.indexOf(date)}` });
  if (refusals.length > 0) throw invalidFields(refusals, FIX_CELLS);
  return entries;
}

/**
 * Replaces the week's entries: one delete and one multi-row insert (no round trip per cell); then
 * the budgets of the week's projects are checked in the same transaction.
 */
async function replaceEntries(tx: Executor, timesheetId: string, entries: (typeof timeEntry.$inferInsert)[]) {
  await tx.delete(timeEntry).where(eq(timeEntry.timesheetId, timesheetId));
  if (entries.length > 0) await tx.insert(timeEntry).values(entries);
  await checkBudgetAlerts(
    tx,
    entries.map((entry) => entry.projectId),
  );
}

function gridSummary(entries: readonly { minutes: number }[]) {
  return { entries: entries.length, minutes: entries.reduce((sum, entry) => sum + entry.minutes, 0) };
}

async function submitLocked(tx: Executor, actor: Actor, sheet: TimesheetRow, entryCount: number) {
  const rule = canSubmit({ status: sheet.status, ownerId: sheet.userId, actor, entryCount });
  enforce(rule, actor.id !== sheet.userId);
  return {
    status: "submitted" as const,
    submittedAt: new Date(),
    decidedById: null,
    decidedAt: null,
    rejectionReason: null,
  };
}

/**
 * A new week. Managers and admins may start a week for someone else (e.g. someone on leave);
 * after that, only its owner edits it. Optionally submits at once (owner only).
 */
export async function createTimesheet(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(createTimesheetInput, input);
  const onBehalf = values.userId !== actor.id;
  if (onBehalf) requirePermission(actor, "timesheet.create_for_others", "You can only create your own timesheets.");
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: user.id, name: user.name, active: user.active })
      .from(user)
      .where(eq(user.id, values.userId))
      .limit(1);
    if (!owner || !owner.active)
      throw invalidFrom(
        refuse("timesheet.person_inactive", "Choose an active person.", "userId"),
        "Please choose a person.",
      );
    const [created] = await tx
      .insert(timesheet)
      .values({ userId: values.userId, weekStart: values.weekStart })
      .onConflictDoNothing({ target: [timesheet.userId, timesheet.weekStart] })
      .returning();
    if (!created) {
      const whose = onBehalf ? `${owner.name} already has` : "You already have";
      throw invalidFrom(
        refuse("timesheet.week_exists", `${whose} a timesheet for this week.`, "weekStart"),
        `${whose} a timesheet for this week; open it from the list.`,
      );
    }
    const entries = await gridToEntries(tx, created, values.grid);
    await replaceEntries(tx, created.id, entries);
    await recordAudit(tx, actor, {
      entity: "timesheet",
      entityId: created.id,
      action: "create",
      summary: {
        userId: owner.id,
        userName: owner.name,
        weekStart: created.weekStart,
        onBehalf,
        ...gridSummary(entries),
      },
    });
    if (!values.submit) return created;
    const change = await submitLocked(tx, actor, created, entries.length);
    const [submitted] = await tx
      .update(timesheet)
      .set({ ...change, version: created.version + 1, updatedAt: new Date() })
      .where(eq(timesheet.id, created.id))
      .returning();
    await recordAudit(tx, actor, {
      entity: "timesheet",
      entityId: created.id,
      action: "submit",
      summary: { weekStart: created.weekStart, ...gridSummary(entries) },
    });
    await notifyWeekSubmitted(tx, created);
    await queueWebhookEvent(tx, "timesheet.submitted", timesheetEventData(submitted!));
    return submitted!;
  });
}

/** What a timesheet webhook says of the week (decision 052). */
function timesheetEventData(sheet: TimesheetRow) {
  return { id: sheet.id, userId: sheet.userId, weekStart: sheet.weekStart, status: sheet.status };
}

async function lockTimesheet(tx: Executor, id: string, version: number): Promise<TimesheetRow> {
  const [sheet] = await tx.select().from(timesheet).where(eq(timesheet.id, id)).for("update");
  if (!sheet) throw new NotFoundError("This timesheet does not exist.", "timesheet.not_found");
  if (sheet.version !== version) throw stale();
  return sheet;
}

/**
 * Saves the grid of an existing week: replaces its entries in one transaction, bounded by the
 * version the grid was loaded with (a stale save changes nothing). Optionally submits.
 */
export async function saveTimesheet(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(saveTimesheetInput, input);
  return db.transaction(async (tx) => {
    const sheet = await lockTimesheet(tx, values.id, values.version);
    enforce(canEdit({ status: sheet.status, actorId: actor.id, ownerId: sheet.userId }), actor.id !== sheet.userId);
    const entries = await gridToEntries(tx, sheet, values.grid);
    await replaceEntries(tx, sheet.id, entries);
    const change = values.submit ? await submitLocked(tx, actor, sheet, entries.length) : {};
    const [saved] = await tx
      .update(timesheet)
      .set({ ...change, version: sheet.version + 1, updatedAt: new Date() })
      .where(and(eq(timesheet.id, sheet.id), eq(timesheet.version, sheet.version)))
      .returning();
    if (!saved) throw stale();
    await recordAudit(tx, actor, {
      entity: "timesheet",
      entityId: sheet.id,
      action: "save",
      summary: { weekStart: sheet.weekStart, ...gridSummary(entries) },
    });
    if (values.submit) {
      await recordAudit(tx, actor, {
        entity: "timesheet",
        entityId: sheet.id,
        action: "submit",
        summary: { weekStart: sheet.weekStart, ...gridSummary(entries) },
      });
      await notifyWeekSubmitted(tx, sheet);
      await queueWebhookEvent(tx, "timesheet.submitted", timesheetEventData(saved));
    }
    return saved;
  });
}

async function countEntries(tx: Executor, timesheetId: string): Promise<number> {
  const [row] = await tx.select({ value: count() }).from(timeEntry).where(eq(timeEntry.timesheetId, timesheetId));
  return row?.value ?? 0;
}

async function writeTransition(tx: Executor, sheet: TimesheetRow, change: Partial<typeof timesheet.$inferInsert>) {
  const [updated] = await tx
    .update(timesheet)
    .set({ ...change, version: sheet.version + 1, updatedAt: new Date() })
    .where(and(eq(timesheet.id, sheet.id), eq(timesheet.version, sheet.version)))
    .returning();
  if (!updated) throw stale();
  return updated;
}

export async function submitTimesheet(db: Database, actor: Actor, input: unknown) {
  const { id, version } = parseInput(timesheetTransitionInput, input);
  return db.transaction(async (tx) => {
    const sheet = await lockTimesheet(tx, id, version);
    const entryCount = await countEntries(tx, id);
    const updated = await writeTransition(tx, sheet, await submitLocked(tx, actor, sheet, entryCount));
    await recordAudit(tx, actor, {
      entity: "timesheet",
      entityId: id,
      action: "submit",
      summary: { weekStart: sheet.weekStart, entries: entryCount },
    });
    await notifyWeekSubmitted(tx, sheet);
    await queueWebhookEvent(tx, "timesheet.submitted", timesheetEventData(updated));
    return updated;
  });
}

/** Submitted → draft by its owner, before a manager decides: the week can be corrected and submitted again. */
export async function withdrawTimesheet(db: Database, actor: Actor, input: unknown) {
  const { id, version } = parseInput(timesheetTransitionInput, input);
  return db.transaction(async (tx) => {
    const sheet = await lockTimesheet(tx, id, version);
    enforce(canWithdraw({ status: sheet.status, ownerId: sheet.userId, actor }), actor.id !== sheet.userId);
    const updated = await writeTransition(tx, sheet, { status: "draft", submittedAt: null });
    await recordAudit(tx, actor, {
      entity: "timesheet",
      entityId: id,
      action: "withdraw",
      summary: { weekStart: sheet.weekStart },
    });
    return updated;
  });
}

async function approveLocked(tx: Executor, actor: Actor, sheet: TimesheetRow, firmRate: number | null) {
  enforce(
    canApprove({ status: sheet.status, ownerId: sheet.userId, actor }),
    !can(actor, "timesheet.decide") || actor.id === sheet.userId,
  );
  // Approval freezes each entry's rate: the project's, else the client's, else the firm's
  //, in one statement; resolveHourlyRate is the same rule in TypeScript.
  await tx.execute(sql`
    update ${timeEntry} set hourly_rate = coalesce(p.hourly_rate, c.default_hourly_rate, ${firmRate}::integer), updated_at = now()
    from ${project} p join ${client} c on c.id = p.client_id
    where p.id = ${timeEntry.projectId} and ${timeEntry.timesheetId} = ${sheet.id}`);
  const updated = await writeTransition(tx, sheet, {
    status: "approved",
    decidedById: actor.id,
    decidedAt: new Date(),
    rejectionReason: null,
  });
  await recordAudit(tx, actor, {
    entity: "timesheet",
    entityId: sheet.id,
    action: "approve",
    summary: { userId: sheet.userId, weekStart: sheet.weekStart, firmRate },
  });
  await notifyWeekDecided(tx, sheet, { decision: "approved", deciderName: actor.name });
  await queueWebhookEvent(tx, "timesheet.approved", { ...timesheetEventData(updated), approvedBy: actor.id });
  return updated;
}

export async function approveTimesheet(db: Database, actor: Actor, input: unknown) {
  const { id, version } = parseInput(timesheetTransitionInput, input);
  return db.transaction(async (tx) => {
    const sheet = await lockTimesheet(tx, id, version);
    const settings = await getSettings(tx);
    return approveLocked(tx, actor, sheet, settings.defaultHourlyRate);
  });
}

/** Approves several submitted weeks at once, all or none: one refusal names the week and changes nothing. */
export async function approveTimesheets(db: Database, actor: Actor, input: unknown) {
  const { items } = parseInput(bulkApproveInput, input);
  requirePermission(actor, "timesheet.decide", "Only a manager or an administrator can approve timesheets.");
  return db.transaction(async (tx) => {
    const settings = await getSettings(tx);
    const approved: TimesheetRow[] = [];
    // A stable order of locks, so two managers approving overlapping selections cannot deadlock.
    for (const item of [...items].sort((a, b) => a.id.localeCompare(b.id))) {
      const sheet = await lockTimesheet(tx, item.id, item.version);
      try {
        approved.push(await approveLocked(tx, actor, sheet, settings.defaultHourlyRate));
      } catch (error) {
        if (error instanceof InvalidError || error instanceof ForbiddenError) {
          const [owner] = await tx.select({ name: user.name }).from(user).where(eq(user.id, sheet.userId));
          const prefix = `${owner?.name ?? "Someone"}, week of ${sheet.weekStart}: `;
          throw error instanceof InvalidError
            ? new InvalidError(prefix + error.message, {}, error.code)
            : new ForbiddenError(prefix + error.message, error.code);
        }
        throw error;
      }
    }
    return approved;
  });
}

export async function rejectTimesheet(db: Database, actor: Actor, input: unknown) {
  const { id, version, reason } = parseInput(rejectTimesheetInput, input);
  return db.transaction(async (tx) => {
    const sheet = await lockTimesheet(tx, id, version);
    enforce(
      canReject({ status: sheet.status, ownerId: sheet.userId, actor, reason }),
      !can(actor, "timesheet.decide") || actor.id === sheet.userId,
    );
    const updated = await writeTransition(tx, sheet, {
      status: "rejected",
      decidedById: actor.id,
      decidedAt: new Date(),
      rejectionReason: reason,
    });
    await recordAudit(tx, actor, {
      entity: "timesheet",
      entityId: id,
      action: "reject",
      summary: { userId: sheet.userId, weekStart: sheet.weekStart, reason },
    });
    await notifyWeekDecided(tx, sheet, { decision: "rejected", deciderName: actor.name, reason });
    return updated;
  });
}

/** Approved → draft, only while none of the week's entries is on an invoice; the frozen rates are released. */
export async function reopenTimesheet(db: Database, actor: Actor, input: unknown) {
  const { id, version } = parseInput(timesheetTransitionInput, input);
  return db.transaction(async (tx) => {
    const sheet = await lockTimesheet(tx, id, version);
    const [invoiced] = await tx
      .select({ value: count() })
      .from(timeEntry)
      .where(and(eq(timeEntry.timesheetId, id), isNotNull(timeEntry.invoiceLineId)));
    const hasInvoicedEntries = (invoiced?.value ?? 0) > 0;
    enforce(
      canReopen({ status: sheet.status, ownerId: sheet.userId, actor, hasInvoicedEntries }),
      !can(actor, "timesheet.decide") || actor.id === sheet.userId,
    );
    await tx.update(timeEntry).set({ hourlyRate: null, updatedAt: new Date() }).where(eq(timeEntry.timesheetId, id));
    const updated = await writeTransition(tx, sheet, {
      status: "draft",
      submittedAt: null,
      decidedById: null,
      decidedAt: null,
      rejectionReason: null,
    });
    await recordAudit(tx, actor, {
      entity: "timesheet",
      entityId: id,
      action: "reopen",
      summary: { userId: sheet.userId, weekStart: sheet.weekStart },
    });
    return updated;
  });
}

/** The Monday of the week before, for "copy rows from last week". */
export function previousWeek(weekStart: string): string {
  return addDaysToDate(weekStart, -7);
}

// ---------------------------------------------------------------------------------------
// Notification settings (issue 23.4)

/**
 * The weekly reminder's day and time (Settings). It has a column of its own, saved apart from the
 * settings form: the save only lands while the reminder is still what the admin saw (`previous`),
 * so two admins never overwrite each other silently.
 */
export async function saveTimesheetReminder(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "settings.edit", "Only administrators can change the settings.");
  const { reminder, previous } = parseInput(timesheetReminderInput, input);
  return db.transaction(async (tx) => {
    const current = await getSettings(tx);
    const stored = current.timesheetReminder ?? null;
    // Compared field by field: jsonb keeps its keys in its own order.
    const same =
      stored === null || previous === null
        ? stored === previous
        : stored.weekday === previous.weekday && stored.time === previous.time;
    if (!same)
      throw new ConflictError(
        "The reminder was changed by someone else. Reload the page and try again.",
        "timesheet.reminder_stale",
      );
    const [updated] = await tx
      .update(settings)
      .set({ timesheetReminder: reminder, updatedAt: new Date() })
      .where(eq(settings.id, current.id))
      .returning({ timesheetReminder: settings.timesheetReminder });
    const unchanged =
      stored === null || reminder === null
        ? stored === reminder
        : stored.weekday === reminder.weekday && stored.time === reminder.time;
    // A save that changed nothing records nothing.
    if (!unchanged)
      await recordAudit(tx, actor, {
        entity: "settings",
        entityId: current.id,
        action: "timesheet_reminder",
        summary: { from: previous, to: reminder },
      });
    return updated!.timesheetReminder ?? null;
  });
}

/** Each person turns their own timesheet mails on or off. */
export async function setTimesheetNotifications(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "timesheet.edit");
  const { enabled } = parseInput(timesheetNotificationsInput, input);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(user)
      .set({ timesheetNotifications: enabled, updatedAt: new Date() })
      .where(eq(user.id, actor.id))
      .returning({ timesheetNotifications: user.timesheetNotifications });
    if (!updated) throw new NotFoundError("This person does not exist.", "timesheet.person_not_found");
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: actor.id,
      action: "timesheet_notifications",
      summary: { enabled },
    });
    return updated.timesheetNotifications;
  });
}

// ---------------------------------------------------------------------------------------
// Time entries one by one (the API, decision 055): the same rules as the grid and the calls.

/**
 * Logs one entry: the week of its day is found or created, and addTimeEntryToWeek refuses a
 * submitted or approved week, a project the person may not use and a day over 24 hours.
 */
export async function createTimeEntry(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(timeEntryInput, input);
  const added = await db.transaction((tx) =>
    addTimeEntryToWeek(tx, actor, {
      ...values,
      userId: values.userId ?? actor.id,
      description: values.description === "" ? null : values.description,
    }),
  );
  return getTimeEntry(db, actor, added.entryId);
}

/**
 * The entry and its week, locked, when the actor may change it: the grid's rule (canEdit), so
 * only the week's owner, and only while the week is a draft or rejected. An entry of a week the
 * actor may not read does not exist for them.
 */
async function lockEntryToChange(tx: Executor, actor: Actor, id: string) {
  const notFound = () => new NotFoundError("This time entry does not exist.", "timesheet.entry_not_found");
  const [found] = await tx.select({ timesheetId: timeEntry.timesheetId }).from(timeEntry).where(eq(timeEntry.id, id));
  if (!found) throw notFound();
  const [sheet] = await tx.select().from(timesheet).where(eq(timesheet.id, found.timesheetId)).for("update");
  // A grid save in between replaced the week's entries: this one is gone.
  const [entry] = await tx.select().from(timeEntry).where(eq(timeEntry.id, id));
  if (!sheet || !entry) throw notFound();
  if (sheet.userId !== actor.id && !can(actor, "timesheet.read_all")) throw notFound();
  enforce(canEdit({ status: sheet.status, actorId: actor.id, ownerId: sheet.userId }), actor.id !== sheet.userId);
  return { sheet, entry };
}

async function bumpTimesheet(tx: Executor, sheet: TimesheetRow) {
  const [bumped] = await tx
    .update(timesheet)
    .set({ version: sheet.version + 1, updatedAt: new Date() })
    .where(and(eq(timesheet.id, sheet.id), eq(timesheet.version, sheet.version)))
    .returning({ id: timesheet.id });
  if (!bumped) throw stale();
}

/** Changes one entry of a draft or rejected week of one's own: its day stays in the week. */
export async function updateTimeEntry(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(updateTimeEntryInput, input);
  const description = values.description === "" ? null : values.description;
  await db.transaction(async (tx) => {
    const { sheet, entry } = await lockEntryToChange(tx, actor, values.id);
    const { found, archived, unassigned } = await findUnusableProjects(
      tx,
      [values.projectId],
      await timePerson(tx, sheet.userId),
    );
    if (!found.has(values.projectId))
      throw invalidFrom(refuse("timesheet.project_not_found", "This project does not exist.", "projectId"));
    if (unassigned.has(values.projectId))
      throw invalidFrom(refuse("timesheet.project_not_assigned", NOT_A_MEMBER, "projectId"));
    if (description !== null && description.length > 500)
      throw invalidFrom(refuse("timesheet.description_too_long", "Use at most 500 characters.", "description"));
    const sameDay = await tx
      .select({ date: timeEntry.date, minutes: timeEntry.minutes })
      .from(timeEntry)
      .where(and(eq(timeEntry.userId, sheet.userId), eq(timeEntry.date, values.date), ne(timeEntry.id, entry.id)));
    const validation = validateEntries(
      [{ key: "entry", date: values.date, projectId: values.projectId, minutes: values.minutes }],
      { weekStart: sheet.weekStart, archivedProjectIds: archived, otherEntries: sameDay },
    );
    if (!validation.valid) {
      const refused = validation.entries.entry?.[0];
      const field =
        refused?.code === "timesheet.project_archived"
          ? "projectId"
          : refused?.code?.includes("date")
            ? "date"
            : "minutes";
      throw invalidFrom({
        ...(refused ?? Object.values(validation.days)[0]!),
        field,
      });
    }
    await tx
      .update(timeEntry)
      .set({
        date: values.date,
        projectId: values.projectId,
        minutes: values.minutes,
        description,
        billable: values.billable,
      })
      .where(eq(timeEntry.id, entry.id));
    await bumpTimesheet(tx, sheet);
    await recordAudit(tx, actor, {
      entity: "timesheet",
      entityId: sheet.id,
      action: "update_entry",
      summary: {
        entryId: entry.id,
        date: values.date,
        projectId: values.projectId,
        minutes: values.minutes,
        billable: values.billable,
      },
    });
    await checkBudgetAlerts(tx, [entry.projectId, values.projectId]);
  });
  return getTimeEntry(db, actor, values.id);
}

/** Deletes one entry of a draft or rejected week of one's own. */
export async function deleteTimeEntry(db: Database, actor: Actor, input: unknown) {
  const { id } = parseInput(timeEntryRefInput, input);
  return db.transaction(async (tx) => {
    const { sheet, entry } = await lockEntryToChange(tx, actor, id);
    await tx.delete(timeEntry).where(eq(timeEntry.id, entry.id));
    await bumpTimesheet(tx, sheet);
    await recordAudit(tx, actor, {
      entity: "timesheet",
      entityId: sheet.id,
      action: "delete_entry",
      summary: { entryId: entry.id, date: entry.date, projectId: entry.projectId, minutes: entry.minutes },
    });
    return { id: entry.id };
  });
}
