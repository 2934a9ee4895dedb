// CSV for exports (RFC 4180): a field is quoted when it must be and a spreadsheet formula is
// defused. An export declares its columns once, each a header with the value it takes from a row,
// so a header can never drift away from its values.

export type CsvValue = string | number | null | undefined;

/** One column of an export: its header and how a row gives its value. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

/** RFC 4180: a field with a comma, quote, CR or LF is quoted and its quotes doubled. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  // A leading =, +, - or @ makes spreadsheets run a formula (CSV injection, OWASP); numbers are safe.
  const isPlainNumber = /^-?\d+(\.\d+)?$/.test(text);
  const guarded = typeof value === "string" && !isPlainNumber && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** The header line of `columns`. */
export function csvHeaderRow<Row>(columns: readonly CsvColumn<Row>[]): string {
  return csvRow(columns.map((column) => column.header));
}

/** The line of one row, its values in the order of `columns`. */
export function csvDataRow<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
  return csvRow(columns.map((column) => column.value(row)));
}
