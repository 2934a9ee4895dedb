"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import { revokeOtherOwnSessions, revokeOwnSession } from "./session-mutations";

export async function revokeSessionAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    await revokeOwnSession(getDb(), await requireActor(), input);
    revalidatePath("/bo/account");
    return undefined;
  }, "That session is signed out.");
}

export async function revokeOtherSessionsAction(): Promise<ActionResult<{ count: number }>> {
  return runAction(async () => {
    const result = await revokeOtherOwnSessions(getDb(), await requireActor());
    revalidatePath("/bo/account");
    return result;
  }, "Every other session is signed out.");
}
