// Inputs of share links, shared by the invoice page's form and the mutations. Browser-safe.
import { z } from "zod";

const optionalDay = z
  .string()
  .nullish()
  .transform((value) => (value ?? "").trim())
  .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), "Enter a date such as 2027-01-31.")
  .transform((value) => (value === "" ? null : value));

/** A link to one document: an invoice or credit note, or a quote (decision 064); exactly one id. */
export const createShareLinkInput = z
  .object({
    invoiceId: z.uuid("Unknown invoice.").optional(),
    quoteId: z.uuid("Unknown quote.").optional(),
    /** The last day the link works (the firm's timezone); empty: until revoked. */
    expiresOn: optionalDay,
  })
  .refine((value) => (value.invoiceId === undefined) !== (value.quoteId === undefined), {
    message: "Choose the document to share.",
    path: ["invoiceId"],
  });
export type CreateShareLinkFormInput = z.input<typeof createShareLinkInput>;

export const revokeShareLinkInput = z.object({ id: z.uuid("Choose a link.") });

export const MAX_MAILED_LINK_DAYS = 3650;

/** Settings → Client links: whether invoice mails carry a link, and how long a mailed link works. */
export const shareLinkSettingsInput = z.object({
  shareLinkInMails: z.boolean({ error: "Choose whether mails include a link." }),
  shareLinkMailDays: z.union([z.string(), z.number(), z.null(), z.undefined()]).transform((value, ctx) => {
    const text = value === null || value === undefined ? "" : String(value).trim();
    if (text === "") return null;
    if (!/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > MAX_MAILED_LINK_DAYS) {
      ctx.addIssue({
        code: "custom",
        message: `Enter a number of days from 1 to ${MAX_MAILED_LINK_DAYS}, or leave it empty.`,
      });
      return z.NEVER;
    }
    return Number(text);
  }),
});
export type ShareLinkSettingsInput = z.input<typeof shareLinkSettingsInput>;
