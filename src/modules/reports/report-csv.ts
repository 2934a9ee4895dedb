// The reports as CSV (RFC 4180, UTF-8 with a BOM for spreadsheets, columns declared once through
// src/lib/csv.ts): the time report's entries, the money report's rows and the sales journal.
// Amounts are plain decimals in major units from the stored integers; hours are decimal hours
// with the minutes beside them, so a sum in a spreadsheet is exact.
import "server-only";
import type { CsvColumn } from "@/lib/csv";
import { currencyMinorDigits, minorToDecimalString, roundHalfUp } from "@/lib/money";
import { TIMESHEET_STATUS_LABELS } from "@/modules/timesheets/components/timesheet-status-badge";
import type { AgeingInvoice } from "./ageing-report-queries";
import type { MoneyReportRow } from "./money-report-queries";
import {
  AGEING_BUCKETS,
  ageingBucket,
  type AgeingRow,
  type ProfitFigures,
  type ProfitPerson,
  type ProfitRow,
} from "./report-rules";
import type { SalesJournalRow } from "./sales-journal-queries";
import type { TimeReportEntry } from "./time-report-queries";
import type { UtilisationRow } from "./utilisation-report-queries";

/**
 * A report's column: its CSV text, and for the XLSX what the cell holds (report-xlsx.ts): an amount
 * in the row's currency, hours, a date or a plain number; text when no type is given.
 */
export type ReportColumn<Row> = CsvColumn<Row> & {
  /** An amount's currency (its number format and decimals). */
  currency?: (row: Row) => string;
};

const minorDigits = new Map<string, number>();

/** An amount as a plain decimal in major units ("-300.00"). */
export function csvAmount(minor: number, currency: string): string {
  let places = minorDigits.get(currency);
  if (places === undefined) {
    places = currencyMinorDigits(currency);
    minorDigits.set(currency, places);
  }
  return minorToDecimalString(minor, places);
}

/** Minutes as decimal hours to two places, half up, from integers ("1.50", 20 min "0.33"). */
export function csvHours(minutes: number): string {
  const hundredths = roundHalfUp(BigInt(minutes) * 100n, 60n);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}`;
}

/** A rate in basis points as a percentage ("20", "5.5"). */
export function csvPercent(basisPoints: number): string {
  return String(basisPoints / 100);
}

export function timeEntryColumns(amounts: boolean): ReportColumn<TimeReportEntry>[] {
  const columns: ReportColumn<TimeReportEntry>[] = [
    { header: "Date", value: (row) => row.date, type: "date" },
    { header: "Person", value: (row) => row.personName },
    { header: "Client", value: (row) => row.clientName },
    { header: "Project", value: (row) => row.projectName },
    { header: "Description", value: (row) => row.description ?? "" },
    { header: "Minutes", value: (row) => row.minutes, type: "number" },
    { header: "Hours", value: (row) => csvHours(row.minutes), type: "hours" },
    { header: "Billable", value: (row) => (row.billable ? "yes" : "no") },
    { header: "Status", value: (row) => TIMESHEET_STATUS_LABELS[row.status] },
  ];
  if (!amounts) return columns;
  return [
    ...columns,
    { header: "Currency", value: (row) => row.currency },
    {
      header: "Hourly rate",
      value: (row) => (row.rate === null ? "" : csvAmount(row.rate, row.currency)),
      type: "amount",
      currency: (row) => row.currency,
    },
    { header: "Rate", value: (row) => (row.status === "approved" ? "frozen" : "estimate") },
    {
      header: "Amount",
      value: (row) => csvAmount(row.value, row.currency),
      type: "amount",
      currency: (row) => row.currency,
    },
    { header: "Invoice", value: (row) => (row.invoiceId ? (row.invoiceNumber ?? "draft") : "") },
  ];
}

export const MONEY_COLUMNS = (group: "month" | "client"): ReportColumn<MoneyReportRow>[] => [
  { header: group === "month" ? "Month" : "Client", value: (row) => row.label },
  { header: "Currency", value: (row) => row.currency },
  { header: "Documents", value: (row) => row.documents, type: "number" },
  {
    header: "Invoiced excluding VAT",
    value: (row) => csvAmount(row.net, row.currency),
    type: "amount",
    currency: (row) => row.currency,
  },
  { header: "VAT", value: (row) => csvAmount(row.tax, row.currency), type: "amount", currency: (row) => row.currency },
  {
    header: "Invoiced including VAT",
    value: (row) => csvAmount(row.total, row.currency),
    type: "amount",
    currency: (row) => row.currency,
  },
  {
    header: "Received",
    value: (row) => csvAmount(row.received, row.currency),
    type: "amount",
    currency: (row) => row.currency,
  },
  {
    header: "Outstanding",
    value: (row) => csvAmount(row.outstanding, row.currency),
    type: "amount",
    currency: (row) => row.currency,
  },
];

export const JOURNAL_COLUMNS: ReportColumn<SalesJournalRow>[] = [
  { header: "Number", value: (row) => row.number },
  { header: "Kind", value: (row) => (row.kind === "credit_note" ? "Credit note" : "Invoice") },
  { header: "Date", value: (row) => row.issueDate, type: "date" },
  { header: "Client", value: (row) => row.clientName },
  { header: "Client VAT number", value: (row) => row.clientVatNumber ?? "" },
  { header: "VAT rate %", value: (row) => csvPercent(row.rateBp), type: "number" },
  { header: "Net", value: (row) => csvAmount(row.net, row.currency), type: "amount", currency: (row) => row.currency },
  { header: "VAT", value: (row) => csvAmount(row.tax, row.currency), type: "amount", currency: (row) => row.currency },
  {
    header: "Total",
    value: (row) => csvAmount(row.net + row.tax, row.currency),
    type: "amount",
    currency: (row) => row.currency,
  },
  { header: "Currency", value: (row) => row.currency },
];

export const AGEING_COLUMNS: ReportColumn<AgeingRow>[] = [
  { header: "Client", value: (row) => row.clientName },
  { header: "Currency", value: (row) => row.currency },
  { header: "Invoices", value: (row) => row.invoices, type: "number" },
  ...AGEING_BUCKETS.map((bucket): ReportColumn<AgeingRow> => ({
    header: bucket.label,
    value: (row) => csvAmount(row[bucket.key], row.currency),
    type: "amount",
    currency: (row) => row.currency,
  })),
  {
    header: "Total",
    value: (row) => csvAmount(row.total, row.currency),
    type: "amount",
    currency: (row) => row.currency,
  },
];

/** A client's open invoices (the drill-down of the ageing report). */
export const AGEING_INVOICE_COLUMNS: ReportColumn<AgeingInvoice>[] = [
  { header: "Number", value: (row) => row.number },
  { header: "Issue date", value: (row) => row.issueDate, type: "date" },
  { header: "Due date", value: (row) => row.dueDate, type: "date" },
  { header: "Days past due", value: (row) => Math.max(row.daysPastDue, 0), type: "number" },
  {
    header: "Bucket",
    value: (row) => AGEING_BUCKETS.find((bucket) => bucket.key === ageingBucket(row.daysPastDue))!.label,
  },
  { header: "Currency", value: (row) => row.currency },
  {
    header: "Balance",
    value: (row) => csvAmount(row.balance, row.currency),
    type: "amount",
    currency: (row) => row.currency,
  },
];

export const UTILISATION_COLUMNS: ReportColumn<UtilisationRow>[] = [
  { header: "Person", value: (row) => row.name },
  { header: "Billable hours", value: (row) => csvHours(row.billableMinutes), type: "hours" },
  { header: "Non-billable hours", value: (row) => csvHours(row.nonBillableMinutes), type: "hours" },
  { header: "Weekly capacity hours", value: (row) => csvHours(row.weeklyMinutes), type: "hours" },
  { header: "Capacity hours", value: (row) => csvHours(row.capacityMinutes), type: "hours" },
  { header: "Utilisation %", value: (row) => (row.percent === null ? "" : row.percent), type: "number" },
  { header: "Billable minutes", value: (row) => row.billableMinutes, type: "number" },
  { header: "Capacity minutes", value: (row) => row.capacityMinutes, type: "number" },
];

/** The money of a profitability row, in its currency; an incomplete margin says so in its own column. */
function profitColumns<Row extends ProfitFigures>(currencyOf: (row: Row) => string): ReportColumn<Row>[] {
  const money = (pick: (row: Row) => number) => ({
    value: (row: Row) => csvAmount(pick(row), currencyOf(row)),
    type: "amount" as const,
    currency: currencyOf,
  });
  return [
    { header: "Currency", value: currencyOf },
    { header: "Hours", value: (row) => csvHours(row.minutes), type: "hours" },
    { header: "Billable hours", value: (row) => csvHours(row.billableMinutes), type: "hours" },
    { header: "Invoiced", ...money((row) => row.invoiced) },
    { header: "Approved, not invoiced", ...money((row) => row.uninvoiced) },
    { header: "Not yet approved (estimate)", ...money((row) => row.estimated) },
    { header: "Billable expenses (with markup)", ...money((row) => row.expenseRevenue) },
    { header: "Other invoice lines", ...money((row) => row.lineRevenue) },
    { header: "Revenue", ...money((row) => row.revenue) },
    { header: "Expenses", ...money((row) => row.expenseCost) },
    { header: "Cost", ...money((row) => row.cost) },
    { header: "Hours without a cost rate", value: (row) => csvHours(row.uncostedMinutes), type: "hours" },
    { header: "Margin", ...money((row) => row.margin) },
    { header: "Margin %", value: (row) => (row.marginPercent === null ? "" : row.marginPercent), type: "number" },
    { header: "Margin complete", value: (row) => (row.complete ? "yes" : "no") },
    { header: "Minutes", value: (row) => row.minutes, type: "number" },
  ];
}

/** One row per project (the profitability report). */
export const PROFIT_COLUMNS: ReportColumn<ProfitRow>[] = [
  { header: "Client", value: (row) => row.clientName },
  { header: "Project", value: (row) => row.projectName },
  ...profitColumns<ProfitRow>((row) => row.currency),
];

/** A row of a project's drill-down: one of its people, or its other invoice lines (no person). */
export type ProfitDrillRow = Omit<ProfitPerson, "userId"> & { userId: string | null };

/** A project's drill-down rows: its people, then its other invoice lines (decision 068), which add up to its row. */
export function profitDrillRows(project: ProfitRow): ProfitDrillRow[] {
  if (!project.otherLines) return project.people;
  return [...project.people, { ...project.otherLines, userId: null, name: "Other invoice lines", costRate: null }];
}

/** One row per person of a project (its drill-down), and one for its other invoice lines. */
export function profitPeopleColumns(project: ProfitRow): ReportColumn<ProfitDrillRow>[] {
  return [
    { header: "Client", value: () => project.clientName },
    { header: "Project", value: () => project.projectName },
    { header: "Person", value: (row) => row.name },
    {
      header: "Cost rate per hour",
      value: (row) =>
        row.userId === null ? "" : row.costRate === null ? "no cost rate" : csvAmount(row.costRate, project.currency),
      type: "amount",
      currency: () => project.currency,
    },
    ...profitColumns<ProfitDrillRow>(() => project.currency),
  ];
}

/** A few rows already read, as the batches csvStream takes. */
export async function* oneBatch<Row>(rows: Row[]): AsyncGenerator<Row[], void, unknown> {
  yield rows;
}

export function csvHeaders(filename: string): HeadersInit {
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${filename}"`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  };
}
