"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { parseInput } from "@/lib/parse-input";
import { requireActor } from "@/lib/session";
import { type ProjectSearchResult, searchProjectOptions } from "@/modules/clients/client-queries";
import {
  approveTimesheet,
  approveTimesheets,
  createTimesheet,
  rejectTimesheet,
  reopenTimesheet,
  saveTimesheet,
  submitTimesheet,
} from "./timesheet-mutations";
import { gridProjectSearchInput } from "./timesheet-schemas";

// Thin server actions: the session decides who acts; the mutations check ownership, permissions and the
// week's state, validate with the shared schema and write in one transaction.

type Saved = { id: string; version: number; status: string };

function done(sheet: { id: string; version: number; status: string }): Saved {
  revalidatePath("/bo/timesheets");
  revalidatePath(`/bo/timesheets/${sheet.id}`);
  return { id: sheet.id, version: sheet.version, status: sheet.status };
}

export async function createTimesheetAction(input: unknown): Promise<ActionResult<Saved>> {
  return runAction(
    async () => done(await createTimesheet(getDb(), await requireActor("timesheet.edit"), input)),
    "Timesheet saved.",
  );
}

export async function saveTimesheetAction(input: unknown): Promise<ActionResult<Saved>> {
  return runAction(
    async () => done(await saveTimesheet(getDb(), await requireActor("timesheet.edit"), input)),
    "Timesheet saved.",
  );
}

export async function submitTimesheetAction(input: unknown): Promise<ActionResult<Saved>> {
  return runAction(
    async () => done(await submitTimesheet(getDb(), await requireActor("timesheet.edit"), input)),
    "Timesheet submitted for approval.",
  );
}

export async function approveTimesheetAction(input: unknown): Promise<ActionResult<Saved>> {
  return runAction(
    async () => done(await approveTimesheet(getDb(), await requireActor("timesheet.decide"), input)),
    "Timesheet approved.",
  );
}

export async function approveTimesheetsAction(input: unknown): Promise<ActionResult<{ count: number }>> {
  return runAction(async () => {
    const approved = await approveTimesheets(getDb(), await requireActor("timesheet.decide"), input);
    revalidatePath("/bo/timesheets");
    return { count: approved.length };
  });
}

export async function rejectTimesheetAction(input: unknown): Promise<ActionResult<Saved>> {
  return runAction(
    async () => done(await rejectTimesheet(getDb(), await requireActor("timesheet.decide"), input)),
    "Timesheet rejected; its owner can correct it.",
  );
}

export async function reopenTimesheetAction(input: unknown): Promise<ActionResult<Saved>> {
  return runAction(
    async () => done(await reopenTimesheet(getDb(), await requireActor("timesheet.decide"), input)),
    "Timesheet reopened as a draft.",
  );
}

/** The grid's project search in a large firm (the grid starts with the person's recent projects). */
export async function searchGridProjectsAction(input: unknown): Promise<ActionResult<ProjectSearchResult[]>> {
  return runAction(async () => {
    await requireActor("timesheet.edit");
    const { q } = parseInput(gridProjectSearchInput, input);
    return searchProjectOptions(getDb(), q, 20);
  });
}
