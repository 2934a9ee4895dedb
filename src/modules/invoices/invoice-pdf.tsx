import "server-only";
import { Document, Font, Image, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { documentTranslator } from "@/i18n/document-language";
import { EMBEDDED_PDF_FONT_FAMILY, registerEmbeddedPdfFonts, freshPdfGlyphs } from "@/modules/einvoicing/pdf-fonts";
import type { InvoiceDocument } from "./invoice-document";

/** The same word in every language of the documents. */
const IBAN = "IBAN";

// The invoice as a PDF: every mention EU invoices must carry, from the same document model as
// the read view. The font (Geist, OFL) is embedded, as PDF/A and Factur-X require, and readers
// show the same glyphs everywhere. For an issued invoice the creation date is its issue instant
// and the producer is fixed, so the bytes never change (as long as the firm's logo does not).

registerEmbeddedPdfFonts();
// Never hyphenate: names, addresses and dates are printed whole ("November", "Société").
const wholeWords = (word: string) => [word];
Font.registerHyphenationCallback(wholeWords);

// Soft hyphens (U+00AD, invisible hyphenation hints) go: react-pdf's layout crashes on a line made
// of nothing else, which any free-text field could hold. The narrow no-break space (U+202F) that
// French number formats group digits with ("1 234,50 €") is not in the embedded font: drawn, it came
// out as a wrong glyph and upset the layout of the following text, so it becomes a no-break space.
const pdfText = (value: string) => value.replace(/\u00ad/g, "").replace(/\u202f/g, "\u00a0");

/** The firm's look on its documents: its logo (PNG or JPEG) and brand colour. */
export type PdfBranding = { logo: { data: Buffer; format: "png" | "jpg" } | null; color: string };

const FOOTER_HEIGHT = 64;

const styles = StyleSheet.create({
  page: {
    paddingTop: 40,
    paddingHorizontal: 40,
    // The footer is drawn in the bottom margin: no row ever reaches it.
    paddingBottom: 40 + FOOTER_HEIGHT,
    fontSize: 9,
    fontFamily: EMBEDDED_PDF_FONT_FAMILY,
    color: "#111827",
  },
  // The line height is set on the content, not the page: inherited from the page (with an
  // embedded font) it leaves react-pdf's page-number text empty.
  content: { fontSize: 9, lineHeight: 1.35 },
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", marginBottom: 24 },
  brand: { width: "55%" },
  logo: { maxWidth: 160, maxHeight: 56, objectFit: "contain", marginBottom: 4 },
  firmName: { fontSize: 14, fontWeight: 700, lineHeight: 1.25, marginBottom: 4 },
  heading: { width: "40%", alignItems: "flex-end" },
  // Each line of the heading sets its own line height: inherited from the page, a 9 pt line held
  // the 18 pt title, which was then drawn over the number.
  title: { fontSize: 18, fontWeight: 700, lineHeight: 1.25, textAlign: "right" },
  number: { fontSize: 11, lineHeight: 1.3, textAlign: "right", marginTop: 2 },
  draft: { fontSize: 10, lineHeight: 1.3, color: "#b91c1c", textAlign: "right", marginTop: 2 },
  muted: { color: "#4b5563" },
  parties: { flexDirection: "row", justifyContent: "space-between", marginBottom: 20 },
  party: { width: "48%" },
  label: { fontSize: 7.5, color: "#4b5563", textTransform: "uppercase", marginBottom: 2 },
  bold: { fontWeight: 700 },
  facts: {
    flexDirection: "row",
    flexWrap: "wrap",
    marginBottom: 16,
    borderTop: "1pt solid #e5e7eb",
    borderBottom: "1pt solid #e5e7eb",
    paddingVertical: 6,
  },
  fact: { width: "25%", paddingVertical: 3, paddingRight: 4 },
  tableHead: { flexDirection: "row", borderBottomWidth: 1, paddingBottom: 3, fontWeight: 700 },
  row: { flexDirection: "row", borderBottom: "0.5pt solid #e5e7eb", paddingVertical: 4 },
  description: { width: "36%", paddingRight: 6 },
  quantity: { width: "9%", textAlign: "right" },
  unit: { width: "9%", paddingLeft: 4 },
  price: { width: "13%", textAlign: "right" },
  discount: { width: "8%", textAlign: "right" },
  rate: { width: "10%", textAlign: "right" },
  net: { width: "15%", textAlign: "right" },
  totals: { marginTop: 12, marginLeft: "45%" },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  grandTotal: {
    flexDirection: "row",
    justifyContent: "space-between",
    borderTopWidth: 1,
    marginTop: 4,
    paddingTop: 4,
    fontWeight: 700,
    fontSize: 11,
  },
  block: { marginTop: 16 },
  footer: {
    position: "absolute",
    left: 40,
    right: 40,
    bottom: 24,
    height: FOOTER_HEIGHT - 8,
    fontSize: 7.5,
    color: "#4b5563",
    borderTop: "0.5pt solid #e5e7eb",
    paddingTop: 6,
    flexDirection: "row",
    justifyContent: "space-between",
  },
  footerText: { width: "80%" },
  pageNumber: { width: "18%", textAlign: "right" },
  pageCount: {
    position: "absolute",
    right: 40,
    bottom: 24 + FOOTER_HEIGHT - 8 - 26,
    width: 100,
    fontSize: 7.5,
    color: "#4b5563",
    textAlign: "right",
  },
});

function Party({ label, party }: { label: string; party: InvoiceDocument["firm"] }) {
  return (
    <View style={styles.party}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.bold}>{pdfText(party.name)}</Text>
      {party.addressLines.map((line, index) => (
        <Text key={index}>{pdfText(line)}</Text>
      ))}
      {party.vatLine ? <Text>{pdfText(party.vatLine)}</Text> : null}
      {party.legalLines.map((line, index) => (
        <Text key={`legal-${index}`}>{pdfText(line)}</Text>
      ))}
      {party.email ? <Text style={styles.muted}>{pdfText(party.email)}</Text> : null}
    </View>
  );
}

export function InvoicePdf({
  document,
  createdAt,
  branding,
}: {
  document: InvoiceDocument;
  createdAt: Date;
  branding: PdfBranding;
}) {
  const title = document.heading;
  const labels = document.labels;
  const t = documentTranslator(document.language);
  return (
    <Document
      title={title}
      author={document.firm.name}
      subject={title}
      creator="Bureau"
      producer="Bureau"
      creationDate={createdAt}
      modificationDate={createdAt}
      language={document.language}
    >
      <Page size="A4" style={styles.page}>
        <View style={styles.content}>
          <View style={styles.header}>
            <View style={styles.brand}>
              {branding.logo ? (
                // eslint-disable-next-line jsx-a11y/alt-text -- a PDF image has no alt text; the name follows
                <Image style={styles.logo} src={branding.logo} />
              ) : null}
              <Text style={[styles.firmName, { color: branding.color }]}>{pdfText(document.firm.name)}</Text>
              {document.firm.phone ? <Text style={styles.muted}>{pdfText(document.firm.phone)}</Text> : null}
            </View>
            <View style={styles.heading}>
              <Text style={[styles.title, { color: branding.color }]}>{document.title}</Text>
              {document.number ? <Text style={styles.number}>{document.number}</Text> : null}
              {document.isDraft ? (
                <Text style={styles.draft}>
                  {/* The state in capitals, as a stamp: "DRAFT: not a valid invoice". */}
                  {labels.draftWarning.replace(/^[^:]+/, (state) => state.toLocaleUpperCase(document.language))}
                </Text>
              ) : null}
            </View>
          </View>
          <View style={styles.parties}>
            <Party label={labels.from} party={document.firm} />
            <Party label={labels.billTo} party={document.client} />
          </View>
          <View style={styles.facts}>
            {document.facts.map((fact) => (
              <View key={fact.label} style={styles.fact}>
                <Text style={styles.label}>{fact.label}</Text>
                <Text>{pdfText(fact.value)}</Text>
              </View>
            ))}
          </View>
          <View style={styles.tableHead} fixed>
            <Text style={styles.description}>{labels.description}</Text>
            <Text style={styles.quantity}>{labels.quantity}</Text>
            <Text style={styles.unit}>{labels.unit}</Text>
            <Text style={styles.price}>{labels.unitPrice}</Text>
            <Text style={styles.discount}>{labels.discount}</Text>
            <Text style={styles.rate}>{labels.vat}</Text>
            <Text style={styles.net}>{labels.net}</Text>
          </View>
          {document.lines.map((line, index) => (
            <View key={index} style={styles.row} wrap={false}>
              <Text style={styles.description}>{pdfText(line.description)}</Text>
              <Text style={styles.quantity}>{pdfText(line.quantity)}</Text>
              <Text style={styles.unit}>{pdfText(line.unit)}</Text>
              <Text style={styles.price}>{pdfText(line.unitPrice)}</Text>
              <Text style={styles.discount}>{pdfText(line.discount)}</Text>
              <Text style={styles.rate}>{pdfText(line.taxRate)}</Text>
              <Text style={styles.net}>{pdfText(line.net)}</Text>
            </View>
          ))}
          <View style={styles.totals} wrap={false}>
            {(document.showTaxRows ? document.taxes : []).map((row) => (
              <View key={row.key}>
                <View style={styles.totalRow}>
                  <Text>{pdfText(row.netLabel)}</Text>
                  <Text>{pdfText(row.base)}</Text>
                </View>
                <View style={styles.totalRow}>
                  <Text>{pdfText(row.vatLabel)}</Text>
                  <Text>{pdfText(row.tax)}</Text>
                </View>
              </View>
            ))}
            <View style={styles.totalRow}>
              <Text style={styles.bold}>{labels.totalNet}</Text>
              <Text style={styles.bold}>{pdfText(document.net)}</Text>
            </View>
            <View style={styles.totalRow}>
              <Text>{labels.totalVat}</Text>
              <Text>{pdfText(document.tax)}</Text>
            </View>
            <View style={styles.grandTotal}>
              <Text>
                {document.totalLabel} ({document.currency})
              </Text>
              <Text>{pdfText(document.total)}</Text>
            </View>
          </View>
          {document.mentions.length > 0 ? (
            <View style={styles.block} wrap={false}>
              {document.mentions.map((mention) => (
                <Text key={mention.category}>
                  {pdfText(mention.text)}
                  {mention.vatNumbers ? ` ${pdfText(mention.vatNumbers)}` : ""}
                </Text>
              ))}
            </View>
          ) : null}
          {document.payment ? (
            <View style={styles.block} wrap={false}>
              <Text style={styles.label}>{labels.payment}</Text>
              <Text>{document.payment.means}</Text>
              {document.payment.iban ? (
                <Text>
                  {IBAN} {document.payment.iban}
                  {document.payment.bic ? `   BIC ${document.payment.bic}` : ""}
                </Text>
              ) : null}
              {document.payment.referenceText ? <Text>{pdfText(document.payment.referenceText)}</Text> : null}
            </View>
          ) : null}
          {document.settlement ? (
            <View style={styles.block} wrap={false}>
              <Text style={styles.label}>{labels.settlement}</Text>
              <Text>{pdfText(document.settlement)}</Text>
            </View>
          ) : null}
          {document.notes ? (
            <View style={styles.block}>
              <Text style={styles.label}>{labels.notes}</Text>
              <Text>{pdfText(document.notes)}</Text>
            </View>
          ) : null}
        </View>
        <View style={styles.footer} fixed>
          <View style={styles.footerText}>{document.footer ? <Text>{pdfText(document.footer)}</Text> : null}</View>
          <Text style={styles.pageNumber}>{document.number ?? labels.draftFooter}</Text>
        </View>
        <Text
          style={styles.pageCount}
          fixed
          render={({ pageNumber, totalPages }) => t("document.page", { page: pageNumber, pages: totalPages })}
        />
      </Page>
    </Document>
  );
}

const NO_BRANDING: PdfBranding = { logo: null, color: "#111827" };

/** The firm's logo and colour as the PDF takes them, from the settings row. */
export function pdfBrandingOf(settings: {
  logo: Buffer | null;
  logoMimeType: string | null;
  brandColor: string;
}): PdfBranding {
  const format = settings.logoMimeType === "image/png" ? "png" : settings.logoMimeType === "image/jpeg" ? "jpg" : null;
  return {
    logo: settings.logo && format ? { data: settings.logo, format } : null,
    color: /^#[0-9a-f]{6}$/i.test(settings.brandColor) ? settings.brandColor : NO_BRANDING.color,
  };
}

/**
 * The PDF bytes. `createdAt` is the issue instant for an issued invoice, so the bytes are stable.
 * The font is always embedded (decision 026), so `embedFonts` (asked by the Factur-X PDF) is
 * always met; `branding` is the firm's logo and colour (pdfBrandingOf(settings)).
 */
export async function renderInvoicePdf(
  document: InvoiceDocument,
  createdAt: Date,
  options: { embedFonts?: boolean; branding?: PdfBranding } = {},
): Promise<Buffer> {
  const render = renderQueue.then(() => {
    // Fresh glyphs for every document: once a document has been embedded, fontkit's cached glyphs
    // lose their code points and react-pdf's layout then drops characters from later documents
    // ("2.000,00 €" printed ".000,00 €"; react-pdf issue 3404, pdf-fonts.ts). Renders run one at
    // a time, so no render sees the glyphs forgotten under it.
    freshPdfGlyphs();
    return renderToBuffer(
      <InvoicePdf document={document} createdAt={createdAt} branding={options.branding ?? NO_BRANDING} />,
    );
  });
  renderQueue = render.catch(() => undefined);
  return render;
}

/** The render under way (react-pdf's font store is shared by the whole process). */
let renderQueue: Promise<unknown> = Promise.resolve();
