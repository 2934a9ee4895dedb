import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat, pluralRules } from "./intl-cache";

describe("cached Intl formatters", () => {
  it("gives the same formatter for the same locale and options, another for others", () => {
    expect(numberFormat("fr-FR", { style: "percent" })).toBe(numberFormat("fr-FR", { style: "percent" }));
    expect(numberFormat("fr-FR", { style: "percent" })).not.toBe(numberFormat("de-DE", { style: "percent" }));
    expect(numberFormat("fr-FR")).not.toBe(numberFormat("fr-FR", { style: "percent" }));
    expect(dateTimeFormat("en-GB", { month: "long" })).toBe(dateTimeFormat("en-GB", { month: "long" }));
    expect(pluralRules("fr")).toBe(pluralRules("fr"));
  });

  it("formats as a new formatter would", () => {
    expect(numberFormat("fr-FR", { style: "percent", maximumFractionDigits: 0 }).format(0.42)).toBe(
      new Intl.NumberFormat("fr-FR", { style: "percent", maximumFractionDigits: 0 }).format(0.42),
    );
    expect(pluralRules("fr").select(0)).toBe("one");
    expect(pluralRules("en").select(0)).toBe("other");
  });
});
