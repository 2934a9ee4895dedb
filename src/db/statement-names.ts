import { createHash } from "node:crypto";
import type pg from "pg";

// PostgreSQL parses every unnamed statement each time it runs: on the busiest pages that was a
// fifth of the database's time (figures in decision 016). A statement sent with a name is parsed once per connection: node-postgres prepares it on first use
// on each connection and reuses it after. The name is a hash of the SQL text, so the same text
// always gets the same name and different texts never share one.
// Each execution is still planned for its own parameters (plan_cache_mode = force_custom_plan):
// a generic plan, chosen blind to the values, turned a search for a common name into a walk of the
// whole History and would do the same for a very large client (decision 016).
// Only reads and writes are named (not DDL, transaction control or `set`), and only on PostgreSQL
// connections of our own pool: behind a pooler in transaction mode (PgBouncer before 1.21) named
// statements break, so DATABASE_PREPARED_STATEMENTS=false turns this off (docs/scaling.md §7).

type QueryFunction = (...args: unknown[]) => unknown;
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

function nameOf(text: string): string {
  return `bureau_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
}

/**
 * The pool's onConnect hook (awaited before the connection serves any query): plans every execution
 * for its own values, then names every read and write the connection sends from now on (see above).
 */
export async function nameConnectionStatements(client: pg.ClientBase): Promise<void> {
  await client.query("set plan_cache_mode = force_custom_plan");
  const original = client.query.bind(client) as QueryFunction;
  const named: QueryFunction = (...args) => {
    const config = args[0];
    if (config && typeof config === "object" && !(config as { name?: string }).name) {
      const text = (config as { text?: unknown }).text;
      if (typeof text === "string" && NAMEABLE.test(text)) (config as { name?: string }).name = nameOf(text);
    }
    return original(...args);
  };
  client.query = named as typeof client.query;
}
