import { describe, expect, it } from "vitest";
import { EINVOICE_RUNS } from "./support/arbitrary";
import { checkGeneratedInvoices } from "./support/property";

// Property test (issue 21): generated invoices over the space Bureau allows; each one the
// pre-issue checks accept has 0 fatal findings by the official rules and is schema-valid.
describe("factur-x e-invoices over the whole space Bureau allows", () => {
  it(`passes the official rules and the schema (${EINVOICE_RUNS} validated documents, more generated)`, async () => {
    const report = await checkGeneratedInvoices("factur-x");
    expect(report.fatal).toBe(0);
    // EINVOICE_RUNS documents were validated, invoices and credit notes both; the checks refuse few
    // generated invoices (no buyer reference for XRechnung, email addresses in Peppol...).
    expect(report.validated).toBeGreaterThanOrEqual(EINVOICE_RUNS);
    if (EINVOICE_RUNS >= 100)
      expect(Math.min(report.validatedInvoices, report.validatedCreditNotes)).toBeGreaterThan(EINVOICE_RUNS / 5);
    if (EINVOICE_RUNS >= 100) expect(report.validated).toBeGreaterThanOrEqual(report.generated * 0.5);
  });
});
