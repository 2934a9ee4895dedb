import { describe, expect, it } from "vitest";
import type { Refusal } from "@/lib/rule-result";
import {
  canCreateCreditNote,
  canCreditAmount,
  canDeleteInvoice,
  canDeletePayment,
  canEditInvoice,
  canIssue,
  canRecordPayment,
  canTransition,
  creditableAmount,
  deriveDisplayStatus,
  dueDateFromTerms,
  INVOICE_STATUSES,
  statusAfterPayments,
  type InvoiceStatus,
  type IssueCheckInput,
} from "./invoice-rules";

describe("statusAfterPayments", () => {
  it.each([
    [{ total: 12000, paid: 0, credited: 0 }, "issued"],
    [{ total: 12000, paid: 1, credited: 0 }, "partially_paid"],
    [{ total: 12000, paid: 12000, credited: 0 }, "paid"],
    [{ total: 12000, paid: 0, credited: 2000 }, "issued"],
    [{ total: 12000, paid: 10000, credited: 2000 }, "paid"],
    [{ total: 12000, paid: 5000, credited: 2000 }, "partially_paid"],
    [{ total: 12000, paid: 0, credited: 12000 }, "cancelled"],
    [{ total: 12000, paid: 12000, credited: 12000 }, "cancelled"],
    [{ total: 0, paid: 0, credited: 0 }, "paid"],
  ] as const)("%o → %s", (amounts, status) => {
    expect(statusAfterPayments(amounts)).toBe(status);
  });
});
describe("invoice states", () => {
  it("derives overdue for issued and partially paid invoices past their due date", () => {
    const today = "2026-03-12";
    expect(deriveDisplayStatus({ status: "issued", dueDate: "2026-03-11", today })).toBe("overdue");
    expect(deriveDisplayStatus({ status: "partially_paid", dueDate: "2026-03-11", today })).toBe("overdue");
    expect(deriveDisplayStatus({ status: "issued", dueDate: "2026-03-12", today })).toBe("issued"); // due today is not late
    expect(deriveDisplayStatus({ status: "partially_paid", dueDate: "2026-04-01", today })).toBe("partially_paid");
    expect(deriveDisplayStatus({ status: "paid", dueDate: "2026-01-01", today })).toBe("paid");
    expect(deriveDisplayStatus({ status: "cancelled", dueDate: "2026-01-01", today })).toBe("cancelled");
    expect(deriveDisplayStatus({ status: "draft", dueDate: "2026-01-01", today })).toBe("draft");
    expect(deriveDisplayStatus({ status: "issued", dueDate: null, today })).toBe("issued");
  });

  it("computes the due date from the terms", () => {
    expect(dueDateFromTerms("2026-01-31", 30)).toBe("2026-03-02");
    expect(dueDateFromTerms("2026-03-12", 0)).toBe("2026-03-12");
    expect(dueDateFromTerms("2026-12-15", 30)).toBe("2027-01-14");
    expect(() => dueDateFromTerms("2026-03-12", 366)).toThrow(RangeError);
    expect(() => dueDateFromTerms("2026-03-12", -1)).toThrow(RangeError);
  });

  it("allows the spec's transitions and nothing else", () => {
    const allowed = new Set([
      "draft>issued",
      "issued>partially_paid",
      "issued>paid",
      "issued>cancelled",
      "partially_paid>issued",
      "partially_paid>paid",
      "partially_paid>cancelled",
      "paid>issued",
      "paid>partially_paid",
      "paid>cancelled",
    ]);
    for (const from of INVOICE_STATUSES) {
      for (const to of INVOICE_STATUSES) {
        expect(canTransition({ kind: "invoice", from, to }).ok).toBe(allowed.has(`${from}>${to}`));
        expect(canTransition({ kind: "credit_note", from, to }).ok).toBe(from === "draft" && to === "issued");
      }
    }
    expect(canTransition({ kind: "invoice", from: "issued", to: "issued" })).toEqual({
      ok: false,
      code: "invoice.already_in_status",
      message: "This invoice is already issued.",
    });
    expect(canTransition({ kind: "invoice", from: "paid", to: "draft" })).toEqual({
      ok: false,
      code: "invoice.transition_not_allowed",
      message: "A paid invoice cannot become draft.",
    });
    expect(canTransition({ kind: "credit_note", from: "issued", to: "paid" })).toEqual({
      ok: false,
      code: "invoice.transition_not_allowed",
      message: "An issued credit note cannot become paid.",
    });
  });

  const issue = (overrides: Partial<IssueCheckInput> = {}): IssueCheckInput => ({
    kind: "invoice",
    status: "draft",
    lineCount: 2,
    issueDate: "2026-03-12",
    latestIssuedDate: "2026-03-10",
    today: "2026-03-12",
    ...overrides,
  });

  it("issues a draft with lines and a chronological date", () => {
    expect(canIssue(issue())).toEqual({ ok: true });
    expect(canIssue(issue({ latestIssuedDate: null }))).toEqual({ ok: true });
    expect(canIssue(issue({ latestIssuedDate: "2026-03-12" }))).toEqual({ ok: true });
  });

  it.each<[Partial<IssueCheckInput>, Omit<Refusal, "ok">]>([
    [
      { status: "issued" },
      { code: "invoice.already_issued", message: "Only a draft can be issued; this invoice is already issued." },
    ],
    [
      { status: "paid", kind: "credit_note" },
      { code: "invoice.already_issued", message: "Only a draft can be issued; this credit note is already paid." },
    ],
    [{ lineCount: 0 }, { code: "invoice.no_lines", message: "Add at least one line before issuing the invoice." }],
    [
      { issueDate: "2026-02-30" },
      { code: "invoice.issue_date_invalid", field: "issueDate", message: "Enter a valid issue date." },
    ],
    [
      { issueDate: "2026-03-13" },
      { code: "invoice.issue_date_in_future", field: "issueDate", message: "The issue date cannot be in the future." },
    ],
    [
      { issueDate: "2026-03-09" },
      {
        code: "invoice.issue_date_before_last",
        field: "issueDate",
        message:
          "The issue date cannot be earlier than 2026-03-10, the date of the last invoice in this series: numbers must follow the order of dates.",
      },
    ],
    [
      { kind: "credit_note", credit: { amount: 5000, creditable: 4000 } },
      {
        code: "invoice.credit_over_remaining",
        message: "The credit note cannot credit more than what remains on the invoice.",
      },
    ],
    [
      { kind: "credit_note", credit: { amount: 0, creditable: 4000 } },
      { code: "invoice.credit_not_positive", message: "The credit note total must be greater than zero." },
    ],
  ])("refuses to issue %o", (overrides, refusal) => {
    expect(canIssue(issue(overrides))).toStrictEqual({ ok: false, ...refusal });
  });

  it("edits and deletes drafts only", () => {
    expect(canEditInvoice({ kind: "invoice", status: "draft" })).toEqual({ ok: true });
    expect(canDeleteInvoice({ kind: "invoice", status: "draft" })).toEqual({ ok: true });
    for (const status of INVOICE_STATUSES.filter(
      (value): value is Exclude<InvoiceStatus, "draft"> => value !== "draft",
    )) {
      expect(canEditInvoice({ kind: "invoice", status })).toEqual({
        ok: false,
        code: "invoice.issued_read_only",
        message: "An issued invoice cannot be changed; create a credit note to correct it.",
      });
      expect(canDeleteInvoice({ kind: "credit_note", status })).toMatchObject({
        ok: false,
        code: "invoice.issued_not_deletable",
      });
    }
  });

  it("records payments on open invoices only, up to the balance, not in the future", () => {
    const payment = {
      kind: "invoice" as const,
      status: "issued" as InvoiceStatus,
      balance: 12000,
      amount: 5000,
      date: "2026-03-12",
      today: "2026-03-12",
    };
    expect(canRecordPayment(payment)).toEqual({ ok: true });
    expect(canRecordPayment({ ...payment, status: "partially_paid", amount: 12000 })).toEqual({ ok: true });
    expect(canRecordPayment({ ...payment, kind: "credit_note" })).toEqual({
      ok: false,
      code: "invoice.payment_on_credit_note",
      message: "Payments are recorded on invoices, not on credit notes.",
    });
    expect(canRecordPayment({ ...payment, status: "draft" })).toEqual({
      ok: false,
      code: "invoice.payment_on_draft",
      message: "Issue the invoice before recording a payment.",
    });
    expect(canRecordPayment({ ...payment, status: "paid" })).toEqual({
      ok: false,
      code: "invoice.already_paid",
      message: "This invoice is already paid.",
    });
    expect(canRecordPayment({ ...payment, status: "cancelled" })).toEqual({
      ok: false,
      code: "invoice.payment_on_cancelled",
      message: "This invoice is cancelled; it takes no payment.",
    });
    expect(canRecordPayment({ ...payment, amount: 0 })).toEqual({
      ok: false,
      code: "invoice.payment_amount_not_positive",
      field: "amount",
      message: "The amount must be greater than zero.",
    });
    expect(canRecordPayment({ ...payment, amount: 12001 })).toEqual({
      ok: false,
      code: "invoice.payment_amount_over_balance",
      field: "amount",
      message: "The amount cannot be more than the balance due.",
    });
    expect(canRecordPayment({ ...payment, date: "2026-03-13" })).toEqual({
      ok: false,
      code: "invoice.payment_date_in_future",
      field: "date",
      message: "The payment date cannot be in the future.",
    });
    expect(canRecordPayment({ ...payment, date: "13/03/2026" })).toEqual({
      ok: false,
      code: "invoice.payment_date_invalid",
      field: "date",
      message: "Enter a valid payment date.",
    });
  });

  it("deletes payments unless the invoice is cancelled", () => {
    expect(canDeletePayment({ status: "paid" })).toEqual({ ok: true });
    expect(canDeletePayment({ status: "cancelled" })).toMatchObject({
      ok: false,
      code: "invoice.payments_of_cancelled_final",
    });
  });

  it("credits issued invoices only, up to what remains", () => {
    expect(canCreateCreditNote({ kind: "invoice", status: "issued" })).toEqual({ ok: true });
    expect(canCreateCreditNote({ kind: "invoice", status: "paid" })).toEqual({ ok: true });
    expect(canCreateCreditNote({ kind: "invoice", status: "partially_paid" })).toEqual({ ok: true });
    expect(canCreateCreditNote({ kind: "invoice", status: "draft" })).toMatchObject({
      ok: false,
      code: "invoice.credit_note_of_draft",
    });
    expect(canCreateCreditNote({ kind: "invoice", status: "cancelled" })).toEqual({
      ok: false,
      code: "invoice.already_fully_credited",
      message: "This invoice is already fully credited.",
    });
    expect(canCreateCreditNote({ kind: "credit_note", status: "issued" })).toEqual({
      ok: false,
      code: "invoice.credit_note_of_credit_note",
      message: "A credit note cannot itself be credited.",
    });
    expect(creditableAmount({ total: 12000, credited: 2000 })).toBe(10000);
    expect(creditableAmount({ total: 12000, credited: 13000 })).toBe(0);
    expect(canCreditAmount({ amount: 10000, creditable: 10000 })).toEqual({ ok: true });
  });
});
