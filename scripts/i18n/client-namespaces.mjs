// Which catalog namespaces the browser needs (decision 067): those of every `useTranslations("…")`
// in src/ (a hook may run in the browser; `getTranslations` runs on the server only), plus `texts`
// for the forms' own checks. The root layout sends only these, not the whole catalog, with every
// page. `node scripts/i18n/client-namespaces.mjs` rewrites src/i18n/client-namespaces.json;
// src/i18n/client-namespaces.test.ts fails when it is out of date.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const OUTPUT = path.join(ROOT, "src/i18n/client-namespaces.json");

function sourceFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The namespaces, smallest set (a namespace inside another listed one is dropped), sorted. */
export function clientNamespaces() {
  const found = new Set(["texts", "common"]);
  const problems = [];
  for (const file of sourceFiles(path.join(ROOT, "src"))) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/\buseTranslations\(([^)]*)\)/g)) {
      const literal = /^\s*["']([A-Za-z0-9_.]+)["']\s*$/.exec(match[1]);
      if (literal) found.add(literal[1]);
      else problems.push(`${path.relative(ROOT, file)}: useTranslations(${match[1]}) needs a literal namespace`);
    }
  }
  const all = [...found].sort();
  const namespaces = all.filter((name) => !all.some((other) => other !== name && name.startsWith(`${other}.`)));
  return { namespaces, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { namespaces, problems } = clientNamespaces();
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  writeFileSync(OUTPUT, `${JSON.stringify(namespaces, null, 2)}\n`);
  console.log(`${namespaces.length} namespaces written to ${path.relative(ROOT, OUTPUT)}`);
}
