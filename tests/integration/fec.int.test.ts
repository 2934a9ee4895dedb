// The FEC of a period against independent sums over the raw rows: two invoices at two VAT rates, a
// credit note and payments, read back from the streamed file, checked line by line against the
// published column rules (BOI-CF-IOR-60-40-20: the 18 headers in order, 18 fields per line, the
// mandatory fields filled, dates YYYYMMDD, amounts with a decimal comma) and balanced per entry.
// A document in another currency makes the export refuse, naming it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoice, invoiceLine, payment, settings } from "../../src/db/schema";
import { addDaysToDate } from "../../src/lib/dates";
import type { Actor } from "../../src/modules/audit/audit-log";
import {
  createCreditNote,
  createDraftInvoice,
  issueInvoice,
  recordPayment,
} from "../../src/modules/invoices/invoice-mutations";
import { fecRefusal } from "../../src/modules/reports/fec-export";
import { streamFec } from "../../src/modules/reports/fec-queries";
import {
  clientAuxAccount,
  DEFAULT_FEC_ACCOUNTS,
  FEC_COLUMNS,
  FEC_MANDATORY,
  fecAccountsOf,
} from "../../src/modules/reports/fec-rules";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { updateFecAccounts } from "../../src/modules/settings/settings-section-mutations";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, insertUser, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

const NOW = new Date("2026-04-10T10:00:00Z");
const MARCH = { from: "2026-03-01", to: "2026-03-31" };

let database: TestDatabase;
let manager: Actor;
let admin: Actor;
const db = () => database.db;
let alpha: { id: string; name: string };
let beta: { id: string; name: string };

async function issue(clientId: string, currency: string, issueDate: string, lines: ReturnType<typeof line>[]) {
  const created = await createDraftInvoice(
    db(),
    manager,
    draftInput(clientId, { currency, issueDate, dueDate: addDaysToDate(issueDate, 30), lines }),
  );
  return issueInvoice(db(), manager, { id: created.id, version: created.version }, NOW);
}
const pay = (invoiceId: string, amount: string, date: string) =>
  recordPayment(db(), manager, { invoiceId, amount, date, method: "bank_transfer", reference: "VIR" }, NOW);

beforeAll(async () => {
  database = (await setUpDatabase()).database;
  await getSettings(db());
  await db().update(settings).set({ timezone: "Europe/Paris", currency: "EUR", registrationNumber: "732 829 320" });
  const person = await insertUser(db(), "Mona Manager");
  manager = { id: person.id, name: person.name, role: "manager" };
  admin = { id: person.id, name: person.name, role: "admin" };
  alpha = await insertClient(db(), { name: "Alpha\tConseil" });
  beta = await insertClient(db(), { name: "Béta & Fils" });
  // February: outside the period (its payment in March is in it).
  const february = await issue(alpha.id, "EUR", "2026-02-27", [line({ unitPrice: "100" })]);
  const first = await issue(alpha.id, "EUR", "2026-03-02", [
    line({ unitPrice: "333.33", taxRateBp: 2000 }),
    line({ unitPrice: "99.99", quantity: "3", taxRateBp: 550 }),
  ]);
  const second = await issue(beta.id, "EUR", "2026-03-16", [
    line({ unitPrice: "1200", taxRateBp: 2000 }),
    line({ unitPrice: "45.45", taxRateBp: 1000 }),
  ]);
  await createCreditNote(db(), manager, { invoiceId: second.id, mode: "full", issueDate: "2026-03-20" }, NOW);
  await pay(february.id, "120", "2026-03-02");
  await pay(first.id, "100", "2026-03-10");
  await pay(first.id, "1.01", "2026-03-31");
  await pay(first.id, "5", "2026-04-01"); // April: outside
  await issue(beta.id, "EUR", "2026-04-02", [line()]); // April: outside
});
afterAll(() => tearDownDatabase(database));

async function fileOf(range = MARCH, batchSize = 2) {
  const current = await getSettings(db());
  let text = "";
  for await (const chunk of streamFec(db(), range, fecAccountsOf(current.fecAccounts), batchSize)) text += chunk;
  return text;
}

type Line = Record<(typeof FEC_COLUMNS)[number], string>;
function parse(text: string): Line[] {
  expect(text.endsWith("\r\n")).toBe(true);
  const [header, ...rows] = text.slice(0, -2).split("\r\n");
  expect(header).toBe(FEC_COLUMNS.join("\t"));
  return rows.map((row) => {
    const fields = row.split("\t");
    expect(fields).toHaveLength(18);
    return Object.fromEntries(FEC_COLUMNS.map((column, index) => [column, fields[index]!])) as Line;
  });
}
const cents = (text: string) => Number(text.replace(",", ""));

describe("the FEC export", () => {
  it("follows the published column rules on every line", async () => {
    const lines = parse(await fileOf());
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      for (const column of FEC_MANDATORY) expect(line[column], column).not.toBe("");
      for (const column of ["EcritureDate", "PieceDate", "ValidDate"] as const) {
        expect(line[column]).toMatch(/^\d{8}$/);
        expect(line[column] >= "20260301" && line[column] <= "20260331", column).toBe(true);
      }
      expect(line.Debit).toMatch(/^\d+,\d{2}$/);
      expect(line.Credit).toMatch(/^\d+,\d{2}$/);
      expect(line.DateLet).toBe("");
      expect([line.Montantdevise, line.Idevise]).toEqual(["", ""]);
      expect(line.CompAuxNum === "").toBe(line.CompAuxLib === "");
    }
    // Entries are numbered 1, 2, 3… in date order, each balanced.
    const numbers = [...new Set(lines.map((line) => line.EcritureNum))];
    expect(numbers).toEqual(numbers.map((_, index) => String(index + 1).padStart(6, "0")));
    const dates = numbers.map((number) => lines.find((line) => line.EcritureNum === number)!.EcritureDate);
    expect(dates).toEqual([...dates].sort());
    for (const number of numbers) {
      const entry = lines.filter((line) => line.EcritureNum === number);
      const debit = entry.reduce((sum, line) => sum + cents(line.Debit), 0);
      const credit = entry.reduce((sum, line) => sum + cents(line.Credit), 0);
      expect(debit, number).toBe(credit);
    }
  });

  it("equals independent sums over the invoices, their lines and the payments", async () => {
    const lines = parse(await fileOf());
    const [documents, items, payments] = await Promise.all([
      db().select().from(invoice),
      db().select().from(invoiceLine),
      db().select().from(payment),
    ]);
    const inMarch = (date: string) => date >= MARCH.from && date <= MARCH.to;
    const issued = documents.filter((doc) => doc.status !== "draft" && inMarch(doc.issueDate));
    expect(issued.map((doc) => doc.kind).sort()).toEqual(["credit_note", "invoice", "invoice"]);
    const sales = lines.filter((line) => line.JournalCode === "VE");
    // One entry per document, its client account debited (an invoice) or credited (a credit note) by its total.
    expect(new Set(sales.map((line) => line.EcritureNum)).size).toBe(issued.length);
    for (const doc of issued) {
      const entry = sales.filter((line) => line.PieceRef === doc.number);
      const client = entry.filter((line) => line.CompteNum === "411");
      expect(client).toHaveLength(1);
      expect(client[0]!.CompAuxNum).toBe(clientAuxAccount(doc.clientId));
      expect(cents(client[0]!.Debit) - cents(client[0]!.Credit)).toBe(doc.total);
      // Per VAT rate: the net of the document's lines at that rate, and their VAT.
      const rates = [...new Set(items.filter((item) => item.invoiceId === doc.id).map((item) => item.taxRateBp))];
      const salesLines = entry.filter((line) => line.CompteNum === "706");
      expect(salesLines).toHaveLength(rates.length);
      for (const rate of rates) {
        const net = items
          .filter((item) => item.invoiceId === doc.id && item.taxRateBp === rate)
          .reduce((sum, item) => sum + item.net, 0);
        const label = `Prestations de services TVA ${String(rate / 100).replace(".", ",")} %`;
        const sale = salesLines.find((line) => line.CompteLib === label)!;
        expect(cents(sale.Credit) - cents(sale.Debit)).toBe(net);
      }
      const vat = entry
        .filter((line) => line.CompteNum === "44571")
        .reduce((sum, line) => sum + cents(line.Credit) - cents(line.Debit), 0);
      expect(vat).toBe(doc.taxTotal);
    }
    // The bank journal: one entry per payment dated in the period, the bank debited by its amount.
    const bank = lines.filter((line) => line.JournalCode === "BQ");
    const paidInMarch = payments.filter((paid) => inMarch(paid.date));
    expect(paidInMarch).toHaveLength(3);
    expect(new Set(bank.map((line) => line.EcritureNum)).size).toBe(paidInMarch.length);
    const bankDebits = bank.filter((line) => line.CompteNum === "512").map((line) => cents(line.Debit));
    expect(bankDebits.sort((a, b) => a - b)).toEqual(paidInMarch.map((paid) => paid.amount).sort((a, b) => a - b));
    expect(bank.filter((line) => line.CompteNum === "411").every((line) => line.CompAuxNum.startsWith("C"))).toBe(true);
    // The client account's balance over the file: invoices − credit notes − payments.
    const clientBalance = lines
      .filter((line) => line.CompteNum === "411")
      .reduce((sum, line) => sum + cents(line.Debit) - cents(line.Credit), 0);
    expect(clientBalance).toBe(
      issued.reduce((sum, doc) => sum + doc.total, 0) - paidInMarch.reduce((sum, paid) => sum + paid.amount, 0),
    );
    // Names are written without the tab that would break the line.
    expect(lines.some((line) => line.CompAuxLib === "Alpha Conseil")).toBe(true);
    expect(lines.some((line) => line.CompAuxLib === "Béta & Fils")).toBe(true);
  });

  it("reads the same whatever the batch size (a document split between batches stays one entry)", async () => {
    expect(await fileOf(MARCH, 1)).toBe(await fileOf(MARCH, 1000));
  });

  it("uses the accounts saved in Settings, validated", async () => {
    await expect(updateFecAccounts(db(), manager, DEFAULT_FEC_ACCOUNTS)).rejects.toThrow();
    await expect(updateFecAccounts(db(), admin, { ...DEFAULT_FEC_ACCOUNTS, salesAccount: "606" })).rejects.toThrow();
    await updateFecAccounts(db(), admin, {
      ...DEFAULT_FEC_ACCOUNTS,
      clientAccount: "411000",
      salesAccount: "706100",
      salesJournalCode: "vt",
    });
    const lines = parse(await fileOf());
    expect(new Set(lines.map((line) => line.CompteNum))).toEqual(new Set(["411000", "706100", "44571", "512"]));
    expect(new Set(lines.map((line) => line.JournalCode))).toEqual(new Set(["VT", "BQ"]));
    await updateFecAccounts(db(), admin, DEFAULT_FEC_ACCOUNTS);
  });

  it("refuses a period with a document in another currency, naming it, and a firm without a SIREN", async () => {
    const current = await getSettings(db());
    expect(await fecRefusal(db(), current, MARCH)).toBeNull();
    const dollars = await insertClient(db(), { name: "Dollar Inc", currency: "USD", country: "US", vatNumber: null });
    const usd = await issue(dollars.id, "USD", "2026-04-05", [line({ taxRateBp: 0 })]);
    const april = { from: "2026-04-01", to: "2026-04-30" };
    expect(await fecRefusal(db(), current, april)).toContain(`${usd.number} (USD)`);
    expect(await fecRefusal(db(), current, MARCH)).toBeNull();
    expect(await fecRefusal(db(), { ...current, registrationNumber: null }, MARCH)).toMatch(/SIREN/);
  });

  it("counts every document not in euros issued or paid in the period once, and names the first 20 by number", async () => {
    const current = await getSettings(db());
    const dollars = await insertClient(db(), {
      name: "Dollar Two Inc",
      currency: "USD",
      country: "US",
      vatNumber: null,
    });
    // Issued before the period: one paid twice in it (counted once), one paid only before it (not counted).
    const paidIn = await issue(dollars.id, "USD", "2026-04-05", [line({ taxRateBp: 0, unitPrice: "100" })]);
    const paidBefore = await issue(dollars.id, "USD", "2026-04-05", [line({ taxRateBp: 0, unitPrice: "100" })]);
    await pay(paidIn.id, "10", "2026-04-08");
    await pay(paidIn.id, "10", "2026-04-09");
    await pay(paidBefore.id, "10", "2026-04-05");
    const inPeriod: string[] = [];
    for (let index = 0; index < 21; index += 1)
      inPeriod.push((await issue(dollars.id, "USD", "2026-04-07", [line({ taxRateBp: 0 })])).number!);
    const refusal = await fecRefusal(db(), current, { from: "2026-04-06", to: "2026-04-10" });
    const named = [paidIn.number!, ...inPeriod].sort();
    expect(refusal).toContain("This period has 22 such documents (issued or paid in it)");
    expect(refusal).toContain(
      `${named
        .slice(0, 20)
        .map((number) => `${number} (USD)`)
        .join(", ")} and 2 more.`,
    );
    expect(refusal).not.toContain(paidBefore.number!);
  });
});
