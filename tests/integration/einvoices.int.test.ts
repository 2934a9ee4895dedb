// Every issued invoice and credit note of the demo data as an e-invoice, on both databases: each
// format downloads a document with 0 fatal findings by the official rules (EN 16931 1.3.16, plus
// XRechnung 3.0 or Peppol BIS 3.0 for theirs) that is valid by its XML schemas; an invoice that
// lacks what a format needs is refused before download with coded reasons. The
// Factur-X PDF embeds the same XML and is byte-stable; drafts are refused. Decision 028.
import { and, asc, eq, ne } from "drizzle-orm";
import { PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, type PDFArray } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoice, user } from "../../src/db/schema";
import { InvalidError } from "../../src/lib/errors";
import { seedClientsAndTimesheets } from "../../src/modules/clients/clients-seed";
import { EINVOICE_FORMATS, type EinvoiceFormat } from "../../src/modules/einvoicing/einvoice-model";
import {
  einvoiceFormatStatuses,
  getInvoiceEinvoice,
  renderInvoiceEinvoice,
} from "../../src/modules/einvoicing/einvoice-queries";
import { einvoiceSyntax, writeEinvoiceXml } from "../../src/modules/einvoicing/einvoice-write";
import { createDraftInvoice, issueInvoice } from "../../src/modules/invoices/invoice-mutations";
import { seedInvoices } from "../../src/modules/invoices/invoices-seed";
import { seedDemoFirm } from "../../src/modules/settings/settings-seed";
import { seedDemoUsers } from "../../src/modules/users/users-seed";
import {
  describeFindings,
  fatal,
  isPeppolAvailable,
  isUblSchemaAvailable,
  type RuleSet,
  validateSchemas,
  validateSchematron,
} from "../einvoicing/support/validate";
import { checkFacturXWithPdfTools } from "../einvoicing/support/pdf-tools";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;

beforeAll(async () => {
  ({ database } = await setUpDatabase());
  await seedDemoFirm(database.db);
  const context = { db: database.db, users: await seedDemoUsers(database.db) };
  await seedClientsAndTimesheets(context);
  await seedInvoices(context);
}, 120_000);
afterAll(() => tearDownDatabase(database));

const RULES: Record<EinvoiceFormat, RuleSet[]> = {
  "factur-x": ["en16931"],
  "xrechnung-cii": ["en16931", "xrechnung"],
  "xrechnung-ubl": ["en16931", "xrechnung"],
  peppol: ["en16931", "peppol"],
};

async function seedManagerId() {
  const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.role, "manager")).limit(1);
  return row?.id;
}

async function issuedDocuments() {
  return database.db
    .select({ id: invoice.id, number: invoice.number, kind: invoice.kind })
    .from(invoice)
    .where(ne(invoice.status, "draft"))
    .orderBy(asc(invoice.issueDate), asc(invoice.number));
}

describe(`e-invoices of the demo data on ${process.env.TEST_DB}`, () => {
  it("every issued invoice and credit note of the demo data downloads in every format, valid by the official rules and the schemas", async () => {
    const documents = await issuedDocuments();
    expect(documents.length).toBeGreaterThanOrEqual(5);
    expect(documents.some((document) => document.kind === "credit_note")).toBe(true);
    const report: string[] = [];
    let validated = 0;
    for (const document of documents) {
      const { einvoice } = await getInvoiceEinvoice(database.db, document.id);
      for (const { format, problems } of einvoiceFormatStatuses(einvoice, false)) {
        if (format === "peppol" && !isPeppolAvailable()) continue;
        // The demo clients carry what every format needs (buyer reference, VAT number): each
        // issued document downloads in each format.
        expect(problems, `${document.number} ${format}`).toEqual([]);
        const xml = writeEinvoiceXml(einvoice, format);
        const findings = validateSchematron(xml, einvoiceSyntax(format), RULES[format]);
        expect(fatal(findings), `${document.number} ${format}\n${describeFindings(findings)}`).toEqual([]);
        const syntax = einvoiceSyntax(format);
        if (syntax === "cii" || isUblSchemaAvailable()) {
          const [schema] = await validateSchemas(
            [xml],
            syntax === "cii" ? "cii" : document.kind === "credit_note" ? "ubl-credit-note" : "ubl-invoice",
          );
          expect(schema!.errors, `${document.number} ${format} schema`).toEqual([]);
        }
        validated += 1;
        report.push(`${document.number} ${format}: valid, ${findings.length} warnings`);
      }
    }
    console.info(`e-invoices of the demo data (${documents.length} documents):\n${report.join("\n")}`);
    expect(validated).toBe(documents.length * (isPeppolAvailable() ? 4 : 3));
  }, 300_000);

  it("downloads an XML that equals the written one, and a Factur-X PDF embedding it, the same bytes every time", async () => {
    const [document] = await database.db
      .select({ id: invoice.id })
      .from(invoice)
      .where(and(eq(invoice.kind, "invoice"), ne(invoice.status, "draft")))
      .orderBy(asc(invoice.issueDate))
      .limit(1);
    const { einvoice } = await getInvoiceEinvoice(database.db, document!.id);
    const xml = await renderInvoiceEinvoice(database.db, document!.id, "factur-x");
    const again = await renderInvoiceEinvoice(database.db, document!.id, "factur-x");
    expect(xml.contentType).toBe("application/pdf");
    expect(Buffer.from(again.bytes).equals(Buffer.from(xml.bytes))).toBe(true);

    const pdf = await PDFDocument.load(xml.bytes, { updateMetadata: false });
    const files = pdf.catalog.lookup(PDFName.of("AF")) as PDFArray;
    const spec = files.lookup(0) as PDFDict;
    expect(spec.get(PDFName.of("AFRelationship"))).toEqual(PDFName.of("Data"));
    const embedded = (spec.lookup(PDFName.of("EF")) as PDFDict).lookup(PDFName.of("F")) as PDFRawStream;
    const attached = new TextDecoder().decode(decodePDFRawStream(embedded).decode());
    expect(attached).toBe(writeEinvoiceXml(einvoice, "factur-x"));
    // The same, read by poppler-utils and qpdf (pdfdetach -list, the XMP, the fonts).
    checkFacturXWithPdfTools(xml.bytes, attached, /Title:\s+Invoice \d{4}-\d{4}/);

    for (const format of EINVOICE_FORMATS.filter((name) => name !== "factur-x")) {
      const statuses = einvoiceFormatStatuses(einvoice, false);
      if (statuses.find((status) => status.format === format)!.problems.length > 0) continue;
      const download = await renderInvoiceEinvoice(database.db, document!.id, format);
      expect(download.contentType).toMatch(/^application\/xml/);
      expect(new TextDecoder().decode(download.bytes)).toBe(writeEinvoiceXml(einvoice, format));
    }
  });

  it("refuses, with each reason coded, a format whose data the invoice lacks (no buyer reference nor order)", async () => {
    const customer = await insertClient(database.db, { buyerReference: null });
    const manager = { id: (await seedManagerId())!, name: "Manager", role: "manager" as const };
    const draft = await createDraftInvoice(database.db, manager, draftInput(customer.id));
    const issued = await issueInvoice(database.db, manager, { id: draft.id, version: draft.version });
    const { einvoice } = await getInvoiceEinvoice(database.db, issued.id);
    const statuses = new Map(einvoiceFormatStatuses(einvoice, false).map((status) => [status.format, status.problems]));
    expect(statuses.get("factur-x")).toEqual([]);
    expect(statuses.get("xrechnung-ubl")!.map((problem) => problem.code)).toContain(
      "einvoice.xrechnung_buyer_reference_required",
    );
    await expect(renderInvoiceEinvoice(database.db, issued.id, "xrechnung-ubl")).rejects.toThrow(InvalidError);
    await expect(renderInvoiceEinvoice(database.db, issued.id, "peppol")).rejects.toMatchObject({
      code: "invoice.einvoice_not_valid",
      message: expect.stringContaining("[einvoice.peppol_buyer_reference_or_order_required]"),
    });
  });

  it("refuses a draft", async () => {
    const [draft] = await database.db.select({ id: invoice.id }).from(invoice).where(eq(invoice.status, "draft"));
    await expect(renderInvoiceEinvoice(database.db, draft!.id, "factur-x")).rejects.toMatchObject({
      code: "invoice.einvoice_of_draft",
    });
  });
});
