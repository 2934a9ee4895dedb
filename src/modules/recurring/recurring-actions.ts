"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import { changeRecurringInvoiceState, createRecurringInvoice, updateRecurringInvoice } from "./recurring-mutations";
import { runRecurringInvoiceNow } from "./recurring-runs";

// Thin server actions: the session decides who acts; each mutation checks the permission again,
// validates with the shared schema and writes in one transaction.

function refresh(id?: string) {
  revalidatePath("/bo/invoices/recurring");
  revalidatePath("/bo/invoices");
  if (id) revalidatePath(`/bo/invoices/recurring/${id}`);
}

export async function createRecurringInvoiceAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.edit");
    const created = await createRecurringInvoice(getDb(), actor, input);
    refresh();
    return { id: created.id };
  }, "Recurring invoice saved.");
}

export async function updateRecurringInvoiceAction(
  input: unknown,
): Promise<ActionResult<{ id: string; version: number }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.edit");
    const updated = await updateRecurringInvoice(getDb(), actor, input);
    refresh(updated.id);
    return { id: updated.id, version: updated.version };
  }, "Recurring invoice saved. The changes apply to the next invoices.");
}

export async function changeRecurringInvoiceStateAction(input: unknown): Promise<ActionResult<{ status: string }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.edit");
    const updated = await changeRecurringInvoiceState(getDb(), actor, input);
    refresh(updated.id);
    return { status: updated.status };
  });
}

/** Makes the periods that are due now (what the worker's next pass would make), through the same pass. */
export async function runRecurringInvoiceNowAction(input: unknown): Promise<ActionResult<{ made: number }>> {
  return runAction(
    async () => {
      const actor = await requireActor("invoice.issue");
      const made = await runRecurringInvoiceNow(getDb(), actor, input);
      refresh(made[0]?.templateId);
      return { made: made.length };
    },
    (data) => (data.made === 1 ? "1 invoice made." : `${data.made} invoices made.`),
  );
}
