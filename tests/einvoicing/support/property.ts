import { mkdirSync, writeFileSync } from "node:fs";
import fc from "fast-check";
import { expect } from "vitest";
import type { EinvoiceFormat } from "@/modules/einvoicing/einvoice-model";
import { findEinvoiceProblems } from "@/modules/einvoicing/einvoice-rules";
import { einvoiceSyntax, writeEinvoiceXml } from "@/modules/einvoicing/einvoice-write";
import { EINVOICE_RUNS, einvoiceArbitrary } from "./arbitrary";
import {
  describeFindings,
  fatal,
  isUblSchemaAvailable,
  peppolRulesStatus,
  UBL_XSD_DIR,
  validateSchemas,
  validateSchematron,
  type RuleSet,
} from "./validate";

export type PropertyReport = {
  format: EinvoiceFormat;
  ruleSets: RuleSet[];
  generated: number;
  /** Documents written and validated (the pre-issue checks accepted them): at least EINVOICE_RUNS. */
  validated: number;
  /** Of those, invoices (380) and credit notes (381). */
  validatedInvoices: number;
  validatedCreditNotes: number;
  refusedByChecks: Record<string, number>;
  fatal: number;
  warnings: Record<string, number>;
  schemaChecked: boolean;
  /** Wall-clock time of the Schematron validation per document (depends on the machine's load). */
  millisecondsPerValidation: number;
  /** CPU time of the same (user + system), which load does not inflate. */
  cpuMillisecondsPerValidation: number;
  millisecondsPerSchemaCheck: number;
};

let warnedPeppol = false;

/** The rule sets a format's documents must pass with 0 fatal. */
export function ruleSetsFor(format: EinvoiceFormat): RuleSet[] {
  switch (format) {
    case "factur-x":
      return ["en16931"];
    case "xrechnung-cii":
    case "xrechnung-ubl":
      return ["en16931", "xrechnung"];
    case "peppol": {
      const status = peppolRulesStatus();
      if (!status.available && !warnedPeppol) console.warn(`\n[einvoicing] ${status.message}\n`);
      warnedPeppol = true;
      return status.available ? ["en16931", "peppol"] : ["en16931"];
    }
  }
}

/**
 * Generates invoices, writes each one that the pre-issue checks accept, and asserts 0 fatal
 * findings by the official rules and schema validity. Returns what it saw, for the report.
 */
export async function checkGeneratedInvoices(format: EinvoiceFormat): Promise<PropertyReport> {
  const ruleSets = ruleSetsFor(format);
  const syntax = einvoiceSyntax(format);
  const schemaChecked = syntax === "cii" || isUblSchemaAvailable();
  if (!schemaChecked) {
    const message = `UBL 2.1 schema check NOT RUN: no XSDs in ${UBL_XSD_DIR} (set UBL_XSD_DIR).`;
    if (process.env.REQUIRE_UBL_SCHEMAS === "1") throw new Error(`REQUIRE_UBL_SCHEMAS=1: ${message}`);
    console.warn(`\n[einvoicing] ${message}\n`);
  }
  const report: PropertyReport = {
    format,
    ruleSets,
    generated: 0,
    validated: 0,
    validatedInvoices: 0,
    validatedCreditNotes: 0,
    refusedByChecks: {},
    fatal: 0,
    warnings: {},
    schemaChecked,
    millisecondsPerValidation: 0,
    cpuMillisecondsPerValidation: 0,
    millisecondsPerSchemaCheck: 0,
  };
  let milliseconds = 0;
  let cpuMicroseconds = 0;
  // The schema check runs once for all documents after the property: xmllint compiles the UBL
  // schemas in about 0.4 s, and validates a document in a few milliseconds once they are compiled.
  const forSchemaCheck: { schema: "cii" | "ubl-invoice" | "ubl-credit-note"; xml: string }[] = [];
  // Rounds of the property until EINVOICE_RUNS documents were validated: invoices the checks refuse
  // (no buyer reference for XRechnung, an email address for Peppol...) do not count.
  for (let round = 0; report.validated < EINVOICE_RUNS; round += 1) {
    if (round >= 10)
      throw new Error(`Only ${report.validated} of ${report.generated} generated invoices were accepted`);
    const remaining = EINVOICE_RUNS - report.validated;
    await fc.assert(
      fc.asyncProperty(einvoiceArbitrary, async (document) => {
        report.generated += 1;
        const problems = findEinvoiceProblems(document, format);
        if (problems.length > 0) {
          for (const problem of problems)
            report.refusedByChecks[problem.code] = (report.refusedByChecks[problem.code] ?? 0) + 1;
          expect(() => writeEinvoiceXml(document, format)).toThrow(/cannot be written/);
          return;
        }
        const xml = writeEinvoiceXml(document, format);
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        const findings = validateSchematron(xml, syntax, ruleSets);
        const cpu = process.cpuUsage(cpuStarted);
        cpuMicroseconds += cpu.user + cpu.system;
        milliseconds += performance.now() - started;
        report.validated += 1;
        if (document.kind === "invoice") report.validatedInvoices += 1;
        else report.validatedCreditNotes += 1;
        for (const finding of findings) {
          if (finding.flag === "fatal") report.fatal += 1;
          else report.warnings[finding.id] = (report.warnings[finding.id] ?? 0) + 1;
        }
        if (fatal(findings).length > 0) keepFailure(format, xml);
        expect(fatal(findings), describeFindings(fatal(findings))).toEqual([]);
        if (schemaChecked) {
          const schema = syntax === "cii" ? "cii" : document.kind === "invoice" ? "ubl-invoice" : "ubl-credit-note";
          forSchemaCheck.push({ schema, xml });
        }
      }),
      // A quarter more than needed, as the checks refuse some; the next round makes up the rest.
      { numRuns: round === 0 ? remaining : Math.ceil(remaining * 1.25) + 5, endOnFailure: true },
    );
  }
  report.millisecondsPerValidation = report.validated ? Math.round(milliseconds / report.validated) : 0;
  report.cpuMillisecondsPerValidation = report.validated ? Math.round(cpuMicroseconds / 1000 / report.validated) : 0;
  const schemaStarted = performance.now();
  for (const schema of ["cii", "ubl-invoice", "ubl-credit-note"] as const) {
    const xmls = forSchemaCheck.filter((item) => item.schema === schema).map((item) => item.xml);
    for (let start = 0; start < xmls.length; start += 100) {
      const chunk = xmls.slice(start, start + 100);
      const results = await validateSchemas(chunk, schema);
      results.forEach((result, index) => {
        if (!result.valid) keepFailure(format, chunk[index]!);
        expect(result.errors.join("\n"), `schema ${schema}`).toBe("");
        expect(result.valid).toBe(true);
      });
    }
  }
  report.millisecondsPerSchemaCheck = report.validated
    ? Math.round((performance.now() - schemaStarted) / report.validated)
    : 0;
  console.info(`[einvoicing] ${JSON.stringify(report)}`);
  return report;
}

/** The last failing document of a format, kept for a look: test-reports/einvoicing/<format>-failure.xml. */
function keepFailure(format: EinvoiceFormat, xml: string): void {
  mkdirSync("test-reports/einvoicing", { recursive: true });
  writeFileSync(`test-reports/einvoicing/${format}-failure.xml`, xml);
}
