// Writes of the timer. A person has at most one running timer (the database's unique index is
// the rule); stopping it writes its time into the week(s) it ran in through addTimeEntryToWeek,
// in the same transaction that deletes it, so a refused week leaves the timer running. Decision 030.
import { and, eq } from "drizzle-orm";
import type { Database, Executor } from "@/db/client";
import { project, timer } from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import { isoWeekMonday } from "@/lib/dates";
import { ConflictError, InvalidError, invalidFrom } from "@/lib/errors";
import { refuse } from "@/lib/rule-result";
import { type Actor, recordAudit } from "@/modules/audit/audit-log";
import { wallTimeToInstant } from "@/modules/calls/call-rules";
import { getSettings } from "@/modules/settings/settings-queries";
import { requirePermission } from "@/modules/users/permissions";
import { startTimerInput, timerVersionInput, updateTimerInput } from "./timer-schemas";
import { canSetTimerStart, canStopTimer, splitTimerByDay } from "./timer-rules";
import { addTimeEntryToWeek, findUnusableProjects, NOT_A_MEMBER } from "./timesheet-mutations";
import type { TimePerson } from "@/modules/clients/client-queries";

const NOT_RUNNING = "You have no running timer (it was stopped or discarded, perhaps in another tab).";
const notRunning = () => new InvalidError(NOT_RUNNING, {}, "timesheet.timer_not_running");
const staleTimer = () =>
  new ConflictError(
    "This timer was changed in another tab or window. Look at it again and retry.",
    "timesheet.timer_stale",
  );

async function usableProject(tx: Executor, projectId: string, person: TimePerson) {
  const { found, archived, unassigned } = await findUnusableProjects(tx, [projectId], person);
  if (!found.has(projectId))
    throw invalidFrom(refuse("timesheet.project_not_found", "This project does not exist.", "projectId"));
  if (archived.has(projectId))
    throw invalidFrom(
      refuse("timesheet.project_archived", "This project is archived; choose another one.", "projectId"),
    );
  if (unassigned.has(projectId)) throw invalidFrom(refuse("timesheet.project_not_assigned", NOT_A_MEMBER, "projectId"));
  const [row] = await tx
    .select({ billableByDefault: project.billableByDefault })
    .from(project)
    .where(eq(project.id, projectId));
  return row!;
}

async function lockTimer(tx: Executor, actor: Actor, version: number) {
  const [row] = await tx.select().from(timer).where(eq(timer.userId, actor.id)).for("update");
  if (!row) throw notRunning();
  if (row.version !== version) throw staleTimer();
  return row;
}

/** Starts the actor's timer now. A second start (another tab, a double click) is refused: one timer a person. */
export async function startTimer(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "timesheet.edit");
  const values = parseInput(startTimerInput, input);
  return db.transaction(async (tx) => {
    const { billableByDefault } = await usableProject(tx, values.projectId, actor);
    const [started] = await tx
      .insert(timer)
      .values({
        userId: actor.id,
        projectId: values.projectId,
        description: values.description || null,
        billable: billableByDefault,
        startedAt: now,
      })
      .onConflictDoNothing({ target: timer.userId })
      .returning();
    if (!started)
      throw new InvalidError(
        "You already have a timer running; stop it before starting another.",
        {},
        "timesheet.timer_running",
      );
    await recordAudit(tx, actor, {
      entity: "timer",
      entityId: started.id,
      action: "start",
      summary: { projectId: started.projectId, startedAt: started.startedAt },
    });
    return started;
  });
}

/** Changes the running timer's start time, project or description. */
export async function updateTimer(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "timesheet.edit");
  const values = parseInput(updateTimerInput, input);
  return db.transaction(async (tx) => {
    const before = await lockTimer(tx, actor, values.version);
    const { timezone } = await getSettings(tx);
    const startedAt = wallTimeToInstant(values.startedAt, timezone);
    const allowed = canSetTimerStart(startedAt, now);
    if (!allowed.ok) throw invalidFrom(allowed);
    const billable =
      values.projectId === before.projectId
        ? before.billable
        : (await usableProject(tx, values.projectId, actor)).billableByDefault;
    const [updated] = await tx
      .update(timer)
      .set({
        projectId: values.projectId,
        description: values.description || null,
        billable,
        startedAt,
        version: before.version + 1,
      })
      .where(and(eq(timer.id, before.id), eq(timer.version, before.version)))
      .returning();
    if (!updated) throw staleTimer();
    await recordAudit(tx, actor, {
      entity: "timer",
      entityId: before.id,
      action: "update",
      summary: {
        startedAt: { from: before.startedAt, to: updated.startedAt },
        projectId: { from: before.projectId, to: updated.projectId },
      },
    });
    return updated;
  });
}

export type StoppedTimer = { parts: { date: string; minutes: number; timesheetId: string; weekStart: string }[] };

/**
 * Stops the running timer: its time, split by the firm's days and rounded to whole minutes, goes
 * into the week of each day (the draft is created when missing). Any refusal (a submitted or
 * approved week, a day over 24 hours, an archived project) changes nothing: the timer keeps running.
 */
export async function stopTimer(db: Database, actor: Actor, input: unknown, now: Date = new Date()) {
  requirePermission(actor, "timesheet.edit");
  const { version } = parseInput(timerVersionInput, input);
  return db.transaction(async (tx): Promise<StoppedTimer> => {
    const running = await lockTimer(tx, actor, version);
    const allowed = canStopTimer(running.startedAt, now);
    if (!allowed.ok) throw invalidFrom(allowed);
    const { timezone } = await getSettings(tx);
    const parts: StoppedTimer["parts"] = [];
    try {
      for (const part of splitTimerByDay(running.startedAt, now, timezone)) {
        const added = await addTimeEntryToWeek(tx, actor, {
          userId: actor.id,
          date: part.date,
          projectId: running.projectId,
          minutes: part.minutes,
          description: running.description,
          billable: running.billable,
        });
        parts.push({ ...part, timesheetId: added.timesheetId, weekStart: isoWeekMonday(part.date) });
      }
    } catch (error) {
      // The transaction rolls back, so nothing was written; say so, and that the timer still runs.
      // The refusal names a cell of the week, not a field of the timer: it is the form's message.
      if (error instanceof InvalidError)
        throw new InvalidError(
          `${error.message.replace(/ Ask a manager to .*$/, "")} The timer keeps running: ask a manager to reject or reopen that week, or discard the timer.`,
          {},
          error.code,
        );
      throw error;
    }
    await tx.delete(timer).where(eq(timer.id, running.id));
    await recordAudit(tx, actor, {
      entity: "timer",
      entityId: running.id,
      action: "stop",
      summary: {
        projectId: running.projectId,
        startedAt: running.startedAt,
        stoppedAt: now,
        parts: parts.map(({ date, minutes, timesheetId }) => ({ date, minutes, timesheetId })),
      },
    });
    return { parts };
  });
}

/** Throws the running timer away; nothing is logged. */
export async function discardTimer(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "timesheet.edit");
  const { version } = parseInput(timerVersionInput, input);
  return db.transaction(async (tx) => {
    const running = await lockTimer(tx, actor, version);
    await tx.delete(timer).where(eq(timer.id, running.id));
    await recordAudit(tx, actor, {
      entity: "timer",
      entityId: running.id,
      action: "discard",
      summary: { projectId: running.projectId, startedAt: running.startedAt },
    });
    return { id: running.id };
  });
}
