// Every server action has a fuzz case: the exports of each "use server" file under src/ (found by
// reading the source, so a new file or a new export is seen at once) must be keys of FUZZ_CASES,
// and every case must point at an export that exists and run in one of the group files. Run from
// office.int.test.ts (a test file of its own would import the whole app once more).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FUZZ_CASES, ROUTE_FORMS } from "./actions";
import { FUZZ_GROUPS } from "./harness";

const root = path.resolve(import.meta.dirname, "../../..");

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** A "use server" file: the directive is its first statement (comments may come before it). */
function isServerActionFile(source: string): boolean {
  const withoutComments = source.replace(/^\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*/, "");
  return /^\s*["']use server["'];?/.test(withoutComments);
}

function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/^export\s+(?:async\s+)?function\s+(\w+)|^export\s+(?:const|let)\s+(\w+)/gm))
    names.add(match[1] ?? match[2]!);
  for (const match of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of match[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name && !name.startsWith("type ")) names.add(name);
    }
  }
  return [...names];
}

/** "src/modules/x/x-actions.ts#name" for each export of each "use server" file. */
function serverActions(): string[] {
  return sourceFiles(path.join(root, "src"))
    .filter((file) => isServerActionFile(fs.readFileSync(file, "utf8")))
    .flatMap((file) =>
      exportedNames(fs.readFileSync(file, "utf8")).map(
        (name) => `${path.relative(root, file).split(path.sep).join("/")}#${name}`,
      ),
    )
    .sort();
}

export function describeRegistry() {
  const actions = serverActions();
  describe("the fuzz registry", () => {
    it("finds the server actions", () => {
      expect(actions.length).toBeGreaterThan(40);
      expect(actions).toContain("src/modules/clients/client-actions.ts#createClientAction");
    });

    it("has a fuzz case for every exported server action", () => {
      const missing = actions.filter((action) => !(action in FUZZ_CASES));
      expect(missing, "add these actions to tests/integration/fuzz/actions.ts").toEqual([]);
    });

    it("has no case for an action that no longer exists", () => {
      const stale = Object.keys(FUZZ_CASES).filter((key) => !actions.includes(key) && !ROUTE_FORMS.includes(key));
      expect(stale).toEqual([]);
      for (const form of ROUTE_FORMS) {
        const [file, name] = form.split("#");
        expect(exportedNames(fs.readFileSync(path.join(root, file!), "utf8"))).toContain(name);
      }
    });

    it("runs every case in a group that has its test file", () => {
      for (const group of FUZZ_GROUPS)
        expect(fs.existsSync(path.join(import.meta.dirname, `${group}.int.test.ts`)), `${group}.int.test.ts`).toBe(
          true,
        );
      for (const [key, fuzzCase] of Object.entries(FUZZ_CASES)) expect(FUZZ_GROUPS, key).toContain(fuzzCase.group);
    });
  });
}
