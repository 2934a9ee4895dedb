// A list's URL parameters (browser-safe). Each list page parses its search params with one schema
// made of these pieces (defineList), and every link to the list is written from the same
// definition, so a filter read from the address and a link that sets it cannot disagree.
//
// Whatever an address holds, the parse gives a filter the list's query can run: a value the list
// cannot use reads as "not set", a page that is not a whole number from 1 to MAX_PAGE reads as the
// first page, and a search loses the characters no stored text can hold. A NUL byte in a search
// (PostgreSQL refuses it in text) and page=1e308 (an OFFSET past bigint) were 500s.
import { z } from "zod";
import { isValidDateString } from "@/lib/dates";

/** What Next.js gives a page as its search params. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The last page a list serves: 100,000 pages of 50 is far past any firm's data. */
export const MAX_PAGE = 100_000;
/** List page size: 50 by default, at most 200. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** Longest search a list reads; the rest is dropped. */
export const SEARCH_MAX_LENGTH = 100;

/** The first value of a search parameter, or "" when absent (Next.js gives string | string[] | undefined). */
export function firstParam(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** One parameter: its first value, trimmed; undefined when absent, empty or not text at all. */
export const param = z
  .unknown()
  .optional()
  .transform((value) => {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return typeof first === "string" ? first.trim() || undefined : undefined;
  });

// Control characters (C0, DEL, C1), the Unicode line separators and unpaired surrogates: every
// schema refuses them in stored text (src/lib/input-fields.ts), so a search holding one can only
// match around it.
const UNSTORABLE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A search: unstorable characters read as spaces, at most `max` characters (whole code points). */
export function searchParam(max = SEARCH_MAX_LENGTH) {
  return param.transform((value) => {
    if (value === undefined) return undefined;
    const text = Array.from(value.replace(UNSTORABLE, " ").trim()).slice(0, max).join("").trim();
    return text || undefined;
  });
}

/** One of `values`, else `fallback` (undefined when none is given). */
export function choiceParam<const T extends readonly string[]>(values: T): z.ZodType<T[number] | undefined, unknown>;
export function choiceParam<const T extends readonly string[]>(
  values: T,
  fallback: T[number],
): z.ZodType<T[number], unknown>;
export function choiceParam<const T extends readonly string[]>(values: T, fallback?: T[number]) {
  return param.transform((value) =>
    value !== undefined && (values as readonly string[]).includes(value) ? (value as T[number]) : fallback,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is a record's id (a UUID): anything else would be a cast error in PostgreSQL. */
export function isId(value: string): boolean {
  return UUID.test(value);
}

/** A record's id, else undefined. */
export const idParam = param.transform((value) => (value !== undefined && isId(value) ? value : undefined));

/** A real day from 1900-01-01 to 9999-12-31 (decision 014), else undefined. */
export const dateParam = param.transform((value) =>
  value !== undefined && isValidDateString(value) ? value : undefined,
);

/** A checkbox: "1" is on, anything else off. */
export const flagParam = param.transform((value) => value === "1");

/** Sort direction, else undefined (the list's own default). */
export const directionParam = choiceParam(["asc", "desc"]);

function wholeNumber(value: string | undefined, max: number): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
}

/** The page asked for: a whole number from 1 to MAX_PAGE, else the first page. */
export const pageParam = param.transform((value) => wholeNumber(value, MAX_PAGE) ?? 1);

/** Rows per page: a whole number from 1 to MAX_PAGE_SIZE, else `fallback`. */
export function sizeParam(fallback = DEFAULT_PAGE_SIZE) {
  return param.transform((value) => wholeNumber(value, MAX_PAGE_SIZE) ?? fallback);
}

/** The paging parameters every paged list takes. */
export const pagingParams = { page: pageParam, size: sizeParam() };

type ParamValue = string | number | boolean | null | undefined;

/**
 * A list's address and its parameters: `parse` reads a page's search params (it never throws),
 * `href` writes the list's address for some values (typically the parsed ones with a change).
 */
export function defineList<Shape extends Record<string, z.ZodType<ParamValue, unknown>>>(path: string, shape: Shape) {
  const schema = z.object(shape);
  type Values = z.output<typeof schema>;
  let defaults: Record<string, unknown> | undefined;

  /**
   * The query string ("?a=1&b=2", or "" for none) of these values, in the schema's order, leaving
   * out what is not set and what the list does by default (page 1, 50 rows, its first tab), so
   * one filter has one address.
   */
  function query(values: Partial<Values>): string {
    defaults ??= schema.parse({}) as Record<string, unknown>;
    const params = new URLSearchParams();
    for (const key of Object.keys(shape)) {
      const value = (values as Record<string, unknown>)[key];
      if (value === undefined || value === null || value === "" || value === false || value === defaults[key]) continue;
      params.set(key, value === true ? "1" : String(value));
    }
    const text = params.toString();
    return text ? `?${text}` : "";
  }

  return {
    path,
    schema,
    parse: (params: SearchParams | undefined): Values => schema.parse(params ?? {}),
    query,
    href: (values: Partial<Values>): string => `${path}${query(values)}`,
  };
}
