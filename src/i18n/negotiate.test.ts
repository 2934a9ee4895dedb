import { describe, expect, it } from "vitest";
import { negotiateLanguage } from "./negotiate";

const available = ["en", "de", "fr"];

describe("negotiateLanguage", () => {
  it("takes the browser's first language Bureau has", () => {
    expect(negotiateLanguage("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7", available)).toBe("fr");
    expect(negotiateLanguage("de-CH", available)).toBe("de");
    expect(negotiateLanguage("it-IT, de;q=0.5, en;q=0.4", available)).toBe("de");
  });

  it("orders by quality, then by the order given", () => {
    expect(negotiateLanguage("en;q=0.5, fr;q=0.9", available)).toBe("fr");
    expect(negotiateLanguage("de, fr", available)).toBe("de");
  });

  it("skips refused languages and answers null when nothing fits", () => {
    expect(negotiateLanguage("fr;q=0, de", available)).toBe("de");
    expect(negotiateLanguage("it, es", available)).toBeNull();
    expect(negotiateLanguage("", available)).toBeNull();
    expect(negotiateLanguage(null, available)).toBeNull();
  });

  it("gives the first language for a wildcard", () => {
    expect(negotiateLanguage("it, *;q=0.1", available)).toBe("en");
  });
});
