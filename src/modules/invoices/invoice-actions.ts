"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { NotFoundError } from "@/lib/errors";
import { parseInput } from "@/lib/parse-input";
import { requireActor } from "@/lib/session";
import { findUnbilledEntries } from "@/modules/timesheets/unbilled-queries";
import { findUnbilledExpenses } from "@/modules/expenses/expense-queries";
import type { UnbilledExpense } from "@/modules/expenses/expense-rules";
import {
  createCreditNote,
  createDraftInvoice,
  deleteDraftInvoice,
  deletePayment,
  duplicateInvoice,
  issueInvoice,
  markInvoiceSent,
  recordPayment,
  updateDraftInvoice,
} from "./invoice-mutations";
import {
  findInvoiceClient,
  findInvoiceLineProjects,
  type InvoiceFormClient,
  type InvoiceLineProject,
} from "./invoice-form-queries";
import type { UnbilledEntry } from "./invoice-time-lines";
import { invoiceClientInput, unbilledTimeInput } from "./invoice-schemas";

// Thin server actions: the session decides who acts; each mutation checks the permission again,
// validates with the shared schema and writes in one transaction.

function refresh(id?: string) {
  revalidatePath("/bo/invoices");
  if (id) revalidatePath(`/bo/invoices/${id}`);
}

export async function createInvoiceAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.edit");
    const created = await createDraftInvoice(getDb(), actor, input);
    refresh();
    return { id: created.id };
  }, "Draft saved.");
}

export async function updateInvoiceAction(input: unknown): Promise<ActionResult<{ id: string; version: number }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.edit");
    const updated = await updateDraftInvoice(getDb(), actor, input);
    refresh(updated.id);
    return { id: updated.id, version: updated.version };
  }, "Draft saved.");
}

export async function deleteInvoiceAction(input: unknown): Promise<ActionResult<{ released: number }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.delete");
    const result = await deleteDraftInvoice(getDb(), actor, input);
    refresh();
    return result;
  }, "Draft deleted.");
}

export async function issueInvoiceAction(input: unknown): Promise<ActionResult<{ number: string | null }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.issue");
    const issued = await issueInvoice(getDb(), actor, input);
    refresh(issued.id);
    return { number: issued.number };
  });
}

export async function markInvoiceSentAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("invoice.send");
    const updated = await markInvoiceSent(getDb(), actor, input);
    refresh(updated.id);
    return undefined;
  }, "Marked as sent.");
}

export async function recordPaymentAction(input: unknown): Promise<ActionResult<{ status: string }>> {
  return runAction(async () => {
    const actor = await requireActor("payment.record");
    const result = await recordPayment(getDb(), actor, input);
    refresh(result.invoice.id);
    return { status: result.invoice.status };
  }, "Payment recorded.");
}

export async function deletePaymentAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("payment.delete");
    const updated = await deletePayment(getDb(), actor, input);
    refresh(updated.id);
    return undefined;
  }, "Payment deleted.");
}

export async function createCreditNoteAction(
  input: unknown,
): Promise<ActionResult<{ id: string; status: string; number: string | null }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.credit");
    const note = await createCreditNote(getDb(), actor, input);
    refresh(note.id);
    if (note.creditedInvoiceId) refresh(note.creditedInvoiceId);
    return { id: note.id, status: note.status, number: note.number };
  });
}

export async function duplicateInvoiceAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.edit");
    const copy = await duplicateInvoice(getDb(), actor, input);
    refresh();
    return { id: copy.id };
  }, "Duplicated as a new draft.");
}

/** The details of the client chosen in the invoice form: address, currency, payment terms. */
export async function loadInvoiceClientAction(input: unknown): Promise<ActionResult<InvoiceFormClient>> {
  return runAction(async () => {
    await requireActor("invoice.edit");
    const { clientId } = parseInput(invoiceClientInput, input);
    const found = await findInvoiceClient(getDb(), clientId);
    if (!found) throw new NotFoundError("This client does not exist.", "client.not_found");
    return found;
  });
}

/** The chosen client's active projects, which the invoice form's lines may be for (decision 068). */
export async function loadInvoiceProjectsAction(input: unknown): Promise<ActionResult<InvoiceLineProject[]>> {
  return runAction(async () => {
    await requireActor("invoice.edit");
    const { clientId } = parseInput(invoiceClientInput, input);
    return findInvoiceLineProjects(getDb(), clientId);
  });
}

/** The client's approved, billable, not yet invoiced time and expenses, for "Add unbilled time and expenses". */
export async function loadUnbilledTimeAction(
  input: unknown,
): Promise<ActionResult<{ entries: UnbilledEntry[]; expenses: UnbilledExpense[] }>> {
  return runAction(async () => {
    await requireActor("invoice.edit");
    const { clientId } = parseInput(unbilledTimeInput, input);
    const db = getDb();
    const [entries, expenses] = await Promise.all([
      findUnbilledEntries(db, { clientId }),
      findUnbilledExpenses(db, { clientId }),
    ]);
    return { entries, expenses };
  });
}
