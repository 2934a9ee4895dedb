// The firm's settings, one schema shared by the settings form and its action. It
// holds every check, so the form shows all the errors of one submission at once, and the server
// the same ones.
import { z } from "zod";
import {
  checkLine,
  checkMultiline,
  normalizeLineBreaks,
  type TextKind,
  versionInput,
  whenValid,
} from "@/lib/input-fields";
import { EU_COUNTRIES, isEuVatNumberShape } from "@/modules/clients/client-rules";
import { checkFrenchRegistrationNumber } from "@/modules/clients/french-identifiers";
import { optionalPeppolIdInput } from "@/modules/einvoicing/peppol-id";
import {
  checkRateForCategory,
  DEFAULT_TAX_RATES,
  needsExemptionReason,
  VAT_CATEGORIES,
  VAT_CATEGORY_LABELS,
} from "@/modules/invoices/vat-categories";
import { parseMoneyInput } from "@/lib/money";
import { validateNumberPattern } from "@/modules/invoices/invoice-numbering";
import { RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN } from "@/modules/public-site/retention-rules";
import { optionalRateInput } from "@/modules/users/user-schemas";
import { optionalWeeklyHoursInput } from "@/modules/users/capacity";
import type { SettingsCode } from "./settings-codes";

export const LOCALES = [
  "en-GB",
  "en-US",
  "en-IE",
  "fr-FR",
  "fr-BE",
  "fr-CH",
  "de-DE",
  "de-AT",
  "de-CH",
  "nl-NL",
  "nl-BE",
  "es-ES",
  "it-IT",
  "pt-PT",
  "pl-PL",
  "sv-SE",
  "da-DK",
  "fi-FI",
  "nb-NO",
  "cs-CZ",
] as const;

export const optionalText = (max: number, kind: TextKind = "line") =>
  z
    .string()
    .overwrite((value) => (kind === "multiline" ? normalizeLineBreaks(value) : value))
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .superRefine(kind === "multiline" ? checkMultiline : checkLine)
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null);

export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((value) => value === "" || z.email().safeParse(value).success, "Enter a valid email address.")
  .transform((value) => (value === "" ? null : value))
  .nullable()
  .optional()
  .transform((value) => value ?? null);

export const LOGO_MAX_BYTES = 512 * 1024;

/** A whole number typed in a field; empty or non-numeric text is an error, never 0. */
const wholeNumber = (message: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = String(value).trim();
    if (!/^-?\d+$/.test(text)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return Number(text);
  });

const RETENTION_BOUNDS = `Between ${RETENTION_MONTHS_MIN} and ${RETENTION_MONTHS_MAX} months.`;
/** How long the public site keeps what its forms collect (applications, contact messages). */
const retentionMonths = wholeNumber("Enter a number of months.").pipe(
  z.number().min(RETENTION_MONTHS_MIN, RETENTION_BOUNDS).max(RETENTION_MONTHS_MAX, RETENTION_BOUNDS),
);

function isKnownTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

function isKnownCurrency(code: string): boolean {
  return Intl.supportedValuesOf("currency").includes(code);
}

/** An invoice or credit note number pattern: its length, then what validateNumberPattern says of it. */
const numberPattern = (emptyMessage: string) =>
  z
    .string()
    .trim()
    .min(1, emptyMessage)
    .max(40, "Use at most 40 characters.")
    .superRefine(checkLine)
    .superRefine((pattern, ctx) => {
      if (pattern === "") return;
      const check = validateNumberPattern(pattern);
      if (!check.ok) ctx.addIssue({ code: "custom", message: check.message, params: { code: check.code } });
    });

/** ISO 13616 IBAN: country, check digits, and the mod-97 check that catches typing errors. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** "20", "5.5", "2,1" → basis points (2000, 550, 210). */
export function percentToBasisPoints(value: string | number): number | null {
  const text = String(value).trim().replace(",", ".").replace(/\s*%$/, "");
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bp <= 10_000 ? bp : null;
}

const VATEX_CODE = /^VATEX-[A-Z]{2}-[A-Z0-9-]+$/;

/** The invoice mail's subject and message, in English and in each other document language. */
const mailSubject = z.string().trim().min(1, "Enter a subject.").max(200).superRefine(checkLine);
const mailMessage = z
  .string()
  .overwrite(normalizeLineBreaks)
  .trim()
  .min(1, "Enter a message.")
  .max(5000)
  .superRefine(checkMultiline);
/** A document language's code; the server checks a catalog exists for it (messages/*.json). */
const languageCode = z
  .string({ error: "Choose a language." })
  .trim()
  .regex(/^[a-z]{2,3}$/, "Choose a language from the list.");

/**
 * A tax rate: its label, percentage and VAT category (a rate sent without one is standard above
 * 0 %, zero rated at 0 %), and for categories other than standard the legal mention printed on
 * the invoice (required for exempt, reverse charge, intra-community, export and outside scope:
 * EN 16931 BR-E-10 and the like) and its VATEX code when there is one.
 */
export const taxRateInput = z
  .object({
    label: z.string().trim().min(1, "Enter a label.").max(40, "Use at most 40 characters.").superRefine(checkLine),
    percent: z.union([z.string(), z.number()]).transform((value, ctx) => {
      const bp = percentToBasisPoints(value);
      if (bp === null) {
        ctx.addIssue({ code: "custom", message: "Enter a rate between 0 and 100, e.g. 20 or 5.5." });
        return z.NEVER;
      }
      return bp;
    }),
    isDefault: z.boolean(),
    category: z.enum(VAT_CATEGORIES, { error: "Choose a VAT category." }).nullish(),
    mention: optionalText(300),
    vatexCode: z
      .string()
      .trim()
      .toUpperCase()
      .max(30, "Use at most 30 characters.")
      .refine((value) => value === "" || VATEX_CODE.test(value), "Enter a VATEX code such as VATEX-EU-AE, or nothing.")
      .transform((value) => (value === "" ? null : value))
      .nullish()
      .transform((value) => value ?? null),
  })
  .transform((rate) => ({ ...rate, category: rate.category ?? (rate.percent > 0 ? "S" : "Z") }))
  .superRefine((rate, ctx) => {
    const wrongRate = checkRateForCategory(rate.category, rate.percent);
    if (wrongRate) ctx.addIssue({ code: "custom", path: ["percent"], message: wrongRate });
    if (needsExemptionReason(rate.category) && rate.mention === null)
      ctx.addIssue({
        code: "custom",
        path: ["mention"],
        message: `Enter the legal mention printed for ${VAT_CATEGORY_LABELS[rate.category].toLowerCase()}.`,
      });
    if (rate.category === "S" && (rate.mention !== null || rate.vatexCode !== null))
      ctx.addIssue({ code: "custom", path: ["mention"], message: "A standard rate has no exemption mention." });
  });

export const settingsFormInput = z
  .object({
    version: versionInput,
    firmName: z
      .string()
      .trim()
      .min(1, "Enter the firm's name.")
      .max(200, "Use at most 200 characters.")
      .superRefine(checkLine),
    legalForm: optionalText(80),
    registrationNumber: optionalText(80),
    /** Typed in the firm's currency (parsed by the check across fields below), stored in minor units. */
    shareCapital: optionalText(30),
    rcsCity: optionalText(100),
    vatNumber: optionalText(20),
    /** The firm's Peppol participant identifier, the electronic address of its e-invoices. */
    peppolId: optionalPeppolIdInput,
    addressLine1: optionalText(200),
    addressLine2: optionalText(200),
    postalCode: optionalText(20),
    city: optionalText(100),
    countrySubdivision: optionalText(100),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Choose a country."),
    email: optionalEmail,
    phone: optionalText(40),
    iban: optionalText(42).refine(
      (value) => value === null || isValidIban(value),
      "Enter a valid IBAN (the check digits do not match).",
    ),
    bic: optionalText(11).refine(
      (value) => value === null || /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/i.test(value),
      "Enter a valid BIC (8 or 11 characters).",
    ),
    brandColor: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, "Enter a colour such as #1f4fd1."),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, "Choose a currency.")
      .refine((code) => !/^[A-Z]{3}$/.test(code) || isKnownCurrency(code), {
        message: "Choose a currency from the list.",
        params: { code: "settings.currency_unknown" satisfies SettingsCode },
      }),
    locale: z.enum(LOCALES, { error: "Choose a locale." }),
    timezone: z
      .string()
      .trim()
      .min(1, "Choose a timezone.")
      .refine((zone) => zone === "" || isKnownTimezone(zone), {
        message: "Choose a timezone from the list.",
        params: { code: "settings.timezone_unknown" satisfies SettingsCode },
      }),
    defaultHourlyRate: optionalRateInput,
    /** The firm's working week in hours; empty: 35 h for a French firm, else 40 h. */
    weeklyHours: optionalWeeklyHoursInput,
    // Checked on the list itself so these messages show even when another field is wrong too.
    taxRates: z
      .array(taxRateInput)
      .min(1, "Keep at least one tax rate.")
      .max(20, "At most 20 tax rates.")
      .superRefine((rates, ctx) => {
        if (rates.filter((rate) => rate.isDefault).length !== 1)
          ctx.addIssue({ code: "custom", message: "Mark exactly one tax rate as the default." });
        // EN 16931 has one breakdown row per category and rate, with one mention.
        const seen = new Set<string>();
        rates.forEach((rate, index) => {
          const key = `${rate.category}:${rate.percent}`;
          if (seen.has(key))
            ctx.addIssue({ code: "custom", path: [index, "percent"], message: "This rate is listed twice." });
          seen.add(key);
        });
      }),
    paymentTermsDays: wholeNumber("Enter a number of days.").pipe(
      z.number().min(0, "Between 0 and 365 days.").max(365, "Between 0 and 365 days."),
    ),
    invoiceNumberPattern: numberPattern("Enter a pattern, e.g. {YYYY}-{SEQ:4}."),
    creditNoteNumberPattern: numberPattern("Enter a pattern, e.g. CN-{YYYY}-{SEQ:4}."),
    // Quotes' own series (decision 064); optional for callers that predate it (absent: kept as saved).
    quoteNumberPattern: numberPattern("Enter a pattern, e.g. Q-{YYYY}-{SEQ:4}.").optional(),
    invoiceFooter: optionalText(2000, "multiline"),
    invoiceEmailSubject: mailSubject,
    invoiceEmailMessage: mailMessage,
    // The language of documents for clients without their own (decision 061); the server checks
    // that a catalog exists for it and for each template's language.
    // Both optional for callers that predate them (absent: kept as saved).
    documentLanguage: languageCode.optional(),
    invoiceEmailTemplates: z
      .array(z.object({ language: languageCode, subject: mailSubject, message: mailMessage }))
      .max(20)
      .optional(),
    remindersEnabled: z.boolean(),
    reminderDays: z
      .string()
      .trim()
      .transform((value, ctx) => {
        const parts = value === "" ? [] : value.split(/[\s,;]+/).filter(Boolean);
        const days = parts.map(Number);
        if (days.some((day) => !Number.isInteger(day) || day < 1 || day > 365)) {
          ctx.addIssue({
            code: "custom",
            message: "List days between 1 and 365, separated by commas, e.g. 3, 10, 30.",
          });
          return z.NEVER;
        }
        return [...new Set(days)].sort((a, b) => a - b).slice(0, 10);
      }),
    notificationEmail: optionalEmail,
    applicationRetentionMonths: retentionMonths,
    messageRetentionMonths: retentionMonths,
  })
  // Each check across fields runs as soon as the fields it reads are valid (whenValid).
  .superRefine(
    (value, ctx) => {
      if (
        value.vatNumber &&
        (EU_COUNTRIES as readonly string[]).includes(value.country) &&
        !isEuVatNumberShape(value.country, value.vatNumber)
      )
        ctx.addIssue({
          code: "custom",
          path: ["vatNumber"],
          message: "This is not the shape of a VAT number of the chosen country.",
          params: { code: "settings.vat_number_shape" satisfies SettingsCode },
        });
    },
    { when: whenValid("vatNumber", "country") },
  )
  .superRefine(
    (value, ctx) => {
      const message = checkFrenchRegistrationNumber(value.country, value.registrationNumber);
      if (message)
        ctx.addIssue({
          code: "custom",
          path: ["registrationNumber"],
          message,
          params: { code: "settings.registration_number_invalid" satisfies SettingsCode },
        });
    },
    { when: whenValid("registrationNumber", "country") },
  )
  .superRefine(
    (value, ctx) => {
      if (value.shareCapital === null) return;
      const amount = parseMoneyInput(value.shareCapital, value.currency);
      if (amount === null || amount <= 0)
        ctx.addIssue({
          code: "custom",
          path: ["shareCapital"],
          message: `Enter the share capital in ${value.currency}, e.g. 10000.`,
          params: { code: "settings.share_capital_invalid" satisfies SettingsCode },
        });
    },
    { when: whenValid("shareCapital", "currency") },
  )
  .superRefine(
    (value, ctx) => {
      if (value.invoiceNumberPattern === value.creditNoteNumberPattern)
        ctx.addIssue({
          code: "custom",
          path: ["creditNoteNumberPattern"],
          message: "Credit notes need their own number series.",
          params: { code: "settings.credit_note_series_same" satisfies SettingsCode },
        });
    },
    { when: whenValid("invoiceNumberPattern", "creditNoteNumberPattern") },
  )
  .superRefine(
    (value, ctx) => {
      if (value.remindersEnabled && value.reminderDays.length === 0)
        ctx.addIssue({ code: "custom", path: ["reminderDays"], message: "List at least one day to send reminders." });
    },
    { when: whenValid("remindersEnabled", "reminderDays") },
  )
  // Last, so that a transform never stops a check above from running.
  .transform((value) => ({
    ...value,
    shareCapital: value.shareCapital === null ? null : parseMoneyInput(value.shareCapital, value.currency),
  }));

export type SettingsFormInput = z.input<typeof settingsFormInput>;
export type SettingsFormOutput = z.output<typeof settingsFormInput>;

/**
 * The footer a French firm starts with: the late-payment penalties and the 40 € indemnity
 * (Code de commerce art. L441-10 and D441-5) and the early-payment discount terms (art. L441-9).
 */
export const FRENCH_INVOICE_FOOTER =
  "Late payment: penalties at three times the French legal interest rate and a fixed indemnity of 40 € for recovery costs (Code de commerce, art. L441-10 and D441-5). No discount for early payment. Pénalités de retard : trois fois le taux d'intérêt légal ; indemnité forfaitaire pour frais de recouvrement : 40 €. Pas d'escompte pour paiement anticipé.";

/** A French firm's rates, one per VAT category (invoices/vat-categories.ts). */
export { DEFAULT_TAX_RATES };
