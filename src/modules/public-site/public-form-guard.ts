// The checks every public form goes through before its input is even validated:
// honeypot, the signed "loaded at" time, and the per-IP limit kept in the database.
import type { Executor } from "@/db/client";
import { RateLimitedError, InvalidError } from "@/lib/errors";
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
  isHoneypotHit,
  PUBLIC_FORM_LIMIT,
  PUBLIC_FORM_WINDOW_MS,
  rateLimitedMessage,
  verifyFormToken,
} from "./anti-spam-rules";

export type PublicForm = "mail" | "apply";

const TOKEN_CODES = {
  too_fast: "public_form.too_fast",
  expired: "public_form.expired",
  invalid: "public_form.token_invalid",
} as const satisfies Record<Exclude<FormTokenCheck, "ok">, PublicFormCode>;

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
  if (token !== "ok")
    throw new InvalidError(ANTI_SPAM_MESSAGES[token], { _form: ANTI_SPAM_MESSAGES[token] }, TOKEN_CODES[token]);
  const state = await getRateLimitState(db, rule, submission.ip, now);
  if (!state.allowed) throw rateLimited(state.retryAfterSeconds);
  return "ok";
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
