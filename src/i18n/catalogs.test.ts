import { readdirSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { availableLanguages, catalogOf, keysOf, REFERENCE_LANGUAGE, type Catalog } from "./catalogs";

/** The arguments a message uses ({number}, {days, plural, ...}), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (
      element.type === TYPE.argument ||
      element.type === TYPE.number ||
      element.type === TYPE.date ||
      element.type === TYPE.time
    )
      into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

function textAt(catalog: Catalog, key: string): string {
  return key.split(".").reduce<string | Catalog>((node, part) => (node as Catalog)[part]!, catalog) as string;
}

/** What is wrong with a catalog compared with English: missing keys, extra keys, unknown arguments. */
function problemsOf(catalog: Catalog, english: Catalog): string[] {
  const keys = new Set(keysOf(catalog));
  const reference = keysOf(english);
  return [
    ...reference.filter((key) => !keys.has(key)).map((key) => `missing ${key}`),
    ...[...keys].filter((key) => !reference.includes(key)).map((key) => `extra ${key}`),
    ...reference
      .filter((key) => keys.has(key))
      .flatMap((key) => {
        const allowed = argumentsOf(parse(textAt(english, key)));
        const used = argumentsOf(parse(textAt(catalog, key)));
        return [...used].filter((name) => !allowed.has(name)).map((name) => `${key} uses {${name}}`);
      }),
  ];
}

describe("message catalogs", () => {
  it("offers English first, then every catalog of messages/ (at least French and German)", () => {
    // Adding a language is adding its file: this list follows the folder, nothing else to edit.
    const files = readdirSync(path.resolve(import.meta.dirname, "../../messages"))
      .filter((name) => /^[a-z]{2,3}(-[A-Z]{2})?\.json$/.test(name))
      .map((name) => name.replace(/\.json$/, ""));
    expect(availableLanguages()[0]).toBe("en");
    expect([...availableLanguages()].sort()).toEqual([...files].sort());
    expect(availableLanguages()).toEqual(expect.arrayContaining(["en", "fr", "de"]));
  });

  it.each(availableLanguages())("%s has exactly the keys of English, with no argument English lacks", (language) => {
    expect(problemsOf(catalogOf(language), catalogOf(REFERENCE_LANGUAGE))).toEqual([]);
  });

  it.each(availableLanguages())("every %s message is valid ICU MessageFormat", (language) => {
    for (const key of keysOf(catalogOf(language))) {
      expect(() => parse(textAt(catalogOf(language), key)), `${language} ${key}`).not.toThrow();
    }
  });

  it("flags a fourth language that lacks a key or invents an argument", () => {
    // A stub as a translator might start it: one namespace copied, one key forgotten, one typo.
    const english = catalogOf(REFERENCE_LANGUAGE);
    const stub: Catalog = JSON.parse(JSON.stringify(english)) as Catalog;
    delete (stub.document as Catalog).dueDate;
    (stub.document as Catalog).vatNumber = "Numero IVA: {numero}";
    expect(problemsOf(stub, english)).toEqual(["missing document.dueDate", "document.vatNumber uses {numero}"]);
  });

  it("flags a message that is not valid ICU", () => {
    expect(() => parse("{days, plural, one {# giorno}")).toThrow();
  });
});
