import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createDraftInvoice, issueInvoice, recordPayment } from "../../src/modules/invoices/invoice-mutations";
import { renderInvoicePdf } from "../../src/modules/invoices/invoice-pdf";
import { getInvoiceDocument } from "../../src/modules/invoices/invoice-detail-queries";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { pdfText } from "../support/pdf-text";
import { draftInput, insertClient, line, today } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let manager: Actor;

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  manager = { id: setup.admin.id, name: "Marc Manager", role: "manager" };
});
afterAll(() => tearDownDatabase(database));

describe(`invoice PDF on ${process.env.TEST_DB}`, () => {
  it("carries the mentions and is byte-stable once issued, whatever happens to payments", async () => {
    const customer = await insertClient(database.db, { name: "Globex SARL", vatNumber: "FR40303265045" });
    const draft = await createDraftInvoice(
      database.db,
      manager,
      draftInput(customer.id, {
        servicePeriodStart: "2026-01-05",
        servicePeriodEnd: "2026-01-30",
        footer: "Late payment: 40 EUR fixed fee.",
        lines: [
          line({ description: "Strategy workshop", unitPrice: "1200" }),
          line({ description: "Books", unitPrice: "20", taxRateBp: 550 }),
        ],
      }),
    );
    const draftPdf = await getInvoiceDocument(database.db, draft.id);
    const draftBytes = await renderInvoicePdf(draftPdf.document, draft.updatedAt);
    expect(pdfText(draftBytes)).toMatch(/DRAFT/);

    const issued = await issueInvoice(database.db, manager, { id: draft.id, version: draft.version });
    const first = await getInvoiceDocument(database.db, issued.id);
    const bytes = await renderInvoicePdf(first.document, issued.issuedAt!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    for (const expected of [
      issued.number!,
      "Globex SARL",
      "FR40303265045",
      "Strategy workshop",
      "Issue date",
      "Due date",
      "Service period",
      "Payment terms",
      "30 days",
      "Net at 20%",
      "VAT at 20%",
      "VAT at 5.5%",
      "1,461.10",
      "Late payment: 40 EUR fixed fee.",
    ]) {
      expect(text.toLowerCase()).toContain(expected.toLowerCase());
    }
    await recordPayment(database.db, manager, { invoiceId: issued.id, amount: "100", date: today(), method: "cash" });
    const again = await getInvoiceDocument(database.db, issued.id);
    const bytesAgain = await renderInvoicePdf(again.document, again.detail.issuedAt!);
    expect(bytesAgain.equals(bytes)).toBe(true);
  });
});
