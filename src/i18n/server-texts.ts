import "server-only";
// The sentences of rules, schemas and mutations (written in English, decision 067) in a language,
// on the server: what actions answer, in the language of the person who acted.
import { type Catalog, catalogOf, languageInfo, REFERENCE_LANGUAGE } from "./catalogs";
import { requestLanguage } from "./request-language";
import { compileTextPatterns, type TextPatterns, translateText } from "./translate-text";

export type TextTranslator = (text: string) => string;

const identity: TextTranslator = (text) => text;
const translators = new Map<string, TextTranslator>();
let english: TextPatterns | null = null;

/** The translator of English sentences into `language`; the identity for English. */
export function textsIn(language: string): TextTranslator {
  if (language === REFERENCE_LANGUAGE) return identity;
  const known = translators.get(language);
  if (known) return known;
  english ??= compileTextPatterns(catalogOf(REFERENCE_LANGUAGE).texts as Catalog | undefined);
  const patterns = english;
  const texts = catalogOf(language).texts as Catalog | undefined;
  const { locale } = languageInfo(language);
  const translator: TextTranslator = (text) => translateText(text, patterns, texts, locale);
  translators.set(language, translator);
  return translator;
}

/** The translator for this request's language; the identity outside a request (scripts, tests). */
export async function requestTexts(): Promise<TextTranslator> {
  try {
    return textsIn(await requestLanguage());
  } catch {
    return identity;
  }
}
