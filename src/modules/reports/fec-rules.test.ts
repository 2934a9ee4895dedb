import { describe, expect, it } from "vitest";
import {
  clientAuxAccount,
  DEFAULT_FEC_ACCOUNTS,
  documentEntry,
  FEC_COLUMNS,
  FEC_MANDATORY,
  fecAccountsInput,
  fecAmount,
  fecEntries,
  type FecLine,
  type FecPayment,
  fecFileName,
  fecHeaderLine,
  fecLineText,
  mergeByDate,
  paymentEntry,
  rowsByDocument,
  sirenOf,
  type FecSource,
} from "./fec-rules";
import type { SalesJournalRow } from "./sales-journal-queries";

const CLIENT = "0b5e8c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b";
const row = (overrides: Partial<SalesJournalRow>): SalesJournalRow => ({
  id: "doc-1",
  number: "2026-0001",
  kind: "invoice",
  issueDate: "2026-03-05",
  clientId: CLIENT,
  clientName: "Dupont Conseil",
  clientVatNumber: "FR15901234567",
  currency: "EUR",
  rateBp: 2000,
  net: 100000,
  tax: 20000,
  ...overrides,
});
const payment: FecPayment = {
  id: "pay-1",
  date: "2026-03-20",
  amount: 125275,
  currency: "EUR",
  documentNumber: "2026-0001",
  documentKind: "invoice",
  clientId: CLIENT,
  clientName: "Dupont Conseil",
  reference: "VIR 42",
};

/** The amount of a line's column in cents ("1234,56" → 123456). */
const cents = (text: string) => {
  expect(text).toMatch(/^\d+,\d{2}$/);
  return Number(text.replace(",", ""));
};

function balancePerEntry(lines: FecLine[]) {
  const sums = new Map<string, { debit: number; credit: number }>();
  for (const line of lines) {
    const sum = sums.get(line.EcritureNum) ?? { debit: 0, credit: 0 };
    sum.debit += cents(line.Debit);
    sum.credit += cents(line.Credit);
    sums.set(line.EcritureNum, sum);
  }
  return sums;
}

describe("the FEC entries", () => {
  const invoiceRows = [row({ rateBp: 550, net: 20000, tax: 1100 }), row({ rateBp: 2000, net: 100000, tax: 20000 })];

  it("debits the client for the total and credits sales and VAT per rate on an invoice", () => {
    const lines = documentEntry(invoiceRows, DEFAULT_FEC_ACCOUNTS, "000001");
    expect(lines.map((line) => [line.CompteNum, line.CompAuxNum, line.Debit, line.Credit])).toEqual([
      ["411", clientAuxAccount(CLIENT), "1411,00", "0,00"],
      ["706", "", "0,00", "200,00"],
      ["706", "", "0,00", "1000,00"],
      ["44571", "", "0,00", "11,00"],
      ["44571", "", "0,00", "200,00"],
    ]);
    expect(lines[0]).toMatchObject({
      JournalCode: "VE",
      JournalLib: "Journal des ventes",
      EcritureNum: "000001",
      EcritureDate: "20260305",
      CompAuxLib: "Dupont Conseil",
      PieceRef: "2026-0001",
      PieceDate: "20260305",
      EcritureLib: "Facture 2026-0001 Dupont Conseil",
      ValidDate: "20260305",
      Montantdevise: "",
      Idevise: "",
    });
    expect(lines[1]!.CompteLib).toBe("Prestations de services TVA 5,5 %");
  });

  it("reverses a credit note (its journal amounts are negative)", () => {
    const lines = documentEntry(
      [row({ id: "cn", number: "CN-2026-0001", kind: "credit_note", net: -50000, tax: -10000 })],
      DEFAULT_FEC_ACCOUNTS,
      "000002",
    );
    expect(lines.map((line) => [line.CompteNum, line.Debit, line.Credit])).toEqual([
      ["411", "0,00", "600,00"],
      ["706", "500,00", "0,00"],
      ["44571", "100,00", "0,00"],
    ]);
    expect(lines[0]!.EcritureLib).toBe("Avoir CN-2026-0001 Dupont Conseil");
  });

  it("debits the bank and credits the client on a payment, the reverse on a refund", () => {
    const lines = paymentEntry(payment, DEFAULT_FEC_ACCOUNTS, "000003");
    expect(lines.map((line) => [line.JournalCode, line.CompteNum, line.CompAuxNum, line.Debit, line.Credit])).toEqual([
      ["BQ", "512", "", "1252,75", "0,00"],
      ["BQ", "411", clientAuxAccount(CLIENT), "0,00", "1252,75"],
    ]);
    expect(lines[0]).toMatchObject({ PieceRef: "2026-0001 VIR 42", EcritureDate: "20260320", JournalLib: "Banque" });
    const refund = paymentEntry({ ...payment, documentKind: "credit_note" }, DEFAULT_FEC_ACCOUNTS, "000004");
    expect(refund.map((line) => [line.CompteNum, line.Debit, line.Credit])).toEqual([
      ["512", "0,00", "1252,75"],
      ["411", "1252,75", "0,00"],
    ]);
  });

  it("balances every entry and numbers them in one continuous sequence", () => {
    const sources: FecSource[] = [
      { kind: "document", rows: invoiceRows },
      { kind: "document", rows: [row({ id: "cn", kind: "credit_note", net: -3333, tax: -667 })] },
      { kind: "payment", payment },
      { kind: "document", rows: [row({ id: "zero", rateBp: 0, net: 4200, tax: 0 })] },
    ];
    const lines = fecEntries(sources, { ...DEFAULT_FEC_ACCOUNTS, clientAccount: "411000" }, 7);
    expect([...new Set(lines.map((line) => line.EcritureNum))]).toEqual(["000007", "000008", "000009", "000010"]);
    for (const [number, sum] of balancePerEntry(lines)) expect(sum.debit, number).toBe(sum.credit);
    // A rate without VAT has no VAT line.
    expect(lines.filter((line) => line.EcritureNum === "000010").map((line) => line.CompteNum)).toEqual([
      "411000",
      "706",
    ]);
  });

  it("writes 18 tab-separated fields per line, the header names exactly, CRLF", () => {
    expect(fecHeaderLine()).toBe(
      "JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\tPieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise\r\n",
    );
    const [line] = documentEntry([row({ clientName: "Tab\tand\nline" })], DEFAULT_FEC_ACCOUNTS, "000001");
    const text = fecLineText(line!);
    expect(text.endsWith("\r\n")).toBe(true);
    const fields = text.slice(0, -2).split("\t");
    expect(fields).toHaveLength(FEC_COLUMNS.length);
    expect(fields[7]).toBe("Tab and line");
    for (const column of FEC_MANDATORY) expect(line![column], column).not.toBe("");
  });

  it("refuses a document that is not in euros", () => {
    expect(() => documentEntry([row({ currency: "USD" })], DEFAULT_FEC_ACCOUNTS, "000001")).toThrow(/USD/);
    expect(() => paymentEntry({ ...payment, currency: "GBP" }, DEFAULT_FEC_ACCOUNTS, "000001")).toThrow(/GBP/);
  });
});

describe("the FEC formats", () => {
  it("writes amounts with a decimal comma, no separator, never negative", () => {
    expect(fecAmount(0)).toBe("0,00");
    expect(fecAmount(5)).toBe("0,05");
    expect(fecAmount(123456789)).toBe("1234567,89");
    expect(() => fecAmount(-1)).toThrow();
  });

  it("names the file after the SIREN and the closing date", () => {
    expect(fecFileName("732 829 320", "2026-12-31")).toBe("732829320FEC20261231.txt");
    expect(sirenOf("732 829 320")).toBe("732829320");
    expect(sirenOf("73282932000074")).toBe("732829320");
    expect(sirenOf("123456789")).toBeNull();
    expect(sirenOf(null)).toBeNull();
  });

  it("groups journal rows by document, keeping the order", () => {
    const groups = rowsByDocument([row({ id: "a" }), row({ id: "a", rateBp: 550 }), row({ id: "b" })]);
    expect(groups.map((group) => group.length)).toEqual([2, 1]);
  });

  it("merges documents and payments in date order", async () => {
    async function* of(sources: FecSource[]) {
      yield* sources;
    }
    const doc = (date: string): FecSource => ({ kind: "document", rows: [row({ issueDate: date })] });
    const pay = (date: string): FecSource => ({ kind: "payment", payment: { ...payment, date } });
    const merged = [];
    for await (const source of mergeByDate(
      of([doc("2026-01-01"), doc("2026-01-03")]),
      of([pay("2026-01-02"), pay("2026-01-03"), pay("2026-01-09")]),
    ))
      merged.push(source.kind === "document" ? `d${source.rows[0]!.issueDate}` : `p${source.payment.date}`);
    expect(merged).toEqual(["d2026-01-01", "p2026-01-02", "d2026-01-03", "p2026-01-03", "p2026-01-09"]);
  });
});

describe("the FEC accounts", () => {
  it("accepts the defaults and refuses accounts outside their class or duplicate journal codes", () => {
    expect(fecAccountsInput.parse(DEFAULT_FEC_ACCOUNTS)).toEqual(DEFAULT_FEC_ACCOUNTS);
    expect(fecAccountsInput.parse({ ...DEFAULT_FEC_ACCOUNTS, salesJournalCode: " ve2 " }).salesJournalCode).toBe("VE2");
    for (const bad of [
      { clientAccount: "401" },
      { salesAccount: "606" },
      { vatAccount: "44566" },
      { bankAccount: "411" },
      { clientAccount: "411A" },
      { bankJournalCode: "VE" },
      { salesJournalCode: "" },
      { bankJournalLabel: "" },
    ])
      expect(fecAccountsInput.safeParse({ ...DEFAULT_FEC_ACCOUNTS, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
});
