// Benchmark mode only (BUREAU_BENCH=1): times every query the server sends to PostgreSQL, so
// `npm run bench` can tell how much of a page's time is spent waiting for the database.
// Each pool client's query() is wrapped: the clock runs from the call to the answer, which on
// loopback is PostgreSQL's own work plus the round trip and any wait before Node.js reads the
// answer. The totals are per process, also per statement text (parameters apart, as pg sends
// them), so the benchmark can name the statements a page waits on; /api/bench-stats reads them.
import type pg from "pg";

export type StatementTiming = { count: number; totalMs: number };
export type QueryTiming = {
  queries: number;
  totalMs: number;
  inFlight: number;
  statements: Record<string, StatementTiming>;
};

const globalForTiming = globalThis as unknown as { bureauQueryTiming?: QueryTiming };
/** Distinct statements kept; past this, new ones are counted in the totals only. */
const MAX_STATEMENTS = 2_000;

function totals(): QueryTiming {
  globalForTiming.bureauQueryTiming ??= { queries: 0, totalMs: 0, inFlight: 0, statements: {} };
  return globalForTiming.bureauQueryTiming;
}

type ProcessMessage = {
  bureau?: string;
  id?: string;
  stats?: QueryTiming & { pid: number };
  all?: (QueryTiming & { pid: number })[];
  primaryPid?: number;
};

/**
 * Under scripts/serve.mjs an instance is several processes: each answers the primary's
 * "stats-collect" with its own totals. Registered at start-up in benchmark mode only.
 */
export function answerQueryTimingRequests(): void {
  if (!process.send) return;
  process.on("message", (message: ProcessMessage) => {
    if (message?.bureau === "stats-collect")
      process.send?.({ bureau: "stats-reply", id: message.id, stats: { pid: process.pid, ...readQueryTiming() } });
  });
}

/** The totals of every process of this instance (just this one when it runs alone), and their pids. */
export async function readInstanceQueryTiming(): Promise<QueryTiming & { pids: number[] }> {
  const own = { pids: [process.pid], ...readQueryTiming() };
  if (!process.send) return own;
  const id = crypto.randomUUID();
  const all = await new Promise<(QueryTiming & { pid: number })[] | null>((resolve) => {
    const onMessage = (message: ProcessMessage) => {
      if (message?.bureau !== "stats-result" || message.id !== id) return;
      process.off("message", onMessage);
      resolve(message.all ?? null);
    };
    process.on("message", onMessage);
    setTimeout(() => {
      process.off("message", onMessage);
      resolve(null);
    }, 3_000).unref();
    process.send?.({ bureau: "stats-request", id });
  });
  if (!all) return own;
  const merged: QueryTiming & { pids: number[] } = { pids: [], queries: 0, totalMs: 0, inFlight: 0, statements: {} };
  for (const part of all) {
    merged.pids.push(part.pid);
    merged.queries += part.queries;
    merged.totalMs += part.totalMs;
    merged.inFlight += part.inFlight;
    for (const [statement, timing] of Object.entries(part.statements)) {
      const entry = (merged.statements[statement] ??= { count: 0, totalMs: 0 });
      entry.count += timing.count;
      entry.totalMs += timing.totalMs;
    }
  }
  return merged;
}

/** A copy of the totals since the process started. */
export function readQueryTiming(): QueryTiming {
  const current = totals();
  return {
    queries: current.queries,
    totalMs: current.totalMs,
    inFlight: current.inFlight,
    statements: structuredClone(current.statements),
  };
}

function statementOf(args: unknown[]): string {
  const first = args[0];
  const text =
    typeof first === "string"
      ? first
      : typeof first === "object" && first !== null && "text" in first
        ? String((first as { text: unknown }).text)
        : "(unknown)";
  return text.replace(/\s+/g, " ").trim().slice(0, 500);
}

type QueryFunction = (...args: unknown[]) => unknown;

function timeClient(client: pg.PoolClient): void {
  const original = client.query.bind(client) as QueryFunction;
  const timed: QueryFunction = (...args) => {
    const counters = totals();
    const statement = statementOf(args);
    const start = performance.now();
    counters.inFlight += 1;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      const elapsed = performance.now() - start;
      counters.inFlight -= 1;
      counters.queries += 1;
      counters.totalMs += elapsed;
      const entry =
        counters.statements[statement] ??
        (Object.keys(counters.statements).length < MAX_STATEMENTS
          ? (counters.statements[statement] = { count: 0, totalMs: 0 })
          : undefined);
      if (entry) {
        entry.count += 1;
        entry.totalMs += elapsed;
      }
    };
    const last = args.at(-1);
    if (typeof last === "function") {
      // Callback style, as pg.Pool#query calls it.
      args[args.length - 1] = (...results: unknown[]) => {
        finish();
        return (last as QueryFunction)(...results);
      };
      return original(...args);
    }
    let result: unknown;
    try {
      result = original(...args);
    } catch (error) {
      finish();
      throw error;
    }
    if (result && typeof (result as Promise<unknown>).then === "function") {
      return (result as Promise<unknown>).then(
        (value) => {
          finish();
          return value;
        },
        (error: unknown) => {
          finish();
          throw error;
        },
      );
    }
    // A submittable (cursor or stream) is timed until it ends.
    const emitter = result as { once?: (event: string, listener: () => void) => void } | undefined;
    if (emitter && typeof emitter.once === "function") {
      emitter.once("end", finish);
      emitter.once("error", finish);
    } else finish();
    return result;
  };
  client.query = timed as typeof client.query;
}

/** Wraps the query() of every client the pool opens from now on. */
export function timePoolQueries(pool: pg.Pool): void {
  pool.on("connect", timeClient);
}
