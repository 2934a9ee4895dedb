import "server-only";
import { createHash } from "node:crypto";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHeader,
  PDFHexString,
  PDFName,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFObject,
} from "pdf-lib";
import { SRGB_ICC_PROFILE_BASE64 } from "./srgb-icc-profile";

// Factur-X 1.0 (= ZUGFeRD 2.x), profile EN 16931: the invoice PDF made a PDF/A-3 level B file with
// the CII XML embedded as factur-x.xml. What this adds to the PDF that @react-pdf/renderer wrote:
// - the XML as an embedded file stream (MIME text/xml, /Params with size and date) and its file
//   specification with /AFRelationship /Data, listed in the catalog's /AF and in the EmbeddedFiles
//   name tree (PDF/A-3, ISO 19005-3 clause 6.8; Factur-X 1.0 specification, section 6);
// - XMP metadata (uncompressed, as PDF/A wants it) with pdfaid:part 3 / conformance B, the Factur-X
//   extension schema (fx: DocumentFileName, DocumentType INVOICE, Version 1.0, ConformanceLevel
//   EN 16931) and its PDF/A extension-schema description, and Dublin Core / XMP basic / PDF fields
//   that equal the document information dictionary's (PDF/A requires them to agree);
// - an sRGB output intent (GTS_PDFA1) with the ICC's sRGB2014 profile;
// - PDF 1.7 header, a file identifier derived from the content, and dates from `issuedAt`.
// Nothing depends on the clock or on randomness: identical input gives identical bytes, so an
// issued invoice downloads the same every time.
//
// PDF/A also needs every font embedded: the function refuses a PDF that uses a font it does not
// embed (react-pdf's built-in Helvetica) instead of calling it PDF/A. See pdf-fonts.ts.

export const FACTUR_X_FILE_NAME = "factur-x.xml";

export type FacturXInput = {
  /** The invoice PDF (as renderToBuffer returns it). Its fonts must be embedded. */
  pdf: Uint8Array;
  /** The CII XML written for Factur-X (writeEinvoiceXml(document, "factur-x")). */
  ciiXml: string;
  /** The issue instant: creation and modification dates of the PDF and of the attachment. */
  issuedAt: Date;
  /** Document title, e.g. "Invoice 2026-0042". */
  title: string;
  /** The seller's name. */
  author: string;
  /** Defaults to "Factur-X invoice <title>". */
  subject?: string;
  /** BCP 47 language of the document, e.g. "en"; kept as the catalog's /Lang. */
  language?: string;
};

export class PdfFontsNotEmbeddedError extends Error {
  constructor(readonly fonts: string[]) {
    super(
      `PDF/A needs every font embedded; this PDF uses ${fonts.join(", ")} without embedding it (register an embedded TTF font, see pdf-fonts.ts).`,
    );
    this.name = "PdfFontsNotEmbeddedError";
  }
}

const PRODUCER = "Bureau";

/** The Factur-X PDF/A-3B bytes. */
export async function createFacturXPdf(input: FacturXInput): Promise<Uint8Array> {
  const document = await PDFDocument.load(input.pdf, { updateMetadata: false });
  const { context, catalog } = document;

  const missing = findFontsNotEmbedded(document);
  if (missing.length > 0) throw new PdfFontsNotEmbeddedError(missing);

  context.header = PDFHeader.forVersion(1, 7);
  const xmlBytes = new TextEncoder().encode(input.ciiXml);
  const subject = input.subject ?? `Factur-X invoice ${input.title}`;
  const pdfDate = formatPdfDate(input.issuedAt);

  // The document information dictionary, replaced whole so that nothing in it disagrees with the XMP.
  const info = context.obj({
    Title: PDFHexString.fromText(input.title),
    Author: PDFHexString.fromText(input.author),
    Subject: PDFHexString.fromText(subject),
    Creator: PDFHexString.fromText(PRODUCER),
    Producer: PDFHexString.fromText(PRODUCER),
    CreationDate: PDFString.of(pdfDate),
    ModDate: PDFString.of(pdfDate),
  });
  context.trailerInfo.Info = context.register(info);

  // The embedded XML and its file specification (PDF/A-3 associated file).
  const embeddedFile = context.flateStream(xmlBytes, {
    Type: "EmbeddedFile",
    Subtype: "text/xml",
    Params: { Size: xmlBytes.length, CreationDate: PDFString.of(pdfDate), ModDate: PDFString.of(pdfDate) },
  });
  const embeddedFileRef = context.register(embeddedFile);
  const fileSpec = context.obj({
    Type: "Filespec",
    F: PDFString.of(FACTUR_X_FILE_NAME),
    UF: PDFHexString.fromText(FACTUR_X_FILE_NAME),
    EF: { F: embeddedFileRef, UF: embeddedFileRef },
    Desc: PDFString.of("Factur-X invoice (UN/CEFACT CII, EN 16931)"),
    AFRelationship: "Data",
  });
  const fileSpecRef = context.register(fileSpec);
  catalog.set(PDFName.of("AF"), context.obj([fileSpecRef]));
  const names = lookupDict(document, catalog.get(PDFName.of("Names"))) ?? context.obj({});
  names.set(PDFName.of("EmbeddedFiles"), context.obj({ Names: [PDFString.of(FACTUR_X_FILE_NAME), fileSpecRef] }));
  catalog.set(PDFName.of("Names"), names);

  // The output intent, replacing any the renderer wrote.
  const profile = Uint8Array.from(Buffer.from(SRGB_ICC_PROFILE_BASE64, "base64"));
  const profileRef = context.register(context.flateStream(profile, { N: 3 }));
  const outputIntent = context.obj({
    Type: "OutputIntent",
    S: "GTS_PDFA1",
    OutputConditionIdentifier: PDFString.of("sRGB IEC61966-2.1"),
    RegistryName: PDFString.of("http://www.color.org"),
    Info: PDFString.of("sRGB IEC61966-2.1"),
    DestOutputProfile: profileRef,
  });
  catalog.set(PDFName.of("OutputIntents"), context.obj([context.register(outputIntent)]));

  // XMP metadata, uncompressed.
  const xmp = new TextEncoder().encode(
    facturXXmp({ title: input.title, author: input.author, subject, date: input.issuedAt }),
  );
  const metadata = context.stream(xmp, { Type: "Metadata", Subtype: "XML", Length: xmp.length });
  catalog.set(PDFName.of("Metadata"), context.register(metadata));
  if (input.language) catalog.set(PDFName.of("Lang"), PDFString.of(input.language));

  // The file identifier: from the content, so the same invoice keeps the same identifier.
  const id = createHash("sha256")
    .update(input.pdf)
    .update(xmlBytes)
    .update(pdfDate)
    .digest("hex")
    .slice(0, 32)
    .toUpperCase();
  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)]);

  return document.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
}

function lookupDict(document: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  if (value === undefined) return undefined;
  const resolved = value instanceof PDFRef ? document.context.lookup(value) : value;
  return resolved instanceof PDFDict ? resolved : undefined;
}

/** The base names of the fonts a PDF's pages use without embedding them. */
export function findFontsNotEmbedded(document: PDFDocument): string[] {
  const missing = new Set<string>();
  const lookup = (value: PDFObject | undefined) => lookupDict(document, value);
  const hasFontFile = (descriptor: PDFDict | undefined) =>
    descriptor !== undefined &&
    ["FontFile", "FontFile2", "FontFile3"].some((key) => descriptor.get(PDFName.of(key)) !== undefined);
  const visitResources = (resources: PDFDict | undefined, seen: Set<PDFDict>) => {
    if (!resources || seen.has(resources)) return;
    seen.add(resources);
    const fonts = lookup(resources.get(PDFName.of("Font")));
    for (const [, fontRef] of fonts?.entries() ?? []) {
      const font = lookup(fontRef);
      if (!font) continue;
      const subtype = font.get(PDFName.of("Subtype"))?.toString();
      const name = font.get(PDFName.of("BaseFont"))?.toString().replace(/^\//, "") ?? "unnamed font";
      if (subtype === "/Type3") continue;
      let descriptor: PDFDict | undefined;
      if (subtype === "/Type0") {
        const descendants = document.context.lookup(font.get(PDFName.of("DescendantFonts")));
        const first = descendants instanceof PDFArray ? lookup(descendants.get(0)) : undefined;
        descriptor = lookup(first?.get(PDFName.of("FontDescriptor")));
      } else descriptor = lookup(font.get(PDFName.of("FontDescriptor")));
      if (!hasFontFile(descriptor)) missing.add(name);
    }
    // Form XObjects carry resources of their own.
    const xObjects = lookup(resources.get(PDFName.of("XObject")));
    for (const [, ref] of xObjects?.entries() ?? []) {
      const xObject = ref instanceof PDFRef ? document.context.lookup(ref) : ref;
      if (xObject instanceof PDFStream) visitResources(lookup(xObject.dict.get(PDFName.of("Resources"))), seen);
    }
  };
  const seen = new Set<PDFDict>();
  for (const page of document.getPages()) visitResources(page.node.Resources(), seen);
  return [...missing].sort();
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** D:YYYYMMDDHHmmSS+00'00' in UTC. */
function formatPdfDate(date: Date): string {
  return `D:${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}+00'00'`;
}

/** The same instant as formatPdfDate, as XMP writes it. */
function formatXmpDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}+00:00`;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The XMP packet: PDF/A-3B identification, the Factur-X extension and its schema description. */
export function facturXXmp(values: { title: string; author: string; subject: string; date: Date }): string {
  const date = formatXmpDate(values.date);
  const title = escapeXml(values.title);
  const author = escapeXml(values.author);
  const subject = escapeXml(values.subject);
  const property = (name: string, description: string) => `            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`;
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${title}</rdf:li></rdf:Alt></dc:title>
      <dc:creator><rdf:Seq><rdf:li>${author}</rdf:li></rdf:Seq></dc:creator>
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${subject}</rdf:li></rdf:Alt></dc:description>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>${PRODUCER}</pdf:Producer>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
      <xmp:CreatorTool>${PRODUCER}</xmp:CreatorTool>
      <xmp:CreateDate>${date}</xmp:CreateDate>
      <xmp:ModifyDate>${date}</xmp:ModifyDate>
      <xmp:MetadataDate>${date}</xmp:MetadataDate>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>
${property("DocumentFileName", "The name of the embedded XML document")}
${property("DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER")}
${property("Version", "The actual version of the standard applying to the embedded XML document")}
${property("ConformanceLevel", "The conformance level of the embedded XML document")}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
