"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { isoWeekMonday, todayInZone } from "@/lib/dates";
import { requireActor } from "@/lib/session";
import type { ClientOption } from "@/modules/clients/client-queries";
import { getSettings } from "@/modules/settings/settings-queries";
import { findGridProjects } from "./grid-project-queries";
import { discardTimer, startTimer, type StoppedTimer, stopTimer, updateTimer } from "./timer-mutations";
import { getRunningTimer, type RunningTimer } from "./timer-queries";

// The shell's timer control. Each action answers with the timer as it now stands (or null), so
// the control shows what the database holds, whatever another tab did.

async function current(userId: string): Promise<RunningTimer | null> {
  const db = getDb();
  return getRunningTimer(db, userId, (await getSettings(db)).timezone);
}

/** The running timer, read again when a tab comes back to the front or another tab changed it. */
export async function readTimerAction(): Promise<ActionResult<RunningTimer | null>> {
  return runAction(async () => current((await requireActor("timesheet.edit")).id));
}

/** The projects the start form offers: all active ones in a small firm, else the person's recent ones (the search finds the rest). */
export async function timerProjectsAction(): Promise<ActionResult<{ options: ClientOption[]; complete: boolean }>> {
  return runAction(async () => {
    const actor = await requireActor("timesheet.edit");
    const db = getDb();
    const weekStart = isoWeekMonday(todayInZone((await getSettings(db)).timezone));
    return findGridProjects(db, { userId: actor.id, weekStart, projectIds: [] });
  });
}

export async function startTimerAction(input: unknown): Promise<ActionResult<RunningTimer | null>> {
  return runAction(async () => {
    const actor = await requireActor("timesheet.edit");
    await startTimer(getDb(), actor, input);
    return current(actor.id);
  }, "Timer started.");
}

export async function updateTimerAction(input: unknown): Promise<ActionResult<RunningTimer | null>> {
  return runAction(async () => {
    const actor = await requireActor("timesheet.edit");
    await updateTimer(getDb(), actor, input);
    return current(actor.id);
  }, "Timer changed.");
}

export async function stopTimerAction(input: unknown): Promise<ActionResult<StoppedTimer>> {
  return runAction(async () => {
    const stopped = await stopTimer(getDb(), await requireActor("timesheet.edit"), input);
    revalidatePath("/bo/timesheets");
    for (const part of stopped.parts) revalidatePath(`/bo/timesheets/${part.timesheetId}`);
    return stopped;
  });
}

export async function discardTimerAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(
    async () => discardTimer(getDb(), await requireActor("timesheet.edit"), input),
    "Timer discarded; nothing was logged.",
  );
}
