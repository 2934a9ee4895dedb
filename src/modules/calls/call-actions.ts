"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, parseInput, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import {
  cancelCall,
  completeCall,
  logCall,
  logCallTime,
  markCallMissed,
  rescheduleCall,
  retryCall,
  scheduleCall,
  takeCall,
  updateCall,
} from "./call-mutations";
import { findCallProjects } from "./call-queries";
import { type CallTimeOutcome, completionMessage } from "./call-rules";
import { callProjectsInput } from "./call-schemas";
import type { CallProjectOption } from "./components/call-form-options";

// Thin server actions: the session decides who acts; each mutation checks that the actor may
// change this call (staff: their own), validates with the shared schema and writes in one
// transaction.

/** The projects of the client chosen in a call dialog (every signed-in person logs calls). */
export async function loadCallProjectsAction(input: unknown): Promise<ActionResult<CallProjectOption[]>> {
  return runAction(async () => {
    await requireActor("call.edit");
    const { clientId } = parseInput(callProjectsInput, input);
    return findCallProjects(getDb(), clientId);
  });
}

function refresh() {
  revalidatePath("/bo/calls");
  revalidatePath("/bo", "layout");
}

export async function logCallAction(input: unknown): Promise<ActionResult<{ id: string; followUpId: string | null }>> {
  return runAction(async () => {
    const actor = await requireActor("call.edit");
    const result = await logCall(getDb(), actor, input);
    refresh();
    return { id: result.call.id, followUpId: result.followUp?.id ?? null };
  }, "Call logged.");
}

export async function scheduleCallAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const actor = await requireActor("call.edit");
    const created = await scheduleCall(getDb(), actor, input);
    refresh();
    return { id: created.id };
  }, "Call scheduled.");
}

export async function updateCallAction(input: unknown): Promise<ActionResult<{ version: number }>> {
  return runAction(async () => {
    const actor = await requireActor("call.edit");
    const updated = await updateCall(getDb(), actor, input);
    refresh();
    return { version: updated.version };
  }, "Call saved.");
}

export async function completeCallAction(
  input: unknown,
): Promise<ActionResult<{ followUpId: string | null; time: CallTimeOutcome | null }>> {
  return runAction(
    async () => {
      const actor = await requireActor("call.edit");
      const result = await completeCall(getDb(), actor, input);
      refresh();
      if (result.time?.logged) {
        revalidatePath(`/bo/timesheets/${result.time.timesheetId}`);
        if (result.time.intoApprovedWeek) revalidatePath("/bo/invoices/create");
      }
      return { followUpId: result.followUp?.id ?? null, time: result.time };
    },
    ({ time }) => completionMessage(time),
  );
}

export async function markCallMissedAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("call.edit");
    await markCallMissed(getDb(), actor, input);
    refresh();
    return undefined;
  }, "Call marked missed.");
}

export async function rescheduleCallAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("call.edit");
    await rescheduleCall(getDb(), actor, input);
    refresh();
    return undefined;
  }, "Call scheduled.");
}

export async function retryCallAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("call.edit");
    await retryCall(getDb(), actor, input);
    refresh();
    return undefined;
  }, "Call scheduled again.");
}

export async function cancelCallAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("call.edit");
    await cancelCall(getDb(), actor, input);
    refresh();
    return undefined;
  }, "Call cancelled.");
}

export async function logCallTimeAction(input: unknown): Promise<ActionResult<{ timesheetId: string }>> {
  return runAction(async () => {
    const actor = await requireActor("call.edit");
    const result = await logCallTime(getDb(), actor, input);
    refresh();
    revalidatePath(`/bo/timesheets/${result.timesheetId}`);
    if (result.intoApprovedWeek) revalidatePath("/bo/invoices/create");
    return { timesheetId: result.timesheetId };
  }, "Call logged in the timesheet.");
}

/** "Take it": an unassigned call still to do becomes the signed-in person's. */
export async function takeCallAction(input: unknown): Promise<ActionResult<{ version: number }>> {
  return runAction(async () => {
    const actor = await requireActor("call.edit");
    const taken = await takeCall(getDb(), actor, input);
    refresh();
    return { version: taken.version };
  }, "The call is yours.");
}
