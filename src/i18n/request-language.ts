import "server-only";
// The language of the page being rendered, for <html lang> and next-intl (decision 061): the public
// site follows the browser's Accept-Language, the back office the firm's language (until people
// choose their own). The proxy passes the path in x-bureau-path.
import { headers } from "next/headers";
import { getLogger } from "@/lib/logger";
import { getPageSettings } from "@/modules/settings/page-settings";
import { availableLanguages, isAvailableLanguage, REFERENCE_LANGUAGE } from "./catalogs";
import { negotiateLanguage } from "./negotiate";

export async function requestLanguage(): Promise<string> {
  const requestHeaders = await headers();
  const path = requestHeaders.get("x-bureau-path") ?? "/";
  const isBackOffice = path === "/bo" || path.startsWith("/bo/") || path.startsWith("/bo?");
  if (!isBackOffice) {
    const asked = negotiateLanguage(requestHeaders.get("accept-language"), availableLanguages());
    if (asked) return asked;
  }
  try {
    const { documentLanguage } = await getPageSettings();
    return isAvailableLanguage(documentLanguage) ? documentLanguage : REFERENCE_LANGUAGE;
  } catch (error) {
    // The page itself reports a database that does not answer; its language is no reason to fail.
    getLogger().warn({ err: error }, "request language: settings unreadable, English used");
    return REFERENCE_LANGUAGE;
  }
}
