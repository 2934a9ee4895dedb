import { describe, expect, it } from "vitest";
import { failureMessage, flattenFormErrors, splitFieldErrors } from "./form-errors";

describe("flattenFormErrors", () => {
  it("names each message by its field's path, a list's own error by the list", () => {
    const ref = { focus: () => undefined };
    const errors = {
      name: { type: "too_small", message: "Enter a name.", ref },
      lines: [undefined, { quantity: { type: "custom", message: "Enter a quantity.", ref } }],
      taxRates: {
        root: { type: "custom", message: "Mark exactly one tax rate as the default." },
        1: { percent: { type: "custom", message: "This rate is listed twice." } },
      },
    };
    expect(flattenFormErrors(errors)).toEqual({
      name: "Enter a name.",
      "lines.1.quantity": "Enter a quantity.",
      taxRates: "Mark exactly one tax rate as the default.",
      "taxRates.1.percent": "This rate is listed twice.",
    });
  });

  it("gives nothing for no errors", () => {
    expect(flattenFormErrors({})).toEqual({});
  });
});

describe("splitFieldErrors", () => {
  it("keeps the errors of the form's fields for them, and the others' messages once each for the alert", () => {
    const fields = new Set(["name", "lines.0.quantity"]);
    const split = splitFieldErrors(
      {
        name: "Enter a name.",
        version: "Reload the page and try again.",
        "lines.0.quantity": "Enter a quantity.",
        id: "Reload the page and try again.",
        _form: "The amounts are too large.",
      },
      (field) => fields.has(field),
    );
    expect(split.shown).toEqual([
      ["name", "Enter a name."],
      ["lines.0.quantity", "Enter a quantity."],
    ]);
    expect(split.unshown).toEqual(["Reload the page and try again.", "The amounts are too large."]);
  });

  it("has nothing to split without field errors", () => {
    expect(splitFieldErrors(undefined, () => true)).toEqual({ shown: [], unshown: [] });
  });
});

describe("failureMessage", () => {
  it("prefers the field's own message", () => {
    expect(
      failureMessage({ message: "Please correct the highlighted fields.", fieldErrors: { q: "Too long." } }, "q"),
    ).toBe("Too long.");
    expect(failureMessage({ message: "You cannot search.", fieldErrors: {} }, "q")).toBe("You cannot search.");
  });
});
