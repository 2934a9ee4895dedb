"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import { sendInvoiceEmail } from "./invoice-mail";

export async function sendInvoiceEmailAction(input: unknown): Promise<ActionResult<{ emailId: string }>> {
  return runAction(async () => {
    const actor = await requireActor("invoice.send");
    const { emailId, invoice } = await sendInvoiceEmail(getDb(), actor, input);
    revalidatePath(`/bo/invoices/${invoice.id}`);
    revalidatePath("/bo/outbox");
    return { emailId };
  }, "The invoice is in the outbox and will be sent shortly.");
}
