"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, runAction } from "@/lib/action";
import { InvalidError } from "@/lib/errors";
import { requireActor } from "@/lib/session";
import { LOGO_MAX_BYTES, updateLogo, updateSettings } from "./settings-mutations";

export async function updateSettingsAction(input: unknown): Promise<ActionResult<{ version: number }>> {
  return runAction(async () => {
    const actor = await requireActor(["admin"]);
    const updated = await updateSettings(getDb(), actor, input);
    revalidatePath("/", "layout");
    return { version: updated.version };
  }, "Settings saved.");
}

/** FormData with a `logo` file, or `remove=1` to take the logo away. */
export async function updateLogoAction(formData: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await requireActor(["admin"]);
    if (formData.get("remove") === "1") {
      await updateLogo(getDb(), actor, null);
    } else {
      const file = formData.get("logo");
      if (!(file instanceof File) || file.size === 0) throw new InvalidError("Please correct the highlighted fields.", { logo: "Choose a PNG or JPEG file." });
      if (file.size > LOGO_MAX_BYTES) throw new InvalidError("Please correct the highlighted fields.", { logo: "The logo must be at most 512 KB." });
      await updateLogo(getDb(), actor, { bytes: new Uint8Array(await file.arrayBuffer()) });
    }
    revalidatePath("/", "layout");
    return undefined;
  }, "Logo saved.");
}
