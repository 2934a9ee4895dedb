// Inputs of the users domain, shared by the forms (zodResolver) and the actions.
import { z } from "zod";
import { optionalWeeklyHoursInput } from "./capacity";
import { checkLine, versionInput } from "@/lib/input-fields";
import { ROLES } from "./roles";

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export const passwordSchema = z
  .string({ error: "Enter a password." })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const personNameInput = z
  .string({ error: "Enter a name." })
  .trim()
  .min(1, "Enter a name.")
  .max(120, "Use at most 120 characters.")
  .superRefine(checkLine);
export const emailInput = z
  .string({ error: "Enter an email address." })
  .trim()
  .toLowerCase()
  .max(254, "Use at most 254 characters.")
  .pipe(z.email("Enter a valid email address."));
const role = z.enum(ROLES, { error: "Choose a role." });

/**
 * An optional amount typed as text ("85", "85.50", "85,50") → minor units, or null when empty. At
 * most 9 999 999.99: rates are stored in an integer column (at most 2 147 483 647 minor units).
 */
export const optionalRateInput = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const text = String(value).trim().replace(/\s/g, "").replace(",", ".");
    if (text === "") return null;
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "Enter an amount such as 85 or 85.50 (at most 9,999,999.99)." });
      return z.NEVER;
    }
    const [whole, fraction = ""] = text.split(".");
    return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  });

export const createUserInput = z.object({
  name: personNameInput,
  email: emailInput,
  role,
  defaultHourlyRate: optionalRateInput,
  password: passwordSchema,
});
export type CreateUserInput = z.input<typeof createUserInput>;

export const updateUserInput = z.object({
  id: z.uuid(),
  version: versionInput,
  name: personNameInput,
  role,
  defaultHourlyRate: optionalRateInput,
  /** What an hour of theirs costs the firm (the profitability report); empty: not known. Admins only. */
  costRate: optionalRateInput,
  /** Their weekly capacity where it differs from the firm's working week; empty: the firm's. */
  weeklyHours: optionalWeeklyHoursInput,
});
export type UpdateUserInput = z.input<typeof updateUserInput>;

export const setUserActiveInput = z.object({ id: z.uuid(), active: z.boolean() });

export const resetPasswordInput = z.object({ id: z.uuid(), password: passwordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

export const changeOwnPasswordInput = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password.").max(PASSWORD_MAX),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords differ.",
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ["newPassword"],
    message: "Choose a password different from the current one.",
  });
export type ChangeOwnPasswordInput = z.input<typeof changeOwnPasswordInput>;

/** My account: the language of my interface and mails; null for the firm's (decision 067). */
export const ownLanguageInput = z.object({
  language: z
    .string()
    .regex(/^[a-z]{2,3}$/, "Choose a language from the list.")
    .nullable(),
});
export type OwnLanguageInput = z.input<typeof ownLanguageInput>;
