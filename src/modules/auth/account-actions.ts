"use server";

import { revalidatePath } from "next/cache";
import { after } from "next/server";
import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { getLogger } from "@/lib/logger";
import { clientIpFrom } from "@/lib/request";
import { requireActor } from "@/lib/session";
import {
  acceptInvitation,
  admitPasswordResetRequest,
  confirmEmailChange,
  requestEmailChange,
  inviteUser,
  issuePasswordReset,
  resendInvitation,
  resetPasswordWithToken,
  revokeInvitation,
} from "./account-mutations";

// Invitations (administrators) and the public steps of invitations and password resets. The
// public ones need no session: the mailed link is what they check.

const RESET_REQUESTED_MESSAGE =
  "If an account uses this address, a link to choose a new password is on its way. It works once, for 1 hour.";

export async function inviteUserAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const actor = await requireActor("user.create");
    const created = await inviteUser(getDb(), actor, input);
    revalidatePath("/bo/users");
    return { id: created.id };
  }, "Invitation sent. The link works once, for 7 days.");
}

export async function resendInvitationAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("user.create");
    await resendInvitation(getDb(), actor, input);
    revalidatePath("/bo/users");
    return undefined;
  }, "A new invitation is on its way; the earlier link no longer works.");
}

export async function revokeInvitationAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor("user.create");
    await revokeInvitation(getDb(), actor, input);
    revalidatePath("/bo/users");
    return undefined;
  }, "Invitation revoked.");
}

export async function acceptInvitationAction(input: unknown): Promise<ActionResult<{ email: string }>> {
  return runAction(() => acceptInvitation(getDb(), input), "Your password is set. Sign in to continue.");
}

/**
 * The same answer whether or not an account uses the address: the limits are checked before the
 * reply, the lookup, the link and the mail after it (next/server `after`), so neither the words
 * nor the time the reply takes tell them apart.
 */
export async function requestPasswordResetAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const db = getDb();
    const email = await admitPasswordResetRequest(db, input, clientIpFrom(await headers()));
    after(() =>
      issuePasswordReset(db, email).catch((error: unknown) =>
        getLogger().error({ err: error }, "password reset mail could not be written"),
      ),
    );
    return undefined;
  }, RESET_REQUESTED_MESSAGE);
}

export async function resetPasswordAction(input: unknown): Promise<ActionResult<{ email: string }>> {
  return runAction(
    () => resetPasswordWithToken(getDb(), input),
    "Your password is changed and every session was signed out. Sign in with the new one.",
  );
}

/** Allowed to a person held on My account too: the first administrator sets their real address there. */
export async function requestEmailChangeAction(input: unknown): Promise<ActionResult<{ newEmail: string }>> {
  return runAction(async () => {
    const actor = await requireActor(undefined, "choose-password");
    return requestEmailChange(getDb(), actor, input);
  }, "A link to confirm the new address is on its way to it. Until it is opened, you sign in as before.");
}

export async function confirmEmailChangeAction(input: unknown): Promise<ActionResult<{ email: string }>> {
  return runAction(async () => {
    const result = await confirmEmailChange(getDb(), input);
    revalidatePath("/bo/account");
    return result;
  }, "Your sign-in address is changed.");
}
