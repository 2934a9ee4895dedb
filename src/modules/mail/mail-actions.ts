"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import { retryEmail } from "./mail-mutations";
import { MAIL_ROLES } from "./mail-schemas";

export async function retryEmailAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor(MAIL_ROLES);
    await retryEmail(getDb(), actor, input);
    revalidatePath("/bo/outbox");
    return undefined;
  }, "The mail is queued again.");
}
