// The XLSX exports read back with exceljs against the CSV of the same rows: the sales journal
// (streamed in batches), the money report and receivables ageing, two currencies and a credit
// note. Every cell carries the CSV's figure, as a number (amounts in major units with their
// currency's format, counts, rates) or a date; the header row is frozen and the columns have widths.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "../../src/db/schema";
import { addDaysToDate } from "../../src/lib/dates";
import type { Actor } from "../../src/modules/audit/audit-log";
import {
  createCreditNote,
  createDraftInvoice,
  issueInvoice,
  recordPayment,
} from "../../src/modules/invoices/invoice-mutations";
import { findAgeingReport } from "../../src/modules/reports/ageing-report-queries";
import { findMoneyReport } from "../../src/modules/reports/money-report-queries";
import {
  AGEING_COLUMNS,
  JOURNAL_COLUMNS,
  MONEY_COLUMNS,
  oneBatch,
  type ReportColumn,
} from "../../src/modules/reports/report-csv";
import { xlsxStream } from "../../src/modules/reports/report-xlsx";
import { csvStream } from "../../src/lib/csv";
import { streamSalesJournal } from "../../src/modules/reports/sales-journal-queries";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, insertUser, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

const NOW = new Date("2026-04-10T10:00:00Z");
const RANGE = { from: "2026-03-01", to: "2026-03-31" };
let database: TestDatabase;
let manager: Actor;
const db = () => database.db;

beforeAll(async () => {
  database = (await setUpDatabase()).database;
  await getSettings(db());
  await db().update(settings).set({ timezone: "Europe/Paris", currency: "EUR" });
  const person = await insertUser(db(), "Mona Manager");
  manager = { id: person.id, name: person.name, role: "manager" };
  const euros = await insertClient(db(), { name: "Euro Client" });
  const dollars = await insertClient(db(), { name: "Dollar Client", currency: "USD", country: "US", vatNumber: null });
  const issue = async (clientId: string, currency: string, issueDate: string, lines: ReturnType<typeof line>[]) => {
    const created = await createDraftInvoice(
      db(),
      manager,
      draftInput(clientId, { currency, issueDate, dueDate: addDaysToDate(issueDate, 10), lines }),
    );
    return issueInvoice(db(), manager, { id: created.id, version: created.version }, NOW);
  };
  const first = await issue(euros.id, "EUR", "2026-03-02", [
    line({ unitPrice: "1333.33", taxRateBp: 2000 }),
    line({ unitPrice: "99.99", quantity: "3", taxRateBp: 550 }),
  ]);
  const second = await issue(euros.id, "EUR", "2026-03-10", [line({ unitPrice: "50", taxRateBp: 1000 })]);
  await issue(dollars.id, "USD", "2026-03-12", [line({ unitPrice: "1000.01", taxRateBp: 0 })]);
  await createCreditNote(db(), manager, { invoiceId: second.id, mode: "full", issueDate: "2026-03-20" }, NOW);
  await recordPayment(
    db(),
    manager,
    { invoiceId: first.id, amount: "100", date: "2026-03-25", method: "bank_transfer", reference: null },
    NOW,
  );
});
afterAll(() => tearDownDatabase(database));

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    chunks.push(value);
  }
}

/** The CSV's lines as fields (the test data has no comma nor quote in a field). */
async function csvOf<Row>(columns: readonly ReportColumn<Row>[], batches: AsyncGenerator<Row[], void, unknown>) {
  const text = (await bytesOf(csvStream(columns, batches))).toString("utf8").replace(/^\uFEFF/, "");
  return text
    .split("\r\n")
    .filter(Boolean)
    .map((row) => row.split(","));
}

async function sheetOf<Row>(
  columns: readonly ReportColumn<Row>[],
  batches: AsyncGenerator<Row[], void, unknown>,
  name = "Report",
) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await bytesOf(xlsxStream(columns, batches, name))).buffer);
  return workbook.worksheets[0]!;
}

/** The XLSX sheet holds the CSV's figures: numbers as numbers, dates as dates, text as text. */
async function expectSameFigures<Row>(columns: readonly ReportColumn<Row>[], batches: () => AsyncGenerator<Row[]>) {
  const csv = await csvOf(columns, batches());
  const sheet = await sheetOf(columns, batches());
  expect(csv.length).toBeGreaterThan(1);
  expect(sheet.rowCount).toBe(csv.length);
  expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  const header = sheet.getRow(1);
  expect(header.font?.bold).toBe(true);
  columns.forEach((column, index) => {
    expect(header.getCell(index + 1).value).toBe(column.header);
    expect(sheet.getColumn(index + 1).width).toBeGreaterThanOrEqual(column.header.length);
  });
  let amounts = 0;
  csv.slice(1).forEach((fields, rowIndex) => {
    const row = sheet.getRow(rowIndex + 2);
    columns.forEach((column, index) => {
      const cell = row.getCell(index + 1);
      const text = fields[index]!;
      if (text === "") expect(cell.value ?? null).toBeNull();
      else if (column.type === "date") expect((cell.value as Date).toISOString().slice(0, 10)).toBe(text);
      else if (column.type) {
        expect(typeof cell.value, column.header).toBe("number");
        expect(cell.value).toBe(Number(text));
        if (column.type === "amount") {
          amounts++;
          const currency = fields[columns.findIndex((other) => other.header === "Currency")]!;
          expect(cell.numFmt).toBe(currency === "EUR" ? '#,##0.00 "EUR"' : '#,##0.00 "USD"');
        }
      } else expect(String(cell.value)).toBe(text);
    });
  });
  expect(amounts).toBeGreaterThan(0);
}

describe("the XLSX exports", () => {
  it("the sales journal, streamed in batches", async () => {
    await expectSameFigures(JOURNAL_COLUMNS, () => streamSalesJournal(db(), RANGE, 2));
  });

  it("the money report, per month and per client", async () => {
    for (const group of ["month", "client"] as const) {
      const report = await findMoneyReport(db(), group, RANGE);
      await expectSameFigures(MONEY_COLUMNS(group), () => oneBatch(report.rows));
    }
  });

  it("receivables ageing", async () => {
    const report = await findAgeingReport(db(), { asOf: "2026-04-10" });
    await expectSameFigures(AGEING_COLUMNS, () => oneBatch(report.rows));
  });
});

describe("the XLSX writer's streaming", () => {
  it("waits for the compression, not only for the reader: rows are not read far ahead of the zip", async () => {
    // 200 batches of 500 rows, produced without any I/O. exceljs hands the sheet's XML to the zip
    // without waiting for it; a writer that waited only on the output read every batch before the
    // first compressed byte (the +162 MB of a year of entries in a bench run, issue 24).
    const columns: ReportColumn<{ n: number; text: string }>[] = [
      { header: "Number", type: "number", value: (row) => String(row.n) },
      { header: "Text", value: (row) => row.text },
    ];
    let pulled = 0;
    async function* rows() {
      for (let batch = 0; batch < 200; batch++) {
        pulled++;
        yield Array.from({ length: 500 }, (_, index) => ({
          n: batch * 500 + index,
          text: `Row ${batch * 500 + index} of a long export, with some words to compress`,
        }));
      }
    }
    let pulledAtFirstTurn = -1;
    const stream = xlsxStream(columns, rows(), "Report");
    setImmediate(() => (pulledAtFirstTurn = pulled));
    const bytes = await bytesOf(stream);
    expect(pulled).toBe(200);
    expect(pulledAtFirstTurn).toBeGreaterThanOrEqual(0);
    expect(pulledAtFirstTurn).toBeLessThan(10);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(bytes).buffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(100_001);
  });

  /** One column of numbers, for the writer's own tests. */
  const NUMBERS: ReportColumn<{ n: number }>[] = [{ header: "Number", type: "number", value: (row) => String(row.n) }];

  it("writes two exports at once, each its own file", async () => {
    async function* rows(offset: number) {
      for (let batch = 0; batch < 20; batch++)
        yield Array.from({ length: 100 }, (_, index) => ({ n: offset + batch * 100 + index }));
    }
    const [first, second] = await Promise.all([
      sheetOf(NUMBERS, rows(0), "First"),
      sheetOf(NUMBERS, rows(1_000_000), "Second"),
    ]);
    for (const [sheet, name, offset] of [
      [first, "First", 0],
      [second, "Second", 1_000_000],
    ] as const) {
      expect(sheet.name).toBe(name);
      expect(sheet.rowCount).toBe(2_001);
      expect(sheet.getRow(2).getCell(1).value).toBe(offset);
      expect(sheet.getRow(2_001).getCell(1).value).toBe(offset + 1_999);
    }
  });

  it("stops reading rows when the download is closed, and the next export still works", async () => {
    let pulled = 0;
    let closed = false;
    async function* rows() {
      try {
        for (let batch = 0; batch < 1_000; batch++) {
          pulled++;
          yield Array.from({ length: 500 }, (_, index) => ({ n: batch * 500 + index }));
        }
      } finally {
        closed = true;
      }
    }
    const reader = xlsxStream(NUMBERS, rows(), "Report").getReader();
    await reader.read();
    await reader.cancel();
    await expect.poll(() => closed).toBe(true);
    expect(pulled).toBeLessThan(1_000);
    const after = await sheetOf(NUMBERS, oneBatch([{ n: 7 }]), "After");
    expect(after.getRow(2).getCell(1).value).toBe(7);
  });
});
