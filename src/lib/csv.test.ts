import { describe, expect, it } from "vitest";
import {
  type CsvColumn,
  csvDataRow,
  csvField,
  csvFormatFor,
  csvFormatOf,
  csvHeaderRow,
  csvRow,
  csvStream,
  PLAIN_CSV,
} from "./csv";

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

  describe("in the reader's locale", () => {
    type Row = { name: string; amount: string; minutes: number; hours: string; day: string; sent: string };
    const columns: CsvColumn<Row>[] = [
      { header: "Name; client", value: (row) => row.name },
      { header: "Amount", value: (row) => row.amount, type: "amount" },
      { header: "Minutes", value: (row) => row.minutes, type: "number" },
      { header: "Hours", value: (row) => row.hours, type: "hours" },
      { header: "Date", value: (row) => row.day, type: "date" },
      { header: "Sent at", value: (row) => row.sent, type: "date" },
    ];
    const row: Row = {
      name: "Dupont; fils",
      amount: "-1234.50",
      minutes: 450,
      hours: "7.50",
      day: "2026-11-26",
      sent: "2026-11-26T23:30:00.000Z",
    };

    it("French and German: semicolons, decimal commas, their dates, instants in the firm's zone", () => {
      const french = csvFormatFor("fr-FR", "Europe/Paris");
      expect(french).toMatchObject({ separator: ";", decimal: "," });
      expect(csvHeaderRow(columns, french)).toBe('"Name; client";Amount;Minutes;Hours;Date;Sent at\r\n');
      expect(csvDataRow(columns, row, french)).toBe('"Dupont; fils";-1234,50;450;7,50;26/11/2026;27/11/2026 00:30\r\n');
      const german = csvFormatFor("de-DE", "Europe/Berlin");
      expect(csvDataRow(columns, row, german)).toBe('"Dupont; fils";-1234,50;450;7,50;26.11.2026;27.11.2026 00:30\r\n');
    });

    it("English keeps commas and decimal points, with its own dates", () => {
      const british = csvFormatFor("en-GB", "Europe/London");
      expect(british).toMatchObject({ separator: ",", decimal: "." });
      expect(csvDataRow(columns, row, british)).toBe("Dupont; fils,-1234.50,450,7.50,26/11/2026,26/11/2026 23:30\r\n");
      expect(csvDataRow(columns, row, csvFormatFor("en-US", "America/New_York"))).toBe(
        "Dupont; fils,-1234.50,450,7.50,11/26/2026,11/26/2026 18:30\r\n",
      );
    });

    it("the plain format: commas, decimal points, ISO dates, whatever the locale", () => {
      expect(csvFormatOf(new URLSearchParams("format=plain"), "fr-FR", "Europe/Paris")).toBe(PLAIN_CSV);
      expect(csvFormatOf(new URLSearchParams("status=paid"), "fr-FR", "Europe/Paris").separator).toBe(";");
      expect(csvDataRow(columns, row, PLAIN_CSV)).toBe(
        "Dupont; fils,-1234.50,450,7.50,2026-11-26,2026-11-26T23:30:00.000Z\r\n",
      );
    });

    it("still defuses formulas, and leaves a decimal comma's negative number a number", () => {
      const french = csvFormatFor("fr-FR", "Europe/Paris");
      expect(csvField("-300,00", ";")).toBe("-300,00");
      expect(csvDataRow(columns, { ...row, name: "=HYPERLINK(1;2)" }, french)).toMatch(/^"'=HYPERLINK\(1;2\)";/);
      expect(csvDataRow(columns, { ...row, name: "-1+2" }, french)).toMatch(/^'-1\+2;/);
      // A text column keeps its decimal point: only typed columns are numbers.
      expect(csvRow(["1.5", "a"], french)).toBe("1.5;a\r\n");
    });

    it("streams batches with the header first and a BOM", async () => {
      async function* batches() {
        yield [row];
        yield [{ ...row, amount: "2.00" }];
      }
      const reader = csvStream(columns, batches(), csvFormatFor("fr-FR", "Europe/Paris")).getReader();
      let text = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += new TextDecoder("utf-8", { ignoreBOM: true }).decode(value);
      }
      const lines = text.split("\r\n");
      expect(lines[0]!.startsWith("\uFEFF")).toBe(true);
      expect(lines).toHaveLength(4);
      expect(lines[2]).toContain(";2,00;");
    });
  });
});
