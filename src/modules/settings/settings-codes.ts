// Why the settings are refused: one stable code per reason (src/lib/rule-result.ts). A refused
// number pattern carries the invoice.number_pattern_* code of invoices/invoice-codes.ts.
export const SETTINGS_CODES = [
  "settings.stale",
  "settings.timezone_unknown",
  "settings.currency_unknown",
  "settings.vat_number_shape",
  "settings.registration_number_invalid",
  "settings.share_capital_invalid",
  "settings.credit_note_series_same",
  "settings.logo_missing",
  "settings.logo_too_large",
  "settings.document_language_unknown",
  "settings.logo_not_image",
] as const;

export type SettingsCode = (typeof SETTINGS_CODES)[number];
