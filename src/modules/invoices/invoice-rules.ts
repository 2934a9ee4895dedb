// The invoice's states and what each allows: issuing, editing and deleting drafts, payments,
// credit notes, and the status a list shows. Pure: the mutations check these under a row lock,
// and the database's triggers refuse what slips past (decision 006). Amounts are in
// invoice-amounts.ts, numbers in invoice-numbering.ts, billed time in invoice-time-lines.ts.
import { addDaysToDate, isValidDateString, type DateString } from "@/lib/dates";
import { toSafeNumber } from "@/lib/money";
import { allowed, refuse, type RuleResult } from "@/lib/rule-result";
import { type BalanceInput, computeBalance } from "./invoice-amounts";
import type { InvoiceCode } from "./invoice-codes";

type InvoiceRuleResult = RuleResult<InvoiceCode>;

export type InvoiceKind = "invoice" | "credit_note";
export type InvoiceStatus = "draft" | "issued" | "partially_paid" | "paid" | "cancelled";
/** What a list shows: `overdue` is derived from the due date, never stored. */
export type InvoiceDisplayStatus = InvoiceStatus | "overdue";

export const INVOICE_KINDS = ["invoice", "credit_note"] as const satisfies readonly InvoiceKind[];
export const INVOICE_STATUSES = [
  "draft",
  "issued",
  "partially_paid",
  "paid",
  "cancelled",
] as const satisfies readonly InvoiceStatus[];

/** Which statuses the list filter offers: the stored ones plus the derived `overdue`. */
export const INVOICE_FILTER_STATUSES = [
  "draft",
  "issued",
  "partially_paid",
  "paid",
  "cancelled",
  "overdue",
] as const satisfies readonly InvoiceDisplayStatus[];

/** The due date: issue date + the client's payment terms, terms 0–365 days. */
export function dueDateFromTerms(issueDate: DateString, days: number): DateString {
  if (!Number.isSafeInteger(days) || days < 0 || days > 365)
    throw new RangeError(`Payment terms must be 0–365 days (got ${String(days)}).`);
  return addDaysToDate(issueDate, days);
}

/** Adds `overdue` for an issued or partially paid invoice whose due date is before today. */
export function deriveDisplayStatus({
  status,
  dueDate,
  today,
}: {
  status: InvoiceStatus;
  dueDate: DateString | null;
  today: DateString;
}): InvoiceDisplayStatus {
  switch (status) {
    case "issued":
    case "partially_paid":
      // 'YYYY-MM-DD' strings compare in calendar order.
      return dueDate !== null && dueDate < today ? "overdue" : status;
    case "draft":
    case "paid":
    case "cancelled":
      return status;
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown invoice status: ${String(unreachable)}`);
    }
  }
}

/**
 * The status an issued invoice has given its money: a credit covering the whole total cancels
 * it ("a full credit note moves an issued invoice to cancelled"; any payment then becomes
 * a refund, the negative balance); otherwise nothing left to pay is `paid` (a zero-total
 * invoice too), some payment is `partially_paid`, none is `issued`. A partial credit only lowers
 * the balance. Credit notes themselves stay `issued`: they take no payments.
 */
export function statusAfterPayments({
  total,
  paid,
  credited,
}: BalanceInput): "issued" | "partially_paid" | "paid" | "cancelled" {
  const balance = computeBalance({ total, paid, credited });
  if (credited > 0 && credited >= total) return "cancelled";
  if (balance <= 0) return "paid";
  if (paid > 0) return "partially_paid";
  return "issued";
}

const INVOICE_TRANSITIONS: Record<InvoiceKind, Record<InvoiceStatus, readonly InvoiceStatus[]>> = {
  invoice: {
    draft: ["issued"],
    // Payments recorded or deleted, and credit notes, move an issued invoice between these.
    issued: ["partially_paid", "paid", "cancelled"],
    partially_paid: ["issued", "paid", "cancelled"],
    paid: ["issued", "partially_paid", "cancelled"],
    // A cancelled invoice is final: it cannot be issued again or paid (VAT Directive art. 219
    // treats the credit note as the correcting document; the pair stays on record).
    cancelled: [],
  },
  credit_note: {
    draft: ["issued"],
    issued: [],
    partially_paid: [],
    paid: [],
    cancelled: [],
  },
};

export const INVOICE_STATUS_LABELS: Record<InvoiceDisplayStatus, string> = {
  draft: "Draft",
  issued: "Issued",
  partially_paid: "Partially paid",
  paid: "Paid",
  cancelled: "Cancelled",
  overdue: "Overdue",
};

function documentName(kind: InvoiceKind): string {
  switch (kind) {
    case "invoice":
      return "invoice";
    case "credit_note":
      return "credit note";
    default: {
      const unreachable: never = kind;
      throw new Error(`Unknown invoice kind: ${String(unreachable)}`);
    }
  }
}

/** Whether a status change is allowed, with a message for the person who tried it. */
export function canTransition({
  kind,
  from,
  to,
}: {
  kind: InvoiceKind;
  from: InvoiceStatus;
  to: InvoiceStatus;
}): InvoiceRuleResult {
  if (INVOICE_TRANSITIONS[kind][from].includes(to)) return allowed;
  const name = documentName(kind);
  if (from === to)
    return refuse("invoice.already_in_status", `This ${name} is already ${INVOICE_STATUS_LABELS[from].toLowerCase()}.`);
  const fromLabel = INVOICE_STATUS_LABELS[from].toLowerCase();
  const article = /^[aeiou]/.test(fromLabel) ? "An" : "A";
  return refuse(
    "invoice.transition_not_allowed",
    `${article} ${fromLabel} ${name} cannot become ${INVOICE_STATUS_LABELS[to].toLowerCase()}.`,
  );
}

export type IssueCheckInput = {
  kind: InvoiceKind;
  status: InvoiceStatus;
  lineCount: number;
  issueDate: DateString;
  /** The latest issue date already used in this number series, or null for the first. */
  latestIssuedDate: DateString | null;
  today: DateString;
  /** For a credit note: its total as a positive amount, and what is still creditable on the invoice. */
  credit?: { amount: number; creditable: number };
};

/**
 * Whether a draft can be issued. Numbers are sequential and chronological (VAT Directive
 * art. 226(2)), so an issue date before the series' latest one is refused.
 * Refusals about the date name the `issueDate` field.
 */
export function canIssue(input: IssueCheckInput): InvoiceRuleResult {
  const name = documentName(input.kind);
  if (input.status !== "draft")
    return refuse(
      "invoice.already_issued",
      `Only a draft can be issued; this ${name} is already ${INVOICE_STATUS_LABELS[input.status].toLowerCase()}.`,
    );
  if (input.lineCount < 1) return refuse("invoice.no_lines", `Add at least one line before issuing the ${name}.`);
  if (!isValidDateString(input.issueDate))
    return refuse("invoice.issue_date_invalid", "Enter a valid issue date.", "issueDate");
  if (input.issueDate > input.today)
    return refuse("invoice.issue_date_in_future", "The issue date cannot be in the future.", "issueDate");
  if (input.latestIssuedDate !== null && input.issueDate < input.latestIssuedDate) {
    return refuse(
      "invoice.issue_date_before_last",
      `The issue date cannot be earlier than ${input.latestIssuedDate}, the date of the last ${name} in this series: numbers must follow the order of dates.`,
      "issueDate",
    );
  }
  if (input.credit) {
    const result = canCreditAmount(input.credit);
    if (!result.ok) return result;
  }
  return allowed;
}

/** Only a draft may be edited or deleted: issuing makes it read-only for ever. */
export function canEditInvoice({ kind, status }: { kind: InvoiceKind; status: InvoiceStatus }): InvoiceRuleResult {
  if (status === "draft") return allowed;
  return refuse(
    "invoice.issued_read_only",
    `An issued ${documentName(kind)} cannot be changed; create a credit note to correct it.`,
  );
}

export function canDeleteInvoice({ kind, status }: { kind: InvoiceKind; status: InvoiceStatus }): InvoiceRuleResult {
  if (status === "draft") return allowed;
  return refuse(
    "invoice.issued_not_deletable",
    `Only a draft can be deleted; an issued ${documentName(kind)} is kept for ever, numbers must have no gaps.`,
  );
}

/**
 * A payment: amount > 0 and at most the balance, date not in the future.
 * Refusals about the amount or the date name the `amount` or `date` field.
 */
export function canRecordPayment(input: {
  kind: InvoiceKind;
  status: InvoiceStatus;
  balance: number;
  amount: number;
  date: DateString;
  today: DateString;
}): InvoiceRuleResult {
  if (input.kind === "credit_note")
    return refuse("invoice.payment_on_credit_note", "Payments are recorded on invoices, not on credit notes.");
  switch (input.status) {
    case "draft":
      return refuse("invoice.payment_on_draft", "Issue the invoice before recording a payment.");
    case "cancelled":
      return refuse("invoice.payment_on_cancelled", "This invoice is cancelled; it takes no payment.");
    case "paid":
      return refuse("invoice.already_paid", "This invoice is already paid.");
    case "issued":
    case "partially_paid":
      break;
    default: {
      const unreachable: never = input.status;
      throw new Error(`Unknown invoice status: ${String(unreachable)}`);
    }
  }
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    return refuse("invoice.payment_amount_not_positive", "The amount must be greater than zero.", "amount");
  if (input.amount > input.balance)
    return refuse("invoice.payment_amount_over_balance", "The amount cannot be more than the balance due.", "amount");
  if (!isValidDateString(input.date))
    return refuse("invoice.payment_date_invalid", "Enter a valid payment date.", "date");
  if (input.date > input.today)
    return refuse("invoice.payment_date_in_future", "The payment date cannot be in the future.", "date");
  return allowed;
}

/** A payment can be deleted (a mistake) while the invoice is not cancelled. */
export function canDeletePayment({ status }: { status: InvoiceStatus }): InvoiceRuleResult {
  if (status === "cancelled")
    return refuse(
      "invoice.payments_of_cancelled_final",
      "The invoice is cancelled; its payments can no longer be changed.",
    );
  return allowed;
}

/** A credit note corrects an issued invoice (VAT Directive art. 219), never a draft or a credit note. */
export function canCreateCreditNote({ kind, status }: { kind: InvoiceKind; status: InvoiceStatus }): InvoiceRuleResult {
  if (kind === "credit_note")
    return refuse("invoice.credit_note_of_credit_note", "A credit note cannot itself be credited.");
  switch (status) {
    case "draft":
      return refuse(
        "invoice.credit_note_of_draft",
        "A draft can still be edited or deleted; only an issued invoice needs a credit note.",
      );
    case "cancelled":
      return refuse("invoice.already_fully_credited", "This invoice is already fully credited.");
    case "issued":
    case "partially_paid":
    case "paid":
      return allowed;
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown invoice status: ${String(unreachable)}`);
    }
  }
}

/** What may still be credited: the invoice total minus the credit notes already issued on it. */
export function creditableAmount({ total, credited }: { total: number; credited: number }): number {
  return Math.max(0, toSafeNumber(BigInt(total) - BigInt(credited), "Creditable amount"));
}

/** A credit note's total (as a positive amount) must be > 0 and at most what is still creditable. */
export function canCreditAmount({ amount, creditable }: { amount: number; creditable: number }): InvoiceRuleResult {
  if (amount <= 0) return refuse("invoice.credit_not_positive", "The credit note total must be greater than zero.");
  if (amount > creditable)
    return refuse(
      "invoice.credit_over_remaining",
      "The credit note cannot credit more than what remains on the invoice.",
    );
  return allowed;
}
