import { describe, expect, it } from "vitest";
import { interfaceLocaleOf } from "./document-language";

describe("the interface's locale", () => {
  it("is the firm's for the firm's language, whatever that locale says", () => {
    expect(interfaceLocaleOf("en", { documentLanguage: "en", locale: "fr-FR" })).toBe("fr-FR");
    expect(interfaceLocaleOf("fr", { documentLanguage: "fr", locale: "fr-BE" })).toBe("fr-BE");
  });

  it("is the firm's region for another language of it, else the language's own", () => {
    expect(interfaceLocaleOf("fr", { documentLanguage: "en", locale: "fr-BE" })).toBe("fr-BE");
    expect(interfaceLocaleOf("de", { documentLanguage: "fr", locale: "fr-FR" })).toBe("de-DE");
    expect(interfaceLocaleOf("en", { documentLanguage: "de", locale: "de-DE" })).toBe("en-GB");
  });
});
