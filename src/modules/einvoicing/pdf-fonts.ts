import "server-only";
import path from "node:path";
import { Font } from "@react-pdf/renderer";

// PDF/A (and so Factur-X) needs every font embedded in the file. @react-pdf/renderer's built-in
// Helvetica is one of the 14 standard fonts a reader supplies, and is never embedded; a font
// registered from a TTF file is embedded (as a subset of the glyphs used). Geist, from the `geist`
// package Bureau already uses for its pages (SIL Open Font License 1.1), ships TTF files.
//
// For the lead: call registerEmbeddedPdfFonts() once (module scope of invoice-pdf.tsx) and use
// fontFamily EMBEDDED_PDF_FONT_FAMILY with fontWeight 400/700 instead of "Helvetica" and
// "Helvetica-Bold". Geist covers Latin, Latin Extended and Cyrillic, not Greek, Hebrew, Arabic or
// CJK: a glyph it lacks is drawn as .notdef, which PDF/A forbids, so a register of fallback fonts
// (Font.register with more families) is needed before such text goes on an issued invoice.
// pdfText() in invoice-pdf.tsx replaces narrow spaces for Helvetica's WinAnsi encoding; Geist has them.

export const EMBEDDED_PDF_FONT_FAMILY = "Geist";

/** The TTF files, resolved from the project root (`next start` and the tests run there). */
export function geistFontPath(weight: "Regular" | "Bold"): string {
  return path.join(process.cwd(), "node_modules", "geist", "dist", "fonts", "geist-sans", `Geist-${weight}.ttf`);
}

let registered = false;

/** Registers Geist 400 and 700 as an embedded font family with @react-pdf/renderer (once per process). */
export function registerEmbeddedPdfFonts(): void {
  if (registered) return;
  registerFonts();
  registered = true;
}

/**
 * Makes react-pdf read Geist's files again for the next document, so its text is laid out with fresh
 * fonts (see renderInvoicePdf). Font.reset() does not do it: react-pdf 4 keeps the promise of the
 * first load and never reads the file again, so both are forgotten here (fields of its FontSource).
 */
export function reloadEmbeddedPdfFonts(): void {
  registerEmbeddedPdfFonts();
  const family = Font.getRegisteredFonts()[EMBEDDED_PDF_FONT_FAMILY] as unknown as
    { sources: { data: unknown; loadResultPromise: unknown }[] } | undefined;
  for (const source of family?.sources ?? []) {
    source.data = null;
    source.loadResultPromise = null;
  }
}

function registerFonts(): void {
  Font.register({
    family: EMBEDDED_PDF_FONT_FAMILY,
    fonts: [
      { src: geistFontPath("Regular"), fontWeight: 400 },
      { src: geistFontPath("Bold"), fontWeight: 700 },
    ],
  });
}
