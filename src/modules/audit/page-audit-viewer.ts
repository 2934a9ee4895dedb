import "server-only";
// Who reads the audit log on this page: the interface's language (English until people choose their
// own, decision 066) and the firm's formats and currency.
import { requestLanguage } from "@/i18n/request-language";
import { getPageSettings } from "@/modules/settings/page-settings";
import type { AuditViewer } from "./audit-references";

export async function pageAuditViewer(): Promise<AuditViewer> {
  const [settings, language] = await Promise.all([getPageSettings(), requestLanguage()]);
  return { language, locale: settings.locale, timezone: settings.timezone, currency: settings.currency };
}
