// Pure rules of the expenses domain (decision 065): who may change or decide on an expense in
// which state, and what an approved expense is worth on an invoice. No database, no React.
import { type DateString, formatDate } from "@/lib/dates";
import { roundHalfUp, toSafeNumber } from "@/lib/money";
import { allowed, refuse, type RuleResult } from "@/lib/rule-result";
import type { Actor } from "@/modules/audit/audit-log";
import { can } from "@/modules/users/permissions";
import type { ExpenseCategory, ExpenseStatus } from "@/db/schema/expenses";
import type { ExpenseCode } from "./expense-codes";

export type ExpenseRuleResult = RuleResult<ExpenseCode>;

export const MAX_REJECTION_REASON_LENGTH = 500;
/** 1000 %: a markup above it is a typing mistake, not a price. */
export const MAX_MARKUP_BP = 100_000;

export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  travel: "Travel",
  accommodation: "Accommodation",
  meals: "Meals",
  mileage: "Mileage",
  supplies: "Supplies",
  software: "Software and subscriptions",
  subcontracting: "Subcontracting",
  other: "Other",
};

export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  submitted: "Submitted",
  approved: "Approved",
  rejected: "Rejected",
};

type ExpenseRef = { status: ExpenseStatus; ownerId: string; billed: boolean };

/**
 * The owner changes (or deletes) their expense until it is approved; a rejected one goes back to
 * submitted when changed. An approved expense is the firm's record: a manager reopens it first.
 */
export function canChangeExpense({ status, ownerId, actor }: ExpenseRef & { actor: Actor }): ExpenseRuleResult {
  if (actor.id !== ownerId) return refuse("expense.not_owner", "Only the person who spent it can change this expense.");
  if (status === "approved")
    return refuse("expense.approved", "This expense is approved; ask a manager to reopen it before changing it.");
  return allowed;
}

function checkDecider(actor: Actor, ownerId: string, verb: string): ExpenseRuleResult {
  if (!can(actor, "expense.decide"))
    return refuse("expense.not_decider", `Only a manager or an administrator can ${verb} expenses.`);
  // Four-eyes rule, as for timesheets: nobody decides on their own spending.
  if (actor.id === ownerId)
    return refuse("expense.own_expense", `You cannot ${verb} your own expense; another manager must do it.`);
  return allowed;
}

export function canApproveExpense({ status, ownerId, actor }: ExpenseRef & { actor: Actor }): ExpenseRuleResult {
  const decider = checkDecider(actor, ownerId, "approve");
  if (!decider.ok) return decider;
  if (status !== "submitted")
    return refuse("expense.not_submitted", "Only a submitted expense can be approved or rejected.");
  return allowed;
}

export function canRejectExpense({
  status,
  ownerId,
  actor,
  reason,
}: ExpenseRef & { actor: Actor; reason: string }): ExpenseRuleResult {
  const decider = checkDecider(actor, ownerId, "reject");
  if (!decider.ok) return decider;
  if (status !== "submitted")
    return refuse("expense.not_submitted", "Only a submitted expense can be approved or rejected.");
  if (reason.trim() === "") return refuse("expense.reason_missing", "Say why, so that it can be put right.", "reason");
  return allowed;
}

/** An approved expense goes back to submitted, unless an invoice bills it (delete the draft first). */
export function canReopenExpense({ status, ownerId, actor, billed }: ExpenseRef & { actor: Actor }): ExpenseRuleResult {
  const decider = checkDecider(actor, ownerId, "reopen");
  if (!decider.ok) return decider;
  if (status !== "approved") return refuse("expense.not_submitted", "Only an approved expense can be reopened.");
  if (billed)
    return refuse("expense.billed", "This expense is on an invoice; remove it from the invoice before reopening it.");
  return allowed;
}

/**
 * What the client is charged, VAT excluded: the net plus the markup (basis points on the net),
 * rounded half-up to the minor unit. The VAT the firm paid is not passed on: the invoice line
 * carries the firm's own VAT on this price (decision 065).
 */
export function billedNetMinor(netMinor: number, markupBp: number): number {
  return toSafeNumber(roundHalfUp(BigInt(netMinor) * BigInt(10_000 + markupBp), 10_000n), "Expense");
}

export type UnbilledExpense = {
  id: string;
  projectName: string;
  userName: string;
  date: DateString;
  category: ExpenseCategory;
  description: string | null;
  currency: string;
  netAmount: number;
  markupBp: number;
  hasReceipt: boolean;
};

export type ExpenseLineDraft = {
  description: string;
  quantityMilli: number;
  unit: "item";
  unitPriceMinor: number;
  expenseIds: string[];
};

const MAX_LINE_DESCRIPTION = 500;

/**
 * One invoice line per expense: one item at the billed price (net plus markup), described by its
 * category, project, date in the invoice's locale, and its own description. The line's VAT is the
 * form's rate for new lines, like any line (the configured categories; decision 065).
 */
export function expenseLineDraft(row: UnbilledExpense, locale: string): ExpenseLineDraft {
  const text = `${EXPENSE_CATEGORY_LABELS[row.category]} (${row.projectName}), ${formatDate(row.date, locale, "UTC", "long")}${row.description ? `: ${row.description}` : ""}`;
  return {
    description: text.length <= MAX_LINE_DESCRIPTION ? text : `${text.slice(0, MAX_LINE_DESCRIPTION - 1)}…`,
    quantityMilli: 1000,
    unit: "item",
    unitPriceMinor: billedNetMinor(row.netAmount, row.markupBp),
    expenseIds: [row.id],
  };
}
