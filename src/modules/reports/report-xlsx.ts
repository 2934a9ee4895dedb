// The reports as XLSX (exceljs's streaming WorkbookWriter, decision 056), from the same columns as
// the CSV: amounts as numbers in major units with their currency's format, hours as decimal
// numbers, dates as dates, counts as numbers; a bold header row, frozen, and column widths. Rows are
// committed batch by batch and the writer waits while the compression or the reader is behind, so
// memory stays flat.
import "server-only";
import { EventEmitter, once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { currencyMinorDigits } from "@/lib/money";
import type { ReportColumn } from "./report-csv";

type Cell = string | number | Date | null;

/** The number format of an amount in a currency: "#,##0.00 [$EUR]". */
export function amountFormat(currency: string): string {
  const digits = currencyMinorDigits(currency);
  return `#,##0${digits > 0 ? `.${"0".repeat(digits)}` : ""} "${currency}"`;
}

const FORMATS = { hours: "0.00", date: "yyyy-mm-dd", number: "General" } as const;
const WIDTHS = { amount: 16, hours: 10, date: 12, number: 10 } as const;

/** The cell of a column for a row, from the CSV's exact text: a number, a date, or the text. */
export function xlsxCell<Row>(column: ReportColumn<Row>, row: Row): Cell {
  const value = column.value(row);
  if (value === null || value === undefined || value === "") return null;
  if (!column.type) return String(value);
  if (column.type === "date") {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
    return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : String(value);
  }
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) && String(value).trim() !== "" ? number : String(value);
}

/**
 * The stream a sheet's XML goes into on its way to the zip. exceljs 4.4's StreamBuf writes its 64 KB
 * buffers to it without waiting when it is full, so when compression is slower than the rows come
 * (a busy or slow machine), the XML piles up there: +162 MB for a year of entries in one bench run
 * (issue 24's export memory). It is archiver's PassThrough (the readable-stream package, whose
 * writable side says it needs draining in its state), found through exceljs's internals, which
 * have no public handle for it; undefined if they change, and the writer then waits on the output
 * alone, as before.
 */
type EntryStream = EventEmitter & { writableNeedDrain?: boolean; _writableState?: { needDrain?: boolean } };

function sheetEntryStream(sheet: unknown): EntryStream | undefined {
  const entry = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  return entry instanceof EventEmitter ? (entry as EntryStream) : undefined;
}

function needsDrain(entry: EntryStream): boolean {
  return entry.writableNeedDrain ?? entry._writableState?.needDrain ?? false;
}

/** Batches of rows as an XLSX stream (one sheet). */
export function xlsxStream<Row>(
  columns: readonly ReportColumn<Row>[],
  batches: AsyncGenerator<Row[], void, unknown>,
  sheetName: string,
): ReadableStream<Uint8Array> {
  const output = new PassThrough({ highWaterMark: 256 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: Math.max(column.type ? WIDTHS[column.type] : 24, column.header.length + 2),
    style: column.type && column.type !== "amount" ? { numFmt: FORMATS[column.type] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  // The reader went away (a closed download): stop reading rows, and stop waiting for a drain that
  // will not come. Without this the rows' generator stayed suspended for good.
  let closed = false;
  const stopped = new Promise<void>((resolve) =>
    output.once("close", () => {
      closed = true;
      resolve();
    }),
  );
  const drained = (stream: EventEmitter) => Promise.race([once(stream, "drain"), stopped]);
  const write = async () => {
    for await (const batch of batches) {
      if (closed) break;
      for (const item of batch) {
        const row = sheet.addRow(columns.map((column) => xlsxCell(column, item)));
        columns.forEach((column, index) => {
          if (column.type === "amount" && column.currency)
            row.getCell(index + 1).numFmt = amountFormat(column.currency(item));
        });
        row.commit();
      }
      const entry = sheetEntryStream(sheet);
      if (entry && needsDrain(entry)) await drained(entry);
      if (output.writableNeedDrain) await drained(output);
      if (closed) break;
    }
    if (closed) return;
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}

export function xlsxHeaders(filename: string): HeadersInit {
  return {
    "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "content-disposition": `attachment; filename="${filename}"`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  };
}
