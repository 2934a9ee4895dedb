// The message catalogs: one JSON file per language in messages/ (messages/en.json, fr.json, de.json).
// The languages Bureau offers are the files there, so adding one is adding its file (decision 061);
// English is the reference every other catalog must match key for key (catalogs.test.ts).
// Read from disk on the server, once per process; never imported by browser code.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** A nested catalog: namespaces of ICU messages. */
export type Catalog = { [key: string]: string | Catalog };

/** English: the reference catalog, and the language of documents saved before languages existed. */
export const REFERENCE_LANGUAGE = "en";

const MESSAGES_DIRECTORY = path.join(process.cwd(), "messages");

type Loaded = { catalogs: Map<string, Catalog>; languages: string[] };

const globalCatalogs = globalThis as unknown as { __bureauCatalogs?: Loaded };

function load(): Loaded {
  if (globalCatalogs.__bureauCatalogs) return globalCatalogs.__bureauCatalogs;
  const catalogs = new Map<string, Catalog>();
  for (const file of readdirSync(MESSAGES_DIRECTORY).sort()) {
    const match = /^([a-z]{2,3})\.json$/.exec(file);
    if (!match) continue;
    catalogs.set(match[1]!, JSON.parse(readFileSync(path.join(MESSAGES_DIRECTORY, file), "utf8")) as Catalog);
  }
  if (!catalogs.has(REFERENCE_LANGUAGE)) throw new Error(`messages/${REFERENCE_LANGUAGE}.json is missing.`);
  // English first, then the others in alphabetical order of their code.
  const languages = [REFERENCE_LANGUAGE, ...[...catalogs.keys()].filter((code) => code !== REFERENCE_LANGUAGE)];
  const loaded = { catalogs, languages };
  globalCatalogs.__bureauCatalogs = loaded;
  return loaded;
}

/** The language codes Bureau has a catalog for, English first. */
export function availableLanguages(): string[] {
  return load().languages;
}

export function isAvailableLanguage(code: unknown): code is string {
  return typeof code === "string" && load().catalogs.has(code);
}

/** The catalog of a language; English for a language without one. */
export function catalogOf(language: string): Catalog {
  const { catalogs } = load();
  return catalogs.get(language) ?? catalogs.get(REFERENCE_LANGUAGE)!;
}

function textAt(catalog: Catalog, key: string): string | null {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return null;
    node = node[part];
  }
  return typeof node === "string" ? node : null;
}

/**
 * A message as written in the catalog, not formatted: the mail templates' defaults, whose
 * placeholders ({number}, {firm}, {dueDate}, {client}) are filled later by fillInvoiceTemplate.
 */
export function messageText(language: string, key: string): string {
  return textAt(catalogOf(language), key) ?? textAt(catalogOf(REFERENCE_LANGUAGE), key) ?? key;
}

/** The language's name in itself ("Français") and the locale its documents are formatted in by default. */
export function languageInfo(language: string): { code: string; name: string; locale: string } {
  const catalog = catalogOf(language);
  return {
    code: language,
    name: textAt(catalog, "language.name") ?? language,
    locale: textAt(catalog, "language.locale") ?? language,
  };
}

/** The languages as a select offers them: code and name in that language. */
export function languageOptions(): { code: string; name: string }[] {
  return availableLanguages().map((code) => {
    const { name } = languageInfo(code);
    return { code, name };
  });
}

/** Every message key of a catalog ("document.title", ...), for the completeness test. */
export function keysOf(catalog: Catalog, prefix = ""): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}
