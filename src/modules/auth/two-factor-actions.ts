"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { clientIpFrom, loginUrl } from "@/lib/request";
import { getCurrentUser, requireActor } from "@/lib/session";
import {
  beginTotpSetup,
  confirmTotpSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  setTwoFactorPolicy,
  turnOffUserTwoFactor,
  verifySecondFactor,
} from "./two-factor-mutations";

// Setting up and turning off one's own second factor are steps of the account's security: a
// person held on My account (a password to choose, or two-factor to set up) may take them.

export async function verifySecondFactorAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const current = await getCurrentUser();
    if (!current) redirect(loginUrl("/bo"));
    if (!current.secondFactorPending) return undefined;
    await verifySecondFactor(
      getDb(),
      { userId: current.id, sessionId: current.sessionId },
      input,
      clientIpFrom(await headers()),
    );
    return undefined;
  }, "Signed in.");
}

export async function beginTwoFactorSetupAction(): Promise<ActionResult> {
  return runAction(async () => {
    await beginTotpSetup(getDb(), await requireActor(undefined, "choose-password"));
    revalidatePath("/bo/account");
    return undefined;
  }, "Scan the code with your authenticator app, then enter the code it shows.");
}

export async function confirmTwoFactorSetupAction(input: unknown): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  return runAction(async () => {
    const result = await confirmTotpSetup(getDb(), await requireActor(undefined, "choose-password"), input);
    revalidatePath("/bo/account");
    return result;
  }, "Two-factor sign-in is on. Keep your recovery codes somewhere safe.");
}

export async function disableTwoFactorAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor(undefined, "choose-password");
    await disableTwoFactor(getDb(), actor, input, clientIpFrom(await headers()));
    revalidatePath("/bo/account");
    return undefined;
  }, "Two-factor sign-in is off.");
}

export async function regenerateRecoveryCodesAction(
  input: unknown,
): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  return runAction(async () => {
    const actor = await requireActor(undefined, "choose-password");
    const result = await regenerateRecoveryCodes(getDb(), actor, input, clientIpFrom(await headers()));
    revalidatePath("/bo/account");
    return result;
  }, "New recovery codes: the earlier ones no longer work.");
}

export async function setTwoFactorPolicyAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    await setTwoFactorPolicy(getDb(), await requireActor("settings.edit"), input);
    revalidatePath("/bo/users");
    return undefined;
  }, "Saved.");
}

/** An administrator turns off someone else's two-factor sign-in (from their page in Users). */
export async function turnOffUserTwoFactorAction(
  input: unknown,
): Promise<ActionResult<{ name: string; requiredAgain: boolean }>> {
  return runAction(
    async () => {
      const result = await turnOffUserTwoFactor(getDb(), await requireActor("user.reset_two_factor"), input);
      revalidatePath("/bo/users", "layout");
      return result;
    },
    ({ name, requiredAgain }) =>
      `Two-factor sign-in is off for ${name}, who is signed out everywhere and has been mailed.${
        requiredAgain ? " The firm requires it for their role: they set it up again at their next sign-in." : ""
      }`,
  );
}
