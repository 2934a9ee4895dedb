// The one wrapper every server action goes through: domain errors become a result the form can
// show (message + a message per field); redirects and not-found pass through; anything else is
// unexpected and is thrown to the error boundary.
import { unstable_rethrow } from "next/navigation";
import { type FieldErrors, isDomainError } from "./errors";

export { fieldErrorsOf, parseInput } from "./parse-input";

export type ActionResult<T = undefined> =
  | { ok: true; message?: string; data: T }
  | { ok: false; message: string; fieldErrors?: FieldErrors; retryAfterSeconds?: number };

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
