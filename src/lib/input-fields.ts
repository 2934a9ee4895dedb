// Zod pieces every domain's input schemas share (browser-safe: no database code).
//
// Free text. Text is trimmed by each schema; here is what it may contain:
// - no control characters (Unicode category Cc: C0, DEL and C1). PostgreSQL's text cannot hold
//   U+0000 at all (the write fails), and the others are invisible: in a name, a subject or a
//   mail header they only hide or disguise what is really there. Multi-line fields (notes,
//   letters, descriptions) keep tab and line breaks, which are normalised to "\n" first so that
//   a textarea's maxlength (counted with "\n") and the server's limit agree.
// - single-line fields (names, subjects, codes, phone numbers) keep no line break at all,
//   including U+2028 and U+2029.
// - no unpaired surrogate: it is not Unicode text, and UTF-8 cannot encode it, so the database
//   driver would silently store U+FFFD instead of what was sent.
// Format characters (zero-width joiners in emoji, right-to-left marks in Arabic or Hebrew
// names) are kept: they are real text, and React renders every value as text.
import { z } from "zod";

const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_IN_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

export const BROKEN_CHARACTER_MESSAGE = "This text contains a broken character. Please type it again.";
export const CONTROL_CHARACTER_MESSAGE = "Remove the invisible control characters from this text.";
export const LINE_BREAK_MESSAGE = "Keep this on one line.";

export type TextKind = "line" | "multiline";

/** Why `value` cannot be stored as typed text, or null when it can. */
export function textProblem(value: string, kind: TextKind): string | null {
  if (UNPAIRED_SURROGATE.test(value)) return BROKEN_CHARACTER_MESSAGE;
  if (kind === "multiline") return CONTROL_IN_MULTILINE.test(value) ? CONTROL_CHARACTER_MESSAGE : null;
  if (!CONTROL_IN_LINE.test(value)) return null;
  return /[\n\r\u2028\u2029]/.test(value) ? LINE_BREAK_MESSAGE : CONTROL_CHARACTER_MESSAGE;
}

function checker(kind: TextKind) {
  return (value: string | null | undefined, ctx: z.RefinementCtx) => {
    const problem = typeof value === "string" ? textProblem(value, kind) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };
}

/** For `.superRefine(...)` on a single-line text field (null and undefined pass). */
export const checkLine = checker("line");
/** For `.superRefine(...)` on a multi-line text field (null and undefined pass). */
export const checkMultiline = checker("multiline");

/** "\r\n" and "\r" → "\n": what a browser submits from a textarea becomes what it counted. */
export function normalizeLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}

/** PostgreSQL's integer: versions and other counters stored in an `integer` column. */
export const INTEGER_MAX = 2_147_483_647;

/**
 * The version a form was loaded with (optimistic locking): a whole number written as a number or
 * as digits. Anything else (booleans, arrays, "1e3") is refused rather than coerced, and so is a
 * value whose successor (the version a save writes) would not fit the integer column: it would
 * fail in the database instead.
 */
export const versionInput = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,10}$/)
        .transform(Number),
    ],
    { error: "Reload the page and try again." },
  )
  .pipe(
    z
      .number()
      .int()
      .min(1)
      .max(INTEGER_MAX - 1),
  );

/**
 * For the `when` of an object-level refinement that reads `fields`: it runs once those fields are
 * valid, whatever the others hold. By default zod skips it as soon as any field fails to parse
 * (an empty number, a bad rate), and its message came only once that was fixed: one submission
 * should show every error. An input that is no object at all (an issue without a path) never
 * reaches it.
 */
export function whenValid(...fields: string[]) {
  return (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));
}
