import "server-only";
// The language of the page being rendered, for <html lang> and next-intl (decision 061). <html lang>
// names the language of the page's own text, the interface: the public site follows the browser's
// Accept-Language, the back office the firm's language (until people choose their own), each among
// the languages the interface is written in. The interface is in English only until its catalogs
// exist (issue 22's next slice), so today every page is marked English; a document shown in a page
// carries its own `lang` (invoice-document-view.tsx). The proxy passes the path in x-bureau-path.
import { headers } from "next/headers";
import { getLogger } from "@/lib/logger";
import { getPageSettings } from "@/modules/settings/page-settings";
import { REFERENCE_LANGUAGE } from "./catalogs";
import { negotiateLanguage } from "./negotiate";

/**
 * The languages the interface (pages, forms, messages) is written in. Document catalogs
 * (messages/*.json) cover invoices and mails; marking an English page as French because a
 * document catalog exists would mislead screen readers.
 */
export const INTERFACE_LANGUAGES: readonly string[] = [REFERENCE_LANGUAGE];

export async function requestLanguage(): Promise<string> {
  const requestHeaders = await headers();
  const path = requestHeaders.get("x-bureau-path") ?? "/";
  const isBackOffice = path === "/bo" || path.startsWith("/bo/") || path.startsWith("/bo?");
  if (!isBackOffice) {
    const asked = negotiateLanguage(requestHeaders.get("accept-language"), [...INTERFACE_LANGUAGES]);
    if (asked) return asked;
  }
  try {
    const { documentLanguage } = await getPageSettings();
    return INTERFACE_LANGUAGES.includes(documentLanguage) ? documentLanguage : REFERENCE_LANGUAGE;
  } catch (error) {
    // The page itself reports a database that does not answer; its language is no reason to fail.
    getLogger().warn({ err: error }, "request language: settings unreadable, English used");
    return REFERENCE_LANGUAGE;
  }
}
