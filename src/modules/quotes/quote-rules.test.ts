// The quote's state machine (decision 064): what each state allows, and "expired" derived from the
// validity date at read time.
import { describe, expect, it } from "vitest";
import {
  canConvertQuote,
  canDecideQuote,
  canEditQuote,
  canReviseQuote,
  canSendQuote,
  QUOTE_DISPLAY_STATUSES,
  quoteDisplayStatus,
  type QuoteStatus,
  supersedes,
} from "./quote-rules";

const STATUSES: QuoteStatus[] = ["draft", "sent", "accepted", "declined", "superseded"];
const today = "2026-11-27";
const codeOf = (result: { ok: boolean; code?: string }) => (result.ok ? "ok" : result.code);

describe("quote display status", () => {
  it("is expired for a sent quote whose last valid day is before today, never on that day", () => {
    expect(quoteDisplayStatus({ status: "sent", validUntil: "2026-11-26" }, today)).toBe("expired");
    expect(quoteDisplayStatus({ status: "sent", validUntil: today }, today)).toBe("sent");
    expect(quoteDisplayStatus({ status: "sent", validUntil: "2026-12-31" }, today)).toBe("sent");
  });

  it("keeps every other state as stored, whatever the date", () => {
    for (const status of STATUSES.filter((value) => value !== "sent"))
      expect(quoteDisplayStatus({ status, validUntil: "2000-01-01" }, today)).toBe(status);
  });

  it("names every state a list can show", () => {
    expect([...QUOTE_DISPLAY_STATUSES].sort()).toEqual(
      ["accepted", "declined", "draft", "expired", "sent", "superseded"].sort(),
    );
  });
});

describe("quote transitions", () => {
  it("edits only a draft", () => {
    expect(STATUSES.map((status) => codeOf(canEditQuote({ status })))).toEqual([
      "ok",
      "quote.not_draft",
      "quote.not_draft",
      "quote.not_draft",
      "quote.not_draft",
    ]);
  });

  it("sends a draft with lines whose validity has not passed, once", () => {
    const draft = { status: "draft" as const, validUntil: today, lineCount: 2 };
    expect(codeOf(canSendQuote(draft, today))).toBe("ok");
    expect(codeOf(canSendQuote({ ...draft, lineCount: 0 }, today))).toBe("quote.no_lines");
    expect(codeOf(canSendQuote({ ...draft, validUntil: "2026-11-26" }, today))).toBe("quote.validity_past");
    for (const status of STATUSES.filter((value) => value !== "draft"))
      expect(codeOf(canSendQuote({ ...draft, status }, today))).toBe("quote.already_sent");
  });

  it("takes the client's answer only on a sent, unexpired quote", () => {
    const valid = "2026-12-31";
    expect(STATUSES.map((status) => codeOf(canDecideQuote({ status, validUntil: valid }, today)))).toEqual([
      "quote.not_sent",
      "ok",
      "quote.already_decided",
      "quote.already_decided",
      "quote.superseded",
    ]);
    expect(codeOf(canDecideQuote({ status: "sent", validUntil: "2026-11-26" }, today))).toBe("quote.expired");
    // The last valid day itself still accepts.
    expect(codeOf(canDecideQuote({ status: "sent", validUntil: today }, today))).toBe("ok");
  });

  it("converts an accepted quote to an invoice once", () => {
    expect(STATUSES.map((status) => codeOf(canConvertQuote({ status, invoiceId: null })))).toEqual([
      "quote.not_accepted",
      "quote.not_accepted",
      "ok",
      "quote.not_accepted",
      "quote.not_accepted",
    ]);
    expect(codeOf(canConvertQuote({ status: "accepted", invoiceId: "0193" }))).toBe("quote.already_converted");
  });

  it("starts a new version of a sent (or expired) or declined quote, once", () => {
    expect(STATUSES.map((status) => codeOf(canReviseQuote({ status, hasNewerVersion: false })))).toEqual([
      "quote.not_sent",
      "ok",
      "quote.already_decided",
      "ok",
      "quote.superseded",
    ]);
    expect(codeOf(canReviseQuote({ status: "sent", hasNewerVersion: true }))).toBe("quote.has_new_version");
  });

  it("supersedes the previous version when the new one is sent, unless the client accepted it meanwhile", () => {
    expect(STATUSES.filter((status) => supersedes({ status }))).toEqual(["sent", "declined"]);
  });
});
