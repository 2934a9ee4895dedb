// next-intl's request configuration (without i18n routing: no locale in the URL, decisions 061, 067).
import { getRequestConfig } from "next-intl/server";
import { getFirmSettings } from "@/modules/settings/page-settings";
import { catalogOf, REFERENCE_LANGUAGE } from "./catalogs";
import { requestLanguage } from "./request-language";

/** The firm's time zone, for next-intl's own date formatting; UTC when the settings cannot be read. */
async function firmTimeZone(): Promise<string> {
  try {
    return (await getFirmSettings()).timezone;
  } catch {
    return "UTC";
  }
}

export default getRequestConfig(async () => {
  const [locale, timeZone] = await Promise.all([requestLanguage(), firmTimeZone()]);
  const catalog = catalogOf(locale);
  // English's texts beside another language's, so server components translate the sentences of
  // pure code as the browser does (useTextTranslator, decision 067).
  const messages =
    locale === REFERENCE_LANGUAGE ? catalog : { ...catalog, englishTexts: catalogOf(REFERENCE_LANGUAGE).texts };
  return { locale, timeZone, messages };
});
