// The settings sections saved by their own button (settings-section-schemas.ts). They change
// columns the main form never writes, so they leave the row's version alone: the main form, open
// in the same page, still saves after one of them.
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { settings } from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import { type Actor, changedNothing, diffSummary, recordAudit } from "@/modules/audit/audit-log";
import { fecAccountsInput } from "@/modules/reports/fec-rules";
import { shareLinkSettingsInput } from "@/modules/share-links/share-link-schemas";
import { requirePermission } from "@/modules/users/permissions";
import { getSettings } from "./settings-queries";
import { mailIdentityInput, publicPagesInput } from "./settings-section-schemas";

export async function updateSection(
  db: Database,
  actor: Actor,
  action: string,
  changes: Partial<typeof settings.$inferInsert>,
  /** Long texts: the audit names them when they change, without copying them. */
  texts: (keyof typeof settings.$inferInsert)[] = [],
) {
  requirePermission(actor, "settings.edit", "Only administrators can change the settings.");
  const current = await getSettings(db);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(settings)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(settings.id, current.id))
      .returning();
    const diff = diffSummary(current as Record<string, unknown>, changes, ["logo", ...texts]);
    const changedTexts = texts.filter((key) => key in changes && current[key] !== changes[key]);
    // A save that changed nothing records nothing.
    if (!changedNothing(diff) || changedTexts.length > 0)
      await recordAudit(tx, actor, {
        entity: "settings",
        entityId: current.id,
        action,
        summary: { ...diff, texts: changedTexts },
      });
    return updated!;
  });
}

/** Settings → Mail sender: the From name and address, and where replies go. */
export async function updateMailIdentity(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "settings.edit", "Only administrators can change the settings.");
  const values = parseInput(mailIdentityInput, input);
  return updateSection(db, actor, "update_mail_identity", values);
}

/** Settings → Public pages: the home text, legal notice and privacy notice (Markdown), and the LCEN mentions. */
export async function updatePublicPages(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "settings.edit", "Only administrators can change the settings.");
  const values = parseInput(publicPagesInput, input);
  return updateSection(db, actor, "update_public_pages", values, ["homeText", "legalNotice", "privacyNotice"]);
}

/** Settings → Accounting export: the FEC's accounts and journal codes (validated against the chart of accounts). */
export async function updateFecAccounts(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "settings.edit", "Only administrators can change the settings.");
  const fecAccounts = parseInput(fecAccountsInput, input);
  return updateSection(db, actor, "update_fec_accounts", { fecAccounts });
}

/** Settings → Client links: whether invoice mails carry a share link, and how long a mailed link works (decision 059). */
export async function updateShareLinkSettings(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "settings.edit", "Only administrators can change the settings.");
  const values = parseInput(shareLinkSettingsInput, input);
  return updateSection(db, actor, "update_share_links", values);
}
