// Lines kept as JSON of integers (thousandths, minor units, basis points, VAT category) by the
// documents that are not invoices yet: recurring invoice templates (decision 060) and quotes
// (decision 064). One place turns them into the invoice form's values, the draft invoice's lines
// and totals (by the one totals function), so neither document copies the other. Browser-safe.
import type { RecurringLine } from "@/db/schema/recurring";
import { formatMoneyInput } from "@/lib/money";
import { computeInvoiceTotals, quantityMilliToDecimalString } from "./invoice-amounts";
import type { TaxRateChoice } from "./vat-categories";

export type StoredLine = RecurringLine;

/** The priced lines of a parsed form (and the category each configured rate gave them), as stored. */
export function storedLinesOf(
  lines: readonly {
    description: string;
    quantity: number;
    unit: string;
    unitPrice: number;
    discount: number;
    taxRateBp: number;
    vatCategory: StoredLine["vatCategory"];
  }[],
  lineRates: readonly { vatCategory: StoredLine["vatCategory"] }[],
): StoredLine[] {
  return lines.map((line, index) => ({
    description: line.description,
    quantityMilli: line.quantity,
    unit: line.unit,
    unitPrice: line.unitPrice,
    discountBp: line.discount,
    taxRateBp: line.taxRateBp,
    vatCategory: lineRates[index]?.vatCategory ?? line.vatCategory,
  }));
}

/** The totals of stored lines, by the one totals function. */
export function storedLinesTotals(lines: readonly StoredLine[]) {
  return computeInvoiceTotals(
    lines.map((line) => ({
      quantityMilli: line.quantityMilli,
      unitPriceMinor: line.unitPrice,
      discountBp: line.discountBp,
      taxRateBp: line.taxRateBp,
      vatCategory: line.vatCategory ?? undefined,
    })),
  );
}

/** Stored lines as a draft invoice's parsed lines (insertDraftInvoice): fixed lines, no time. */
export function draftLinesOf(lines: readonly StoredLine[]) {
  return lines.map((line) => ({
    description: line.description,
    quantity: line.quantityMilli,
    unit: line.unit,
    unitPrice: line.unitPrice,
    discount: line.discountBp,
    taxRateBp: line.taxRateBp,
    vatCategory: line.vatCategory,
    timeEntryIds: [] as string[],
    expenseIds: [] as string[],
    // Templates and quotes keep no project on their lines (decision 068).
    projectId: null,
  }));
}

/** Stored lines as the invoice lines editor's values (InvoiceLinesCard), for an edit form. */
export function storedLinesFormValues(lines: readonly StoredLine[], currency: string) {
  return lines.map((line) => ({
    description: line.description,
    quantity: quantityMilliToDecimalString(line.quantityMilli),
    unit: line.unit,
    unitPrice: formatMoneyInput(line.unitPrice, currency),
    discount: line.discountBp === 0 ? "" : (line.discountBp / 100).toString(),
    taxRateBp: line.taxRateBp,
    vatCategory: line.vatCategory ?? "S",
    timeEntryIds: [] as string[],
  }));
}

/**
 * The configured rates, plus any rate a stored line uses that is no longer configured, so the edit
 * form shows what was saved (and the save then asks for a configured one).
 */
export function ratesIncludingLines(rates: readonly TaxRateChoice[], lines: readonly StoredLine[]): TaxRateChoice[] {
  const all = [...rates];
  for (const line of lines)
    if (!all.some((rate) => rate.basisPoints === line.taxRateBp && rate.category === (line.vatCategory ?? "S")))
      all.push({
        label: "Rate no longer configured",
        basisPoints: line.taxRateBp,
        isDefault: false,
        category: line.vatCategory ?? "S",
        mention: null,
        vatexCode: null,
      });
  return all;
}
