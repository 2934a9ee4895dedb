import { describe, expect, it } from "vitest";
import { schemaFieldErrors } from "@/lib/parse-input";
import { createInvoiceInput } from "./invoice-schemas";

const CLIENT = "0190a8a0-0000-7000-8000-000000000001";
const line = { description: "Consulting", quantity: "1", unit: "day", unitPrice: "800", discount: "", taxRateBp: 2000 };
const draft = {
  clientId: CLIENT,
  currency: "EUR",
  issueDate: "2026-03-02",
  dueDate: "2026-04-01",
  servicePeriodStart: "",
  servicePeriodEnd: "",
  notes: "",
  footer: "",
  lines: [line],
};
const errors = (input: unknown) => schemaFieldErrors(createInvoiceInput, input);

describe("invoice draft schema", () => {
  it("prices the lines in the invoice's currency", () => {
    expect(createInvoiceInput.parse({ ...draft, lines: [{ ...line, unitPrice: "90.50" }] }).lines[0]).toMatchObject({
      quantity: 1000,
      unitPrice: 9050,
    });
  });

  it("shows a bad quantity, another line's bad price, a due date before the issue date and half a period at once", () => {
    expect(
      errors({
        ...draft,
        dueDate: "2026-03-01",
        servicePeriodStart: "2026-02-01",
        lines: [
          { ...line, quantity: "lots" },
          { ...line, unitPrice: "ninety" },
        ],
      }),
    ).toMatchObject({
      "lines.0.quantity": expect.any(String),
      "lines.1.unitPrice": "Enter a price in EUR, e.g. 90 or 90.50.",
      dueDate: "The due date cannot be before the issue date.",
      servicePeriodEnd: "Enter both ends of the service period, or neither.",
    });
  });
});

describe("a line's project", () => {
  const PROJECT = "0190a8a0-0000-7000-8000-0000000000aa";
  const projectOf = (projectId: unknown) =>
    createInvoiceInput.parse({ ...draft, lines: [{ ...line, projectId }] }).lines[0]!.projectId;

  it("is none when absent, empty or null, and the id when one is given", () => {
    expect(createInvoiceInput.parse(draft).lines[0]!.projectId).toBeNull();
    expect(projectOf("")).toBeNull();
    expect(projectOf("  ")).toBeNull();
    expect(projectOf(null)).toBeNull();
    expect(projectOf(PROJECT)).toBe(PROJECT);
    expect(projectOf(` ${PROJECT} `)).toBe(PROJECT);
  });

  it("is an unknown record when it is not an id", () => {
    expect(errors({ ...draft, lines: [line, { ...line, projectId: "design" }] })).toEqual({
      "lines.1.projectId": "Unknown record.",
    });
    expect(errors({ ...draft, lines: [{ ...line, projectId: 42 }] })).toEqual({
      "lines.0.projectId": "Unknown record.",
    });
  });
});
