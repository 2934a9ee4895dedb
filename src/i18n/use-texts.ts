// The client side of decision 067: English sentences from the shared schemas (a form's own checks)
// and from actions, in the language of the page. The layout sends this language's catalog and,
// when it is not English, English's `texts` to match sentences against (`englishTexts`).
import { useLocale, useMessages } from "next-intl";
import { compileTextPatterns, type TextPatterns, translateText } from "./translate-text";

type Tree = { [key: string]: string | Tree };

const compiledOf = new WeakMap<object, TextPatterns>();

function patternsOf(english: Tree): TextPatterns {
  let compiled = compiledOf.get(english);
  if (!compiled) {
    compiled = compileTextPatterns(english);
    compiledOf.set(english, compiled);
  }
  return compiled;
}

const identity = (text: string) => text;

/** Translates an English sentence of the code into the page's language; the identity in English. */
export function useTextTranslator(): (text: string) => string {
  const messages = useMessages() as unknown as { englishTexts?: Tree; texts?: Tree };
  const locale = useLocale();
  const english = messages.englishTexts;
  if (!english) return identity;
  const patterns = patternsOf(english);
  return (text: string) => translateText(text, patterns, messages.texts, locale);
}
