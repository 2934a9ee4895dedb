// The settings form as a person would send it back unchanged: a settings row as the form's fields.
import type { getSettings } from "../../src/modules/settings/settings-queries";

export function formFrom(row: Awaited<ReturnType<typeof getSettings>>, overrides: Record<string, unknown> = {}) {
  return {
    version: row.version,
    firmName: row.firmName,
    country: row.country,
    brandColor: row.brandColor,
    currency: row.currency,
    locale: row.locale,
    timezone: row.timezone,
    taxRates: row.taxRates.map((rate) => ({
      label: rate.label,
      percent: String(rate.basisPoints / 100),
      isDefault: rate.isDefault,
      category: rate.category,
      mention: rate.mention ?? "",
      vatexCode: rate.vatexCode ?? "",
    })),
    paymentTermsDays: String(row.paymentTermsDays),
    invoiceNumberPattern: row.invoiceNumberPattern,
    creditNoteNumberPattern: row.creditNoteNumberPattern,
    invoiceEmailSubject: row.invoiceEmailSubject,
    invoiceEmailMessage: row.invoiceEmailMessage,
    remindersEnabled: row.reminders.enabled,
    reminderDays: row.reminders.daysAfterDue.join(", "),
    applicationRetentionMonths: String(row.applicationRetentionMonths),
    messageRetentionMonths: String(row.messageRetentionMonths),
    ...overrides,
  };
}
