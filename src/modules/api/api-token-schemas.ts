// Inputs of API tokens, shared by the account page's form and the mutations. Browser-safe.
import { z } from "zod";
import { checkLine } from "@/lib/input-fields";
import { isPermission, type Permission } from "@/modules/users/permissions";

export const MAX_TOKEN_NAME = 100;

export const createApiTokenInput = z.object({
  name: z
    .string({ error: "Name the token (e.g. the tool that will use it)." })
    .trim()
    .min(1, "Name the token (e.g. the tool that will use it).")
    .max(MAX_TOKEN_NAME, `Use at most ${MAX_TOKEN_NAME} characters.`)
    .superRefine(checkLine),
  scopes: z
    .array(z.string())
    .min(1, "Choose at least one scope.")
    .max(100)
    .refine((scopes) => scopes.every(isPermission), "Choose scopes from the list.")
    .transform((scopes) => [...new Set(scopes)].sort() as Permission[]),
  /** A date (YYYY-MM-DD) after which the token stops working; empty for none. */
  expiresOn: z
    .string()
    .nullish()
    .transform((value) => (value ?? "").trim())
    .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), "Enter a date such as 2027-01-31.")
    .transform((value) => (value === "" ? null : value)),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenInput>;

export const revokeApiTokenInput = z.object({ id: z.uuid("Choose a token.") });
