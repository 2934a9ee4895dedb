import * as drizzle from "drizzle-orm";
import { is, SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { Executor } from "./client";
import { oneRow } from "./one-row";

// Drizzle's own row mapper, the one every select's answer goes through. Exported at run time but
// left out of its type declarations (internal), hence the declared shape.
type OrderedField = { path: string[]; field: unknown };
const { mapResultRow, orderSelectedFields } = drizzle as unknown as {
  mapResultRow: (columns: OrderedField[], row: unknown[], joinsNotNullableMap: undefined) => Record<string, unknown>;
  orderSelectedFields: (fields: Record<string, unknown>) => OrderedField[];
};

// Several independent reads of one page answered by one statement: each select becomes a column
// of a single row, its rows aggregated as JSON arrays, and each row is decoded by Drizzle's own
// mapper with the select's own fields, so the caller gets exactly what awaiting each select would
// give. Why: on these machines every statement costs the server process a socket write and a read
// and PostgreSQL a bind, a plan and a round of protocol; a page of a dozen small summary reads paid
// more for the round trips than for the reads (docs/decisions/017-one-statement-per-page.md).

/** A Drizzle select that has not run yet: its SQL, its rows when awaited, and the fields they are decoded with. */
export type PendingSelect<Rows = unknown> = SQLWrapper &
  PromiseLike<Rows> & { _: { selectedFields: Record<string, unknown> } };

/** What one part gives: a scalar's value, a select's rows (distributes over a union of parts). */
type PartResult<Part> = Part extends SQL<infer V> ? V : Awaited<Part>;
type Results<T extends Record<string, PendingSelect | SQL>> = { [K in keyof T]: PartResult<T[K]> };

/**
 * Runs every select (and every scalar SQL expression, e.g. a count subquery with its decoder) of
 * `parts` in one statement and returns their results under the same keys, each row decoded by the
 * select's own fields as Drizzle decodes it. The selects must select plain fields (no nested
 * objects of joined tables). One difference from running a select alone: the values come as JSON
 * gives them, so a bigint or numeric expression without a decoder is a number (exact up to 2^53:
 * counts and sums of minor units), where the driver gives text; readers convert with Number()
 * either way. Timestamps and dates arrive as ISO text and go through their columns' decoders.
 */
export async function selectTogether<T extends Record<string, PendingSelect | SQL>>(
  db: Executor,
  parts: T,
): Promise<Results<T>> {
  const columns: Record<string, SQL> = {};
  const decoders: Record<string, (rows: unknown) => unknown> = {};
  for (const [key, part] of Object.entries(parts)) {
    if (is(part, SQL)) {
      columns[key] = part;
      continue;
    }
    const fields = orderSelectedFields(part._.selectedFields);
    if (fields.some((field) => field.path.length !== 1))
      throw new Error(`selectTogether: the select "${key}" nests fields; select them flat.`);
    const names = fields.map((_, index) => sql.raw(`c${index}`));
    const row = sql.join(
      names.map((name) => sql`t.${name}`),
      sql`, `,
    );
    // The subquery's ORDER BY is kept: json_agg reads the rows of a sorted subquery in order.
    columns[key] =
      sql`(select coalesce(json_agg(json_build_array(${row})), '[]'::json) from (${part}) as t(${sql.join(names, sql`, `)}))`;
    decoders[key] = (rows) => (rows as unknown[][]).map((values) => mapResultRow(fields, values, undefined));
  }
  const [row] = await db.select(columns).from(oneRow);
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row!))
    result[key] = decoders[key] ? decoders[key](typeof value === "string" ? JSON.parse(value) : value) : value;
  return result as Results<T>;
}

/** A read of several selects: the selects, and how their results make what the read returns. */
export type CombinedRead<S extends Record<string, PendingSelect | SQL>, R> = {
  selects: S;
  shape: (results: Results<S>) => R;
};

export function combinedRead<S extends Record<string, PendingSelect | SQL>, R>(
  selects: S,
  shape: (results: Results<S>) => R,
): CombinedRead<S, R> {
  return { selects, shape };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any read, whatever its selects
type AnyRead = CombinedRead<any, unknown>;

/** What a read gives, or null for no read (distributes over `Read | null`). */
type ReadResult<Read> = Read extends { shape: (...args: never[]) => infer R } ? R : null;

/** Several reads in one statement: every select of every read, then each read's shape. A null read gives null. */
export async function runReadsTogether<T extends Record<string, AnyRead | null>>(
  db: Executor,
  reads: T,
): Promise<{ [K in keyof T]: ReadResult<T[K]> }> {
  const present = Object.entries(reads).filter((entry): entry is [string, AnyRead] => entry[1] !== null);
  const selects: Record<string, PendingSelect | SQL> = {};
  for (const [readKey, read] of present)
    for (const [selectKey, select] of Object.entries(read.selects as Record<string, PendingSelect | SQL>))
      selects[`${readKey}.${selectKey}`] = select;
  const results = await selectTogether(db, selects);
  const shaped: Record<string, unknown> = Object.fromEntries(Object.keys(reads).map((readKey) => [readKey, null]));
  for (const [readKey, read] of present) {
    const own = Object.fromEntries(
      Object.keys(read.selects as object).map((selectKey) => [selectKey, results[`${readKey}.${selectKey}`]]),
    );
    shaped[readKey] = read.shape(own);
  }
  return shaped as { [K in keyof T]: ReadResult<T[K]> };
}

/** One read alone, still in one statement. */
export async function runRead<S extends Record<string, PendingSelect | SQL>, R>(
  db: Executor,
  read: CombinedRead<S, R>,
): Promise<R> {
  return read.shape(await selectTogether(db, read.selects));
}
