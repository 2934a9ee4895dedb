"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import { sendInvoiceEmail } from "./invoice-mail";
import { MAIL_ROLES } from "./mail-schemas";

export async function sendInvoiceEmailAction(input: unknown): Promise<ActionResult<{ emailId: string }>> {
  return runAction(async () => {
    const actor = await requireActor(MAIL_ROLES);
    const { emailId, invoice } = await sendInvoiceEmail(getDb(), actor, input);
    revalidatePath(`/bo/invoices/${invoice.id}`);
    revalidatePath("/bo/outbox");
    return { emailId };
  }, "The invoice is in the outbox and will be sent shortly.");
}
