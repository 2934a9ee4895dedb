import { describe, expect, it } from "vitest";
import {
  cleanXmlText,
  el,
  formatAmount,
  formatDate102,
  formatPercent,
  formatQuantity,
  serializeXml,
} from "./einvoice-xml";

describe("e-invoice XML writing", () => {
  it("writes amounts with the currency's decimals, and refuses three", () => {
    expect(formatAmount(123_456, "EUR")).toBe("1234.56");
    expect(formatAmount(5, "EUR")).toBe("0.05");
    expect(formatAmount(0, "EUR")).toBe("0.00");
    expect(formatAmount(1200, "JPY")).toBe("1200");
    expect(() => formatAmount(1000, "BHD")).toThrow(/at most 2/);
  });

  it("writes quantities, percentages and dates without noise", () => {
    expect(formatQuantity(1500)).toBe("1.5");
    expect(formatQuantity(2000)).toBe("2");
    expect(formatQuantity(999_999_999)).toBe("999999.999");
    expect(formatQuantity(1)).toBe("0.001");
    expect(formatPercent(2000)).toBe("20");
    expect(formatPercent(550)).toBe("5.5");
    expect(formatPercent(5)).toBe("0.05");
    expect(formatPercent(0)).toBe("0");
    expect(formatDate102("2026-03-02")).toBe("20260302");
    expect(() => formatDate102("2026-3-2")).toThrow();
  });

  it("escapes markup, drops what XML 1.0 cannot carry, and drops empty elements", () => {
    expect(cleanXmlText("a\u0000b\u0008c\u000bd\tok\n\ud800x\uffff")).toBe("abcd\tok\nx");
    const xml = serializeXml(
      el(
        "root",
        { a: 'x"<&>', empty: "", gone: null },
        el("t", "1 < 2 & 3 > 2\r\n"),
        el("none", null),
        el("blank", "  "),
      )!,
    );
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<root a="x&quot;&lt;&amp;&gt;">\n  <t>1 &lt; 2 &amp; 3 &gt; 2&#13;\n</t>\n</root>\n',
    );
    expect(el("empty", el("inner", null))).toBeNull();
  });
});
