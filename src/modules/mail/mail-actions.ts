"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import { retryEmail } from "./mail-mutations";

export async function retryEmailAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("outbox.retry");
    await retryEmail(getDb(), actor, input);
    revalidatePath("/bo/outbox");
    return undefined;
  }, "The mail is queued again.");
}
