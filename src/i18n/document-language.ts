// A document's language and how it formats: the translator of its catalog and the locale its dates,
// numbers and money are written in. Server code only (the catalogs are read from disk).
import { createTranslator } from "use-intl/core";
import type english from "../../messages/en.json";
import { catalogOf, isAvailableLanguage, languageInfo, REFERENCE_LANGUAGE } from "./catalogs";

/**
 * The locale a document in `language` is formatted in: the firm's locale when it is of that language
 * (a Belgian firm's "fr-BE"), else the language's own default (messages/xx.json, language.locale).
 */
export function documentLocaleOf(language: string, firmLocale: string): string {
  const firmLanguage = firmLocale.split("-")[0]!.toLowerCase();
  return firmLanguage === language ? firmLocale : languageInfo(language).locale;
}

/**
 * The locale the interface in `language` is formatted in (decision 067): the firm's locale for
 * the firm's own language (exactly as before languages: a firm's settings decide its formats),
 * else as a document in that language would be.
 */
export function interfaceLocaleOf(language: string, firm: { documentLanguage: string; locale: string }): string {
  return language === firm.documentLanguage ? firm.locale : documentLocaleOf(language, firm.locale);
}

/**
 * A translator for one document: `t("document.title", { kind })`. A message missing from a catalog
 * is an error (the catalogs test keeps them complete), never a silent key on a customer's invoice.
 */
/** The shape of every catalog: English's (the other catalogs are tested to have exactly its keys). */
export type Messages = typeof english;

export function documentTranslator(language: string) {
  return createTranslator({
    locale: language,
    messages: catalogOf(language) as Messages,
    onError: (error) => {
      throw error;
    },
  });
}
export type DocumentTranslator = ReturnType<typeof documentTranslator>;

export type DocumentLanguage = {
  language: string;
  locale: string;
  t: DocumentTranslator;
};

/**
 * The language a document is written in: its own (frozen at issue), else, for a document saved before
 * languages existed, English with the firm's locale, as it was printed then.
 */
export function documentLanguageOf(saved: string | null, firmLocale: string): DocumentLanguage {
  if (!saved) return { language: REFERENCE_LANGUAGE, locale: firmLocale, t: documentTranslator(REFERENCE_LANGUAGE) };
  return { language: saved, locale: documentLocaleOf(saved, firmLocale), t: documentTranslator(saved) };
}

/**
 * The language a client's documents are written in: its own, else the firm's; a language whose
 * catalog is gone falls back to English rather than failing to print.
 */
export function clientDocumentLanguage(
  clientRow: { documentLanguage: string | null } | null | undefined,
  firmLanguage: string,
): string {
  const chosen = clientRow?.documentLanguage ?? firmLanguage;
  return isAvailableLanguage(chosen) ? chosen : REFERENCE_LANGUAGE;
}
