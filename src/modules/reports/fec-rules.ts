// The FEC (Fichier des Écritures Comptables, LPF art. A47 A-1): the period's sales and payments as
// accounting entries, built by pure functions from the sales journal's rows and the payments. One
// entry (EcritureNum) per issued invoice and credit note in the sales journal (debit the client's
// account for the total, credit sales per VAT rate for the net and VAT collected per rate for the
// VAT; a credit note the reverse) and one per payment in the bank journal (debit the bank, credit
// the client). Tab-separated, the 18 columns in their order, dates YYYYMMDD, amounts with a decimal
// comma and no thousands separator, lines ending CRLF, UTF-8 without a BOM (decision 056).
import { z } from "zod";
import { checkLine } from "@/lib/input-fields";
import { compactCompanyNumber, isValidSiren } from "@/modules/clients/french-identifiers";
import type { SalesJournalRow } from "./sales-journal-queries";

export const FEC_COLUMNS = [
  "JournalCode",
  "JournalLib",
  "EcritureNum",
  "EcritureDate",
  "CompteNum",
  "CompteLib",
  "CompAuxNum",
  "CompAuxLib",
  "PieceRef",
  "PieceDate",
  "EcritureLib",
  "Debit",
  "Credit",
  "EcritureLet",
  "DateLet",
  "ValidDate",
  "Montantdevise",
  "Idevise",
] as const;
export type FecColumn = (typeof FEC_COLUMNS)[number];

/** The columns the rules never allow empty. */
export const FEC_MANDATORY: readonly FecColumn[] = [
  "JournalCode",
  "JournalLib",
  "EcritureNum",
  "EcritureDate",
  "CompteNum",
  "CompteLib",
  "PieceRef",
  "PieceDate",
  "EcritureLib",
  "ValidDate",
];

/** The only currency the file's amounts are in (the firm's accounting currency). */
export const FEC_CURRENCY = "EUR";

/** The accounts and journals of the export (Settings → Accounting export). */
export type FecAccounts = {
  clientAccount: string;
  salesAccount: string;
  vatAccount: string;
  bankAccount: string;
  salesJournalCode: string;
  salesJournalLabel: string;
  bankJournalCode: string;
  bankJournalLabel: string;
};

export const DEFAULT_FEC_ACCOUNTS: FecAccounts = {
  clientAccount: "411",
  salesAccount: "706",
  vatAccount: "44571",
  bankAccount: "512",
  salesJournalCode: "VE",
  salesJournalLabel: "Journal des ventes",
  bankJournalCode: "BQ",
  bankJournalLabel: "Banque",
};

/** A French chart-of-accounts number (PCG): digits, starting with its class's prefix. */
const account = (prefix: string, what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{3,20}$/, "Use 3 to 20 digits.")
    .refine((value) => value.startsWith(prefix), `A ${what} account starts with ${prefix}.`);
const journalCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,8}$/, "Use 1 to 8 letters or digits.");
const journalLabel = z
  .string()
  .trim()
  .min(1, "Enter a label.")
  .max(100, "Use at most 100 characters.")
  // One line, no control characters (PostgreSQL cannot store a NUL, a tab would split the FEC's column).
  .superRefine(checkLine);

export const fecAccountsInput = z
  .object({
    clientAccount: account("41", "client"),
    salesAccount: account("70", "sales"),
    vatAccount: account("4457", "VAT collected"),
    bankAccount: account("5", "bank"),
    salesJournalCode: journalCode,
    salesJournalLabel: journalLabel,
    bankJournalCode: journalCode,
    bankJournalLabel: journalLabel,
  })
  .superRefine((value, ctx) => {
    if (value.salesJournalCode === value.bankJournalCode)
      ctx.addIssue({
        code: "custom",
        path: ["bankJournalCode"],
        message: "Use a code apart from the sales journal's.",
      });
  });
export type FecAccountsInput = z.input<typeof fecAccountsInput>;

/** The stored accounts, or the defaults for those never set. */
export function fecAccountsOf(stored: Partial<FecAccounts> | null | undefined): FecAccounts {
  return { ...DEFAULT_FEC_ACCOUNTS, ...stored };
}

/** The client's auxiliary account: a code from its id, stable and the same in every file. */
export function clientAuxAccount(clientId: string): string {
  return `C${clientId.replaceAll("-", "").slice(0, 10).toUpperCase()}`;
}

/** "2026-03-31" → "20260331". */
export function fecDate(isoDate: string): string {
  return isoDate.replaceAll("-", "");
}

/** Cents as the FEC writes them: "1234,56", never a thousands separator nor a sign. */
export function fecAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new Error(`FEC amounts are whole cents, never negative: ${cents}`);
  const text = String(cents).padStart(3, "0");
  return `${text.slice(0, -2)},${text.slice(-2)}`;
}

/** A text field: no tab nor line break (they separate fields and lines), trimmed. */
export function fecText(value: string): string {
  return value.replace(/[\t\r\n]+/g, " ").trim();
}

/** The file's name: `<SIREN>FEC<closing date YYYYMMDD>.txt`. */
export function fecFileName(siren: string, closingDate: string): string {
  return `${compactCompanyNumber(siren)}FEC${fecDate(closingDate)}.txt`;
}

/** The firm's SIREN from its registration number, or null when it is not a valid one. */
export function sirenOf(registrationNumber: string | null): string | null {
  if (!registrationNumber) return null;
  const digits = compactCompanyNumber(registrationNumber);
  // A SIRET's first nine digits are the SIREN.
  const siren = digits.length === 14 ? digits.slice(0, 9) : digits;
  return isValidSiren(siren) ? siren : null;
}

export type FecLine = Record<FecColumn, string>;

/** One accounting line before numbering: a signed amount in cents (positive: debit). */
type Movement = { account: string; accountLabel: string; aux: { num: string; label: string } | null; amount: number };

type EntryHead = {
  journalCode: string;
  journalLabel: string;
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  validDate: string;
};

function linesOf(head: EntryHead, number: string, movements: Movement[]): FecLine[] {
  return movements.map((movement) => ({
    JournalCode: head.journalCode,
    JournalLib: fecText(head.journalLabel),
    EcritureNum: number,
    EcritureDate: fecDate(head.date),
    CompteNum: movement.account,
    CompteLib: fecText(movement.accountLabel),
    CompAuxNum: movement.aux?.num ?? "",
    CompAuxLib: movement.aux ? fecText(movement.aux.label) : "",
    PieceRef: fecText(head.pieceRef),
    PieceDate: fecDate(head.pieceDate),
    EcritureLib: fecText(head.label),
    Debit: fecAmount(Math.max(movement.amount, 0)),
    Credit: fecAmount(Math.max(-movement.amount, 0)),
    EcritureLet: "",
    DateLet: "",
    ValidDate: fecDate(head.validDate),
    Montantdevise: "",
    Idevise: "",
  }));
}

/** A rate in basis points as French text: 2000 → "20", 550 → "5,5". */
function ratePercent(rateBp: number): string {
  return String(rateBp / 100).replace(".", ",");
}

/**
 * The sales journal entry of one document from its journal rows (one per VAT rate, a credit note's
 * amounts negative): the client's account debited for the total, sales credited per rate for the
 * net, VAT collected credited per rate for the VAT; a credit note's signs reverse each side.
 */
export function documentEntry(rows: readonly SalesJournalRow[], accounts: FecAccounts, number: string): FecLine[] {
  const first = rows[0];
  if (!first) return [];
  if (rows.some((row) => row.id !== first.id)) throw new Error("An entry is built from the rows of one document.");
  if (first.currency !== FEC_CURRENCY) throw new Error(`Document ${first.number} is in ${first.currency}, not EUR.`);
  const aux = { num: clientAuxAccount(first.clientId), label: first.clientName };
  const total = rows.reduce((sum, row) => sum + row.net + row.tax, 0);
  const movements: Movement[] = [{ account: accounts.clientAccount, accountLabel: "Clients", aux, amount: total }];
  for (const row of rows)
    if (row.net !== 0)
      movements.push({
        account: accounts.salesAccount,
        accountLabel: `Prestations de services TVA ${ratePercent(row.rateBp)} %`,
        aux: null,
        amount: -row.net,
      });
  for (const row of rows)
    if (row.tax !== 0)
      movements.push({
        account: accounts.vatAccount,
        accountLabel: `TVA collectée ${ratePercent(row.rateBp)} %`,
        aux: null,
        amount: -row.tax,
      });
  const kind = first.kind === "credit_note" ? "Avoir" : "Facture";
  return linesOf(
    {
      journalCode: accounts.salesJournalCode,
      journalLabel: accounts.salesJournalLabel,
      date: first.issueDate,
      pieceRef: first.number,
      pieceDate: first.issueDate,
      label: `${kind} ${first.number} ${first.clientName}`,
      validDate: first.issueDate,
    },
    number,
    movements,
  );
}

/** A payment received (or refunded, on a credit note) on a document. */
export type FecPayment = {
  id: string;
  date: string;
  amount: number;
  currency: string;
  documentNumber: string;
  documentKind: "invoice" | "credit_note";
  clientId: string;
  clientName: string;
  reference: string | null;
};

/** The bank journal entry of a payment: the bank debited, the client's account credited (a refund the reverse). */
export function paymentEntry(paid: FecPayment, accounts: FecAccounts, number: string): FecLine[] {
  if (paid.currency !== FEC_CURRENCY) throw new Error(`The payment of ${paid.documentNumber} is in ${paid.currency}.`);
  const amount = paid.documentKind === "credit_note" ? -paid.amount : paid.amount;
  const aux = { num: clientAuxAccount(paid.clientId), label: paid.clientName };
  const what = paid.documentKind === "credit_note" ? "Remboursement avoir" : "Règlement facture";
  return linesOf(
    {
      journalCode: accounts.bankJournalCode,
      journalLabel: accounts.bankJournalLabel,
      date: paid.date,
      pieceRef: paid.reference ? `${paid.documentNumber} ${paid.reference}` : paid.documentNumber,
      pieceDate: paid.date,
      label: `${what} ${paid.documentNumber} ${paid.clientName}`,
      validDate: paid.date,
    },
    number,
    [
      { account: accounts.bankAccount, accountLabel: "Banque", aux: null, amount },
      { account: accounts.clientAccount, accountLabel: "Clients", aux, amount: -amount },
    ],
  );
}

/** Entries are numbered in one continuous sequence over the file, in date order: "000001". */
export function entryNumber(sequence: number): string {
  return String(sequence).padStart(6, "0");
}

/** Journal rows (in document order) grouped by document, keeping the order. */
export function rowsByDocument(rows: readonly SalesJournalRow[]): SalesJournalRow[][] {
  const groups: SalesJournalRow[][] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.id === row.id) last.push(row);
    else groups.push([row]);
  }
  return groups;
}

/** A source of the file in date order: a document's rows or a payment. */
export type FecSource = { kind: "document"; rows: SalesJournalRow[] } | { kind: "payment"; payment: FecPayment };

function dateOf(source: FecSource): string {
  return source.kind === "document" ? source.rows[0]!.issueDate : source.payment.date;
}

/** The entries of the sources, numbered from `firstNumber` on. */
export function fecEntries(sources: readonly FecSource[], accounts: FecAccounts, firstNumber = 1): FecLine[] {
  let sequence = firstNumber;
  return sources.flatMap((source) => {
    const number = entryNumber(sequence++);
    return source.kind === "document"
      ? documentEntry(source.rows, accounts, number)
      : paymentEntry(source.payment, accounts, number);
  });
}

/** Two date-ordered streams of sources merged in date order (a document before a payment of the same day). */
export async function* mergeByDate(
  documents: AsyncIterable<FecSource>,
  payments: AsyncIterable<FecSource>,
): AsyncGenerator<FecSource, void, unknown> {
  const left = documents[Symbol.asyncIterator]();
  const right = payments[Symbol.asyncIterator]();
  let a = await left.next();
  let b = await right.next();
  while (!a.done || !b.done) {
    if (!a.done && (b.done || dateOf(a.value) <= dateOf(b.value))) {
      yield a.value;
      a = await left.next();
    } else if (!b.done) {
      yield b.value;
      b = await right.next();
    }
  }
}

export const FEC_LINE_END = "\r\n";

export function fecHeaderLine(): string {
  return FEC_COLUMNS.join("\t") + FEC_LINE_END;
}

export function fecLineText(line: FecLine): string {
  return FEC_COLUMNS.map((column) => line[column]).join("\t") + FEC_LINE_END;
}
