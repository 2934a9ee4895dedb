// A report's download: CSV by default, in the firm's locale (decision 066), the plain comma format
// with `format=plain`, XLSX with `format=xlsx` (the same columns and rows).
import "server-only";
import { csvFormatOf, csvStream } from "@/lib/csv";
import { requestLocale } from "@/i18n/request-locale";
import { type ReportColumn, csvHeaders } from "./report-csv";
import { xlsxHeaders, xlsxStream } from "./report-xlsx";

export const REPORT_FORMATS = ["csv", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The format an export's address asks for; anything but "xlsx" is the CSV (plain or the locale's). */
export function reportFormatOf(request: Request): ReportFormat {
  return new URL(request.url).searchParams.get("format") === "xlsx" ? "xlsx" : "csv";
}

/** The rows as a streamed download named `<name>.csv` or `<name>.xlsx`. */
export async function reportFile<Row>(
  request: Request,
  /** The firm's formats: the CSV is written in the person's locale (decision 067), its instants in the firm's time zone. */
  firm: { locale: string; timezone: string; documentLanguage: string },
  columns: readonly ReportColumn<Row>[],
  batches: AsyncGenerator<Row[], void, unknown>,
  name: string,
): Promise<Response> {
  if (reportFormatOf(request) === "xlsx")
    return new Response(xlsxStream(columns, batches, name), { headers: xlsxHeaders(`${name}.xlsx`) });
  const format = csvFormatOf(new URL(request.url).searchParams, await requestLocale(firm), firm.timezone);
  return new Response(csvStream(columns, batches, format), { headers: csvHeaders(`${name}.csv`) });
}
