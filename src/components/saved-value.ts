import { type FieldValues, get } from "react-hook-form";

/**
 * A field's saved value, for its `defaultValue`: written into the server's HTML, so a form shows
 * what is saved before the page hydrates. register() alone leaves the fields empty until then; on
 * the settings page the filled text areas then grew by over 100 px, and a link further down moved
 * under a click made in that moment (a browser test's click landed beside it).
 */
export function savedValue(
  defaultValues: Readonly<Partial<FieldValues>> | undefined,
  name: string,
): string | undefined {
  const saved: unknown = get(defaultValues, name);
  return saved === undefined || saved === null ? undefined : String(saved);
}
