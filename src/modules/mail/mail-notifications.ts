// Mails other domains write inside their own transactions: each renders a template with the
// firm's settings and calls enqueueEmail with the caller's transaction.
import { eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { user } from "@/db/schema";
import { isAvailableLanguage, REFERENCE_LANGUAGE } from "@/i18n/catalogs";
import { getConfig } from "@/lib/env";
import { getSettings } from "@/modules/settings/settings-queries";
import { type Firm, welcomeMail } from "./mail-templates";
import { enqueueEmail } from "./outbox";

/**
 * The firm as a mail's sender, writing in its recipient's language (decision 067): the person's
 * own (`recipientId`, a user's id) when they chose one, else the firm's.
 */
export async function firmOf(tx: Executor, recipientId?: string | null): Promise<Firm> {
  const settings = await getSettings(tx);
  const [recipient] = recipientId
    ? await tx.select({ language: user.language }).from(user).where(eq(user.id, recipientId))
    : [];
  const chosen = recipient?.language ?? settings.documentLanguage;
  const language = isAvailableLanguage(chosen) ? chosen : REFERENCE_LANGUAGE;
  return { name: settings.firmName, brandColor: settings.brandColor, email: settings.email, language };
}

/** The new user's welcome, with a link to sign in (APP_URL). */
export async function enqueueWelcomeEmail(
  tx: Executor,
  created: { id: string; name: string; email: string },
): Promise<string> {
  const rendered = welcomeMail(await firmOf(tx, created.id), {
    name: created.name,
    email: created.email,
    signInUrl: `${getConfig().appUrl}/bo/login`,
  });
  return enqueueEmail(tx, { to: [created.email], ...rendered, about: { type: "user", id: created.id } });
}
