// What a failed submission shows, as pure functions (unit-tested): a message next to each field
// the form has, the others in the form's alert.

/** What the server says for fields in error (src/lib/errors.ts); the browser says the same. */
export const CORRECT_FIELDS_MESSAGE = "Please correct the highlighted fields.";

export type FieldMessages = Record<string, string>;

/**
 * The messages of a react-hook-form error tree by field path ("lines.0.quantity"). An error on a
 * whole list (react-hook-form's "root") is the list's own: "taxRates", as the server names it.
 */
export function flattenFormErrors(errors: object, prefix = ""): FieldMessages {
  const flat: FieldMessages = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === "ref" || key === "types" || !value || typeof value !== "object") continue;
    const path = key === "root" ? prefix : prefix ? `${prefix}.${key}` : key;
    const message: unknown = (value as { message?: unknown }).message;
    if (typeof message === "string" && message !== "") flat[path] ??= message;
    for (const [field, nested] of Object.entries(flattenFormErrors(value, path))) flat[field] ??= nested;
  }
  return flat;
}

/**
 * Splits the field errors of a failed submission: those a field of the form shows next to
 * itself (`hasField`), and the messages of the others (an id, a version, "_form": no field shows
 * them), each once, for the form's alert.
 */
export function splitFieldErrors(
  fieldErrors: FieldMessages | undefined,
  hasField: (field: string) => boolean,
): { shown: [field: string, message: string][]; unshown: string[] } {
  const shown: [string, string][] = [];
  const unshown = new Set<string>();
  for (const [field, message] of Object.entries(fieldErrors ?? {})) {
    if (hasField(field)) shown.push([field, message]);
    else unshown.add(message);
  }
  return { shown, unshown: [...unshown] };
}

/** What to say for a refused request with a single field (a search box): that field's message, else the result's. */
export function failureMessage(result: { message: string; fieldErrors?: FieldMessages }, field: string): string {
  return result.fieldErrors?.[field] ?? result.message;
}
