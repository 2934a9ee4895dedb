"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import {
  changeOwnPassword,
  createUser,
  resetUserPassword,
  setOwnLanguage,
  setUserActive,
  updateUser,
} from "./user-mutations";

// Thin server actions: the session decides who acts; the mutation checks the permission again,
// validates with the shared schema and writes in one transaction.

export async function createUserAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const actor = await requireActor("user.create");
    const created = await createUser(getDb(), actor, input);
    revalidatePath("/bo/users");
    return { id: created.id };
  }, "User created. They will choose their own password at first sign-in.");
}

export async function updateUserAction(input: unknown): Promise<ActionResult<{ version: number }>> {
  return runAction(async () => {
    const actor = await requireActor("user.update");
    const updated = await updateUser(getDb(), actor, input);
    revalidatePath("/bo/users");
    return { version: updated.version };
  }, "User saved.");
}

export async function setUserActiveAction(input: unknown): Promise<ActionResult<{ active: boolean }>> {
  return runAction(async () => {
    const actor = await requireActor("user.deactivate");
    const updated = await setUserActive(getDb(), actor, input);
    revalidatePath("/bo/users");
    return { active: updated.active };
  });
}

export async function resetUserPasswordAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("user.reset_password");
    await resetUserPassword(getDb(), actor, input);
    return undefined;
  }, "Password reset. The user's sessions have ended; they will choose a new password at next sign-in.");
}

export async function changeOwnPasswordAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    // The one action a person who must choose a password may take.
    const actor = await requireActor(undefined, "choose-password");
    await changeOwnPassword(getDb(), actor, input);
    revalidatePath("/bo", "layout");
    return undefined;
  }, "Your password has been changed.");
}

export async function setOwnLanguageAction(input: unknown): Promise<ActionResult<{ language: string | null }>> {
  return runAction(async () => {
    // Anyone signed in, also a person who must first choose a password: it is their own page's language.
    const actor = await requireActor(undefined, "choose-password");
    const language = await setOwnLanguage(getDb(), actor, input);
    revalidatePath("/bo", "layout");
    return { language };
  }, "Language saved.");
}
