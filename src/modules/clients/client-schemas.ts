// Inputs of the clients domain (clients and their projects), shared by the forms
// (zodResolver) and the actions. Browser-safe: no database code.
import { EINVOICE_FORMATS, type EinvoiceFormat } from "@/modules/einvoicing/einvoice-model";
import { z } from "zod";
import {
  checkLine,
  checkMultiline,
  normalizeLineBreaks,
  type TextKind,
  versionInput,
  whenValid,
} from "@/lib/input-fields";
import { choiceParam, defineList, flagParam, pagingParams, searchParam } from "@/lib/search-params";
import { optionalRateInput } from "@/modules/users/user-schemas";
import { checkProjectBudget, projectBudgetFields } from "./project-budget-schemas";
import { VAT_CATEGORIES } from "@/modules/einvoicing/einvoice-model";
import { optionalPeppolIdInput } from "@/modules/einvoicing/peppol-id";
import { checkClientVatNumber, isCountryCode, isCurrencyCode, normalizeVatNumber } from "./client-rules";
import { checkFrenchRegistrationNumber, compactCompanyNumber } from "./french-identifiers";

const optionalText = (max: number, kind: TextKind = "line") =>
  z
    .string()
    .nullish()
    .transform((value) => (kind === "multiline" ? normalizeLineBreaks(value ?? "") : (value ?? "")).trim())
    .refine((value) => value.length <= max, `Use at most ${max} characters.`)
    .superRefine(kind === "multiline" ? checkMultiline : checkLine)
    .transform((value) => (value === "" ? null : value));

const optionalEmail = z
  .string()
  .nullish()
  .transform((value) => (value ?? "").trim().toLowerCase())
  .refine((value) => value.length <= 254, "Use at most 254 characters.")
  .refine((value) => value === "" || z.email().safeParse(value).success, "Enter a valid email address.")
  .transform((value) => (value === "" ? null : value));

// Stored as typed: spaces (also the no-break ones pasted from web pages) group the digits; a tab
// or a line break is no part of a number.
const optionalPhone = z
  .string()
  .nullish()
  .transform((value) => (value ?? "").trim())
  .refine(
    (value) => value === "" || /^\+?[\d \u00a0\u202f().\-/]{4,30}$/.test(value),
    "Enter a phone number such as +33 1 23 45 67 89.",
  )
  .transform((value) => (value === "" ? null : value));

/** A whole number typed in a field; empty or non-numeric text is an error, never 0. */
const wholeNumber = (message: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = String(value).trim();
    if (!/^\d+$/.test(text)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return Number(text);
  });

export const clientFields = z
  .object({
    name: z
      .string({ error: "Enter the client's name." })
      .trim()
      .min(1, "Enter the client's name.")
      .max(200, "Use at most 200 characters.")
      .superRefine(checkLine),
    billingEmail: optionalEmail,
    phone: optionalPhone,
    addressLine1: optionalText(200),
    addressLine2: optionalText(200),
    postalCode: optionalText(20),
    city: optionalText(100),
    countrySubdivision: optionalText(100),
    country: z
      .string()
      .nullish()
      .transform((value) => (value ?? "").trim().toUpperCase())
      .refine((value) => value === "" || isCountryCode(value), "Choose a country from the list.")
      .transform((value) => (value === "" ? null : value)),
    vatNumber: optionalText(30),
    /** SIREN or SIRET for a French client (checked below), else the trade register number. */
    registrationNumber: optionalText(40),
    /** A business (B2B) or a private person; not sent: left as it is (a new client is a business). */
    isBusiness: z.boolean().optional(),
    /** The VAT category its invoices default to; empty: proposed from its country and VAT number. */
    vatCategory: z
      .union([z.enum(VAT_CATEGORIES), z.literal(""), z.null()], { error: "Choose a VAT category." })
      .optional()
      .transform((value) => (value === "" || value === undefined ? null : value)),
    /** BT-10, the buyer reference its invoices start with (a Leitweg-ID for German public buyers). */
    buyerReference: optionalText(100),
    /** Its Peppol participant identifier ("0208:0123456789"), the electronic address of its e-invoices. */
    peppolId: optionalPeppolIdInput,
    currency: z
      .string({ error: "Choose a currency." })
      .trim()
      .toUpperCase()
      .refine((value) => isCurrencyCode(value), "Choose a currency from the list."),
    paymentTermsDays: wholeNumber("Enter a number of days between 0 and 365.").refine(
      (value) => value <= 365,
      "Enter a number of days between 0 and 365.",
    ),
    defaultHourlyRate: optionalRateInput,
    notes: optionalText(5000, "multiline"),
    // The e-invoice format the invoice page offers first for this client (decision 028); none: a PDF.
    einvoiceFormat: z
      .string()
      .nullish()
      .transform((value) => (value ?? "").trim())
      .refine(
        (value) => value === "" || (EINVOICE_FORMATS as readonly string[]).includes(value),
        "Choose an e-invoice format from the list.",
      )
      .transform((value) => (value === "" ? null : (value as EinvoiceFormat))),
    // The language of its invoices and their mails (decision 061); none: the firm's. The shape is
    // checked here, and the server checks a catalog exists for it (the list is the messages/ files).
    documentLanguage: z
      .string()
      .nullish()
      .transform((value) => (value ?? "").trim())
      .refine((value) => value === "" || /^[a-z]{2,3}$/.test(value), "Choose a language from the list.")
      .transform((value) => (value === "" ? null : value)),
  })
  .superRefine(
    (value, ctx) => {
      const vat = checkClientVatNumber(value.country, value.vatNumber);
      if (!vat.ok) ctx.addIssue({ code: "custom", path: ["vatNumber"], message: vat.message });
    },
    // Also when another field is wrong: one submission shows every error.
    { when: whenValid("country", "vatNumber") },
  )
  .superRefine(
    (value, ctx) => {
      const message = checkFrenchRegistrationNumber(value.country, value.registrationNumber);
      if (message) ctx.addIssue({ code: "custom", path: ["registrationNumber"], message });
    },
    { when: whenValid("country", "registrationNumber") },
  )
  .transform((value) => ({
    ...value,
    vatNumber: value.vatNumber && value.country ? normalizeVatNumber(value.country, value.vatNumber) : value.vatNumber,
    registrationNumber:
      value.registrationNumber && value.country === "FR"
        ? compactCompanyNumber(value.registrationNumber)
        : value.registrationNumber,
  }));

export const createClientInput = clientFields;
export type ClientFormValues = z.input<typeof clientFields>;

export const updateClientInput = z.object({ id: z.uuid(), version: versionInput }).and(clientFields);

export const archiveClientInput = z.object({ id: z.uuid(), version: versionInput, archived: z.boolean() });

export const MAX_PROJECT_MEMBERS = 500;

export const projectFields = z
  .object({
    name: z
      .string({ error: "Enter the project's name." })
      .trim()
      .min(1, "Enter the project's name.")
      .max(200, "Use at most 200 characters.")
      .superRefine(checkLine),
    code: optionalText(20),
    hourlyRate: optionalRateInput,
    ...projectBudgetFields,
    billableByDefault: z.boolean(),
    /** Staff log time here only when among its members; managers and admins always (decision 046). */
    membersOnly: z.boolean().default(false),
    memberIds: z
      .array(z.uuid("Choose people from the list."))
      .max(MAX_PROJECT_MEMBERS, `A project has at most ${MAX_PROJECT_MEMBERS} members.`)
      .default([])
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  })
  .superRefine(checkProjectBudget, { when: whenValid("budgetKind", "budgetHours", "budgetAmount") });
export type ProjectFormValues = z.input<typeof projectFields>;

export const createProjectInput = z.object({ clientId: z.uuid() }).and(projectFields);
export const updateProjectInput = z.object({ id: z.uuid(), version: versionInput }).and(projectFields);
export const archiveProjectInput = z.object({ id: z.uuid(), version: versionInput, archived: z.boolean() });

/** The client picker of the list filters: what was typed (empty: the first clients by name). */
export const clientNameSearchInput = z.object({
  q: z.string().trim().max(100, "Use at most 100 characters.").superRefine(checkLine),
});

// ---------------------------------------------------------------------------------------
// The list's URL (/bo/clients): its search, archived clients shown or not, its sort and page.

export const CLIENT_SORTS = ["name", "city", "country", "created"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

export const clientList = defineList("/bo/clients", {
  q: searchParam(),
  archived: flagParam,
  sort: choiceParam(CLIENT_SORTS, "name"),
  dir: choiceParam(["asc", "desc"], "asc"),
  ...pagingParams,
});
export type ClientListParams = z.output<typeof clientList.schema>;
