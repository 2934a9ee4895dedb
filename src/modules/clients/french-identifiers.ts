// French company identifiers (INSEE): the SIREN (9 digits) names a company, the SIRET (14 digits,
// SIREN + establishment) one of its sites. Both end with a Luhn check digit, which catches a
// mistyped or swapped digit. French B2B invoices print the SIREN of both parties (Code de
// commerce art. R123-237; the 2026 e-invoicing reform makes the buyer's mandatory).

/** Digits only: "123 456 789" → "123456789". */
export function compactCompanyNumber(value: string): string {
  return value.replace(/[\s.\-\u00a0\u202f]/g, "");
}

/** The Luhn check over a string of digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A SIREN: 9 digits passing Luhn. */
export function isValidSiren(value: string): boolean {
  const digits = compactCompanyNumber(value);
  return /^\d{9}$/.test(digits) && passesLuhn(digits);
}

/**
 * A SIRET: 14 digits passing Luhn; La Poste's establishments (SIREN 356000000) use a digit sum
 * divisible by 5 instead.
 */
export function isValidSiret(value: string): boolean {
  const digits = compactCompanyNumber(value);
  if (!/^\d{14}$/.test(digits)) return false;
  if (digits.startsWith("356000000")) return [...digits].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  return passesLuhn(digits);
}

/**
 * The message for a French registration number that is neither a SIREN nor a SIRET, or null
 * when it is one (or the party is not French: other countries' numbers are not checked).
 */
export function checkFrenchRegistrationNumber(country: string | null, value: string | null): string | null {
  if (value === null || value.trim() === "" || country?.toUpperCase() !== "FR") return null;
  const digits = compactCompanyNumber(value);
  if (/^\d{9}$/.test(digits)) return passesLuhn(digits) ? null : "This SIREN's check digit does not match (9 digits).";
  if (/^\d{14}$/.test(digits))
    return isValidSiret(digits) ? null : "This SIRET's check digit does not match (14 digits).";
  return "Enter the SIREN (9 digits) or the SIRET (14 digits).";
}

/** "123456789" → "123 456 789" (SIREN), "12345678900012" → "123 456 789 00012" (SIRET); other text as typed. */
export function formatCompanyNumber(value: string): string {
  const digits = compactCompanyNumber(value);
  if (/^\d{9}$/.test(digits)) return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  if (/^\d{14}$/.test(digits))
    return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`;
  return value;
}

/**
 * The French VAT number of a SIREN: "FR", the two-digit key (12 + 3 × (SIREN mod 97)) mod 97,
 * then the SIREN. "901234567" → "FR15901234567".
 */
export function frenchVatNumberOf(siren: string): string {
  const digits = compactCompanyNumber(siren);
  const key = (12 + 3 * (Number(digits) % 97)) % 97;
  return `FR${String(key).padStart(2, "0")}${digits}`;
}
