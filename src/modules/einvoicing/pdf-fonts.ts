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
 * Gives the next document fresh glyphs (see renderInvoicePdf). fontkit keeps one glyph object per
 * glyph id, with the code points of the text it was first made for; once a document has been
 * embedded, glyphs made for the subset have none, and react-pdf's layout then drops characters from
 * later documents ("2.000,00 €" printed ".000,00 €", "Leistenden" broken after its "L"; react-pdf
 * issue 3404). So the loaded fonts forget their glyphs (fontkit's `_glyphs`), and keep the tables
 * they have parsed: reading Geist's file and its OpenType layout tables again for every document was
 * a fifth of a PDF's time. A font not loaded yet (or whose fields have changed) is read as before.
 */
export function freshPdfGlyphs(): void {
  registerEmbeddedPdfFonts();
  const family = Font.getRegisteredFonts()[EMBEDDED_PDF_FONT_FAMILY] as unknown as
    { sources: { data: { _glyphs?: object } | null; loadResultPromise: unknown }[] } | undefined;
  for (const source of family?.sources ?? []) {
    if (source.data && typeof source.data._glyphs === "object") source.data._glyphs = {};
    else {
      source.data = null;
      source.loadResultPromise = null;
    }
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
