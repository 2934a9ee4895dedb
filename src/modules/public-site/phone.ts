import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";

/** A phone number as typed → E.164, read in the firm's country when it has no +prefix; null when not a valid number. */
export function toE164(input: string, defaultCountry: string): string | null {
  const parsed = parsePhoneNumberFromString(input, defaultCountry.toUpperCase() as CountryCode);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.format("E.164");
}

export const INVALID_PHONE_MESSAGE =
  "Enter a valid phone number, with the country code if it is abroad (e.g. +44 20 7946 0958).";
