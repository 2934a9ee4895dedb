import { describe, expect, it } from "vitest";
import type { Actor } from "@/modules/audit/audit-log";
import {
  billedNetMinor,
  canApproveExpense,
  canChangeExpense,
  canRejectExpense,
  canReopenExpense,
} from "./expense-rules";
import { createExpenseInput } from "./expense-schemas";

const staff: Actor = { id: "s", name: "Sam", role: "staff" };
const manager: Actor = { id: "m", name: "Mia", role: "manager" };
const code = (result: { ok: boolean; code?: string }) => (result.ok ? "ok" : result.code);

describe("expense rules", () => {
  it("lets only the owner change an expense, until it is approved", () => {
    expect(code(canChangeExpense({ status: "submitted", ownerId: "s", billed: false, actor: staff }))).toBe("ok");
    expect(code(canChangeExpense({ status: "rejected", ownerId: "s", billed: false, actor: staff }))).toBe("ok");
    expect(code(canChangeExpense({ status: "approved", ownerId: "s", billed: false, actor: staff }))).toBe(
      "expense.approved",
    );
    expect(code(canChangeExpense({ status: "submitted", ownerId: "s", billed: false, actor: manager }))).toBe(
      "expense.not_owner",
    );
  });

  it("lets managers decide on others' submitted expenses only", () => {
    const ref = { status: "submitted" as const, ownerId: "s", billed: false };
    expect(code(canApproveExpense({ ...ref, actor: manager }))).toBe("ok");
    expect(code(canApproveExpense({ ...ref, actor: staff }))).toBe("expense.not_decider");
    expect(code(canApproveExpense({ ...ref, ownerId: "m", actor: manager }))).toBe("expense.own_expense");
    expect(code(canApproveExpense({ ...ref, status: "approved", actor: manager }))).toBe("expense.not_submitted");
    expect(code(canRejectExpense({ ...ref, actor: manager, reason: "  " }))).toBe("expense.reason_missing");
    expect(code(canRejectExpense({ ...ref, actor: manager, reason: "No receipt" }))).toBe("ok");
  });

  it("reopens an approved expense only while no invoice bills it", () => {
    const ref = { status: "approved" as const, ownerId: "s", actor: manager };
    expect(code(canReopenExpense({ ...ref, billed: false }))).toBe("ok");
    expect(code(canReopenExpense({ ...ref, billed: true }))).toBe("expense.billed");
  });

  it("bills the net plus the markup, rounded half-up to the minor unit", () => {
    expect(billedNetMinor(10_000, 0)).toBe(10_000);
    expect(billedNetMinor(10_000, 1500)).toBe(11_500);
    // 333 × 1.0750 = 357.975 → 358; 1 × 1.5 = 1.5 → 2 (half-up)
    expect(billedNetMinor(333, 750)).toBe(358);
    expect(billedNetMinor(1, 5000)).toBe(2);
    expect(billedNetMinor(99_999_999_999, 100_000)).toBe(1_099_999_999_989);
  });
});

describe("the expense form's schema", () => {
  const valid = {
    projectId: "0190d6f6-8b7a-7cc4-9a6e-3f1d2c4b5a69",
    date: "2026-11-02",
    category: "travel",
    currency: "eur",
    netAmount: "42,50",
    vatAmount: "4.25",
    billable: "on",
    markup: "7.5",
  };

  it("reads amounts in the currency and the markup as basis points", () => {
    const parsed = createExpenseInput.parse(valid);
    expect(parsed).toMatchObject({ currency: "EUR", netAmount: 4250, vatAmount: 425, billable: true, markup: 750 });
    expect(createExpenseInput.parse({ ...valid, currency: "JPY", netAmount: "1200", vatAmount: "" })).toMatchObject({
      netAmount: 1200,
      vatAmount: 0,
    });
  });

  it("refuses a zero amount, VAT above the amount, a markup over 1000 % and an unknown currency", () => {
    const fields = (input: Record<string, unknown>) => {
      const result = createExpenseInput.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
    };
    expect(fields({ ...valid, netAmount: "0" })).toEqual(["netAmount"]);
    expect(fields({ ...valid, vatAmount: "50" })).toEqual(["vatAmount"]);
    expect(fields({ ...valid, markup: "1000.01" })).toEqual(["markup"]);
    expect(fields({ ...valid, markup: "-1" })).toEqual(["markup"]);
    expect(fields({ ...valid, currency: "XYZ" })).toEqual(["currency"]);
    expect(fields({ ...valid, category: "bribes" })).toEqual(["category"]);
    expect(fields({ ...valid, netAmount: "12 euros" })).toEqual(["netAmount"]);
  });
});
