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

/** Parses with the shared schema; throws InvalidError (`input.invalid`) with a message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new InvalidError(CORRECT_THE_FIELDS, fieldErrorsOf(parsed.error), INPUT_INVALID);
  return parsed.data;
}
