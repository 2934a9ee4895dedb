// The quote's states and what each allows (decision 064). Pure: the mutations check these under a
// row lock. draft → sent → accepted | declined; a sent quote past its last valid day shows as
// "expired" (derived, never stored, like an invoice's "overdue"); a sent, declined or expired quote
// can be replaced by a new version, a draft that marks it "superseded" when the new one is sent.
import type { DateString } from "@/lib/dates";
import { allowed, refuse, type RuleResult } from "@/lib/rule-result";
import type { QuoteCode } from "./quote-codes";

export type QuoteStatus = "draft" | "sent" | "accepted" | "declined" | "superseded";
/** What a list shows: `expired` is derived from the validity date, never stored. */
export type QuoteDisplayStatus = QuoteStatus | "expired";
export const QUOTE_DISPLAY_STATUSES = [
  "draft",
  "sent",
  "accepted",
  "declined",
  "expired",
  "superseded",
] as const satisfies readonly QuoteDisplayStatus[];

/** The client's answer, through a share link or recorded by a manager. */
export type QuoteDecision = "accept" | "decline";

type QuoteRuleResult = RuleResult<QuoteCode>;
type QuoteState = { status: QuoteStatus; validUntil: DateString };

/** Adds `expired` for a sent quote whose last valid day is before today (the firm's day). */
export function quoteDisplayStatus(quote: QuoteState, today: DateString): QuoteDisplayStatus {
  switch (quote.status) {
    case "sent":
      return quote.validUntil < today ? "expired" : "sent";
    case "draft":
    case "accepted":
    case "declined":
    case "superseded":
      return quote.status;
    default: {
      const unreachable: never = quote.status;
      throw new Error(`Unknown quote status: ${String(unreachable)}`);
    }
  }
}

/** Only a draft is edited or deleted: a sent quote is what the client received. */
export function canEditQuote(quote: Pick<QuoteState, "status">): QuoteRuleResult {
  return quote.status === "draft"
    ? allowed
    : refuse("quote.not_draft", "A sent quote cannot be changed: make a new version of it instead.");
}

/** Sending numbers the quote; its validity must not have passed already. */
export function canSendQuote(quote: QuoteState & { lineCount: number }, today: DateString): QuoteRuleResult {
  if (quote.status !== "draft")
    return refuse("quote.already_sent", "This quote has already been sent; it cannot be sent again as new.");
  if (quote.lineCount === 0) return refuse("quote.no_lines", "Add at least one line before sending the quote.");
  if (quote.validUntil < today)
    return refuse(
      "quote.validity_past",
      "The quote's validity date has passed: choose a later date before sending it.",
      "validUntil",
    );
  return allowed;
}

/** Accepting or declining: only a sent quote that has not expired (the client's answer is final). */
export function canDecideQuote(quote: QuoteState, today: DateString): QuoteRuleResult {
  const shown = quoteDisplayStatus(quote, today);
  switch (shown) {
    case "sent":
      return allowed;
    case "expired":
      return refuse("quote.expired", "This quote has expired: ask for a new one.");
    case "accepted":
    case "declined":
      return refuse("quote.already_decided", `This quote has already been ${shown}.`);
    case "superseded":
      return refuse("quote.superseded", "A newer version replaces this quote.");
    case "draft":
      return refuse("quote.not_sent", "Send the quote before recording the client's answer.");
    default: {
      const unreachable: never = shown;
      throw new Error(`Unknown quote status: ${String(unreachable)}`);
    }
  }
}

/** "Convert to invoice": an accepted quote, once. */
export function canConvertQuote(quote: { status: QuoteStatus; invoiceId: string | null }): QuoteRuleResult {
  if (quote.invoiceId) return refuse("quote.already_converted", "This quote has already been made into an invoice.");
  if (quote.status !== "accepted")
    return refuse("quote.not_accepted", "Only an accepted quote can be made into an invoice.");
  return allowed;
}

/** A new version replaces a sent quote the client has not accepted (sent, expired or declined). */
export function canReviseQuote(quote: { status: QuoteStatus; hasNewerVersion: boolean }): QuoteRuleResult {
  if (quote.hasNewerVersion)
    return refuse("quote.has_new_version", "This quote already has a newer version; work on that one.");
  if (quote.status === "sent" || quote.status === "declined") return allowed;
  if (quote.status === "draft") return refuse("quote.not_sent", "A draft is edited, not replaced by a new version.");
  if (quote.status === "accepted")
    return refuse("quote.already_decided", "This quote has been accepted; it is not replaced by a new version.");
  return refuse("quote.superseded", "A newer version replaces this quote.");
}

/** When the new version is sent, the one it replaces is superseded (unless the client has accepted it meanwhile). */
export function supersedes(previous: { status: QuoteStatus }): boolean {
  return previous.status === "sent" || previous.status === "declined";
}
