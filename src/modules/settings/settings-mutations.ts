import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { settings } from "@/db/schema";
import { parseInput } from "@/lib/parse-input";
import { ConflictError, invalidFrom } from "@/lib/errors";
import { refuse } from "@/lib/rule-result";
import { type Actor, changedNothing, diffSummary, recordAudit } from "@/modules/audit/audit-log";
import { getSettings } from "./settings-queries";
import { isAvailableLanguage } from "@/i18n/catalogs";
import { requirePermission } from "@/modules/users/permissions";
import { LOGO_MAX_BYTES, settingsFormInput } from "./settings-schemas";

export { LOGO_MAX_BYTES };

const INVALID = "Please correct the highlighted fields.";
const logoTooLarge = () =>
  invalidFrom(refuse("settings.logo_too_large", "The logo must be at most 512 KB.", "logo"), INVALID);

export async function updateSettings(db: Database, actor: Actor, input: unknown) {
  requirePermission(actor, "settings.edit", "Only administrators can change the settings.");
  // Every check is in the schema, so one refusal names every field in error.
  const values = parseInput(settingsFormInput, input);
  // The languages are the catalogs in messages/ (decision 061): a code without one is refused.
  if (values.documentLanguage !== undefined && !isAvailableLanguage(values.documentLanguage))
    throw invalidFrom(
      refuse("settings.document_language_unknown", "Choose a language from the list.", "documentLanguage"),
      INVALID,
    );
  if (values.invoiceEmailTemplates?.some((template) => !isAvailableLanguage(template.language)))
    throw invalidFrom(
      refuse("settings.document_language_unknown", "Choose a language from the list.", "invoiceEmailTemplates"),
      INVALID,
    );
  const current = await getSettings(db);
  const changes = {
    firmName: values.firmName,
    legalForm: values.legalForm,
    registrationNumber: values.registrationNumber,
    shareCapital: values.shareCapital,
    rcsCity: values.rcsCity,
    vatNumber: values.vatNumber,
    peppolId: values.peppolId,
    addressLine1: values.addressLine1,
    addressLine2: values.addressLine2,
    postalCode: values.postalCode,
    city: values.city,
    countrySubdivision: values.countrySubdivision,
    country: values.country,
    email: values.email,
    phone: values.phone,
    iban: values.iban?.replace(/\s+/g, "").toUpperCase() ?? null,
    bic: values.bic?.toUpperCase() ?? null,
    brandColor: values.brandColor.toLowerCase(),
    currency: values.currency,
    locale: values.locale,
    timezone: values.timezone,
    defaultHourlyRate: values.defaultHourlyRate,
    weeklyCapacityMinutes: values.weeklyHours,
    taxRates: values.taxRates.map((rate) => ({
      label: rate.label,
      basisPoints: rate.percent,
      isDefault: rate.isDefault,
      category: rate.category,
      mention: rate.mention,
      vatexCode: rate.vatexCode,
    })),
    paymentTermsDays: values.paymentTermsDays,
    invoiceNumberPattern: values.invoiceNumberPattern,
    creditNoteNumberPattern: values.creditNoteNumberPattern,
    quoteNumberPattern: values.quoteNumberPattern ?? current.quoteNumberPattern,
    invoiceFooter: values.invoiceFooter,
    invoiceEmailSubject: values.invoiceEmailSubject,
    invoiceEmailMessage: values.invoiceEmailMessage,
    documentLanguage: values.documentLanguage ?? current.documentLanguage,
    invoiceEmailTemplates: values.invoiceEmailTemplates
      ? Object.fromEntries(
          values.invoiceEmailTemplates.map(({ language, subject, message }) => [language, { subject, message }]),
        )
      : current.invoiceEmailTemplates,
    reminders: { enabled: values.remindersEnabled, daysAfterDue: values.reminderDays },
    notificationEmail: values.notificationEmail,
    applicationRetentionMonths: values.applicationRetentionMonths,
    messageRetentionMonths: values.messageRetentionMonths,
  };
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(settings)
      .set({ ...changes, setupCompleted: true, version: values.version + 1 })
      .where(and(eq(settings.id, current.id), eq(settings.version, values.version)))
      .returning();
    if (!updated)
      throw new ConflictError(
        "The settings were changed by someone else. Reload the page and try again.",
        "settings.stale",
      );
    // A save that changed nothing records nothing; the first save also says the setup is done.
    const diff = diffSummary(current as Record<string, unknown>, { ...changes, setupCompleted: true }, ["logo"]);
    if (!changedNothing(diff))
      await recordAudit(tx, actor, { entity: "settings", entityId: current.id, action: "update", summary: diff });
    return updated;
  });
}

/** PNG or JPEG by their first bytes (never by name or declared type); SVG is refused as it can carry script. */
export function sniffLogoType(bytes: Uint8Array): "image/png" | "image/jpeg" | null {
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte)
  )
    return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return null;
}

/** The logo form: a PNG or JPEG `logo` file, or `remove=1` to take the logo away. */
export async function updateLogoFromForm(db: Database, actor: Actor, formData: unknown) {
  if (formData instanceof FormData && formData.get("remove") === "1") return updateLogo(db, actor, null);
  const file = formData instanceof FormData ? formData.get("logo") : null;
  if (!(file instanceof File) || file.size === 0)
    throw invalidFrom(refuse("settings.logo_missing", "Choose a PNG or JPEG file.", "logo"), INVALID);
  if (file.size > LOGO_MAX_BYTES) throw logoTooLarge();
  return updateLogo(db, actor, { bytes: new Uint8Array(await file.arrayBuffer()) });
}

export async function updateLogo(db: Database, actor: Actor, file: { bytes: Uint8Array } | null) {
  requirePermission(actor, "settings.edit", "Only administrators can change the settings.");
  let logo: Buffer | null = null;
  let logoMimeType: string | null = null;
  if (file) {
    if (file.bytes.length > LOGO_MAX_BYTES) throw logoTooLarge();
    logoMimeType = sniffLogoType(file.bytes);
    if (!logoMimeType)
      throw invalidFrom(refuse("settings.logo_not_image", "The logo must be a PNG or JPEG image.", "logo"), INVALID);
    logo = Buffer.from(file.bytes);
  }
  const current = await getSettings(db);
  await db.transaction(async (tx) => {
    await tx
      .update(settings)
      .set({ logo, logoMimeType, version: current.version + 1 })
      .where(eq(settings.id, current.id));
    await recordAudit(tx, actor, {
      entity: "settings",
      entityId: current.id,
      action: logo ? "update_logo" : "remove_logo",
      summary: logo ? { bytes: logo.length, type: logoMimeType } : {},
    });
  });
}
