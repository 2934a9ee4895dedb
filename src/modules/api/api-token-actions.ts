"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import { createApiToken, revokeApiToken } from "./api-tokens";

// Thin server actions: the session decides who acts; the mutations check again and write.

/** The token itself is returned once, here, and never again. */
export async function createApiTokenAction(input: unknown): Promise<ActionResult<{ token: string }>> {
  return runAction(async () => {
    const actor = await requireActor("token.edit");
    const { token } = await createApiToken(getDb(), actor, input);
    revalidatePath("/bo/account");
    return { token };
  }, "Token created.");
}

export async function revokeApiTokenAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("token.edit");
    await revokeApiToken(getDb(), actor, input);
    revalidatePath("/bo/account");
    return undefined;
  }, "Token revoked.");
}
