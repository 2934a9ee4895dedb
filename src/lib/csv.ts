// CSV for exports (RFC 4180): a field is quoted when it must be and a spreadsheet formula is
// defused. An export declares its columns once, each a header with the value it takes from a row,
// so a header can never drift away from its values.

export type CsvValue = string | number | null | undefined;

/**
 * One column of an export: its header and how a row gives its value; its type, when it holds an
 * amount, hours, a number or a date, lets the CSV write it in the reader's locale (and the XLSX
 * type its cells, report-xlsx.ts).
 */
export type CsvColumn<Row> = {
  header: string;
  value: (row: Row) => CsvValue;
  type?: "amount" | "hours" | "date" | "number";
};

/**
 * How a CSV is written (issue 22 item 5). The plain format is RFC 4180's comma with decimal points
 * and ISO dates, for programs. A locale whose decimal separator is a comma (fr, de, ...) gets
 * semicolons between fields, decimal commas and its own dates, which is what Excel expects when it
 * opens a file in that locale: one column per field instead of one line of text.
 */
export type CsvFormat = {
  separator: "," | ";";
  decimal: "." | ",";
  /** The locale dates are written in; null: ISO dates (the plain format). */
  locale: string | null;
  timeZone: string;
};

export const PLAIN_CSV: CsvFormat = { separator: ",", decimal: ".", locale: null, timeZone: "UTC" };

/** The CSV format of a locale: its decimal separator decides the field separator. */
export function csvFormatFor(locale: string, timeZone: string): CsvFormat {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value;
  return decimal === ","
    ? { separator: ";", decimal: ",", locale, timeZone }
    : { separator: ",", decimal: ".", locale, timeZone };
}

/** `format=plain` in an export's address asks for the plain format; else the locale's. */
export function csvFormatOf(searchParams: URLSearchParams, locale: string, timeZone: string): CsvFormat {
  return searchParams.get("format") === "plain" ? PLAIN_CSV : csvFormatFor(locale, timeZone);
}

const PLAIN_NUMBER = /^-?\d+([.,]\d+)?$/;

/** RFC 4180: a field with the separator, a quote, CR or LF is quoted and its quotes doubled. */
export function csvField(value: CsvValue, separator: CsvFormat["separator"] = ","): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  // A leading =, +, - or @ makes spreadsheets run a formula (CSV injection, OWASP); numbers are safe.
  const isPlainNumber = PLAIN_NUMBER.test(text);
  const guarded = typeof value === "string" && !isPlainNumber && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  const mustQuote = guarded.includes(separator) || /["\r\n]/.test(guarded);
  return mustQuote ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function csvRow(values: readonly CsvValue[], format: CsvFormat = PLAIN_CSV): string {
  return `${values.map((value) => csvField(value, format.separator)).join(format.separator)}\r\n`;
}

/** The header line of `columns`. */
export function csvHeaderRow<Row>(columns: readonly CsvColumn<Row>[], format: CsvFormat = PLAIN_CSV): string {
  return csvRow(
    columns.map((column) => column.header),
    format,
  );
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(locale: string, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${withTime}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" as const } : {}),
      timeZone,
    });
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A value in the format's locale: a decimal written with its decimal comma (the text of the exact
 * decimal the money module wrote, never a float), a date ("2026-11-26") as the locale writes it
 * ("26/11/2026", "26.11.2026"), an instant as its local date and time in the firm's time zone.
 */
export function localizedCsvValue(value: CsvValue, type: CsvColumn<unknown>["type"], format: CsvFormat): CsvValue {
  if (format.locale === null || value === null || value === undefined || type === undefined) return value;
  if (type === "date") {
    const text = String(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(text))
      return dateFormatter(format.locale, "UTC", false).format(new Date(`${text}T00:00:00Z`));
    const instant = new Date(text);
    return Number.isNaN(instant.getTime())
      ? value
      : dateFormatter(format.locale, format.timeZone, true).format(instant).replace(",", "");
  }
  const text = String(value);
  return format.decimal === "," && /^-?\d+\.\d+$/.test(text) ? text.replace(".", ",") : value;
}

/** The line of one row, its values in the order of `columns`, in the format's locale. */
export function csvDataRow<Row>(columns: readonly CsvColumn<Row>[], row: Row, format: CsvFormat = PLAIN_CSV): string {
  return csvRow(
    columns.map((column) => localizedCsvValue(column.value(row), column.type, format)),
    format,
  );
}

/**
 * Batches of rows as a CSV stream (UTF-8 with a BOM for spreadsheets): a batch is read only when
 * the consumer pulls, so memory holds one batch whatever the row count.
 */
export function csvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  batches: AsyncGenerator<Row[], void, unknown>,
  format: CsvFormat = PLAIN_CSV,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvHeaderRow(columns, format)}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      let chunk = "";
      for (const row of next.value) chunk += csvDataRow(columns, row, format);
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
