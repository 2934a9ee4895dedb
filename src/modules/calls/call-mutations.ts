// Writes of the calls domain. Each takes the database first, checks the actor (staff
// change only their own calls), validates with the shared schema, and runs one transaction
// that also records the audit event. The state machine lives in call-rules.ts.
import { and, eq, isNull } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { call, client, project, user } from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import { dateInZone } from "@/lib/dates";
import { ConflictError, ForbiddenError, InvalidError, invalidFields, invalidFrom, NotFoundError } from "@/lib/errors";
import { refuse, type Refusal } from "@/lib/rule-result";
import { type Actor, diffSummary, recordAudit, SYSTEM_ACTOR } from "@/modules/audit/audit-log";
import { queueWebhookEvent } from "@/modules/webhooks/webhook-queue";
import { getSettings } from "@/modules/settings/settings-queries";
import { can, requirePermission } from "@/modules/users/permissions";
import { addTimeEntryToWeek } from "@/modules/timesheets/timesheet-mutations";
import type { CallCode } from "./call-codes";
import {
  type CallAction,
  type CallStatus,
  canAssignTo,
  canChangeCall,
  canTakeCall,
  type CallTimeOutcome,
  canLogTime,
  canTransition,
  parsePhone,
  SUBJECT_MAX,
  timeEntryDescription,
  timeEntryMinutes,
  wallTimeToInstant,
} from "./call-rules";
import {
  cancelCallInput,
  completeCallInput,
  logCallInput,
  logCallTimeInput,
  missCallInput,
  requestCallbackInput,
  scheduleCallInput,
  scheduleExistingCallInput,
  takeCallInput,
  updateCallInput,
} from "./call-schemas";

const FIX_FIELDS = "Please correct the highlighted fields.";
const CALL_CHANGED = "This call was changed by someone else. Reload the page and try again.";
const stale = () => new ConflictError(CALL_CHANGED, "call.stale");

type CallRecord = typeof call.$inferSelect;
type Firm = { country: string; timezone: string };

async function firmOf(db: Executor): Promise<Firm> {
  const settings = await getSettings(db);
  return { country: settings.country, timezone: settings.timezone };
}

function phoneOrThrow(phone: string | null, firm: Firm, field = "phone"): string | null {
  const result = parsePhone(phone, firm.country);
  if (!result.ok) throw invalidFrom({ ...result, field }, FIX_FIELDS);
  return result.e164;
}

type References = { clientId: string | null; projectId: string | null; assignedUserId: string | null };

/** Why this project cannot be the call's: unknown, archived since (unless already on it), or another client's. */
function projectRefusal(
  row: { clientId: string; archivedAt: Date | null } | undefined,
  projectId: string,
  clientId: string | null,
  before: CallRecord | undefined,
): Refusal<CallCode> | null {
  if (!row) return refuse("call.project_not_found", "This project does not exist.", "projectId");
  if (row.archivedAt && before?.projectId !== projectId)
    return refuse("call.project_archived", "This project is archived.", "projectId");
  if (clientId && clientId !== row.clientId)
    return refuse("call.project_of_other_client", "This project belongs to another client.", "projectId");
  return null;
}

/**
 * Checks the client, project and person a call points to; a project alone brings its client.
 * Archived clients and projects are refused for a new link but kept when already on the call.
 */
async function checkReferences(
  tx: Executor,
  actor: Actor,
  values: References,
  before?: CallRecord,
): Promise<References> {
  const refusals: Refusal<CallCode>[] = [];
  let clientId = values.clientId;
  if (values.projectId) {
    const [row] = await tx
      .select({ clientId: project.clientId, archivedAt: project.archivedAt })
      .from(project)
      .where(eq(project.id, values.projectId));
    const refused = projectRefusal(row, values.projectId, clientId, before);
    if (refused) refusals.push(refused);
    else if (row) clientId = row.clientId;
  }
  // A refused project says nothing of the client: only a project that fits brings it.
  if (clientId && refusals.length === 0) {
    const [row] = await tx.select({ archivedAt: client.archivedAt }).from(client).where(eq(client.id, clientId));
    if (!row) refusals.push(refuse("call.client_not_found", "This client does not exist.", "clientId"));
    else if (row.archivedAt && before?.clientId !== clientId)
      refusals.push(refuse("call.client_archived", "This client is archived.", "clientId"));
  }
  // No person chosen: nobody's, as the form's "Nobody yet" says, for those who may give calls to
  // others; a new call of someone who may only take calls for themselves is theirs (their form
  // offers no one else).
  const assignedUserId = values.assignedUserId ?? (before || can(actor, "call.edit_all") ? null : actor.id);
  const assignable = canAssignTo(actor, assignedUserId);
  if (!assignable.ok) refusals.push({ ...assignable, field: "assignedUserId" });
  else if (assignedUserId && assignedUserId !== before?.assignedUserId) {
    const [row] = await tx.select({ active: user.active }).from(user).where(eq(user.id, assignedUserId));
    if (!row) refusals.push(refuse("call.person_not_found", "This person does not exist.", "assignedUserId"));
    else if (!row.active)
      refusals.push(refuse("call.person_deactivated", "This person's account is deactivated.", "assignedUserId"));
  }
  if (refusals.length > 0) throw invalidFields(refusals, FIX_FIELDS);
  return { clientId, projectId: values.projectId, assignedUserId };
}

/** Locks the call for this transaction and checks who acts and which version they saw. */
async function lockCall(tx: Executor, actor: Actor, id: string, version?: number): Promise<CallRecord> {
  const [before] = await tx.select().from(call).where(eq(call.id, id)).for("update");
  if (!before) throw new NotFoundError("This call does not exist.", "call.not_found");
  const allowed = canChangeCall(actor, before);
  if (!allowed.ok) throw new ForbiddenError(allowed.message, allowed.code);
  if (version !== undefined && before.version !== version) throw stale();
  return before;
}

function assertTransition(status: CallStatus, action: CallAction) {
  const result = canTransition(status, action);
  if (!result.ok) throw invalidFrom(result);
}

async function saveCall(
  tx: Executor,
  before: CallRecord,
  changes: Partial<typeof call.$inferInsert>,
): Promise<CallRecord> {
  const [updated] = await tx
    .update(call)
    .set({ ...changes, version: before.version + 1 })
    .where(and(eq(call.id, before.id), eq(call.version, before.version)))
    .returning();
  if (!updated) throw stale();
  return updated;
}

function auditSnapshot(row: CallRecord) {
  return {
    status: row.status,
    direction: row.direction,
    contactName: row.contactName,
    subject: row.subject,
    assignedUserId: row.assignedUserId,
    scheduledAt: row.scheduledAt,
    startedAt: row.startedAt,
  };
}

type FollowUp = { followUpAt: string | null; followUpSubject: string | null };

/** The follow-up of a completed call: same contact, planned; the original points to it. */
async function insertFollowUp(
  tx: Executor,
  actor: Actor,
  original: CallRecord,
  followUp: FollowUp,
  firm: Firm,
): Promise<CallRecord | null> {
  if (!followUp.followUpAt) return null;
  const [created] = await tx
    .insert(call)
    .values({
      direction: "outbound",
      status: "scheduled",
      contactName: original.contactName,
      phone: original.phone,
      email: original.email,
      clientId: original.clientId,
      projectId: original.projectId,
      billable: original.billable,
      assignedUserId: original.assignedUserId,
      scheduledAt: wallTimeToInstant(followUp.followUpAt, firm.timezone),
      subject: followUp.followUpSubject ?? `Follow-up: ${original.subject}`.slice(0, SUBJECT_MAX),
      createdById: actor.id,
    })
    .returning();
  await recordAudit(tx, actor, {
    entity: "call",
    entityId: created!.id,
    action: "create_follow_up",
    summary: { ...auditSnapshot(created!), followsUp: original.id },
  });
  return created!;
}

/** A call that just happened: stored completed, with its duration; optionally a follow-up. */
export async function logCall(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(logCallInput, input);
  return db.transaction(async (tx) => {
    const firm = await firmOf(tx);
    const phone = phoneOrThrow(values.phone, firm);
    const references = await checkReferences(tx, actor, values);
    const [created] = await tx
      .insert(call)
      .values({
        direction: values.direction,
        status: "completed",
        contactName: values.contactName,
        phone,
        email: values.email,
        ...references,
        billable: values.billable,
        startedAt: wallTimeToInstant(values.startedAt, firm.timezone),
        durationSeconds: values.duration,
        subject: values.subject,
        notes: values.notes,
        createdById: actor.id,
      })
      .returning();
    await recordAudit(tx, actor, {
      entity: "call",
      entityId: created!.id,
      action: "log",
      summary: { ...auditSnapshot(created!), durationSeconds: created!.durationSeconds },
    });
    const followUp = await insertFollowUp(tx, actor, created!, values, firm);
    if (!followUp) return { call: created!, followUp: null };
    const linked = await saveCall(tx, created!, { followUpCallId: followUp.id });
    return { call: linked, followUp };
  });
}

/** A call to make or take later. */
export async function scheduleCall(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(scheduleCallInput, input);
  return db.transaction(async (tx) => {
    const firm = await firmOf(tx);
    const phone = phoneOrThrow(values.phone, firm);
    const references = await checkReferences(tx, actor, values);
    const [created] = await tx
      .insert(call)
      .values({
        direction: values.direction,
        status: "scheduled",
        contactName: values.contactName,
        phone,
        email: values.email,
        ...references,
        billable: values.billable,
        scheduledAt: wallTimeToInstant(values.scheduledAt, firm.timezone),
        subject: values.subject,
        notes: values.notes,
        createdById: actor.id,
      })
      .returning();
    await recordAudit(tx, actor, {
      entity: "call",
      entityId: created!.id,
      action: "schedule",
      summary: auditSnapshot(created!),
    });
    return created!;
  });
}

/**
 * A callback request, status `requested`: made by /mail (actor null: the
 * public) or by someone who took the message. Pass a transaction to make it part of a larger
 * write (the message that asked for it).
 */
export async function requestCallback(tx: Executor, actor: Actor | null, input: unknown) {
  const values = parseInput(requestCallbackInput, input);
  const firm = await firmOf(tx);
  const phone = phoneOrThrow(values.phone, firm);
  const [created] = await tx
    .insert(call)
    .values({
      direction: "outbound",
      status: "requested",
      contactName: values.contactName,
      phone,
      email: values.email,
      clientId: values.clientId,
      subject: values.subject,
      notes: values.notes,
      createdById: actor?.id ?? null,
    })
    .returning();
  await recordAudit(tx, actor ?? SYSTEM_ACTOR, {
    entity: "call",
    entityId: created!.id,
    action: "request",
    summary: auditSnapshot(created!),
  });
  await queueWebhookEvent(tx, "call.requested", {
    id: created!.id,
    contactName: created!.contactName,
    phone: created!.phone,
    email: created!.email,
    clientId: created!.clientId,
    subject: created!.subject,
    requestedAt: created!.createdAt.toISOString(),
  });
  return created!;
}

/**
 * "Take it": the actor becomes the person of a call still to do that nobody has. The row is locked,
 * so of two people taking it at once one wins and the other is told who took it.
 */
export async function takeCall(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "call.edit");
  const { id, version } = parseInput(takeCallInput, input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(call).where(eq(call.id, id)).for("update");
    if (!before) throw new NotFoundError("This call does not exist.", "call.not_found");
    const takeable = canTakeCall(before);
    if (!takeable.ok && takeable.code === "call.already_taken") {
      if (before.assignedUserId === actor.id) return before;
      const [taker] = await tx.select({ name: user.name }).from(user).where(eq(user.id, before.assignedUserId!));
      throw new ConflictError(
        `${taker?.name ?? "Someone"} has already taken this call. Reload the page to see it.`,
        takeable.code,
      );
    }
    if (!takeable.ok) throw invalidFrom(takeable);
    if (before.version !== version) throw stale();
    const updated = await saveCall(tx, before, { assignedUserId: actor.id });
    await recordAudit(tx, actor, {
      entity: "call",
      entityId: id,
      action: "take",
      summary: { status: before.status, assignedUserId: { from: null, to: actor.id } },
    });
    return updated;
  });
}

/** Edits the details of a call; its status changes only through the transitions below. */
export async function updateCall(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(updateCallInput, input);
  return db.transaction(async (tx) => {
    const before = await lockCall(tx, actor, values.id, values.version);
    const firm = await firmOf(tx);
    const phone = phoneOrThrow(values.phone, firm);
    const references = await checkReferences(tx, actor, values, before);
    const changes: Partial<typeof call.$inferInsert> = {
      direction: values.direction,
      contactName: values.contactName,
      phone,
      email: values.email,
      ...references,
      billable: values.billable,
      subject: values.subject,
      notes: values.notes,
    };
    const refusals: Refusal<CallCode>[] = [];
    switch (before.status) {
      case "scheduled":
        if (!values.scheduledAt)
          refusals.push(refuse("call.scheduled_at_missing", "Enter a date and time for the call.", "scheduledAt"));
        else changes.scheduledAt = wallTimeToInstant(values.scheduledAt, firm.timezone);
        break;
      case "completed":
        if (!values.startedAt)
          refusals.push(refuse("call.started_at_missing", "Enter when the call started.", "startedAt"));
        else changes.startedAt = wallTimeToInstant(values.startedAt, firm.timezone);
        if (values.duration === null)
          refusals.push(
            refuse("call.duration_missing", "Enter how long the call lasted, e.g. 15 or 12:30.", "duration"),
          );
        else changes.durationSeconds = values.duration;
        break;
      case "missed":
        if (values.startedAt) changes.startedAt = wallTimeToInstant(values.startedAt, firm.timezone);
        break;
      case "requested":
      case "cancelled":
        break;
    }
    // The time entry it produced was computed from these: change them in the timesheet instead.
    if (before.timeEntryId) {
      if (changes.projectId !== before.projectId)
        refusals.push(
          refuse(
            "call.logged_project_fixed",
            "This call is logged as time: its project can no longer change.",
            "projectId",
          ),
        );
      if (changes.durationSeconds !== undefined && changes.durationSeconds !== before.durationSeconds) {
        refusals.push(
          refuse(
            "call.logged_duration_fixed",
            "This call is logged as time: change the duration in the timesheet.",
            "duration",
          ),
        );
      }
    }
    if (refusals.length > 0) throw invalidFields(refusals, FIX_FIELDS);
    const updated = await saveCall(tx, before, changes);
    await recordAudit(tx, actor, {
      entity: "call",
      entityId: updated.id,
      action: "update",
      summary: diffSummary(before as Record<string, unknown>, changes as Record<string, unknown>),
    });
    return updated;
  });
}

/** requested | scheduled → completed, with its duration; optionally schedules a follow-up. */
export async function completeCall(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(completeCallInput, input);
  return db.transaction(async (tx) => {
    const before = await lockCall(tx, actor, values.id, values.version);
    assertTransition(before.status, "complete");
    const firm = await firmOf(tx);
    const startedAt = values.startedAt ? wallTimeToInstant(values.startedAt, firm.timezone) : new Date();
    const completed = await saveCall(tx, before, {
      status: "completed",
      startedAt,
      durationSeconds: values.duration,
      notes: values.notes,
      outcome: null,
    });
    await recordAudit(tx, actor, {
      entity: "call",
      entityId: before.id,
      action: "complete",
      summary: { from: before.status, to: "completed", startedAt, durationSeconds: values.duration },
    });
    const { call: withTime, time } = await logTimeOnCompletion(tx, actor, completed, firm);
    const followUp = await insertFollowUp(tx, actor, withTime, values, firm);
    if (!followUp) return { call: withTime, followUp: null, time };
    return { call: await saveCall(tx, withTime, { followUpCallId: followUp.id }), followUp, time };
  });
}

/** requested | scheduled → missed, with what happened (no answer, busy, voicemail, wrong number). */
export async function markCallMissed(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(missCallInput, input);
  return db.transaction(async (tx) => {
    const before = await lockCall(tx, actor, values.id, values.version);
    assertTransition(before.status, "miss");
    // started_at of a missed call is when it was tried.
    const updated = await saveCall(tx, before, {
      status: "missed",
      outcome: values.outcome,
      startedAt: new Date(),
      notes: values.notes ?? before.notes,
    });
    await recordAudit(tx, actor, {
      entity: "call",
      entityId: before.id,
      action: "miss",
      summary: { from: before.status, to: "missed", outcome: values.outcome },
    });
    return updated;
  });
}

/** requested → scheduled (schedule) or scheduled → scheduled at another time (reschedule). */
export async function rescheduleCall(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(scheduleExistingCallInput, input);
  return db.transaction(async (tx) => {
    const before = await lockCall(tx, actor, values.id, values.version);
    const action: CallAction = before.status === "requested" ? "schedule" : "reschedule";
    assertTransition(before.status, action);
    const firm = await firmOf(tx);
    const scheduledAt = wallTimeToInstant(values.scheduledAt, firm.timezone);
    const updated = await saveCall(tx, before, { status: "scheduled", scheduledAt });
    await recordAudit(tx, actor, {
      entity: "call",
      entityId: before.id,
      action,
      summary: { from: before.status, to: "scheduled", scheduledAt: { from: before.scheduledAt, to: scheduledAt } },
    });
    return updated;
  });
}

/** missed → scheduled: try again at a new time. The missed attempt stays in the audit log. */
export async function retryCall(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(scheduleExistingCallInput, input);
  return db.transaction(async (tx) => {
    const before = await lockCall(tx, actor, values.id, values.version);
    assertTransition(before.status, "retry");
    const firm = await firmOf(tx);
    const scheduledAt = wallTimeToInstant(values.scheduledAt, firm.timezone);
    const updated = await saveCall(tx, before, { status: "scheduled", scheduledAt, startedAt: null, outcome: null });
    await recordAudit(tx, actor, {
      entity: "call",
      entityId: before.id,
      action: "retry",
      summary: {
        from: "missed",
        to: "scheduled",
        previousOutcome: before.outcome,
        previousAttemptAt: before.startedAt,
        scheduledAt,
      },
    });
    return updated;
  });
}

/** requested | scheduled → cancelled. */
export async function cancelCall(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(cancelCallInput, input);
  return db.transaction(async (tx) => {
    const before = await lockCall(tx, actor, values.id, values.version);
    assertTransition(before.status, "cancel");
    const updated = await saveCall(tx, before, { status: "cancelled" });
    await recordAudit(tx, actor, {
      entity: "call",
      entityId: before.id,
      action: "cancel",
      summary: { from: before.status, to: "cancelled" },
    });
    return updated;
  });
}

/**
 * A completed call with a project becomes a time entry in its person's timesheet for the week
 * of the call (the draft is created if missing; a submitted or approved week refuses). The
 * entry and the link are written in one transaction, and the link is only set while it is
 * empty: a call never produces two entries, even when two people click at once.
 */
export async function logCallTime(db: Database, actor: Actor, input: unknown) {
  const values = parseInput(logCallTimeInput, input);
  return db.transaction(async (tx) => {
    const before = await lockCall(tx, actor, values.id);
    const allowed = canLogTime(before);
    if (!allowed.ok) throw invalidFrom(allowed);
    if (before.version !== values.version) throw stale();
    return putCallTimeInWeek(tx, actor, before, await firmOf(tx));
  });
}

/**
 * The time entry of a completed call with a project and a duration, and the call's link to it, in
 * the caller's transaction. The link is only set while it is empty: a call never produces two
 * entries, even when two people click at once.
 */
async function putCallTimeInWeek(tx: Executor, actor: Actor, before: CallRecord, firm: { timezone: string }) {
  const userId = before.assignedUserId ?? before.createdById;
  if (!userId) throw new InvalidError("Assign this call to someone before logging it as time.", {}, "call.unassigned");
  const date = dateInZone(before.startedAt ?? before.updatedAt, firm.timezone);
  const minutes = timeEntryMinutes(before.durationSeconds!);
  const entry = await addTimeEntryToWeek(
    tx,
    actor,
    {
      userId,
      date,
      projectId: before.projectId!,
      minutes,
      description: timeEntryDescription(before),
      billable: before.billable,
    },
    // A billable call is never lost: its week already approved (or invoiced), a manager puts it
    // there as approved time, among the client's unbilled time (decision 031).
    { intoApprovedWeek: before.billable },
  );
  const [linked] = await tx
    .update(call)
    .set({ timeEntryId: entry.entryId, version: before.version + 1 })
    .where(and(eq(call.id, before.id), isNull(call.timeEntryId)))
    .returning();
  if (!linked) throw new ConflictError("This call is already logged as a time entry.", "call.already_logged");
  await recordAudit(tx, actor, {
    entity: "call",
    entityId: before.id,
    action: "log_time",
    summary: {
      timeEntryId: entry.entryId,
      timesheetId: entry.timesheetId,
      userId,
      date,
      minutes,
      intoApprovedWeek: entry.intoApprovedWeek,
    },
  });
  return {
    call: linked,
    timesheetId: entry.timesheetId,
    entryId: entry.entryId,
    intoApprovedWeek: entry.intoApprovedWeek,
    weekStart: entry.weekStart,
    personName: entry.personName,
    minutes,
  };
}

/**
 * A billable call completed with a project and a duration reaches its person's timesheet in the
 * same transaction (issue 23.6). When the week refuses it (submitted, or approved and the actor
 * may not add to it), the call is still completed and the reason is returned: its time can be
 * logged later with "Log as time", nothing is half-written (a savepoint undoes the attempt).
 */
async function logTimeOnCompletion(
  tx: Executor,
  actor: Actor,
  completed: CallRecord,
  firm: { timezone: string },
): Promise<{ call: CallRecord; time: CallTimeOutcome | null }> {
  if (!completed.billable || !canLogTime(completed).ok) return { call: completed, time: null };
  try {
    const put = await tx.transaction((savepoint) => putCallTimeInWeek(savepoint, actor, completed, firm));
    return {
      call: put.call,
      time: {
        logged: true,
        timesheetId: put.timesheetId,
        weekStart: put.weekStart,
        minutes: put.minutes,
        personName: put.personName,
        intoApprovedWeek: put.intoApprovedWeek,
      },
    };
  } catch (error) {
    if (error instanceof InvalidError || error instanceof ForbiddenError || error instanceof NotFoundError)
      return { call: completed, time: { logged: false, reason: error.message } };
    throw error;
  }
}
