import "server-only";
// What the browser gets of the catalogs (decision 067): the page language's messages but the
// namespaces only documents and mails use, which the server renders; and, for a language other
// than English, English's `texts` to recognise the sentences of the shared schemas by.
import { type Catalog, catalogOf, REFERENCE_LANGUAGE } from "./catalogs";

const SERVER_ONLY_NAMESPACES = new Set(["document", "email", "vatMention", "audit"]);

const cache = new Map<string, Catalog>();

export function clientMessages(language: string): Catalog {
  const known = cache.get(language);
  if (known) return known;
  const messages: Catalog = Object.fromEntries(
    Object.entries(catalogOf(language)).filter(([namespace]) => !SERVER_ONLY_NAMESPACES.has(namespace)),
  );
  const englishTexts = catalogOf(REFERENCE_LANGUAGE).texts;
  if (language !== REFERENCE_LANGUAGE && englishTexts) messages.englishTexts = englishTexts;
  cache.set(language, messages);
  return messages;
}
