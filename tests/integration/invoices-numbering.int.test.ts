import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoice, numberingCounter, settings } from "../../src/db/schema";
import { addDaysToDate } from "../../src/lib/dates";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createDraftInvoice, issueInvoice } from "../../src/modules/invoices/invoice-mutations";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, line, today } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

// numbers are unique, gapless and chronological, taken inside the issuing
// transaction from a locked counter row, so concurrent issuing never duplicates or skips one.

let database: TestDatabase;
let manager: Actor;

beforeAll(async () => {
  const setup = await setUpDatabase();
  database = setup.database;
  manager = { id: setup.admin.id, name: "Marc Manager", role: "manager" };
});
afterAll(() => tearDownDatabase(database));

describe(`invoice numbering on ${process.env.TEST_DB}`, () => {
  it("restarts the sequence when the year changes", async () => {
    const customer = await insertClient(database.db);
    const lastYear = `${Number(today().slice(0, 4)) - 1}-12-31`;
    const draft = await createDraftInvoice(
      database.db,
      manager,
      draftInput(customer.id, { issueDate: lastYear, dueDate: addDaysToDate(lastYear, 30) }),
    );
    const issued = await issueInvoice(database.db, manager, { id: draft.id, version: draft.version });
    expect(issued.number).toBe(`${lastYear.slice(0, 4)}-0001`);
  });

  it("issuing 50 invoices at once from separate connections gives exactly 1 to 50 of the year", async () => {
    const customer = await insertClient(database.db);
    const drafts = [];
    for (let index = 0; index < 50; index += 1)
      drafts.push(
        await createDraftInvoice(
          database.db,
          manager,
          draftInput(customer.id, { lines: [line({ unitPrice: String(index + 1) })] }),
        ),
      );
    const issued = await Promise.all(
      drafts.map((draft) => issueInvoice(database.db, manager, { id: draft.id, version: draft.version })),
    );
    const year = today().slice(0, 4);
    const numbers = issued.map((row) => row.number!).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => `${year}-${String(index + 1).padStart(4, "0")}`));
    const [counter] = await database.db.select().from(numberingCounter).where(eq(numberingCounter.periodKey, year));
    expect(counter).toMatchObject({ series: "invoice", lastSequence: 50, lastIssueDate: today() });
    const stored = await database.db
      .select({ number: invoice.number })
      .from(invoice)
      .where(eq(invoice.clientId, customer.id));
    expect(new Set(stored.map((row) => row.number)).size).toBe(50);
  });

  it("a monthly pattern counts per month, and a failed issue gives its number back", async () => {
    const [row] = await database.db.select().from(settings);
    await database.db
      .update(settings)
      .set({ invoiceNumberPattern: "INV-{YY}{MM}-{SEQ:3}" })
      .where(eq(settings.id, row!.id));
    const customer = await insertClient(database.db);
    const empty = await createDraftInvoice(database.db, manager, draftInput(customer.id, { lines: [] }));
    await expect(issueInvoice(database.db, manager, { id: empty.id, version: empty.version })).rejects.toThrow(
      /at least one line/,
    );
    const draft = await createDraftInvoice(database.db, manager, draftInput(customer.id));
    const issued = await issueInvoice(database.db, manager, { id: draft.id, version: draft.version });
    expect(issued.number).toBe(`INV-${today().slice(2, 4)}${today().slice(5, 7)}-001`);
    const [stored] = await database.db.select({ number: invoice.number }).from(invoice).where(eq(invoice.id, empty.id));
    expect(stored?.number).toBeNull();
  });
});
