// The CSV exports in the firm's locale (issue 22 item 5, decision 066): a French firm's invoice list
// and sales journal open in Excel as columns (semicolons, decimal commas, French dates), and
// `format=plain` gives the comma format with decimal points and ISO dates.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "../../src/db/schema";
import { csvFormatOf, csvStream } from "../../src/lib/csv";
import { addDaysToDate } from "../../src/lib/dates";
import type { Actor } from "../../src/modules/audit/audit-log";
import { invoiceCsvStream } from "../../src/modules/invoices/invoice-csv";
import { createDraftInvoice, issueInvoice } from "../../src/modules/invoices/invoice-mutations";
import { invoiceListFilter } from "../../src/modules/invoices/invoice-schemas";
import { JOURNAL_COLUMNS } from "../../src/modules/reports/report-csv";
import { streamSalesJournal } from "../../src/modules/reports/sales-journal-queries";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, insertUser, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

const NOW = new Date("2026-04-10T10:00:00Z");
let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = (await setUpDatabase()).database;
  await getSettings(db());
  await db().update(settings).set({ locale: "fr-FR", timezone: "Europe/Paris", currency: "EUR" });
  const person = await insertUser(db(), "Mona Manager");
  const manager: Actor = { id: person.id, name: person.name, role: "manager" };
  const client = await insertClient(db(), { name: "Dupont; Fils" });
  const created = await createDraftInvoice(
    db(),
    manager,
    draftInput(client.id, {
      currency: "EUR",
      issueDate: "2026-03-02",
      dueDate: addDaysToDate("2026-03-02", 30),
      lines: [line({ unitPrice: "1333.33", taxRateBp: 2000 })],
    }),
  );
  await issueInvoice(db(), manager, { id: created.id, version: created.version }, NOW);
});
afterAll(() => tearDownDatabase(database));

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const reader = stream.getReader();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += new TextDecoder("utf-8", { ignoreBOM: true }).decode(value);
  }
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text.slice(1).trim().split("\r\n");
}

describe(`CSV in the firm's locale on ${process.env.TEST_DB}`, () => {
  it("a French firm's invoice list: semicolons, decimal commas, French dates", async () => {
    const firm = await getSettings(db());
    const format = csvFormatOf(new URLSearchParams(""), firm.locale, firm.timezone);
    const lines = await textOf(invoiceCsvStream(db(), invoiceListFilter.parse({}), "2026-04-10", 1000, format));
    expect(lines[0]).toBe(
      "Number;Kind;Status;Client;Issue date;Due date;Currency;Net;Tax;Total;Paid;Credited;Balance;Sent at;Credits invoice",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^2026-\d{4};Invoice;(Issued|Overdue);"Dupont; Fils";02\/03\/2026;01\/04\/2026;EUR;1333,33;266,67;1600,00;0,00;0,00;1600,00;;$/,
    );
  });

  it("the plain format: commas, decimal points, ISO dates", async () => {
    const firm = await getSettings(db());
    const format = csvFormatOf(new URLSearchParams("format=plain"), firm.locale, firm.timezone);
    const lines = await textOf(invoiceCsvStream(db(), invoiceListFilter.parse({}), "2026-04-10", 1000, format));
    expect(lines[0]).toBe(
      "Number,Kind,Status,Client,Issue date,Due date,Currency,Net,Tax,Total,Paid,Credited,Balance,Sent at,Credits invoice",
    );
    expect(lines[1]).toMatch(
      /^2026-\d{4},Invoice,(Issued|Overdue),Dupont; Fils,2026-03-02,2026-04-01,EUR,1333\.33,266\.67,1600\.00,0\.00,0\.00,1600\.00,,$/,
    );
  });

  it("a report's CSV follows the same locale (the sales journal)", async () => {
    const firm = await getSettings(db());
    const french = await textOf(
      csvStream(
        JOURNAL_COLUMNS,
        streamSalesJournal(db(), { from: "2026-03-01", to: "2026-03-31" }),
        csvFormatOf(new URLSearchParams(""), firm.locale, firm.timezone),
      ),
    );
    expect(french[0]).toBe("Number;Kind;Date;Client;Client VAT number;VAT rate %;Net;VAT;Total;Currency");
    expect(french[1]).toMatch(/^2026-\d{4};Invoice;02\/03\/2026;"Dupont; Fils";[^;]*;20;1333,33;266,67;1600,00;EUR$/);
  });
});
