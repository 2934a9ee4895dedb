import { describe, expect, it } from "vitest";
import { type CsvColumn, csvDataRow, csvField, csvHeaderRow, csvRow } from "./csv";

describe("CSV", () => {
  it("quotes per RFC 4180", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('Say "hi", then go')).toBe('"Say ""hi"", then go"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(null)).toBe("");
    expect(csvField(-12.5)).toBe("-12.5");
    expect(csvRow(["a", 1, null])).toBe("a,1,\r\n");
  });

  it("defuses spreadsheet formulas in text", () => {
    expect(csvField("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvField("@cmd")).toBe("'@cmd");
    expect(csvField("-1+2")).toBe("'-1+2");
    // Amounts written as decimal strings stay numbers a spreadsheet can sum.
    expect(csvField("-300.00")).toBe("-300.00");
    expect(csvField("-12")).toBe("-12");
  });

  it("writes a header and rows from the same columns", () => {
    type Row = { name: string; amount: number | null };
    const columns: CsvColumn<Row>[] = [
      { header: "Name", value: (row) => row.name },
      { header: "Amount, EUR", value: (row) => row.amount },
    ];
    expect(csvHeaderRow(columns)).toBe('Name,"Amount, EUR"\r\n');
    expect(csvDataRow(columns, { name: "=cmd", amount: 12.5 })).toBe("'=cmd,12.5\r\n");
    expect(csvDataRow(columns, { name: "Acme", amount: null })).toBe("Acme,\r\n");
  });
});
