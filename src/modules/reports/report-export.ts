// A report's download: CSV by default, XLSX with `format=xlsx` (the same columns and rows).
import "server-only";
import { type ReportColumn, csvHeaders, csvStream } from "./report-csv";
import { xlsxHeaders, xlsxStream } from "./report-xlsx";

export const REPORT_FORMATS = ["csv", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The format an export's address asks for; anything but "xlsx" is the CSV. */
export function reportFormatOf(request: Request): ReportFormat {
  return new URL(request.url).searchParams.get("format") === "xlsx" ? "xlsx" : "csv";
}

/** The rows as a streamed download named `<name>.csv` or `<name>.xlsx`. */
export function reportFile<Row>(
  request: Request,
  columns: readonly ReportColumn<Row>[],
  batches: AsyncGenerator<Row[], void, unknown>,
  name: string,
): Response {
  if (reportFormatOf(request) === "xlsx")
    return new Response(xlsxStream(columns, batches, name), { headers: xlsxHeaders(`${name}.xlsx`) });
  return new Response(csvStream(columns, batches), { headers: csvHeaders(`${name}.csv`) });
}
