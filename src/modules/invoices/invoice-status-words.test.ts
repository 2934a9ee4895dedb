import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { catalogOf } from "@/i18n/catalogs";

const statusOf = (language: string) =>
  createTranslator({ locale: language, messages: catalogOf(language), namespace: "invoices.status" });

describe("a document's state in words", () => {
  it("agrees with the kind of document in French: une facture émise, un avoir émis", () => {
    const t = statusOf("fr");
    expect(t("issued", { kind: "invoice" })).toBe("Émise");
    expect(t("issued", { kind: "credit_note" })).toBe("Émis");
    expect(t("cancelled", { kind: "credit_note" })).toBe("Annulé");
    expect(t("paid", { kind: "invoice" })).toBe("Payée");
  });

  it("is one word for both kinds in English and German", () => {
    for (const kind of ["invoice", "credit_note"]) {
      expect(statusOf("en")("issued", { kind })).toBe("Issued");
      expect(statusOf("de")("issued", { kind })).toBe("Ausgestellt");
    }
  });
});
