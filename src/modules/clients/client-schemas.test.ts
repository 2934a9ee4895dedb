import { describe, expect, it } from "vitest";
import { schemaFieldErrors } from "@/lib/parse-input";
import { clientFields, projectFields } from "./client-schemas";

const base = { name: "  Acme  ", currency: "eur", paymentTermsDays: "30" };
const errors = schemaFieldErrors;

describe("client schema", () => {
  it("trims, upper-cases codes, turns empty optional text into null and reads the rate", () => {
    const parsed = clientFields.parse({
      ...base,
      billingEmail: " ",
      country: "fr",
      vatNumber: "fr 40 303 265 045",
      defaultHourlyRate: "95,50",
    });
    expect(parsed).toMatchObject({
      name: "Acme",
      currency: "EUR",
      paymentTermsDays: 30,
      billingEmail: null,
      country: "FR",
      vatNumber: "FR40303265045",
      defaultHourlyRate: 9550,
      notes: null,
    });
  });

  it("checks the VAT number against the country while another field is wrong too", () => {
    expect(errors(clientFields, { ...base, paymentTermsDays: "soon", country: "FR", vatNumber: "FR123" })).toEqual({
      paymentTermsDays: "Enter a number of days between 0 and 365.",
      vatNumber: expect.stringContaining("VAT number"),
    });
  });

  it("refuses a bad EU VAT number, an unknown country or currency, terms outside 0–365, an empty name", () => {
    expect(errors(clientFields, { ...base, country: "FR", vatNumber: "FR123" })).toHaveProperty(["vatNumber"]);
    expect(errors(clientFields, { ...base, country: "ZZ" })).toHaveProperty(["country"]);
    expect(errors(clientFields, { ...base, currency: "XYZ1" })).toHaveProperty(["currency"]);
    expect(errors(clientFields, { ...base, paymentTermsDays: "366" })).toHaveProperty(["paymentTermsDays"]);
    expect(errors(clientFields, { ...base, paymentTermsDays: "-1" })).toHaveProperty(["paymentTermsDays"]);
    expect(errors(clientFields, { ...base, name: "  " })).toHaveProperty(["name"]);
    expect(errors(clientFields, { ...base, name: "x".repeat(201) })).toHaveProperty(["name"]);
  });

  it("takes a known e-invoice format or none, and refuses any other", () => {
    expect(clientFields.parse({ ...base, einvoiceFormat: " peppol " }).einvoiceFormat).toBe("peppol");
    expect(clientFields.parse({ ...base, einvoiceFormat: "" }).einvoiceFormat).toBeNull();
    expect(clientFields.parse(base).einvoiceFormat).toBeNull();
    expect(errors(clientFields, { ...base, einvoiceFormat: "pdf" })).toEqual({
      einvoiceFormat: "Choose an e-invoice format from the list.",
    });
  });

  it("does not check VAT shapes outside the EU", () => {
    expect(errors(clientFields, { ...base, country: "US", vatNumber: "12-3456789" })).toEqual({});
  });
});

describe("project schema", () => {
  it("reads budget hours into minutes and an optional rate", () => {
    expect(
      projectFields.parse({ name: "Web", budgetHours: "37,5", hourlyRate: "", billableByDefault: false }),
    ).toMatchObject({ budgetHours: 2250, hourlyRate: null, code: null });
    expect(errors(projectFields, { name: "Web", budgetHours: "abc", billableByDefault: true })).toHaveProperty([
      "budgetHours",
    ]);
  });
});
