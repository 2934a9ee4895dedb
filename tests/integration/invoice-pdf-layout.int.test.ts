// Issue 20, defects 1, 2 (PDF), 3, 4, 5, 6 and 11: what the PDF draws and where, read back with
// poppler's pdftotext (word boxes), pdfimages and pdffonts.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { getInvoiceDocument } from "../../src/modules/invoices/invoice-detail-queries";
import { createCreditNote, createDraftInvoice, issueInvoice } from "../../src/modules/invoices/invoice-mutations";
import { pdfBrandingOf, renderInvoicePdf } from "../../src/modules/invoices/invoice-pdf";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, line } from "../support/invoice-fixtures";
import { boxesOverlap, pdfImageCount, pdfWords } from "../support/pdf-text";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let manager: Actor;
let folder: string;

// A 1×1 red PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  manager = { id: setup.admin.id, name: "Marc Manager", role: "manager" };
  const current = await getSettings(database.db);
  await database.db
    .update(settings)
    .set({
      firmName: "Northwind Société Générale de Conseil",
      vatNumber: "FR15901234567",
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP",
      logo: PNG,
      logoMimeType: "image/png",
      invoiceFooter: "FOOTERMARK Late payment: 40 EUR fixed fee.",
    })
    .where(eq(settings.id, current.id));
  folder = mkdtempSync(path.join(tmpdir(), "bureau-pdf-"));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await tearDownDatabase(database);
});

async function pdfOf(id: string) {
  const { document, detail, brand } = await getInvoiceDocument(database.db, id);
  return renderInvoicePdf(document, detail.issuedAt ?? detail.updatedAt, { branding: pdfBrandingOf(brand) });
}

// The word boxes and the images, read by poppler (shared with the browser tests).
const words = pdfWords;
const overlaps = boxesOverlap;

async function issued(lines = [line()], clientOverrides = {}) {
  const customer = await insertClient(database.db, clientOverrides);
  const draft = await createDraftInvoice(database.db, manager, draftInput(customer.id, { lines }));
  return issueInvoice(database.db, manager, { id: draft.id, version: draft.version });
}

describe(`invoice PDF layout on ${process.env.TEST_DB}`, () => {
  it("draws the title apart from the number and from the draft warning (defect 1)", async () => {
    const invoice = await issued();
    const { words: all } = words(await pdfOf(invoice.id));
    const first = (text: string) => all.filter((word) => word.text === text).sort((a, b) => a.yMin - b.yMin)[0]!;
    const title = first("Invoice");
    const number = first(invoice.number!);
    expect(overlaps(title, number)).toBe(false);
    expect(number.yMin).toBeGreaterThanOrEqual(title.yMax - 0.5);

    const customer = await insertClient(database.db);
    const draft = await createDraftInvoice(database.db, manager, draftInput(customer.id));
    const draftWords = words(await pdfOf(draft.id)).words;
    const draftTitle = draftWords.filter((word) => word.text === "Invoice").sort((a, b) => a.yMin - b.yMin)[0]!;
    const warning = draftWords.find((word) => word.text === "DRAFT:")!;
    expect(overlaps(draftTitle, warning)).toBe(false);
  });

  it("numbers the pages of a 30-line invoice and keeps every row above the footer (defect 3)", async () => {
    // Two of the rows wrap over several lines of the description column.
    const lines = Array.from({ length: 30 }, (_, index) =>
      line({
        description: `Row${index + 1} ${index % 15 === 7 ? "A long description of the work done that wraps over the lines of its column. ".repeat(3) : "Consulting"}`,
      }),
    );
    const invoice = await issued(lines);
    const bytes30 = await pdfOf(invoice.id);
    writeFileSync(path.join(folder, "30.pdf"), bytes30);
    if (process.env.KEEP_PDF) writeFileSync(path.join(process.env.KEEP_PDF, "30-lines.pdf"), bytes30);
    const { words: all, pages } = words(bytes30);
    // 30 lines, two of them long, and the payment block: more than one page.
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let page = 1; page <= pages; page++) {
      const onPage = all.filter((word) => word.page === page);
      // The page number is the footer's right column, under the document's number.
      const pageWord = onPage.find((word) => word.text === "Page")!;
      const numbering = onPage
        .filter((word) => Math.abs(word.yMin - pageWord.yMin) < 1 && word.xMin >= pageWord.xMin)
        .sort((a, b) => a.xMin - b.xMin)
        .map((word) => word.text)
        .join(" ");
      expect(numbering).toBe(`Page ${page} of ${pages}`);
      const footerTop = Math.min(
        ...onPage.filter((word) => word.text === "FOOTERMARK" || word.text === "Page").map((word) => word.yMin),
      );
      const body = onPage.filter((word) => word.yMax < footerTop - 0.01 || word.yMin < footerTop - 20);
      // Every word that is not the footer's ends above the footer's first line.
      const footerWords = onPage.filter((word) => word.yMin >= footerTop - 0.01);
      for (const word of body) expect(word.yMax, `${word.text} on page ${page}`).toBeLessThan(footerTop);
      expect(footerWords.some((word) => /^Row\d+$/.test(word.text))).toBe(false);
    }
    expect(all.filter((word) => /^Row\d+$/.test(word.text))).toHaveLength(30);
  });

  it("embeds its fonts and the logo as an image, and stays byte-stable (defects 2 and 11)", async () => {
    const invoice = await issued();
    const bytes = await pdfOf(invoice.id);
    expect((await pdfOf(invoice.id)).equals(bytes)).toBe(true);
    const file = path.join(folder, "fonts.pdf");
    writeFileSync(file, bytes);
    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" }).trim().split("\n").slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    // Columns: name, type, encoding, emb, sub, uni, object ID.
    for (const row of fonts) expect(row.split(/\s+/).at(-5), row).toBe("yes");
    // The logo (its transparency, if any, is a second "smask" row).
    expect(pdfImageCount(bytes)).toBe(1);
  });

  it("prints names and dates whole, the country's name and the IBAN in fours (defects 4 and 5)", async () => {
    const invoice = await issued([line({ description: "Société Générale November workshop ".repeat(6) })], {
      name: "Compagnie Internationale Société Générale",
      country: "DE",
      vatNumber: "DE123456789",
    });
    const { words: all } = words(await pdfOf(invoice.id));
    const texts = all.map((word) => word.text);
    expect(texts.filter((text) => /^[A-Za-zÀ-ÿ]+-$/.test(text))).toEqual([]);
    expect(texts).toContain("Société");
    expect(texts).toContain("Germany");
    expect(texts).not.toContain("DE");
    expect(texts.join(" ")).toContain("IBAN FR76 3000 6000 0112 3456 7890 189");
  });

  it("gives a credit note no payment block but says how it is settled (defect 6)", async () => {
    const invoice = await issued();
    const credit = await createCreditNote(database.db, manager, { invoiceId: invoice.id, mode: "full" });
    const text = words(await pdfOf(credit.id))
      .words.map((word) => word.text)
      .join(" ");
    expect(text).not.toContain("IBAN");
    expect(text).not.toContain("Reference:");
    expect(text).toContain("SETTLEMENT");
    expect(text).toContain(`deducted from what is owed on invoice ${invoice.number}`);
  });

  it("prints reverse charge with both VAT numbers, and the breakdown rows only with more than one group", async () => {
    const reverse = await issued([line({ taxRateBp: 0, vatCategory: "AE" })], {
      country: "DE",
      vatNumber: "DE123456789",
    });
    const text = words(await pdfOf(reverse.id))
      .words.map((word) => word.text)
      .join(" ");
    expect(text).toContain("Reverse charge");
    expect(text).toContain("Autoliquidation");
    expect(text).toContain("Supplier VAT number FR15901234567; customer VAT number DE123456789.");
    expect(text).not.toContain("Net at");
    const mixed = await issued([line(), line({ taxRateBp: 0, vatCategory: "E" })]);
    const mixedText = words(await pdfOf(mixed.id))
      .words.map((word) => word.text)
      .join(" ");
    expect(mixedText).toContain("Net at 20%");
    expect(mixedText).toContain("Net at 0%, exempt");
  });
});
