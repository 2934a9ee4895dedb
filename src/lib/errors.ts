// Bureau's small error vocabulary. Domain code throws these; the action wrapper and route handlers
// map them once to form messages and HTTP statuses. Anything else is unexpected and reaches the
// error boundary and the error reporter.

export type FieldErrors = Record<string, string>;

export class NotFoundError extends Error {
  readonly kind = "not_found";
  constructor(message = "Not found.") {
    super(message);
    this.name = "NotFoundError";
  }
}

export class ForbiddenError extends Error {
  readonly kind = "forbidden";
  constructor(message = "You do not have permission to do this.") {
    super(message);
    this.name = "ForbiddenError";
  }
}

export class InvalidError extends Error {
  readonly kind = "invalid";
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
    this.name = "InvalidError";
  }
}

export class ConflictError extends Error {
  readonly kind = "conflict";
  constructor(message = "This record was changed by someone else. Reload the page and try again.") {
    super(message);
    this.name = "ConflictError";
  }
}

export class RateLimitedError extends Error {
  readonly kind = "rate_limited";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "RateLimitedError";
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
