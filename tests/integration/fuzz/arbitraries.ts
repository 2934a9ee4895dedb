// Random and hostile values for the fuzz suite (issue 11 item 3: a refusal is clean and changes nothing): what people type
// by mistake, what attackers send on purpose, and every JavaScript type a server action's argument
// can hold (React decodes Map, Set, Date, BigInt, typed arrays, File... from the request).
import fc from "fast-check";

// ---------------------------------------------------------------------------------------
// Pieces

export const CONTROL_CHARACTERS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009b",
];
export const LINE_BREAKS = ["\r\n", "\n", "\r", "\u2028", "\u2029", "\t"];
/** Format characters: kept by the schemas (right-to-left override, zero-width joiner, BOM...). */
export const FORMAT_CHARACTERS = ["\u202e", "\u202d", "\u200b", "\u200d", "\u200f", "\ufeff", "\u2066", "\u00ad"];
export const LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff", "a\ud83d", "\ude00b"];
export const ASTRAL_AND_SCRIPTS = [
  "😀",
  "👩🏽‍💻",
  "🇫🇷",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "𠜎𠜱",
  "Z̴̡͝a̷l̸g̵o̶",
  "ﷺ",
  "مرحبا بالعالم",
  "עִבְרִית",
  "日本語のテキスト",
  "Ǆ",
  "ß",
  "İı",
  "ﬃ",
  "Zoë O'Brien-Łukasiewicz",
  "Ærøskøbing",
];
export const SQL_LIKE = [
  "' OR '1'='1",
  "'; DROP TABLE clients; --",
  "\\",
  "%",
  "_",
  "%_\\%",
  "$1",
  "\\x00",
  "E'\\\\'",
  "1; select pg_sleep(10)",
  "Robert'); DROP TABLE students;--",
  "' UNION SELECT password FROM accounts --",
  "/*",
  "*/",
  "::text",
  '" OR ""="',
];
export const MARKUP = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  '"><svg onload=alert(1)>',
  "{{7*7}}",
  "${7*7}",
  "=cmd|' /C calc'!A0",
  "@SUM(1+1)",
  "[url=http://x.example]x[/url]",
  "[x](javascript:alert(1))",
  '<a href="javascript:alert(1)">x</a>',
];
export const PROTOTYPE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "__defineGetter__",
];
export const DATES = [
  "2026-02-30",
  "2026-02-29",
  "2028-02-29",
  "2026-04-31",
  "99999-01-01",
  "0000-01-01",
  "0001-01-01",
  "9999-12-31",
  "2026-13-01",
  "2026-00-10",
  "2026-1-1",
  "2026-01-05T00:00",
  "2026-02-31T10:00",
  "2026-03-12T24:00",
  "0000-01-01T00:00",
  "0050-06-01T10:00",
  "9999-12-31T23:59",
  "1970-01-01",
  " 2026-01-05 ",
  "2026/01/05",
  "05/01/2026",
  "2026-01-05Z",
  "+002026-01-05",
  "-000001-01-01",
  "2026-W02",
  "now",
  "Invalid Date",
];
export const AMOUNTS = [
  "1e309",
  "12,34,56",
  "1e3",
  "0x10",
  "0b101",
  "-0",
  "+5",
  "NaN",
  "Infinity",
  "-Infinity",
  "9".repeat(400),
  "0.001",
  "1,5",
  "1.234,56",
  "1 234,56",
  "1'234.56",
  "€12",
  "12 EUR",
  "−5",
  "١٢٣",
  "１２３",
  "0",
  "00000000000000000001",
  "999999999",
  "999999999.99",
  "9999999.99",
  "10000000",
  "9007199254740993",
  "-1",
  " ",
  ".",
  ",",
  "1.2.3",
  "2147483648",
  "4294967296",
  "1_000",
  "0.1e1",
];
export const NUMBERS = [
  NaN,
  Infinity,
  -Infinity,
  -0,
  0,
  -1,
  0.5,
  1.0000001,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -Number.MAX_VALUE,
  1e21,
  1e-7,
  0.1 + 0.2,
];
export const NOT_UUIDS = [
  "",
  " ",
  "0",
  "null",
  "undefined",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "0190a8a0-0000-7000-8000-00000000000",
  "0190a8a0-0000-7000-8000-0000000000000",
  "0190a8a0000070008000000000000000",
  "{0190a8a0-0000-7000-8000-000000000000}",
  "0190a8a0-0000-7000-8000-000000000000\u0000",
  "../../etc/passwd",
  "' OR 1=1 --",
  "*",
  "%",
];

const ALL_PIECES = [
  ...CONTROL_CHARACTERS,
  ...LINE_BREAKS,
  ...FORMAT_CHARACTERS,
  ...LONE_SURROGATES,
  ...ASTRAL_AND_SCRIPTS,
  ...SQL_LIKE,
  ...MARKUP,
  ...PROTOTYPE_KEYS,
  ...DATES,
  ...AMOUNTS,
];

const hostilePiece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ALL_PIECES) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary-ascii", maxLength: 8 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }) },
);

/** 10,000 to 60,000 characters: one piece repeated, sometimes with a hostile character at the end. */
export const longString = fc
  .tuple(
    fc.oneof(
      fc.constantFrom("a", "é", "😀", " ", "%", "<script>"),
      hostilePiece.filter((piece) => piece.length > 0),
    ),
    fc.integer({ min: 10_001, max: 60_000 }),
    fc.constantFrom("", "\u0000", "\ud800", "\n"),
  )
  .map(([piece, length, tail]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length) + tail);

/** Any string a hostile client may send. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.constantFrom("", " ", "\t", "\n "),
        fc.array(hostilePiece, { minLength: 1, maxLength: 6 }),
        fc.constantFrom("", " ", "\r\n", "\u00a0"),
      )
      .map(([before, pieces, after]) => before + pieces.join("") + after),
  },
  { weight: 1, arbitrary: longString },
  { weight: 2, arbitrary: fc.constantFrom(...DATES, ...AMOUNTS, ...NOT_UUIDS) },
);

/** An object whose own key is `__proto__`, `constructor`... as JSON.parse (and React's decoder) make them. */
export const prototypeObject = fc
  .tuple(
    fc.constantFrom(...PROTOTYPE_KEYS),
    fc.constantFrom<unknown>({ polluted: "yes", isAdmin: true, role: "admin" }, "admin", null),
  )
  .map(([key, value]) => {
    const object: Record<string, unknown> = {};
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    return object;
  });

/** Every other type: what a string field never expects. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.constantFrom(...NUMBERS),
  fc.integer(),
  fc.double(),
  fc.bigInt(),
  fc.date({ noInvalidDate: false }),
  fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 3 }),
  prototypeObject,
  fc.constant({}),
  fc.constant([]),
  fc.constant(new Map([["name", "x"]])),
  fc.constant(new Set(["x"])),
  fc.constant(new Uint8Array([0, 1, 2])),
  fc.constant(new File(["%PDF-1.4"], "x.pdf", { type: "application/pdf" })),
  fc.anything({
    maxDepth: 2,
    maxKeys: 3,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withTypedArray: true,
    withSparseArray: true,
    withBoxedValues: true,
  }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: wrongType },
);

/** Ids: not uuids, unknown uuids, and the ids of other records of any kind (`pool`). */
export function hostileId(pool: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...NOT_UUIDS),
    fc.uuid({ version: [4, 7] }),
    fc.constantFrom(...pool),
    fc.constantFrom(...pool).map((id) => id.toUpperCase()),
    fc.constantFrom(...pool).map((id) => ` ${id} `),
    hostileValue,
  );
}

export const hostileDate: fc.Arbitrary<unknown> = fc.oneof(fc.constantFrom(...DATES), hostileValue);
export const hostileAmount: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...AMOUNTS),
  fc.constantFrom(...NUMBERS),
  hostileValue,
);

// ---------------------------------------------------------------------------------------
// Valid values: what a person may really type, nasty but acceptable

const REFUSED_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]/;
const REFUSED_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/;

const printablePiece = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 10 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 10 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      ...ASTRAL_AND_SCRIPTS,
      ...SQL_LIKE,
      ...MARKUP,
      ...FORMAT_CHARACTERS,
      ...PROTOTYPE_KEYS,
      " ",
      "\u00a0",
      "O'Brien",
      "a & b",
      "100 %",
    ),
  },
);

/** Cuts or pads `text` so that its trimmed length (UTF-16 units, as zod counts) is within [min, max], never splitting a pair. */
export function fitLength(
  text: string,
  min: number,
  max: number,
  measure = (value: string) => value.trim().length,
): string {
  const codePoints = Array.from(text).slice(0, max + 8);
  // A code point is one or two units: dropping half the excess never drops more than the excess.
  for (let length = measure(codePoints.join("")); length > max; length = measure(codePoints.join(""))) {
    codePoints.splice(codePoints.length - Math.max(1, Math.floor((length - max) / 2)));
  }
  let result = codePoints.join("");
  if (measure(result) < min) result = result.trimEnd();
  while (measure(result) < min) result += "x";
  return result;
}

/** A single line of text (a name, a subject) of min..max characters once trimmed. */
export function validLine(min: number, max: number): fc.Arbitrary<string> {
  const body = fc
    .array(
      printablePiece.filter((piece) => !REFUSED_IN_LINE.test(piece)),
      { minLength: 1, maxLength: 8 },
    )
    .map((pieces) => pieces.join(""));
  const padded = fc
    .tuple(
      fc.constantFrom("", " ", "  ", "\t", "\n", "\u00a0", "\ufeff"),
      body,
      fc.constantFrom("", " ", "\r\n", "\t", "\u3000"),
    )
    .map(([before, text, after]) => before + text + after);
  return fc
    .oneof(
      { weight: 9, arbitrary: padded },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "é".repeat(max),
          "😀".repeat(Math.floor(max / 2)),
          " ".repeat(3) + "x".repeat(max) + " ".repeat(3),
        ),
      },
    )
    .map((text) => fitLength(text, min, max));
}

/** Text with line breaks and tabs (notes, letters), min..max characters once trimmed. */
export function validMultiline(min: number, max: number): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 4, arbitrary: printablePiece },
    { weight: 1, arbitrary: fc.constantFrom("\n", "\r\n", "\r", "\t", "\n\n", "\u2028") },
  );
  const body = fc
    .array(
      piece.filter((text) => !REFUSED_IN_TEXT.test(text)),
      { minLength: 1, maxLength: 12 },
    )
    .map((pieces) => pieces.join(""));
  // Counted as the schema counts: line breaks normalised to "\n", then trimmed.
  const measure = (value: string) => value.replace(/\r\n?/g, "\n").trim().length;
  return fc
    .oneof(
      { weight: 9, arbitrary: body },
      { weight: 1, arbitrary: fc.constantFrom("line\r\n".repeat(Math.ceil(max / 5)), "x".repeat(max)) },
    )
    .map((text) => fitLength(text, min, max, measure));
}

export function optionalLine(max: number): fc.Arbitrary<string | null | undefined> {
  return fc.oneof(
    { weight: 4, arbitrary: validLine(1, max) },
    { weight: 1, arbitrary: fc.constantFrom<string | null | undefined>("", "   ", null, undefined) },
  );
}

export function optionalMultiline(max: number): fc.Arbitrary<string | null | undefined> {
  return fc.oneof(
    { weight: 4, arbitrary: validMultiline(1, max) },
    { weight: 1, arbitrary: fc.constantFrom<string | null | undefined>("", " \n ", null, undefined) },
  );
}

const emailLocal = fc.stringMatching(/^[a-z0-9_+-]{1,12}(\.[a-z0-9_+-]{1,8})?$/);
const emailDomain = fc.tuple(
  fc.stringMatching(/^[a-z0-9]{1,12}$/),
  fc.constantFrom("example.com", "example.org", "xn--bcher-kva.example", "mail.example.fr"),
);

/** An address zod accepts, sometimes in capitals or with spaces around (stored trimmed, lower-case). */
export const validEmail: fc.Arbitrary<string> = fc
  .tuple(emailLocal, emailDomain, fc.boolean(), fc.constantFrom("", " "))
  .map(([local, [sub, domain], upper, pad]) => {
    const address = `${local}@${sub}.${domain}`;
    return pad + (upper ? address.toUpperCase() : address) + pad;
  });

/** Phone numbers as typed in France (the firm's country) or abroad. */
export const validPhone = fc.constantFrom(
  "01 23 45 67 89",
  "+33 1 23 45 67 89",
  "+44 20 7946 0958",
  "0044 20 7946 0958",
  "tel:+33123456789",
  "06.12.34.56.78",
  "+1 (415) 555-2671",
  "01\u00a023\u00a045\u00a067\u00a089",
);

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}

/** A real calendar day, mostly 1900–2100, sometimes the first and last days the schemas take. */
export const validDate: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  },
  { weight: 1, arbitrary: fc.constantFrom("1900-01-01", "9999-12-31", "2028-02-29", "2000-02-29") },
);

export const validWallTime: fc.Arbitrary<string> = fc
  .tuple(validDate, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([date, hour, minute]) => `${date}T${pad2(hour)}:${pad2(minute)}`);

/** A past day (payments may not be in the future). */
export const pastDate: fc.Arbitrary<string> = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date(Date.now() - 3 * 86_400_000), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** An amount typed as money in EUR, as people write it. */
export const validMoneyText = fc.oneof(
  fc.integer({ min: 0, max: 1_000_000 }).map(String),
  fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }))
    .map(([whole, cents]) => `${whole}.${pad2(cents)}`),
  fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }))
    .map(([whole, cents]) => `${whole},${pad2(cents)}`),
  fc.constantFrom("1 234,56", "1.234,56", "1,234.56", "€ 12", "12,50 EUR", " 90 ", "0.01"),
);

/** An optional rate ("85", "85,50"...), at most 9,999,999.99. */
export const validRate: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>("", null, undefined, "85", "85.50", "85,5", " 120 ", "9999999.99", "0", 85, 85.5),
  fc.integer({ min: 0, max: 9_999_999 }).map(String),
);
