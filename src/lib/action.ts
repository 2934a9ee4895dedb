// The one wrapper every server action goes through: domain errors become a result the form can
// show (message + a message per field); redirects and not-found pass through; anything else is
// unexpected and is thrown to the error boundary.
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { type FieldErrors, InvalidError, isDomainError } from "./errors";

export type ActionResult<T = undefined> =
  | { ok: true; message?: string; data: T }
  | { ok: false; message: string; fieldErrors?: FieldErrors; retryAfterSeconds?: number };

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_form";
    fieldErrors[key] ??= issue.message;
  }
  return fieldErrors;
}

/** Parses with the shared schema; throws InvalidError with a message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new InvalidError("Please correct the highlighted fields.", fieldErrorsOf(parsed.error));
  return parsed.data;
}

export async function runAction<T>(work: () => Promise<T>, successMessage?: string): Promise<ActionResult<T>> {
  try {
    const data = await work();
    return { ok: true, data, message: successMessage };
  } catch (error) {
    unstable_rethrow(error);
    if (isDomainError(error)) {
      switch (error.kind) {
        case "invalid":
          return { ok: false, message: error.message, fieldErrors: error.fieldErrors };
        case "rate_limited":
          return { ok: false, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
        case "not_found":
        case "forbidden":
        case "conflict":
          return { ok: false, message: error.message };
      }
    }
    throw error;
  }
}
