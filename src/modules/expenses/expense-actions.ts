"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import {
  approveExpense,
  createExpenseFromForm,
  deleteExpense,
  rejectExpense,
  reopenExpense,
  updateExpenseFromForm,
} from "./expense-mutations";

// Thin server actions: the session decides who acts; the mutations check ownership, permissions
// and the expense's state, validate with the shared schema and write in one transaction.

type Saved = { id: string; version: number; status: string };

function done(row: { id: string; version: number; status: string }): Saved {
  revalidatePath("/bo/expenses");
  revalidatePath(`/bo/expenses/${row.id}`);
  return { id: row.id, version: row.version, status: row.status };
}

/** FormData: the fields of createExpenseInput and an optional `receipt` file. */
export async function createExpenseAction(formData: FormData): Promise<ActionResult<Saved>> {
  return runAction(
    async () => done(await createExpenseFromForm(getDb(), await requireActor("expense.edit"), formData)),
    "Expense recorded; it waits for approval.",
  );
}

/** FormData: the fields of updateExpenseInput and an optional `receipt` file. */
export async function updateExpenseAction(formData: FormData): Promise<ActionResult<Saved>> {
  return runAction(
    async () => done(await updateExpenseFromForm(getDb(), await requireActor("expense.edit"), formData)),
    "Expense saved; it waits for approval.",
  );
}

export async function deleteExpenseAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const deleted = await deleteExpense(getDb(), await requireActor("expense.edit"), input);
    revalidatePath("/bo/expenses");
    return deleted;
  }, "Expense deleted.");
}

export async function approveExpenseAction(input: unknown): Promise<ActionResult<Saved>> {
  return runAction(
    async () => done(await approveExpense(getDb(), await requireActor("expense.decide"), input)),
    "Expense approved.",
  );
}

export async function rejectExpenseAction(input: unknown): Promise<ActionResult<Saved>> {
  return runAction(
    async () => done(await rejectExpense(getDb(), await requireActor("expense.decide"), input)),
    "Expense rejected.",
  );
}

export async function reopenExpenseAction(input: unknown): Promise<ActionResult<Saved>> {
  return runAction(
    async () => done(await reopenExpense(getDb(), await requireActor("expense.decide"), input)),
    "Expense reopened.",
  );
}
