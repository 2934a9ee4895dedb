// The text a PDF draws, read by poppler's pdftotext (poppler-utils; CI installs it, decision 022).
// The invoice PDF embeds its fonts as subsets (decision 026), whose glyph codes are not the text's
// characters: only a reader that follows the font's Unicode map gets the words back.
import { execFileSync } from "node:child_process";

/** The words of every page, in reading order, joined by single spaces. */
export function pdfText(bytes: Buffer): string {
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes, encoding: "utf8" }).replace(/\s+/g, " ");
}
