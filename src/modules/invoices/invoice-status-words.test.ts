import { describe, expect, it } from "vitest";
import { documentTranslator } from "@/i18n/document-language";

const statusOf = (language: string) => {
  const t = documentTranslator(language);
  return (status: "issued" | "paid" | "cancelled", kind: string) => t(`invoices.status.${status}`, { kind });
};

describe("a document's state in words", () => {
  it("agrees with the kind of document in French: une facture émise, un avoir émis", () => {
    const t = statusOf("fr");
    expect(t("issued", "invoice")).toBe("Émise");
    expect(t("issued", "credit_note")).toBe("Émis");
    expect(t("cancelled", "credit_note")).toBe("Annulé");
    expect(t("paid", "invoice")).toBe("Payée");
  });

  it("is one word for both kinds in English and German", () => {
    for (const kind of ["invoice", "credit_note"]) {
      expect(statusOf("en")("issued", kind)).toBe("Issued");
      expect(statusOf("de")("issued", kind)).toBe("Ausgestellt");
    }
  });
});
