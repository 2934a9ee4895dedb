// Parsing with the shared schemas; no Next.js import, so scripts (seed, worker) can use the mutations.
import type { z } from "zod";
import { CORRECT_THE_FIELDS, type FieldErrors, INPUT_INVALID, InvalidError } from "./errors";

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_form";
    fieldErrors[key] ??= issue.message;
  }
  return fieldErrors;
}

/** The message per field that a form would show for this input: none when the schema accepts it. */
export function schemaFieldErrors(schema: z.ZodType, input: unknown): FieldErrors {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

/**
 * The refusal's code: a schema check that names its domain's code (`params: { code }`) keeps it when
 * it is the only problem, as a single refusal does (invalidFields); several problems, or one with no
 * code of its own, are `input.invalid`.
 */
function codeOf(error: z.ZodError): string {
  const [only, ...others] = error.issues;
  const code = only && others.length === 0 && only.code === "custom" ? only.params?.code : undefined;
  return typeof code === "string" ? code : INPUT_INVALID;
}

/** Parses with the shared schema; throws InvalidError with a message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new InvalidError(CORRECT_THE_FIELDS, fieldErrorsOf(parsed.error), codeOf(parsed.error));
  return parsed.data;
}
