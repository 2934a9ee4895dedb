// Issue 20: VAT categories per rate, structured addresses in a version-2 snapshot, buyer and
// order references, Rec 20 unit codes and payment means, on a real database.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoice, invoiceLine, settings } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { InvalidError } from "../../src/lib/errors";
import { getInvoiceDocument } from "../../src/modules/invoices/invoice-detail-queries";
import {
  createCreditNote,
  createDraftInvoice,
  issueInvoice,
  updateDraftInvoice,
} from "../../src/modules/invoices/invoice-mutations";
import { VAT_CATEGORIES, type VatCategory } from "../../src/modules/invoices/vat-categories";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { seedClientsAndTimesheets } from "../../src/modules/clients/clients-seed";
import { seedInvoices } from "../../src/modules/invoices/invoices-seed";
import { seedDemoUsers } from "../../src/modules/users/users-seed";
import { client } from "../../src/db/schema";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let manager: Actor;

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  manager = { id: setup.admin.id, name: "Marc Manager", role: "manager" };
  const current = await getSettings(database.db);
  await database.db
    .update(settings)
    .set({
      vatNumber: "FR15901234567",
      registrationNumber: "901234567",
      rcsCity: "Paris",
      legalForm: "SARL",
      shareCapital: 1_000_000,
      countrySubdivision: "Île-de-France",
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP",
    })
    .where(eq(settings.id, current.id));
});
afterAll(() => tearDownDatabase(database));

async function issue(clientId: string, overrides: Record<string, unknown> = {}) {
  const draft = await createDraftInvoice(database.db, manager, draftInput(clientId, overrides));
  return issueInvoice(database.db, manager, { id: draft.id, version: draft.version });
}

describe(`VAT categories and structured data on ${process.env.TEST_DB}`, () => {
  it("issues with each category: the lines keep the category, its mention and VATEX code, the breakdown groups by category and rate", async () => {
    const customer = await insertClient(database.db, { country: "DE", vatNumber: "DE123456789" });
    for (const category of VAT_CATEGORIES) {
      const rate = category === "S" ? 2000 : 0;
      const issued = await issue(customer.id, {
        lines: [line({ taxRateBp: rate, vatCategory: category }), line({ taxRateBp: rate, vatCategory: category })],
      });
      expect(issued.status).toBe("issued");
      expect(issued.taxTotal).toBe(category === "S" ? 32000 : 0);
      expect(issued.taxBreakdown).toHaveLength(1);
      expect(issued.taxBreakdown[0]).toMatchObject({ category, rateBp: rate, base: 160000 });
      const stored = await database.db.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, issued.id));
      expect(stored.every((row) => row.vatCategory === category)).toBe(true);
      if (category === "AE") {
        expect(stored[0]!.vatexCode).toBe("VATEX-EU-AE");
        expect(stored[0]!.vatMention).toMatch(/Autoliquidation/);
        expect(issued.taxBreakdown[0]).toMatchObject({ vatexCode: "VATEX-EU-AE" });
      }
      if (category === "S") expect(issued.taxBreakdown[0]!.mention).toBeUndefined();
    }
  });

  it("keeps two 0 % categories apart on one invoice, and prints the mention with both VAT numbers", async () => {
    const customer = await insertClient(database.db, { country: "DE", vatNumber: "DE123456789", name: "Muster GmbH" });
    const issued = await issue(customer.id, {
      lines: [
        line({ taxRateBp: 0, vatCategory: "AE", unitPrice: "1000" }),
        line({ taxRateBp: 0, vatCategory: "E", unitPrice: "200" }),
        line({ taxRateBp: 2000, unitPrice: "100" }),
      ],
    });
    expect(issued.taxBreakdown.map((row) => `${row.category}:${row.rateBp}`)).toEqual(["S:2000", "E:0", "AE:0"]);
    const { document } = await getInvoiceDocument(database.db, issued.id);
    expect(document.showTaxRows).toBe(true);
    expect(document.mentions.map((mention) => mention.category)).toEqual(["E", "AE"]);
    expect(document.mentions[1]!.vatNumbers).toBe(
      "Supplier VAT number FR15901234567; customer VAT number DE123456789.",
    );
    expect(document.lines.map((row) => row.taxRate)).toEqual(["0% AE", "0% E", "20%"]);
  });

  it("refuses a category and rate that are not configured together", async () => {
    const customer = await insertClient(database.db);
    await expect(
      createDraftInvoice(
        database.db,
        manager,
        draftInput(customer.id, { lines: [line({ taxRateBp: 2000, vatCategory: "AE" })] }),
      ),
    ).rejects.toMatchObject({ fieldErrors: { "lines.0.taxRateBp": expect.any(String) } });
    await expect(
      createDraftInvoice(
        database.db,
        manager,
        draftInput(customer.id, { lines: [line({ taxRateBp: 0, vatCategory: "XX" })] }),
      ),
    ).rejects.toBeInstanceOf(InvalidError);
  });

  it("freezes structured addresses and identifiers in a version-2 snapshot", async () => {
    const customer = await insertClient(database.db, {
      name: "Société Générale des Études",
      addressLine1: "12 rue de la Paix",
      addressLine2: "Bâtiment B",
      postalCode: "75002",
      city: "Paris",
      countrySubdivision: "Île-de-France",
      country: "FR",
      registrationNumber: "552081317",
    });
    const issued = await issue(customer.id);
    expect(issued.clientSnapshot).toMatchObject({
      version: 2,
      address: {
        lines: ["12 rue de la Paix", "Bâtiment B"],
        postalCode: "75002",
        city: "Paris",
        countrySubdivision: "Île-de-France",
        countryCode: "FR",
      },
      registrationNumber: "552081317",
    });
    expect(issued.firmSnapshot).toMatchObject({
      version: 2,
      registrationNumber: "901234567",
      rcsCity: "Paris",
      shareCapital: 1_000_000,
      shareCapitalCurrency: "EUR",
      address: { countrySubdivision: "Île-de-France" },
    });
    const { document } = await getInvoiceDocument(database.db, issued.id);
    expect(document.client.addressLines).toEqual([
      "12 rue de la Paix",
      "Bâtiment B",
      "75002 Paris",
      "Île-de-France",
      "France",
    ]);
    expect(document.client.legalLines).toEqual(["SIREN 552 081 317"]);
    expect(document.firm.legalLines).toEqual(["SARL, share capital €10,000.00", "RCS Paris 901 234 567"]);
    expect(document.payment).toMatchObject({ iban: "FR76 3000 6000 0112 3456 7890 189", bic: "AGRIFRPP" });
    // A later change to the client does not reach the issued document.
    const again = await getInvoiceDocument(database.db, issued.id);
    expect(again.document).toEqual(document);
  });

  it("still renders a version-1 snapshot as issued", async () => {
    const customer = await insertClient(database.db);
    const issued = await issue(customer.id);
    const versionOne = {
      name: "Old Client Ltd",
      addressLines: ["1 Old Street", "75001 Paris"],
      country: "FR",
      vatNumber: "FR40303265045",
      email: "old@example.com",
      phone: null,
    };
    // Written as an invoice issued before version 2 would hold it (the guard is lifted for the test).
    await database.db.execute(sql.raw("ALTER TABLE invoices DISABLE TRIGGER invoices_guard_issued"));
    await database.db.update(invoice).set({ clientSnapshot: versionOne }).where(eq(invoice.id, issued.id));
    await database.db.execute(sql.raw("ALTER TABLE invoices ENABLE TRIGGER invoices_guard_issued"));
    const { document } = await getInvoiceDocument(database.db, issued.id);
    expect(document.client).toMatchObject({
      name: "Old Client Ltd",
      addressLines: ["1 Old Street", "75001 Paris", "France"],
      vatNumber: "FR40303265045",
      legalLines: [],
    });
  });

  it("stores the buyer and order references, the payment means and the unit codes; a credit note carries them", async () => {
    const customer = await insertClient(database.db, { buyerReference: "04011000-12345-67" });
    const draft = await createDraftInvoice(
      database.db,
      manager,
      draftInput(customer.id, {
        purchaseOrderReference: "PO-2026-77",
        lines: [line({ unit: "hours" }), line({ unit: "jours" }), line({ unit: "licence seat" })],
      }),
    );
    expect(draft).toMatchObject({
      buyerReference: "04011000-12345-67",
      purchaseOrderReference: "PO-2026-77",
      paymentMeans: "credit_transfer",
    });
    const updated = await updateDraftInvoice(database.db, manager, {
      ...draftInput(customer.id, {
        buyerReference: "LEITWEG-1",
        purchaseOrderReference: "PO-2026-78",
        paymentMeans: "cheque",
        lines: [line({ unit: "hours" }), line({ unit: "jours" }), line({ unit: "licence seat" })],
      }),
      id: draft.id,
      version: draft.version,
    });
    expect(updated).toMatchObject({ buyerReference: "LEITWEG-1", paymentMeans: "cheque" });
    const lines = await database.db.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, draft.id));
    expect(lines.sort((a, b) => a.position - b.position).map((row) => row.unitCode)).toEqual(["HUR", "DAY", "C62"]);
    const issued = await issueInvoice(database.db, manager, { id: updated.id, version: updated.version });
    const { document } = await getInvoiceDocument(database.db, issued.id);
    expect(document.facts).toEqual(
      expect.arrayContaining([
        { label: "Buyer reference", value: "LEITWEG-1" },
        { label: "Purchase order", value: "PO-2026-78" },
      ]),
    );
    expect(document.payment).toMatchObject({ means: "Cheque", iban: null });
    const credit = await createCreditNote(database.db, manager, { invoiceId: issued.id, mode: "full" });
    expect(credit).toMatchObject({ buyerReference: "LEITWEG-1", purchaseOrderReference: "PO-2026-78" });
    const creditLines = await database.db.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, credit.id));
    expect(creditLines.map((row) => row.unitCode).sort()).toEqual(["C62", "DAY", "HUR"]);
    const creditDocument = (await getInvoiceDocument(database.db, credit.id)).document;
    expect(creditDocument.payment).toBeNull();
    expect(creditDocument.settlement).toMatch(/deducted from what is owed on invoice/);
  });

  it("a credit note keeps the categories of the invoice it corrects", async () => {
    const customer = await insertClient(database.db, { country: "GB", vatNumber: "GB123456789" });
    const issued = await issue(customer.id, { lines: [line({ taxRateBp: 0, vatCategory: "O" as VatCategory })] });
    const credit = await createCreditNote(database.db, manager, { invoiceId: issued.id, mode: "full" });
    expect(credit.taxBreakdown).toEqual([
      expect.objectContaining({ category: "O", rateBp: 0, base: -80000, vatexCode: "VATEX-EU-O" }),
    ]);
  });

  it("invoices the demo's German client with reverse charge and its British client outside scope", async () => {
    const fresh = await setUpDatabase();
    try {
      const { db } = fresh.database;
      const context = { db, users: await seedDemoUsers(db) };
      await seedClientsAndTimesheets(context);
      await seedInvoices(context);
      const rows = await db
        .select({ country: client.country, breakdown: invoice.taxBreakdown, tax: invoice.taxTotal })
        .from(invoice)
        .innerJoin(client, eq(client.id, invoice.clientId));
      const categoriesOf = (country: string) =>
        new Set(
          rows.filter((row) => row.country === country).flatMap((row) => row.breakdown.map((line) => line.category)),
        );
      expect([...categoriesOf("DE")]).toEqual(["AE"]);
      expect([...categoriesOf("GB")]).toEqual(["O"]);
      expect(rows.filter((row) => row.country !== "FR").every((row) => row.tax === 0)).toBe(true);
      expect(categoriesOf("FR").has("S")).toBe(true);
    } finally {
      await tearDownDatabase(fresh.database);
    }
  });
});
