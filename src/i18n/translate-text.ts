// Sentences written in English where no request language is at hand (business rules, zod schemas,
// mutations: pure code shared by forms, actions, the API, scripts and tests) are translated where
// they are shown, by their English text, as gettext does with its msgid (decision 067). The
// catalogs' `texts` namespace holds each sentence, English as written in the code with its
// variable parts as ICU arguments ("Use at most {max} characters."), and each language's version.
// A sentence with no entry is shown as written, so English never changes and nothing is lost;
// texts.test.ts fails when a sentence in the code has no entry. Browser-safe: no server code.
import { IntlMessageFormat } from "intl-messageformat";

/** A nested catalog namespace, as in messages/*.json. */
type Tree = { [key: string]: string | Tree };

type Pattern = { key: string; names: string[]; regex: RegExp };

/** The English patterns of a `texts` namespace, with what each argument matched. */
export type TextPatterns = { exact: Map<string, string>; patterns: Pattern[] };

function flatten(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Compiles English's `texts` namespace: an exact map for fixed sentences, anchored regexes for the others. */
export function compileTextPatterns(english: Tree | undefined): TextPatterns {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [key, text] of flatten(english ?? {})) {
    const names: string[] = [];
    // English texts use simple arguments only ({max}); the translations may use plurals on them.
    const source = text
      .split(/(\{[a-zA-Z0-9_]+\})/)
      .map((part) => {
        const argument = /^\{([a-zA-Z0-9_]+)\}$/.exec(part);
        if (!argument) return escapeRegex(part.replace(/'\{/g, "{").replace(/\}'/g, "}"));
        names.push(argument[1]!);
        return "([\\s\\S]+?)";
      })
      .join("");
    if (names.length === 0) exact.set(text, key);
    else patterns.push({ key, names, regex: new RegExp(`^${source}$`) });
  }
  // The most specific first: a longer fixed part wins over a shorter one.
  patterns.sort((a, b) => b.regex.source.length - a.regex.source.length);
  return { exact, patterns };
}

function textAt(tree: Tree | undefined, key: string): string | null {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return null;
    node = node[part];
  }
  return typeof node === "string" ? node : null;
}

/** Which entry an English sentence is, and the values of its arguments; null when it has none. */
export function matchText(
  text: string,
  compiled: TextPatterns,
): { key: string; values: Record<string, string> } | null {
  const key = compiled.exact.get(text);
  if (key) return { key, values: {} };
  for (const pattern of compiled.patterns) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    pattern.names.forEach((name, index) => (values[name] = match[index + 1]!));
    return { key: pattern.key, values };
  }
  return null;
}

/**
 * `text` in the language of `texts` (that language's `texts` namespace), formatted in `locale`;
 * the text as given when it has no entry or the translation cannot be formatted.
 */
export function translateText(
  text: string,
  compiled: TextPatterns,
  texts: Tree | undefined,
  locale: string,
  depth = 0,
): string {
  if (!text) return text;
  const found = matchText(text, compiled);
  if (!found) return text;
  const message = textAt(texts, found.key);
  if (message === null) return text;
  // Numbers matched as text (English's "2,000" too) become numbers, so the translation formats
  // them in its locale and its plural rules apply to them; an
  // argument that is itself a sentence with an entry ("Line 3: {problem}") is translated too.
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(found.values))
    values[name] = /^-?\d+$/.test(value)
      ? Number(value)
      : /^-?\d{1,3}(,\d{3})+$/.test(value)
        ? Number(value.replace(/,/g, ""))
        : depth < 2
          ? translateText(value, compiled, texts, locale, depth + 1)
          : value;
  try {
    return String(new IntlMessageFormat(message, locale).format(values));
  } catch {
    return text;
  }
}
