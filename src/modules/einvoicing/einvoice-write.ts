import { writeCii } from "./einvoice-cii";
import type { EinvoiceDocument, EinvoiceFormat } from "./einvoice-model";
import { findEinvoiceProblems, type EinvoiceProblem } from "./einvoice-rules";
import { writeUbl } from "./einvoice-ubl";

// The one entry point for the XML of an e-invoice in a format. It refuses a document with
// problems (einvoice-rules.ts) instead of writing one the receiver would reject: issuing shows the
// problems first, so a download never meets them.

export class EinvoiceProblemsError extends Error {
  constructor(readonly problems: EinvoiceProblem[]) {
    super(`The e-invoice cannot be written: ${problems.map((problem) => problem.message).join(" ")}`);
    this.name = "EinvoiceProblemsError";
  }
}

export function writeEinvoiceXml(document: EinvoiceDocument, format: EinvoiceFormat): string {
  const problems = findEinvoiceProblems(document, format);
  if (problems.length > 0) throw new EinvoiceProblemsError(problems);
  switch (format) {
    case "factur-x":
      return writeCii(document, "factur-x");
    case "xrechnung-cii":
      return writeCii(document, "xrechnung");
    case "peppol":
      return writeUbl(document, "peppol");
    case "xrechnung-ubl":
      return writeUbl(document, "xrechnung");
    default: {
      const unreachable: never = format;
      throw new Error(`Unknown e-invoice format: ${String(unreachable)}`);
    }
  }
}

/** The syntax of a format's XML. */
export function einvoiceSyntax(format: EinvoiceFormat): "cii" | "ubl" {
  return format === "factur-x" || format === "xrechnung-cii" ? "cii" : "ubl";
}

/** A download's file name: "2026-0042-peppol.xml"; Factur-X's embedded file is always factur-x.xml. */
export function einvoiceFileName(document: EinvoiceDocument, format: EinvoiceFormat): string {
  const safeNumber = document.number.replace(/[^\p{L}\p{N}._-]+/gu, "_");
  return `${safeNumber}-${format}.xml`;
}
