import "server-only";
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { InvoiceDocument } from "./invoice-document";

// The invoice as a PDF: every mention EU invoices must carry, from the same
// document model as the read view. Helvetica is built into every PDF reader, so nothing is
// embedded or loaded, and the render is fast and deterministic. For an issued invoice the
// creation date is its issue instant and the producer is fixed, so the bytes never change.

// Helvetica's WinAnsi encoding has no narrow or no-break spaces (fr-FR uses them in amounts). Soft
// hyphens (U+00AD, invisible hyphenation hints) go: react-pdf's layout crashes on a line made of
// nothing else, which any free-text field could hold.
const pdfText = (value: string) => value.replace(/[\u00a0\u202f\u2009]/g, " ").replace(/\u00ad/g, "");

const styles = StyleSheet.create({
  page: { padding: 40, fontSize: 9, fontFamily: "Helvetica", color: "#111827", lineHeight: 1.35 },
  header: { flexDirection: "row", justifyContent: "space-between", marginBottom: 24 },
  firmName: { fontSize: 14, fontFamily: "Helvetica-Bold", marginBottom: 4 },
  title: { fontSize: 18, fontFamily: "Helvetica-Bold", textAlign: "right" },
  draft: { fontSize: 10, color: "#b91c1c", textAlign: "right", marginTop: 2 },
  muted: { color: "#4b5563" },
  parties: { flexDirection: "row", justifyContent: "space-between", marginBottom: 20 },
  party: { width: "48%" },
  label: { fontSize: 7.5, color: "#4b5563", textTransform: "uppercase", marginBottom: 2 },
  bold: { fontFamily: "Helvetica-Bold" },
  facts: {
    flexDirection: "row",
    flexWrap: "wrap",
    marginBottom: 16,
    borderTop: "1pt solid #e5e7eb",
    borderBottom: "1pt solid #e5e7eb",
    paddingVertical: 6,
  },
  fact: { width: "25%", paddingVertical: 3 },
  tableHead: {
    flexDirection: "row",
    borderBottom: "1pt solid #111827",
    paddingBottom: 3,
    fontFamily: "Helvetica-Bold",
  },
  row: { flexDirection: "row", borderBottom: "0.5pt solid #e5e7eb", paddingVertical: 4 },
  description: { width: "38%", paddingRight: 6 },
  quantity: { width: "10%", textAlign: "right" },
  unit: { width: "8%", paddingLeft: 4 },
  price: { width: "13%", textAlign: "right" },
  discount: { width: "8%", textAlign: "right" },
  rate: { width: "8%", textAlign: "right" },
  net: { width: "15%", textAlign: "right" },
  totals: { marginTop: 12, marginLeft: "45%" },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  grandTotal: {
    flexDirection: "row",
    justifyContent: "space-between",
    borderTop: "1pt solid #111827",
    marginTop: 4,
    paddingTop: 4,
    fontFamily: "Helvetica-Bold",
    fontSize: 11,
  },
  block: { marginTop: 16 },
  footer: {
    position: "absolute",
    left: 40,
    right: 40,
    bottom: 24,
    fontSize: 7.5,
    color: "#4b5563",
    borderTop: "0.5pt solid #e5e7eb",
    paddingTop: 6,
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
      {party.vatNumber ? <Text>VAT number: {pdfText(party.vatNumber)}</Text> : null}
      {party.legalLines.map((line, index) => (
        <Text key={`legal-${index}`}>{pdfText(line)}</Text>
      ))}
      {party.email ? <Text style={styles.muted}>{pdfText(party.email)}</Text> : null}
    </View>
  );
}

export function InvoicePdf({ document, createdAt }: { document: InvoiceDocument; createdAt: Date }) {
  const title = document.isDraft
    ? `Draft ${document.title.toLowerCase()}`
    : `${document.title} ${document.number ?? ""}`;
  return (
    <Document
      title={title}
      author={document.firm.name}
      subject={title}
      creator="Bureau"
      producer="Bureau"
      creationDate={createdAt}
      modificationDate={createdAt}
      language="en"
    >
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <View>
            <Text style={styles.firmName}>{pdfText(document.firm.name)}</Text>
            {document.firm.phone ? <Text style={styles.muted}>{pdfText(document.firm.phone)}</Text> : null}
          </View>
          <View>
            <Text style={styles.title}>{document.title}</Text>
            <Text style={{ textAlign: "right", fontSize: 11 }}>{document.number ?? ""}</Text>
            {document.isDraft ? (
              <Text style={styles.draft}>DRAFT: not a valid {document.title.toLowerCase()}</Text>
            ) : null}
          </View>
        </View>
        <View style={styles.parties}>
          <Party label="From" party={document.firm} />
          <Party label="Bill to" party={document.client} />
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
          <Text style={styles.description}>Description</Text>
          <Text style={styles.quantity}>Qty</Text>
          <Text style={styles.unit}>Unit</Text>
          <Text style={styles.price}>Unit price</Text>
          <Text style={styles.discount}>Disc.</Text>
          <Text style={styles.rate}>VAT</Text>
          <Text style={styles.net}>Net</Text>
        </View>
        {document.lines.map((line, index) => (
          <View key={index} style={styles.row} wrap={false}>
            <Text style={styles.description}>{pdfText(line.description)}</Text>
            <Text style={styles.quantity}>{line.quantity}</Text>
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
                <Text>Net at {pdfText(row.rate)}</Text>
                <Text>{pdfText(row.base)}</Text>
              </View>
              <View style={styles.totalRow}>
                <Text>VAT at {pdfText(row.rate)}</Text>
                <Text>{pdfText(row.tax)}</Text>
              </View>
            </View>
          ))}
          <View style={styles.totalRow}>
            <Text style={styles.bold}>Total net</Text>
            <Text style={styles.bold}>{pdfText(document.net)}</Text>
          </View>
          <View style={styles.totalRow}>
            <Text>Total VAT</Text>
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
            <Text style={styles.label}>Payment</Text>
            <Text>{document.payment.means}</Text>
            {document.payment.iban ? (
              <Text>
                IBAN {document.payment.iban}
                {document.payment.bic ? `   BIC ${document.payment.bic}` : ""}
              </Text>
            ) : null}
            {document.payment.reference ? <Text>Reference: {document.payment.reference}</Text> : null}
          </View>
        ) : null}
        {document.settlement ? (
          <View style={styles.block} wrap={false}>
            <Text style={styles.label}>Settlement</Text>
            <Text>{pdfText(document.settlement)}</Text>
          </View>
        ) : null}
        {document.notes ? (
          <View style={styles.block}>
            <Text style={styles.label}>Notes</Text>
            <Text>{pdfText(document.notes)}</Text>
          </View>
        ) : null}
        <View style={styles.footer} fixed>
          {document.footer ? <Text>{pdfText(document.footer)}</Text> : null}
          <Text>{document.number ?? "Draft"}</Text>
        </View>
      </Page>
    </Document>
  );
}

/** The PDF bytes. `createdAt` is the issue instant for an issued invoice, so the bytes are stable. */
export async function renderInvoicePdf(document: InvoiceDocument, createdAt: Date): Promise<Buffer> {
  return renderToBuffer(<InvoicePdf document={document} createdAt={createdAt} />);
}
