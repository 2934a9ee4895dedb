import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Document, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { writeEinvoiceXml } from "@/modules/einvoicing/einvoice-write";
import { createFacturXPdf, findFontsNotEmbedded, PdfFontsNotEmbeddedError } from "@/modules/einvoicing/factur-x";
import { EMBEDDED_PDF_FONT_FAMILY, registerEmbeddedPdfFonts } from "@/modules/einvoicing/pdf-fonts";
import { SRGB_ICC_PROFILE_BASE64, SRGB_ICC_PROFILE_SHA256 } from "@/modules/einvoicing/srgb-icc-profile";
import { baseDocument, withFigures } from "./support/build";
import { checkFacturXWithPdfTools } from "./support/pdf-tools";
import { fatal, validateSchematron } from "./support/validate";

// Factur-X: the PDF/A-3B wrapper around the CII XML. Checked with pdf-lib here, and with Debian's
// poppler-utils (pdfdetach, pdfinfo, pdffonts) and qpdf when they are installed (CI should install
// poppler-utils and qpdf; REQUIRE_PDF_TOOLS=1 makes their absence a failure). Not checked: full
// PDF/A-3 conformance, which needs veraPDF (Java, not installable here).

const issuedAt = new Date("2026-03-02T09:30:00.000Z");
const document = withFigures(baseDocument(), [
  { name: "Strategy workshop — Été 2026", quantityMilli: 7500, unitPriceMinor: 12_000, discountBp: 1250 },
  { name: "Books", quantityMilli: 3000, unitPriceMinor: 2000, unitCode: "C62", vatRateBp: 550 },
]);
const ciiXml = writeEinvoiceXml(document, "factur-x");

function InvoiceStandIn({ font }: { font: string }) {
  return (
    <Document
      title="Invoice 2026-0042"
      author="Atelier Durand SARL"
      creator="Bureau"
      producer="Bureau"
      creationDate={issuedAt}
    >
      <Page size="A4" style={{ padding: 40, fontFamily: font, fontSize: 10 }}>
        <View>
          <Text style={{ fontWeight: 700, fontSize: 16 }}>Invoice 2026-0042</Text>
          <Text>Atelier Durand SARL — 12 rue de la Paix, 75002 Paris</Text>
          <Text>Strategy workshop — Été 2026: 7.5 h × 120,00 € − 12.5 %</Text>
          <Text>Total 1 059,03 €</Text>
        </View>
      </Page>
    </Document>
  );
}

async function renderStandIn(font: string): Promise<Buffer> {
  if (font !== "Helvetica") registerEmbeddedPdfFonts();
  return renderToBuffer(<InvoiceStandIn font={font} />);
}

async function facturX(): Promise<Uint8Array> {
  const pdf = await renderStandIn(EMBEDDED_PDF_FONT_FAMILY);
  return createFacturXPdf({
    pdf,
    ciiXml,
    issuedAt,
    title: "Invoice 2026-0042",
    author: "Atelier Durand SARL",
    language: "en",
  });
}

describe("Factur-X PDF/A-3B", () => {
  it("ships the ICC's sRGB profile unaltered (the bytes of pdfkit's copy)", () => {
    const bytes = Buffer.from(SRGB_ICC_PROFILE_BASE64, "base64");
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(SRGB_ICC_PROFILE_SHA256);
    const pdfkitCopy = readFileSync(path.join(process.cwd(), "node_modules/pdfkit/js/data/sRGB_IEC61966_2_1.icc"));
    expect(bytes.equals(pdfkitCopy)).toBe(true);
  });

  it("refuses a PDF whose fonts are not embedded (react-pdf's Helvetica)", async () => {
    const pdf = await renderStandIn("Helvetica");
    expect(findFontsNotEmbedded(await PDFDocument.load(pdf))).toContain("Helvetica");
    await expect(createFacturXPdf({ pdf, ciiXml, issuedAt, title: "Invoice", author: "Firm" })).rejects.toBeInstanceOf(
      PdfFontsNotEmbeddedError,
    );
  });

  it("embeds factur-x.xml as /Data in /AF and EmbeddedFiles, with XMP, output intent and ID; byte-identical twice", async () => {
    const first = await facturX();
    const second = await facturX();
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(Buffer.from(first.subarray(0, 8)).toString("latin1")).toBe("%PDF-1.7");

    const pdf = await PDFDocument.load(first, { updateMetadata: false });
    expect(findFontsNotEmbedded(pdf)).toEqual([]);
    const catalog = pdf.catalog;
    const lookup = (value: unknown) => pdf.context.lookup(value as never);
    const af = lookup(catalog.get(PDFName.of("AF"))) as unknown as { asArray(): unknown[] };
    const fileSpec = lookup(af.asArray()[0]) as PDFDict;
    expect(fileSpec.get(PDFName.of("AFRelationship"))?.toString()).toBe("/Data");
    const embedded = lookup((lookup(fileSpec.get(PDFName.of("EF"))) as PDFDict).get(PDFName.of("F"))) as PDFRawStream;
    expect(embedded.dict.get(PDFName.of("Subtype"))?.toString()).toBe("/text#2Fxml");
    expect(Buffer.from(decodePDFRawStream(embedded).decode()).toString("utf8")).toBe(ciiXml);
    const names = lookup(catalog.get(PDFName.of("Names"))) as PDFDict;
    expect(names.get(PDFName.of("EmbeddedFiles"))).toBeDefined();
    const intents = lookup(catalog.get(PDFName.of("OutputIntents"))) as unknown as { asArray(): unknown[] };
    expect((lookup(intents.asArray()[0]) as PDFDict).get(PDFName.of("S"))?.toString()).toBe("/GTS_PDFA1");
    expect(pdf.context.trailerInfo.ID).toBeDefined();

    // The embedded XML is a valid EN 16931 invoice.
    expect(fatal(validateSchematron(ciiXml, "cii", ["en16931"]))).toEqual([]);
  });

  it("passes poppler-utils' and qpdf's checks: factur-x.xml listed and equal to the CII, XMP PDF/A-3B with the Factur-X extension, fonts embedded", async (context) => {
    if (!checkFacturXWithPdfTools(await facturX(), ciiXml, /Title:\s+Invoice 2026-0042/)) context.skip();
  });
});
