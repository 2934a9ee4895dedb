import "server-only";
// What the browser gets of the catalogs (decision 067): only the namespaces a hook may read there
// (client-namespaces.json, kept by scripts/i18n/client-namespaces.mjs from the `useTranslations`
// calls of src/), not the whole catalog with every page; and, for a language other than English,
// English's `texts`, to recognise the sentences of the shared schemas by.
import { type Catalog, catalogOf, REFERENCE_LANGUAGE } from "./catalogs";
import CLIENT_NAMESPACES from "./client-namespaces.json";

const cache = new Map<string, Catalog>();

/** The subtree at a dotted path, copied into `into` at the same path. */
function copyPath(from: Catalog, into: Catalog, dotted: string): void {
  const parts = dotted.split(".");
  let source: string | Catalog | undefined = from;
  let target = into;
  parts.forEach((part, index) => {
    source = typeof source === "object" ? source[part] : undefined;
    if (source === undefined) return;
    if (index === parts.length - 1) target[part] = source;
    else target = (target[part] ??= {}) as Catalog;
  });
}

export function clientMessages(language: string): Catalog {
  const known = cache.get(language);
  if (known) return known;
  const catalog = catalogOf(language);
  const messages: Catalog = {};
  for (const namespace of CLIENT_NAMESPACES) copyPath(catalog, messages, namespace);
  const englishTexts = catalogOf(REFERENCE_LANGUAGE).texts;
  if (language !== REFERENCE_LANGUAGE && englishTexts) messages.englishTexts = englishTexts;
  cache.set(language, messages);
  return messages;
}
