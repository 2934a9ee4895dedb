// Inputs of the invoices domain, shared by the forms (zodResolver) and the actions, which parse
// again on the server. Browser-safe: no database code.
import { z } from "zod";
import { isValidDateString } from "@/lib/dates";
import {
  checkLine,
  checkMultiline,
  normalizeLineBreaks,
  type TextKind,
  versionInput,
  whenValid,
} from "@/lib/input-fields";
import { parseMoneyInput } from "@/lib/money";
import {
  choiceParam,
  dateParam,
  defineList,
  directionParam,
  idParam,
  pagingParams,
  searchParam,
} from "@/lib/search-params";
import { parseDiscountPercent, parseQuantity } from "./invoice-amounts";
import { INVOICE_FILTER_STATUSES, INVOICE_KINDS } from "./invoice-rules";
import { TIME_GROUPINGS } from "./invoice-time-lines";
import { VAT_CATEGORIES } from "./vat-categories";

export const PAYMENT_METHODS = ["bank_transfer", "card", "cash", "cheque", "other"] as const;
export const LINE_UNITS = ["hour", "day", "item"] as const;
/** How the client is asked to pay (BG-16), with its UNTDID 4461 code (BT-81). */
export const PAYMENT_MEANS = ["credit_transfer", "card", "cheque", "cash", "direct_debit"] as const;
export type PaymentMeans = (typeof PAYMENT_MEANS)[number];
/**
 * UNTDID 4461: 30 credit transfer (58 when it is a SEPA credit transfer: euros between SEPA
 * countries, which the e-invoice mapping decides), 48 bank card, 20 cheque, 10 cash, 59 SEPA direct debit.
 */
export const PAYMENT_MEANS_CODES: Record<PaymentMeans, string> = {
  credit_transfer: "30",
  card: "48",
  cheque: "20",
  cash: "10",
  direct_debit: "59",
};
export const MAX_LINES = 500;

const text = (max: number, label: string, kind: TextKind = "line") =>
  z
    .string({ error: `Enter ${label}.` })
    .overwrite((value) => (kind === "multiline" ? normalizeLineBreaks(value) : value))
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Use at most ${max} characters.`)
    .superRefine(kind === "multiline" ? checkMultiline : checkLine);

const optionalText = (max: number, kind: TextKind = "line") =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (kind === "multiline" ? normalizeLineBreaks(value ?? "") : (value ?? "")).trim())
    .refine((value) => value.length <= max, `Use at most ${max} characters.`)
    .superRefine(kind === "multiline" ? checkMultiline : checkLine)
    .transform((value) => (value === "" ? null : value));

const dateString = (label: string) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .refine((value) => isValidDateString(value), `Enter ${label} as a valid date.`);

const optionalDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value ?? "").trim())
  .refine((value) => value === "" || isValidDateString(value), "Enter a valid date.")
  .transform((value) => (value === "" ? null : value));

const CURRENCY_CODE = /^[A-Z]{3}$/;

const currency = z.string().trim().toUpperCase().regex(CURRENCY_CODE, "Choose a currency.");

const uuid = z.uuid("Unknown record.");

/** One line as typed: text fields become integers (thousandths, minor units, basis points). */
export const invoiceLineInput = z.object({
  description: text(500, "a description", "multiline"),
  quantity: z.union([z.string(), z.number()]).transform((value, ctx) => {
    const parsed = parseQuantity(String(value));
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }
    return parsed.value;
  }),
  unit: text(20, "a unit"),
  /** Parsed with the invoice's currency by the object-level transform below. */
  unitPrice: z.union([z.string(), z.number()]).transform((value) => String(value).trim()),
  discount: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx) => {
      const parsed = parseDiscountPercent(String(value ?? ""));
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }
      return parsed.value;
    }),
  // A number or digits: an empty or missing rate is an error, never a silent 0 %.
  taxRateBp: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,5}$/)
          .transform(Number),
      ],
      { error: "Choose a tax rate." },
    )
    .pipe(z.number().int("Choose a tax rate.").min(0, "Choose a tax rate.").max(10_000, "Choose a tax rate.")),
  /** The VAT category of the chosen rate; without it, the first configured rate at that percentage. */
  vatCategory: z
    .union([z.enum(VAT_CATEGORIES), z.literal(""), z.null()], { error: "Choose a tax rate." })
    .optional()
    .transform((value) => (value === "" || value === undefined ? null : value)),
  timeEntryIds: z.array(uuid).max(5000).default([]),
  /** The approved expenses this line bills (decision 065). */
  expenseIds: z.array(uuid).max(5000).default([]),
  /**
   * The project a line of no time or expenses is for (decision 068): none when empty or absent.
   * Its client and the lines it may go on are the mutation's checks.
   */
  projectId: z
    .union([z.string(), z.null()], { error: "Unknown record." })
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine((value) => value === "" || uuid.safeParse(value).success, "Unknown record.")
    .transform((value) => (value === "" ? null : value)),
});

/** The client of a draft: none chosen says so, anything else not an id is unknown. */
const chosenClient = z.uuid({
  error: (issue) => (issue.input === "" || issue.input === undefined ? "Choose a client." : "Unknown record."),
});

/** What an invoice says besides its dates: shared with the recurring invoice templates. */
export const invoiceContentFields = {
  clientId: chosenClient,
  currency,
  notes: optionalText(5000, "multiline"),
  footer: optionalText(5000, "multiline"),
  /** BT-10: the buyer's reference; a new invoice starts with the client's. */
  buyerReference: optionalText(100),
  /** BT-13: the buyer's purchase order number. */
  purchaseOrderReference: optionalText(100),
  paymentMeans: z
    .enum(PAYMENT_MEANS, { error: "Choose how the client pays." })
    .optional()
    .transform((value) => value ?? "credit_transfer"),
  lines: z.array(invoiceLineInput).max(MAX_LINES, `An invoice has at most ${MAX_LINES} lines.`),
};

const draftFields = {
  ...invoiceContentFields,
  issueDate: dateString("the issue date"),
  dueDate: dateString("the due date"),
  servicePeriodStart: optionalDate,
  servicePeriodEnd: optionalDate,
};

const draftObject = z.object(draftFields);
type DraftParsed = z.output<typeof draftObject>;
type PricedLine = Omit<DraftParsed["lines"][number], "unitPrice"> & { unitPrice: number };
/** What pricing the lines needs: the currency and the lines as typed. */
type LinesParsed = Pick<DraftParsed, "currency" | "lines">;

// The checks across a draft's fields. Each runs as soon as the fields it reads are valid (whenValid),
// so a bad quantity on one line does not hide a due date before the issue date, or another line's
// price: one submission shows every error.

function checkDraftDates(value: DraftParsed, ctx: z.RefinementCtx) {
  if (value.dueDate < value.issueDate)
    ctx.addIssue({ code: "custom", path: ["dueDate"], message: "The due date cannot be before the issue date." });
}

function checkServicePeriod(value: DraftParsed, ctx: z.RefinementCtx) {
  if ((value.servicePeriodStart === null) !== (value.servicePeriodEnd === null)) {
    const path = value.servicePeriodStart === null ? "servicePeriodStart" : "servicePeriodEnd";
    ctx.addIssue({ code: "custom", path: [path], message: "Enter both ends of the service period, or neither." });
  } else if (
    value.servicePeriodStart !== null &&
    value.servicePeriodEnd !== null &&
    value.servicePeriodEnd < value.servicePeriodStart
  ) {
    ctx.addIssue({ code: "custom", path: ["servicePeriodEnd"], message: "The period cannot end before it starts." });
  }
}

export function checkLinePrices(value: LinesParsed, ctx: z.RefinementCtx) {
  // Prices are read only with a well-formed currency code, or Intl throws on it; a line that could
  // not be read at all has its own error already.
  if (!CURRENCY_CODE.test(value.currency) || !Array.isArray(value.lines)) return;
  value.lines.forEach((line, index) => {
    if (typeof line?.unitPrice !== "string") return;
    const price = parseMoneyInput(line.unitPrice, value.currency);
    if (price === null || price < 0)
      ctx.addIssue({
        code: "custom",
        path: ["lines", index, "unitPrice"],
        message: `Enter a price in ${value.currency}, e.g. 90 or 90.50.`,
      });
  });
}

/** The lines' prices read in the currency (after checkLinePrices passed). */
export function priceLines<T extends LinesParsed>(value: T): Omit<T, "lines"> & { lines: PricedLine[] } {
  const lines: PricedLine[] = value.lines.map((line) => ({
    ...line,
    unitPrice: parseMoneyInput(line.unitPrice, value.currency) ?? 0,
  }));
  return { ...value, lines };
}

const DATES = { when: whenValid("issueDate", "dueDate") };
const PERIOD = { when: whenValid("servicePeriodStart", "servicePeriodEnd") };
export const PRICES = { when: whenValid("currency") };

export const createInvoiceInput = draftObject
  .superRefine(checkDraftDates, DATES)
  .superRefine(checkServicePeriod, PERIOD)
  .superRefine(checkLinePrices, PRICES)
  .transform(priceLines);
export type CreateInvoiceInput = z.input<typeof createInvoiceInput>;

const updateDraftObject = z.object({ ...draftFields, id: uuid, version: versionInput });

export const updateInvoiceInput = updateDraftObject
  .superRefine(checkDraftDates, DATES)
  .superRefine(checkServicePeriod, PERIOD)
  .superRefine(checkLinePrices, PRICES)
  .transform(priceLines);

/**
 * The API's PATCH /invoices/{id} body (the id is the path's), for its description: the request is
 * parsed by updateInvoiceInput, with the path's id, in the mutation.
 */
export const updateInvoiceBody = updateDraftObject.omit({ id: true });
export type UpdateInvoiceInput = z.input<typeof updateInvoiceInput>;
export type InvoiceLineValues = z.input<typeof invoiceLineInput>;

export const invoiceRefInput = z.object({ id: uuid, version: versionInput });
export type InvoiceRefInput = z.input<typeof invoiceRefInput>;

export const issueInvoiceInput = invoiceRefInput;

export const recordPaymentInput = z.object({
  invoiceId: uuid,
  /** Not checked: the invoice row is locked and the balance re-read, so concurrent payments are safe. */
  version: versionInput.optional(),
  /** Parsed with the invoice's currency by the mutation. */
  amount: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine((value) => value !== "", "Enter the amount received."),
  date: dateString("the payment date"),
  method: z.enum(PAYMENT_METHODS, { error: "Choose how it was paid." }),
  reference: optionalText(200),
});
export type RecordPaymentInput = z.input<typeof recordPaymentInput>;

export const deletePaymentInput = z.object({ paymentId: uuid });

export const createCreditNoteInput = z.object({
  invoiceId: uuid,
  /** full: credits what remains, issued at once; partial: a draft to adjust, then issue. */
  mode: z.enum(["full", "partial"], { error: "Choose a full or a partial credit note." }),
  issueDate: dateString("the issue date").optional(),
});
export type CreateCreditNoteInput = z.input<typeof createCreditNoteInput>;

export const unbilledTimeInput = z.object({ clientId: uuid, grouping: z.enum(TIME_GROUPINGS).default("project") });

/** The client the invoice form's picker chose, whose details it shows. */
export const invoiceClientInput = z.object({ clientId: uuid });

// ---------------------------------------------------------------------------------------
// The list's filters, read from the URL (so a filtered list can be bookmarked and shared)

export const INVOICE_SORTS = ["number", "client", "issueDate", "dueDate", "total", "balance", "status"] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
/** Columns whose first click sorts the latest dates and the largest amounts first. */
export const INVOICE_SORTS_DESCENDING_FIRST: readonly InvoiceSort[] = ["issueDate", "dueDate", "total", "balance"];

/**
 * The status filter: each state the list shows, plus two groups the dashboard's figures link to:
 * "unpaid" (invoices with a balance due: issued or partially paid, overdue or not) and "not_draft"
 * (every issued document, invoices and credit notes, whatever happened to it since).
 */
export const INVOICE_LIST_STATUSES = [...INVOICE_FILTER_STATUSES, "unpaid", "not_draft"] as const;
export type InvoiceListStatus = (typeof INVOICE_LIST_STATUSES)[number];
// "not_draft" is not called "Issued, …": the filter already offers "Issued" (the state).

/** /bo/invoices and its filters; the CSV export (/bo/invoices/export) takes the same ones. */
export const invoiceList = defineList("/bo/invoices", {
  q: searchParam(),
  status: choiceParam(INVOICE_LIST_STATUSES),
  kind: choiceParam(INVOICE_KINDS),
  client: idParam,
  from: dateParam,
  to: dateParam,
  /** Invoices with a payment dated in this range; the totals then add what was received in it. */
  paidFrom: dateParam,
  paidTo: dateParam,
  sort: choiceParam(INVOICE_SORTS),
  dir: directionParam,
  ...pagingParams,
});
export const invoiceListFilter = invoiceList.schema;
export type InvoiceListFilter = z.output<typeof invoiceListFilter>;

/** How many of the list's filters are set (the phone's folded "Filters" button says so). */
export function countInvoiceListFilters(filter: InvoiceListFilter): number {
  return [
    filter.q,
    filter.status,
    filter.kind,
    filter.client,
    filter.from,
    filter.to,
    filter.paidFrom,
    filter.paidTo,
  ].filter(Boolean).length;
}

/** Whether any filter narrows the list (sorting and paging do not). */
export function isInvoiceListFiltered(filter: InvoiceListFilter): boolean {
  return Boolean(
    filter.q ||
    filter.status ||
    filter.kind ||
    filter.client ||
    filter.from ||
    filter.to ||
    filter.paidFrom ||
    filter.paidTo,
  );
}
