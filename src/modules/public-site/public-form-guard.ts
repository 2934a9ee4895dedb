// The checks every public form goes through: before its input is validated, the honeypot, the
// signed token (forged or a day old) and the per-IP limit kept in the database; after, and only on
// an otherwise valid submission, the "sent under 3 s after loading" check (requireHumanPace), so
// someone whose browser filled the form in is told about their fields first, and a valid but quick
// submission is answered "send again in a moment" (the form does so by itself) rather than lost.
import type { Executor } from "@/db/client";
import { InvalidError, RateLimitedError } from "@/lib/errors";
import {
  consumeRateLimitInTransaction,
  getRateLimitState,
  recordRateLimitHit,
  type RateLimitRule,
} from "@/modules/rate-limits/rate-limit";
import type { PublicFormCode } from "./public-form-codes";
import {
  ANTI_SPAM_MESSAGES,
  type FormTokenCheck,
  formTokenWaitMs,
  isHoneypotHit,
  PUBLIC_FORM_LIMIT,
  PUBLIC_FORM_WINDOW_MS,
  rateLimitedMessage,
  verifyFormToken,
} from "./anti-spam-rules";

export type PublicForm = "mail" | "apply";

const TOKEN_CODES = {
  expired: "public_form.expired",
  invalid: "public_form.token_invalid",
} as const satisfies Record<Exclude<FormTokenCheck, "ok" | "too_fast">, PublicFormCode>;

function rateLimited(retryAfterSeconds: number): RateLimitedError {
  return new RateLimitedError(rateLimitedMessage(retryAfterSeconds), retryAfterSeconds, "public_form.rate_limited");
}

/** What the route or action knows about the request besides the form fields. */
export type PublicSubmission = {
  ip: string;
  formToken: unknown;
  honeypot: unknown;
  secret: string;
  appUrl: string;
  /** The language of the page the form was sent from: the acknowledgement's (decision 067). */
  language?: string;
  now?: Date;
};

/** One bucket per form: a candidate who also writes to the firm is not blocked by their application. */
export function publicFormRule(form: PublicForm): RateLimitRule {
  return { bucket: `public-form:${form}`, limit: PUBLIC_FORM_LIMIT, windowMs: PUBLIC_FORM_WINDOW_MS };
}

/**
 * "ignore" for a honeypot hit (the caller answers as if it worked and stores nothing); throws
 * InvalidError / RateLimitedError with a polite message otherwise; "ok" when the input may be read.
 */
export async function guardPublicForm(
  db: Executor,
  form: PublicForm,
  submission: PublicSubmission,
): Promise<"ok" | "ignore"> {
  const now = submission.now ?? new Date();
  const rule = publicFormRule(form);
  if (isHoneypotHit(submission.honeypot)) {
    // Bots count against the limit too, so a flood of them stops costing even a token check.
    const state = await getRateLimitState(db, rule, submission.ip, now);
    if (state.allowed) await recordRateLimitHit(db, rule, submission.ip, now);
    return "ignore";
  }
  const token = verifyFormToken(submission.secret, form, submission.formToken, now);
  // Too quick is answered after the fields are checked (requireHumanPace).
  if (token !== "ok" && token !== "too_fast")
    throw new InvalidError(ANTI_SPAM_MESSAGES[token], { _form: ANTI_SPAM_MESSAGES[token] }, TOKEN_CODES[token]);
  const state = await getRateLimitState(db, rule, submission.ip, now);
  if (!state.allowed) throw rateLimited(state.retryAfterSeconds);
  return "ok";
}

/**
 * The timing check, once the input is otherwise valid: a form sent under 3 s after its page loaded
 * is refused with the seconds left to wait (a RateLimitedError coded public_form.too_fast); the
 * forms send it again by themselves after that, so nothing typed is lost.
 */
export function requireHumanPace(form: PublicForm, submission: PublicSubmission): void {
  const now = submission.now ?? new Date();
  if (verifyFormToken(submission.secret, form, submission.formToken, now) !== "too_fast") return;
  const seconds = Math.max(1, Math.ceil(formTokenWaitMs(submission.formToken, now) / 1000));
  throw new RateLimitedError(ANTI_SPAM_MESSAGES.too_fast, seconds, "public_form.too_fast");
}

/**
 * Counts an accepted submission; call it inside the transaction that stores it. The limit is checked
 * again here under a lock per address, so concurrent submissions (on one instance or several) cannot
 * all pass guardPublicForm's early check: over the limit, this throws and nothing is stored.
 */
export async function recordPublicFormSubmission(
  tx: Executor,
  form: PublicForm,
  submission: PublicSubmission,
): Promise<void> {
  const state = await consumeRateLimitInTransaction(
    tx,
    publicFormRule(form),
    submission.ip,
    submission.now ?? new Date(),
  );
  if (!state.allowed) throw rateLimited(state.retryAfterSeconds);
}
