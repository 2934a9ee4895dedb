// The one wrapper every server action goes through: domain errors become a result the form can
// show (message + a message per field, and the refusal's code when it has one); redirects and
// not-found pass through; anything else is unexpected and is thrown to the error boundary.
import { unstable_rethrow } from "next/navigation";
import { type DomainError, type FieldErrors, isDomainError } from "./errors";

export { fieldErrorsOf, parseInput } from "./parse-input";

export type ActionFailure = {
  ok: false;
  message: string;
  /** The refusal's stable code (`invoice.issue_date_before_last`), for API bodies and translations. */
  code?: string;
  fieldErrors?: FieldErrors;
  retryAfterSeconds?: number;
};

export type ActionResult<T = undefined> = { ok: true; message?: string; data: T } | ActionFailure;

export async function runAction<T>(
  work: () => Promise<T>,
  successMessage?: string | ((data: T) => string),
): Promise<ActionResult<T>> {
  try {
    const data = await work();
    const message = typeof successMessage === "function" ? successMessage(data) : successMessage;
    return { ok: true, data, message: message === undefined ? undefined : (await actionTexts())(message) };
  } catch (error) {
    unstable_rethrow(error);
    if (isDomainError(error)) return translateFailure(failureOf(error), await actionTexts());
    throw error;
  }
}

/** The acting person's language for the sentences an action answers (decision 067). */
async function actionTexts(): Promise<(text: string) => string> {
  const { requestTexts } = await import("@/i18n/server-texts");
  return requestTexts();
}

/** A failure with its message and its field messages in the acting person's language; codes unchanged. */
export function translateFailure(failure: ActionFailure, translate: (text: string) => string): ActionFailure {
  const translated: ActionFailure = { ...failure, message: translate(failure.message) };
  if (failure.fieldErrors)
    translated.fieldErrors = Object.fromEntries(
      Object.entries(failure.fieldErrors).map(([field, message]) => [field, translate(message)]),
    );
  return translated;
}

/** What an action answers for a domain error. */
export function failureOf(error: DomainError): ActionFailure {
  const failure: ActionFailure = { ok: false, message: error.message };
  if (error.code) failure.code = error.code;
  switch (error.kind) {
    case "invalid":
      return { ...failure, fieldErrors: error.fieldErrors };
    case "rate_limited":
      return { ...failure, retryAfterSeconds: error.retryAfterSeconds };
    case "not_found":
    case "forbidden":
    case "conflict":
      return failure;
  }
}
