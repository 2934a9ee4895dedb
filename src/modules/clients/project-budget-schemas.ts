// The project form's budget fields, shared by the form and the actions (one schema, both sides):
// a kind (none, hours, money), the figure in that kind, and the period (all time, or each month).
import { z } from "zod";
import { minorToDecimalString } from "@/lib/money";
import { optionalRateInput } from "@/modules/users/user-schemas";

export const BUDGET_KINDS = ["none", "hours", "money"] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];

/** Budget typed in hours ("120", "37.5", "37,5") → minutes, or null when empty. */
const optionalBudgetHours = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const text = String(value).trim().replace(",", ".");
    if (text === "") return null;
    if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "Enter hours such as 120 or 37.5." });
      return z.NEVER;
    }
    const [whole = "0", fraction = ""] = text.split(".");
    return Number(whole) * 60 + Math.round((Number(fraction.padEnd(2, "0")) * 60) / 100);
  });

/**
 * The budget's fields, spread into the project's schema. Without `budgetKind` (the API), the kind
 * is the one figure given; the form always sends it, so the figure of a kind not chosen is ignored.
 */
export const projectBudgetFields = {
  budgetKind: z.enum(BUDGET_KINDS, { error: "Choose how the budget is counted." }).optional(),
  budgetHours: optionalBudgetHours,
  budgetAmount: optionalRateInput,
  budgetPeriod: z.enum(["total", "month"], { error: "Choose the budget's period." }).default("total"),
};

type BudgetValues = {
  budgetKind?: BudgetKind | undefined;
  budgetHours: number | null;
  budgetAmount: number | null;
};

function kindOf(value: BudgetValues): BudgetKind {
  if (value.budgetKind) return value.budgetKind;
  if (value.budgetHours !== null) return "hours";
  return value.budgetAmount !== null ? "money" : "none";
}

/** The checks across the budget's fields (a superRefine of the project's schema). */
export function checkProjectBudget(value: BudgetValues, ctx: z.RefinementCtx): void {
  if (!value.budgetKind && value.budgetHours !== null && value.budgetAmount !== null) {
    ctx.addIssue({ code: "custom", path: ["budgetAmount"], message: "Give a budget in hours or in money, not both." });
    return;
  }
  const kind = kindOf(value);
  const figure = kind === "hours" ? value.budgetHours : kind === "money" ? value.budgetAmount : undefined;
  const path = kind === "hours" ? "budgetHours" : "budgetAmount";
  if (figure === null) ctx.addIssue({ code: "custom", path: [path], message: "Enter the budget." });
  else if (figure === 0) ctx.addIssue({ code: "custom", path: [path], message: "Enter a budget above zero." });
}

/** The project's budget columns from the parsed fields. */
export function budgetColumns(value: BudgetValues & { budgetPeriod: "total" | "month" }) {
  const kind = kindOf(value);
  return {
    budgetMinutes: kind === "hours" ? value.budgetHours : null,
    budgetAmount: kind === "money" ? value.budgetAmount : null,
    budgetPeriod: value.budgetPeriod,
  };
}

/** The form's starting values from a project's columns. */
export function budgetFormValues(project?: {
  budgetMinutes: number | null;
  budgetAmount: number | null;
  budgetPeriod: "total" | "month";
}) {
  const minutes = project?.budgetMinutes ?? null;
  const amount = project?.budgetAmount ?? null;
  return {
    budgetKind: (minutes !== null ? "hours" : amount !== null ? "money" : "none") as BudgetKind,
    budgetHours: minutes === null ? "" : String(Math.round((minutes / 60) * 100) / 100),
    budgetAmount: amount === null ? "" : minorToDecimalString(amount, 2),
    budgetPeriod: project?.budgetPeriod ?? "total",
  };
}
