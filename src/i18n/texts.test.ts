// The extraction check of decision 067: in the translated folders (i18n-areas.json), every sentence
// a person may read is either a catalog message used through next-intl or an English sentence with
// its entry in the catalogs' `texts` (matched by its text, as gettext does). JSX text itself is
// checked by ESLint (react/jsx-no-literals); this checks string literals, which ESLint cannot tell
// from class names and keys: sentences in .ts/.tsx files, and the text props of .tsx files.
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import areas from "../../i18n-areas.json" with { type: "json" };
import { type Catalog, catalogOf, REFERENCE_LANGUAGE } from "./catalogs";
import { compileTextPatterns, matchText, translateText } from "./translate-text";

const ROOT = path.resolve(import.meta.dirname, "../..");

function translatedFiles(): string[] {
  const globsOf = (folders: string[]) =>
    folders.flatMap((glob) => globSync(glob.endsWith("**") ? `${glob}/*.{ts,tsx}` : glob, { cwd: ROOT }));
  const english = new Set(globsOf(areas.english));
  const globs = Object.entries(areas)
    .filter(([area]) => area !== "comment" && area !== "english")
    .flatMap(([, folders]) => folders as string[]);
  const files = new Set(globsOf(globs).filter((file) => !english.has(file)));
  return [...files].filter((file) => !/\.test\.tsx?$|-codes\.ts$|\.d\.ts$/.test(file)).sort();
}

/** Lines that are no text for people: comments, logs, programmers' errors, imports. */
const NOT_FOR_PEOPLE = /^\s*(\/\/|\*|\/\*)|getLogger\(|logger\.|console\.|new (Range|Type|Syntax)?Error\(|^\s*import /;
const LITERAL = /"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
/** A sentence: starts with a capital, has a space, ends as a sentence does. */
const SENTENCE = /^[A-Z][\s\S]* [\s\S]*[.!?…]$/;
const TEXT_PROPS =
  /\b(label|placeholder|title|aria-label|alt|description|emptyMessage|summary)="([^"]*[A-Za-z]{2,}[^"]*)"/g;

describe("texts go through the translation layer", () => {
  const compiled = compileTextPatterns(catalogOf(REFERENCE_LANGUAGE).texts as Catalog | undefined);

  it("every sentence in the translated folders has an entry in texts", () => {
    const missing: string[] = [];
    for (const file of translatedFiles()) {
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (NOT_FOR_PEOPLE.test(line)) return;
          for (const match of line.matchAll(LITERAL)) {
            const text = (match[1] ?? match[2] ?? "").replace(/\$\{[^}]*\}/g, "7").replace(/\\(["'`])/g, "$1");
            if (SENTENCE.test(text) && !matchText(text, compiled)) missing.push(`${file}:${index + 1}: ${text}`);
          }
        });
    }
    expect(missing).toEqual([]);
  });

  it("no text prop in the translated folders is a literal", () => {
    const literal: string[] = [];
    for (const file of translatedFiles().filter((name) => name.endsWith(".tsx"))) {
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, index) => {
          for (const match of line.matchAll(TEXT_PROPS)) literal.push(`${file}:${index + 1}: ${match[0]}`);
        });
    }
    expect(literal).toEqual([]);
  });

  it("translates a sentence with its arguments, plurals included, and leaves an unknown one as it is", () => {
    const english = { common: { max: "Use at most {max} characters.", fixed: "Keep this on one line." } };
    const french = {
      common: {
        max: "Utilisez au plus {max, plural, one {# caractère} other {# caractères}}.",
        fixed: "Restez sur une ligne.",
      },
    };
    const patterns = compileTextPatterns(english);
    expect(translateText("Use at most 200 characters.", patterns, french, "fr-FR")).toBe(
      "Utilisez au plus 200 caractères.",
    );
    expect(translateText("Use at most 1 characters.", patterns, french, "fr-FR")).toBe("Utilisez au plus 1 caractère.");
    expect(translateText("Use at most 2,000 characters.", patterns, french, "fr-FR")).toBe(
      "Utilisez au plus 2\u202f000 caractères.",
    );
    expect(translateText("Keep this on one line.", patterns, french, "fr-FR")).toBe("Restez sur une ligne.");
    expect(translateText("Something else.", patterns, french, "fr-FR")).toBe("Something else.");
    // A sentence inside another is translated too.
    const nested = compileTextPatterns({ line: "Line {line}: {problem}", empty: "the description is empty." });
    const frenchNested = { line: "Ligne {line} : {problem}", empty: "la description est vide." };
    expect(translateText("Line 3: the description is empty.", nested, frenchNested, "fr-FR")).toBe(
      "Ligne 3 : la description est vide.",
    );
  });
});
