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
  saveTimesheetReminder,
  setTimesheetNotifications,
  withdrawTimesheet,
} from "./timesheet-mutations";
import { timePerson } from "./grid-project-queries";
import { gridProjectSearchInput } from "./timesheet-schemas";
import { can } from "@/modules/users/permissions";

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

export async function withdrawTimesheetAction(input: unknown): Promise<ActionResult<Saved>> {
  return runAction(
    async () => done(await withdrawTimesheet(getDb(), await requireActor("timesheet.edit"), input)),
    "Timesheet withdrawn; it is a draft again.",
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
    const actor = await requireActor("timesheet.edit");
    const { q, userId } = parseInput(gridProjectSearchInput, input);
    const db = getDb();
    // A manager filling a colleague's week sees that colleague's projects.
    const person = userId && can(actor, "timesheet.create_for_others") ? await timePerson(db, userId) : actor;
    return searchProjectOptions(db, q, 20, person);
  });
}

export async function saveTimesheetReminderAction(input: unknown): Promise<ActionResult<{ saved: boolean }>> {
  return runAction(async () => {
    await saveTimesheetReminder(getDb(), await requireActor("settings.edit"), input);
    revalidatePath("/bo/settings");
    return { saved: true };
  }, "Reminder saved.");
}

export async function setTimesheetNotificationsAction(input: unknown): Promise<ActionResult<{ enabled: boolean }>> {
  return runAction(
    async () => {
      const enabled = await setTimesheetNotifications(getDb(), await requireActor("timesheet.edit"), input);
      revalidatePath("/bo/account");
      return { enabled };
    },
    ({ enabled }) => (enabled ? "Timesheet mails on." : "Timesheet mails off."),
  );
}
