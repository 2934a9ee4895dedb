// A Peppol participant identifier as a firm or client gives it: "scheme:identifier", the scheme
// an EAS code Peppol accepts (CL008: 0208 Belgian enterprise number, 0088 GLN, 9957 French VAT…).
// It is the electronic address (BT-34 / BT-49) of the e-invoices; without one, the VAT number is
// used under its country's scheme (decision 028). Pure; decision 043.
import { z } from "zod";
import type { ElectronicAddress } from "./einvoice-model";
import { PEPPOL_EAS_SCHEMES } from "./einvoice-rules";

export const PEPPOL_ID_EXAMPLE = "0208:0123456789";

/** The address of a "scheme:identifier" text (spaces around the colon ignored), or null when its shape or scheme is wrong. */
export function parsePeppolId(text: string | null | undefined): ElectronicAddress | null {
  // The identifier: visible characters only (no control, format or lone surrogate code point,
  // which PostgreSQL's text refuses or a reader cannot see).
  const match = /^\s*(\d{4})\s*:\s*([^\s:\p{C}][^\s\p{C}]{0,49})\s*$/u.exec(text ?? "");
  if (!match || !PEPPOL_EAS_SCHEMES.has(match[1]!)) return null;
  return { scheme: match[1]!, value: match[2]! };
}

/** The stored form: "scheme:identifier" without spaces. */
export function normalizePeppolId(text: string): string {
  const address = parsePeppolId(text);
  return address ? `${address.scheme}:${address.value}` : text.trim();
}

export const PEPPOL_ID_MESSAGE = `Write the Peppol ID as its scheme code, a colon and the identifier, e.g. ${PEPPOL_ID_EXAMPLE} (a Belgian enterprise number) or 9957:FR32901234567 (a French VAT number); the scheme must be one Peppol accepts.`;

/** The form field: empty is none; otherwise a Peppol ID, stored as "scheme:identifier". */
export const optionalPeppolIdInput = z
  .string()
  .nullish()
  .transform((value) => (value ?? "").trim())
  .refine((value) => value === "" || parsePeppolId(value) !== null, PEPPOL_ID_MESSAGE)
  .transform((value) => (value === "" ? null : normalizePeppolId(value)));
