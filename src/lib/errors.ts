// Bureau's small error vocabulary. Domain code throws these; the action wrapper and route handlers
// map them once to form messages and HTTP statuses. Anything else is unexpected and reaches the
// error boundary and the error reporter.
//
// Each may carry a code: the stable `domain.snake_case` name of the refusal (see rule-result.ts),
// which the action wrapper passes on with the message, for API error bodies and translations.
import type { Refusal } from "./rule-result";

export type FieldErrors = Record<string, string>;

/** The code of an input refused field by field: by its schema, or by several rules at once. */
export const INPUT_INVALID = "input.invalid";
export const CORRECT_THE_FIELDS = "Please correct the highlighted fields.";

/** What every error of the vocabulary has: its name, its message and, optionally, its refusal code. */
abstract class CodedError extends Error {
  constructor(
    name: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = name;
  }
}

export class NotFoundError extends CodedError {
  readonly kind = "not_found";
  constructor(message = "Not found.", code?: string) {
    super("NotFoundError", message, code);
  }
}

export class ForbiddenError extends CodedError {
  readonly kind = "forbidden";
  constructor(message = "You do not have permission to do this.", code?: string) {
    super("ForbiddenError", message, code);
  }
}

export class InvalidError extends CodedError {
  readonly kind = "invalid";
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors = {},
    code?: string,
  ) {
    super("InvalidError", message, code);
  }
}

export class ConflictError extends CodedError {
  readonly kind = "conflict";
  constructor(message = "This record was changed by someone else. Reload the page and try again.", code?: string) {
    super("ConflictError", message, code);
  }
}

export class RateLimitedError extends CodedError {
  readonly kind = "rate_limited";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code?: string,
  ) {
    super("RateLimitedError", message, code);
  }
}

export type DomainError = NotFoundError | ForbiddenError | InvalidError | ConflictError | RateLimitedError;

export function isDomainError(error: unknown): error is DomainError {
  return (
    error instanceof NotFoundError ||
    error instanceof ForbiddenError ||
    error instanceof InvalidError ||
    error instanceof ConflictError ||
    error instanceof RateLimitedError
  );
}

export function httpStatusOf(error: DomainError): number {
  switch (error.kind) {
    case "not_found":
      return 404;
    case "forbidden":
      return 403;
    case "invalid":
      return 400;
    case "conflict":
      return 409;
    case "rate_limited":
      return 429;
  }
}

/**
 * The InvalidError of a refused rule, with its code. A refusal about a field puts its message next
 * to that field; the error's own message is the refusal's unless `summary` is given (e.g. "Please
 * correct the highlighted fields." when the form shows the field's message anyway).
 */
export function invalidFrom(refusal: Refusal, summary: string = refusal.message): InvalidError {
  return new InvalidError(summary, refusal.field ? { [refusal.field]: refusal.message } : {}, refusal.code);
}

/**
 * The InvalidError of several refused rules at once, each about its own field: every field gets its
 * message (the first refusal of a field wins). One refusal keeps its own code; several are
 * `input.invalid`, as a refused schema is.
 */
export function invalidFields(refusals: readonly Refusal[], summary: string = CORRECT_THE_FIELDS): InvalidError {
  const fieldErrors: FieldErrors = {};
  for (const refusal of refusals) fieldErrors[refusal.field ?? "_form"] ??= refusal.message;
  const code = refusals.length === 1 ? refusals[0]!.code : INPUT_INVALID;
  return new InvalidError(summary, fieldErrors, code);
}
