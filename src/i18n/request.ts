// next-intl's request configuration (without i18n routing: no locale in the URL, decision 061).
import { getRequestConfig } from "next-intl/server";
import { catalogOf } from "./catalogs";
import { requestLanguage } from "./request-language";

export default getRequestConfig(async () => {
  const locale = await requestLanguage();
  return { locale, messages: catalogOf(locale) };
});
