import { describe, expect, it } from "vitest";
import { allowed, refuse, type RuleResult } from "./rule-result";

describe("rule results", () => {
  it("refuses with a code, a message and, when given, a field", () => {
    expect(refuse("call.not_own_call", "Not yours.")).toStrictEqual({
      ok: false,
      code: "call.not_own_call",
      message: "Not yours.",
    });
    expect(refuse("invoice.issue_date_invalid", "Enter a date.", "issueDate")).toStrictEqual({
      ok: false,
      code: "invoice.issue_date_invalid",
      field: "issueDate",
      message: "Enter a date.",
    });
  });

  it("allows with one shared, frozen answer", () => {
    const result: RuleResult<"x.y"> = allowed;
    expect(result).toEqual({ ok: true });
    expect(Object.isFrozen(allowed)).toBe(true);
  });
});
