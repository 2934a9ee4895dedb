// Mails other domains write inside their own transactions: each renders a template with the
// firm's settings and calls enqueueEmail with the caller's transaction.
import type { Executor } from "@/db/client";
import { getConfig } from "@/lib/env";
import { getSettings } from "@/modules/settings/settings-queries";
import { type Firm, welcomeMail } from "./mail-templates";
import { enqueueEmail } from "./outbox";

export async function firmOf(tx: Executor): Promise<Firm> {
  const settings = await getSettings(tx);
  return { name: settings.firmName, brandColor: settings.brandColor, email: settings.email };
}

/** The new user's welcome, with a link to sign in (APP_URL). */
export async function enqueueWelcomeEmail(
  tx: Executor,
  created: { id: string; name: string; email: string },
): Promise<string> {
  const rendered = welcomeMail(await firmOf(tx), {
    name: created.name,
    email: created.email,
    signInUrl: `${getConfig().appUrl}/bo/login`,
  });
  return enqueueEmail(tx, { to: [created.email], ...rendered, about: { type: "user", id: created.id } });
}
