"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import { updateLogoFromForm, updateSettings } from "./settings-mutations";
import {
  updateFecAccounts,
  updateMailIdentity,
  updatePublicPages,
  updateShareLinkSettings,
} from "./settings-section-mutations";

export async function updateSettingsAction(input: unknown): Promise<ActionResult<{ version: number }>> {
  return runAction(async () => {
    const actor = await requireActor("settings.edit");
    const updated = await updateSettings(getDb(), actor, input);
    revalidatePath("/", "layout");
    return { version: updated.version };
  }, "Settings saved.");
}

/** FormData with a `logo` file, or `remove=1` to take the logo away. */
export async function updateLogoAction(formData: FormData): Promise<ActionResult> {
  return runAction(async () => {
    await updateLogoFromForm(getDb(), await requireActor("settings.edit"), formData);
    revalidatePath("/", "layout");
    return undefined;
  }, "Logo saved.");
}

/** Settings → Mail sender, saved by its own button. */
export async function updateMailIdentityAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    await updateMailIdentity(getDb(), await requireActor("settings.edit"), input);
    revalidatePath("/", "layout");
    return undefined;
  }, "Mail sender saved.");
}

/** Settings → Public pages, saved by its own button. */
export async function updatePublicPagesAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    await updatePublicPages(getDb(), await requireActor("settings.edit"), input);
    revalidatePath("/", "layout");
    return undefined;
  }, "Public pages saved.");
}

/** Settings → Accounting export (the FEC's accounts), saved by its own button. */
export async function updateFecAccountsAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    await updateFecAccounts(getDb(), await requireActor("settings.edit"), input);
    revalidatePath("/bo/settings");
    return undefined;
  }, "Accounting export saved.");
}

/** Settings → Client links, saved by its own button. */
export async function updateShareLinkSettingsAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    await updateShareLinkSettings(getDb(), await requireActor("settings.edit"), input);
    revalidatePath("/bo/settings");
    return undefined;
  }, "Client links saved.");
}
