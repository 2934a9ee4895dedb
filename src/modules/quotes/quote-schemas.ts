// Inputs of quotes (decision 064), shared by the form (zodResolver) and the actions. Browser-safe.
import { z } from "zod";
import { isValidDateString } from "@/lib/dates";
import { choiceParam, defineList, pagingParams, searchParam } from "@/lib/search-params";
import { checkLine, versionInput } from "@/lib/input-fields";
import {
  checkLinePrices,
  invoiceContentFields,
  invoiceLineInput,
  MAX_LINES,
  PRICES,
  priceLines,
} from "@/modules/invoices/invoice-schemas";
import { QUOTE_DISPLAY_STATUSES } from "./quote-rules";

/** The quote list's address (/bo/quotes): a search (number or client), a status as the list shows it, the page. */
export const quoteList = defineList("/bo/quotes", {
  q: searchParam(),
  status: choiceParam(QUOTE_DISPLAY_STATUSES),
  ...pagingParams,
});

/** How long a new quote stays valid by default. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;

const quoteFields = {
  ...invoiceContentFields,
  lines: z
    .array(invoiceLineInput)
    .min(1, "Add at least one line.")
    .max(MAX_LINES, `A quote has at most ${MAX_LINES} lines.`),
  validUntil: z
    .string({ error: "Enter the last day the quote is valid." })
    .trim()
    .refine((value) => isValidDateString(value), "Enter the last day the quote is valid as a valid date."),
};

export const createQuoteInput = z.object(quoteFields).superRefine(checkLinePrices, PRICES).transform(priceLines);
export type QuoteFormInput = z.input<typeof createQuoteInput>;
export type QuoteValues = z.output<typeof createQuoteInput>;

export const updateQuoteInput = z
  .object({ ...quoteFields, id: z.uuid("Unknown record."), version: versionInput })
  .superRefine(checkLinePrices, PRICES)
  .transform(priceLines);

export const quoteRefInput = z.object({ id: z.uuid("Unknown record."), version: versionInput });

/** Send: number it and, unless only marked as sent, mail it (PDF attached) to the client's billing email. */
export const sendQuoteInput = z.object({
  id: z.uuid("Unknown record."),
  version: versionInput,
  email: z.boolean({ error: "Choose whether to mail the quote." }),
});

/** The client's answer recorded by a manager (by phone, by mail). */
export const decideQuoteInput = z.object({
  id: z.uuid("Unknown record."),
  version: versionInput,
  decision: z.enum(["accept", "decline"], { error: "Choose accept or decline." }),
});

/** The client's answer on the shared page (decision 064): their name is recorded with the time and address. */
export const answerSharedQuoteInput = z.object({
  token: z.string().max(100),
  decision: z.enum(["accept", "decline"], { error: "Choose accept or decline." }),
  name: z
    .string({ error: "Enter your name." })
    .trim()
    .min(1, "Enter your name.")
    .max(120, "Use at most 120 characters.")
    .superRefine(checkLine),
});
export type AnswerSharedQuoteInput = z.input<typeof answerSharedQuoteInput>;

export const quoteListStatusInput = z.enum(QUOTE_DISPLAY_STATUSES).optional().catch(undefined);
