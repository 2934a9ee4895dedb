// Why the expenses domain refuses something: one stable code per reason (src/lib/rule-result.ts).
// API error bodies carry them and translations are keyed by them: never rename or reuse one for
// another reason; add a new one.
export const EXPENSE_CODES = [
  "expense.not_found",
  "expense.stale",
  "expense.not_owner",
  "expense.not_decider",
  "expense.own_expense",
  "expense.not_submitted",
  "expense.approved",
  "expense.billed",
  "expense.reason_missing",
  "expense.date_in_future",
  "expense.project_not_found",
  "expense.project_archived",
  "expense.project_not_assigned",
  "expense.receipt_too_large",
  "expense.receipt_not_accepted",
] as const;

export type ExpenseCode = (typeof EXPENSE_CODES)[number];
