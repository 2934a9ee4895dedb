import "server-only";
import type { Executor } from "@/db/client";
import { currencyMinorDigits, minorToDecimalString } from "@/lib/money";
import { streamInvoiceRows } from "./invoice-queries";
import { csvRow, INVOICE_STATUS_LABELS } from "./invoice-rules";
import type { InvoiceListFilter } from "./invoice-schemas";

const HEADER = [
  "Number",
  "Kind",
  "Status",
  "Client",
  "Issue date",
  "Due date",
  "Currency",
  "Net",
  "Tax",
  "Total",
  "Paid",
  "Credited",
  "Balance",
  "Sent at",
  "Credits invoice",
];

/**
 * The filtered list as CSV (RFC 4180, UTF-8 with a BOM for spreadsheets), as a stream: a batch
 * of rows is read (keyset pagination) only when the consumer pulls, so memory holds one batch
 * whatever the row count. Amounts are plain decimals in major units, from the stored integers.
 */
export function invoiceCsvStream(
  db: Executor,
  filter: InvoiceListFilter,
  today: string,
  batchSize = 1000,
): ReadableStream<Uint8Array> {
  const rows = streamInvoiceRows(db, filter, today, batchSize);
  const encoder = new TextEncoder();
  // Intl's resolvedOptions() is slow at this volume: the digits are looked up once per currency.
  const digits = new Map<string, number>();
  const amount = (minor: number, currency: string) => {
    let places = digits.get(currency);
    if (places === undefined) {
      places = currencyMinorDigits(currency);
      digits.set(currency, places);
    }
    return minorToDecimalString(minor, places);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(HEADER)}`));
    },
    async pull(controller) {
      const next = await rows.next();
      if (next.done) {
        controller.close();
        return;
      }
      let chunk = "";
      for (const row of next.value) {
        chunk += csvRow([
          row.number ?? "",
          row.kind === "credit_note" ? "Credit note" : "Invoice",
          INVOICE_STATUS_LABELS[row.displayStatus],
          row.clientName,
          row.issueDate,
          row.dueDate,
          row.currency,
          amount(row.netTotal, row.currency),
          amount(row.taxTotal, row.currency),
          amount(row.total, row.currency),
          amount(row.paidTotal, row.currency),
          amount(row.creditedTotal, row.currency),
          amount(row.balance, row.currency),
          row.sentAt ? row.sentAt.toISOString() : "",
          row.creditedNumber ?? "",
        ]);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
