// The answer of a business rule, shared by every domain (browser-safe: no server code). A refusal
// carries a stable code that tests, translations and API error bodies refer to, the form field it
// is about when there is one, and a message for people. Code that reacts to a refusal reads its
// code or its field, never its message: messages get reworded and translated, codes do not.
// Codes are lowercase `domain.snake_case`, listed once per domain in `<domain>-codes.ts`.

export type Refusal<Code extends string = string> = {
  ok: false;
  code: Code;
  /** The form field the refusal is about (a path such as `lines.0.quantity`), when there is one. */
  field?: string;
  message: string;
};

export type RuleResult<Code extends string = string> = { ok: true } | Refusal<Code>;

/** What a parse of typed text gives: the value read, or why it could not be read. */
export type ParseResult<T, Code extends string = string> = { ok: true; value: T } | Refusal<Code>;

export const allowed: Readonly<{ ok: true }> = Object.freeze({ ok: true });

export function refuse<Code extends string>(code: Code, message: string, field?: string): Refusal<Code> {
  return field === undefined ? { ok: false, code, message } : { ok: false, code, field, message };
}
