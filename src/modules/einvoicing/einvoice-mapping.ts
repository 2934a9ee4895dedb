import type { EinvoiceDocument, EinvoiceLine } from "./einvoice-model";
import { formatPercent } from "./einvoice-xml";

// Choices shared by the CII and UBL writers, so that both syntaxes say the same thing.

/** BR-O-11: an invoice outside the scope of VAT has only category O, and then carries no VAT identifiers or rates. */
export function hasOutsideScope(document: EinvoiceDocument): boolean {
  return document.vatBreakdown.some((row) => row.category === "O");
}

/**
 * The document notes (BT-22) a format gets. Peppol BIS allows one note (PEPPOL-EN16931-R002, unless
 * seller and buyer are both German), so its notes are joined by blank lines; the others keep them apart.
 */
export function noteTexts(document: EinvoiceDocument, format: "factur-x" | "peppol" | "xrechnung"): string[] {
  const notes = document.notes.map((note) => note.trim()).filter((note) => note !== "");
  if (format === "peppol" && notes.length > 1) return [notes.join("\n\n")];
  return notes;
}

/** BT-139: the line allowance's reason in words, e.g. "Discount 12.5%". */
export function discountReason(line: EinvoiceLine): string {
  return `Discount ${formatPercent(line.discountBp)}%`;
}
