// Inputs of the expenses domain, shared by the form (zodResolver) and the actions, which parse
// again on the server. Browser-safe: no database code. The receipt file travels beside these
// fields (FormData) and is checked by its bytes on the server (expense-receipt.ts).
import { z } from "zod";
import { isValidDateString } from "@/lib/dates";
import { defineList, pageParam, pagingParams } from "@/lib/search-params";
import { checkLine, checkMultiline, normalizeLineBreaks, versionInput, whenValid } from "@/lib/input-fields";
import { parseMoneyInput, parsePercentToBasisPoints } from "@/lib/money";
import { EXPENSE_CATEGORIES } from "@/db/schema/expenses";
import { isCurrencyCode } from "@/modules/clients/client-rules";
import { MAX_MARKUP_BP, MAX_REJECTION_REASON_LENGTH } from "./expense-rules";

/**
 * The expenses page's address (/bo/expenses): `page` pages the viewer's own expenses, `others`
 * everyone else's (for managers), `size` both.
 */
export const expenseList = defineList("/bo/expenses", {
  page: pagingParams.page,
  others: pageParam,
  size: pagingParams.size,
});

/** The same limit as a CV's (SPEC §10): a phone photo or a scanned PDF fits. */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
/** What the file picker offers; the server decides by the bytes. */
export const RECEIPT_ACCEPT = "application/pdf,image/png,image/jpeg,image/webp";
/** At most 99 999 999 999 minor units, as the database's check says. */
const MAX_AMOUNT = 99_999_999_999;

const uuid = z.uuid("Unknown record.");

/** "true", "on" (a checkbox in FormData) or a boolean; anything else is false only when absent. */
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on"])], { error: "Tick or untick this box." })
  .optional()
  .transform((value) => value === true || value === "true" || value === "on");

const amountText = z
  .union([z.string(), z.number()], { error: "Enter an amount." })
  .transform((value) => String(value).trim());

const expenseFields = {
  projectId: z.string({ error: "Choose a project." }).trim().pipe(z.uuid("Choose a project.")),
  date: z
    .string({ error: "Enter the date." })
    .trim()
    .refine((value) => isValidDateString(value), "Enter the date as a valid date."),
  category: z.enum(EXPENSE_CATEGORIES, { error: "Choose a category." }),
  description: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => normalizeLineBreaks(value ?? "").trim())
    .refine((value) => value.length <= 500, "Use at most 500 characters.")
    .superRefine(checkMultiline)
    .transform((value) => (value === "" ? null : value)),
  currency: z
    .string({ error: "Choose a currency." })
    .trim()
    .toUpperCase()
    .refine((value) => isCurrencyCode(value), "Choose a currency from the list."),
  /** VAT excluded; read with the currency below. */
  netAmount: amountText,
  /** The VAT on the receipt; empty is none. */
  vatAmount: amountText.optional(),
  billable: flag,
  /** A percentage added to the net when billed ("15", "7,5"); empty is none. */
  markup: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx) => {
      const text = String(value ?? "").trim();
      if (text === "") return 0;
      const basisPoints = parsePercentToBasisPoints(text);
      if (basisPoints === null || basisPoints < 0 || basisPoints > MAX_MARKUP_BP) {
        ctx.addIssue({ code: "custom", message: "Enter a markup between 0 and 1000 %, e.g. 15." });
        return z.NEVER;
      }
      return basisPoints;
    }),
};

type AmountsParsed = { currency: string; netAmount: string; vatAmount?: string | undefined };

function readAmount(text: string | undefined, currency: string): number | null {
  if (text === undefined || text === "") return 0;
  const minor = parseMoneyInput(text, currency);
  return minor === null || minor < 0 || minor > MAX_AMOUNT ? null : minor;
}

function checkAmounts(value: AmountsParsed, ctx: z.RefinementCtx) {
  const net = value.netAmount === "" ? null : readAmount(value.netAmount, value.currency);
  if (net === null || net === 0)
    ctx.addIssue({
      code: "custom",
      path: ["netAmount"],
      message: `Enter the amount without VAT in ${value.currency}, e.g. 42.50.`,
    });
  const vat = readAmount(value.vatAmount, value.currency);
  if (vat === null)
    ctx.addIssue({
      code: "custom",
      path: ["vatAmount"],
      message: `Enter the VAT in ${value.currency}, or leave it empty.`,
    });
  else if (net !== null && net > 0 && vat > net)
    ctx.addIssue({
      code: "custom",
      path: ["vatAmount"],
      message: "The VAT cannot be more than the amount without VAT.",
    });
}

function readAmounts<T extends AmountsParsed>(value: T) {
  return {
    ...value,
    netAmount: readAmount(value.netAmount, value.currency) ?? 0,
    vatAmount: readAmount(value.vatAmount, value.currency) ?? 0,
  };
}

const AMOUNTS = { when: whenValid("currency", "netAmount", "vatAmount") };

export const createExpenseInput = z.object(expenseFields).superRefine(checkAmounts, AMOUNTS).transform(readAmounts);
export type ExpenseFormValues = z.input<typeof createExpenseInput>;

export const updateExpenseInput = z
  .object({ ...expenseFields, id: uuid, version: versionInput, removeReceipt: flag })
  .superRefine(checkAmounts, AMOUNTS)
  .transform(readAmounts);

export const expenseRefInput = z.object({ id: uuid, version: versionInput });

export const approveExpensesInput = z.object({
  expenses: z.array(expenseRefInput).min(1, "Choose at least one expense.").max(200, "At most 200 at once."),
});

export const rejectExpenseInput = z.object({
  id: uuid,
  version: versionInput,
  reason: z
    .string({ error: "Say why, so that it can be put right." })
    .trim()
    .min(1, "Say why, so that it can be put right.")
    .max(MAX_REJECTION_REASON_LENGTH, `Use at most ${MAX_REJECTION_REASON_LENGTH} characters.`)
    .superRefine(checkLine),
});
