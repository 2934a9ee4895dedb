// The text a PDF draws, read by poppler's pdftotext (poppler-utils; CI installs it, decision 022).
// The invoice PDF embeds its fonts as subsets (decision 026), whose glyph codes are not the text's
// characters: only a reader that follows the font's Unicode map gets the words back.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The words of every page, in reading order, joined by single spaces. */
export function pdfText(bytes: Buffer): string {
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes, encoding: "utf8" }).replace(/\s+/g, " ");
}

/** A word the PDF draws, with its page (from 1) and box in points (origin at the top left). */
export type PdfWord = { page: number; text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** Every word with its box, read by `pdftotext -bbox`; and the number of pages. */
export function pdfWords(bytes: Buffer): { words: PdfWord[]; pages: number } {
  const html = execFileSync("pdftotext", ["-bbox", "-", "-"], { input: bytes, encoding: "utf8" });
  const words: PdfWord[] = [];
  let page = 0;
  for (const match of html.matchAll(
    /<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (match[0] === "<page ") {
      page += 1;
      continue;
    }
    words.push({
      page,
      text: match[5]!
        .replace(/&amp;/g, "&")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"'),
      xMin: Number(match[1]),
      yMin: Number(match[2]),
      xMax: Number(match[3]),
      yMax: Number(match[4]),
    });
  }
  return { words, pages: page };
}

/** Whether two word boxes intersect. */
export const boxesOverlap = (a: PdfWord, b: PdfWord) =>
  a.xMin < b.xMax && b.xMin < a.xMax && a.yMin < b.yMax && b.yMin < a.yMax;

/** The images a PDF draws (`pdfimages -list`; soft masks not counted). */
export function pdfImageCount(bytes: Buffer): number {
  const folder = mkdtempSync(path.join(tmpdir(), "bureau-pdfimages-"));
  try {
    const file = path.join(folder, "document.pdf");
    writeFileSync(file, bytes);
    return execFileSync("pdfimages", ["-list", file], { encoding: "utf8" })
      .trim()
      .split("\n")
      .slice(2)
      .filter((row) => row.trim().split(/\s+/)[2] === "image").length;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
