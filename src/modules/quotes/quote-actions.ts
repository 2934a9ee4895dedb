"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { RateLimitedError, NotFoundError } from "@/lib/errors";
import { clientIpFrom } from "@/lib/request";
import { requireActor } from "@/lib/session";
import { rateLimitedText } from "@/modules/share-links/share-link-rules";
import {
  answerSharedQuote,
  convertQuote,
  createQuote,
  decideQuote,
  deleteQuote,
  reviseQuote,
  sendQuote,
  updateQuote,
} from "./quote-mutations";

// Thin server actions: the session decides who acts; each mutation checks the permission again,
// validates with the shared schema and writes in one transaction.

function refresh(id?: string) {
  revalidatePath("/bo/quotes");
  if (id) revalidatePath(`/bo/quotes/${id}`);
}

export async function createQuoteAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.edit");
    const created = await createQuote(getDb(), actor, input);
    refresh();
    return { id: created.id };
  }, "Quote saved.");
}

export async function updateQuoteAction(input: unknown): Promise<ActionResult<{ id: string; version: number }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.edit");
    const updated = await updateQuote(getDb(), actor, input);
    refresh(updated.id);
    return { id: updated.id, version: updated.version };
  }, "Quote saved.");
}

export async function deleteQuoteAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("invoice.delete");
    await deleteQuote(getDb(), actor, input);
    refresh();
    return undefined;
  }, "Draft quote deleted.");
}

export async function sendQuoteAction(
  input: unknown,
): Promise<ActionResult<{ number: string | null; mailed: boolean }>> {
  return runAction(
    async () => {
      const actor = await requireActor("invoice.send");
      const { quote, emailId } = await sendQuote(getDb(), actor, input);
      refresh(quote.id);
      if (quote.supersedesId) refresh(quote.supersedesId);
      return { number: quote.number, mailed: emailId !== null };
    },
    (data) => (data.mailed ? `Quote ${data.number} sent by mail.` : `Quote ${data.number} marked as sent.`),
  );
}

export async function decideQuoteAction(input: unknown): Promise<ActionResult<{ status: string }>> {
  return runAction(
    async () => {
      const actor = await requireActor("invoice.edit");
      const decided = await decideQuote(getDb(), actor, input);
      refresh(decided.id);
      return { status: decided.status };
    },
    (data) => `Quote marked as ${data.status}.`,
  );
}

export async function convertQuoteAction(input: unknown): Promise<ActionResult<{ invoiceId: string }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.edit");
    const { quote, invoice } = await convertQuote(getDb(), actor, input);
    refresh(quote.id);
    revalidatePath("/bo/invoices");
    return { invoiceId: invoice.id };
  }, "Draft invoice made from the quote.");
}

export async function reviseQuoteAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.edit");
    const created = await reviseQuote(getDb(), actor, input);
    refresh(created.supersedesId ?? undefined);
    return { id: created.id };
  }, "New version started as a draft.");
}

/**
 * The client's Accept / Decline on /d/{token} (decision 064): no session, the token is the
 * authority; the same limit and lookup as the page, and the same "not found" for any bad link.
 */
export async function answerSharedQuoteAction(input: unknown): Promise<ActionResult<{ status: string }>> {
  return runAction(
    async () => {
      const answer = await answerSharedQuote(getDb(), { input, address: clientIpFrom(await headers()) });
      if (answer.kind === "rate_limited")
        throw new RateLimitedError(rateLimitedText(answer.retryAfterSeconds), answer.retryAfterSeconds);
      if (answer.kind === "not_found") throw new NotFoundError("This link does not work any more.");
      return { status: answer.quote.status };
    },
    (data) => (data.status === "accepted" ? "Thank you: the quote is accepted." : "The quote is declined."),
  );
}
