import "server-only";
import { cache } from "react";
import { getDb } from "@/db/client";
import { interfaceLocaleOf } from "@/i18n/document-language";
import { requestLanguage } from "@/i18n/request-language";
import { getSettings, type Settings } from "./settings-queries";

/**
 * The firm's settings as saved, read once per page render (the shell, the page, its metadata and
 * the request's language all need them). Actions and route handlers read getSettings themselves,
 * so a save never renders with settings read before it.
 */
export const getFirmSettings: () => Promise<Settings> = cache(() => getSettings(getDb()));

/**
 * The settings for pages, layouts and metadata: the firm's, but `locale` is the locale of this
 * page's language (decision 067): the firm's for the firm's language; for another, the firm's when
 * it is of that language (a Belgian firm's fr-BE), else the language's own (en-GB for an English
 * page of a German firm), so a page's dates, numbers and money are written as its words are.
 * `firmLocale` is the saved one.
 */
export const getPageSettings: () => Promise<Settings & { firmLocale: string }> = cache(async () => {
  const [settings, language] = await Promise.all([getFirmSettings(), requestLanguage()]);
  return { ...settings, firmLocale: settings.locale, locale: interfaceLocaleOf(language, settings) };
});
