// One bounded load: autocannon (programmatic API) against each server instance at once, the
// connections split evenly between them, for a fixed duration, on loopback. Every response time
// is kept so the percentiles are exact (autocannon's own summary has p97.5, not p95).
import autocannon from "autocannon";

export type RequestPlan = {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  /** Actions: a fresh path and body per request, and what to do with the answer. */
  perRequest?: () => { path: string; body: string; done: (status: number, body: string) => void };
  /** Whether a 2xx answer is the real thing (autocannon counts the others as mismatches). */
  verify: (body: string) => boolean;
};

export type LoadResult = {
  durationSeconds: number;
  completed: number;
  /** Requests sent, including those still in flight when the time was up (the server finished them). */
  sent: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  statusCodes: Record<string, number>;
  bytes: number;
  latencies: number[];
};

type Context = { done?: (status: number, body: string) => void };

function loadOne(
  origin: string,
  connections: number,
  seconds: number,
  timeoutSeconds: number,
  plan: RequestPlan,
  amount?: number,
) {
  const latencies: number[] = [];
  const instance = autocannon<Context>({
    url: origin,
    connections,
    // A fixed number of requests instead of a timed run: a download longer than the run would
    // otherwise be cut off and never counted.
    ...(amount ? { amount } : { duration: seconds }),
    timeout: timeoutSeconds,
    pipelining: 1,
    verifyBody: plan.verify,
    requests: [
      {
        method: plan.method,
        path: plan.path,
        headers: plan.headers,
        ...(plan.perRequest
          ? {
              setupRequest: (request, context) => {
                const next = plan.perRequest!();
                context.done = next.done;
                return { ...request, path: next.path, body: next.body };
              },
              onResponse: (status, body, context) => context.done?.(status, body),
            }
          : {}),
      },
    ],
  });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  return { instance, latencies };
}

export async function runLoad(
  origins: readonly string[],
  connections: number,
  seconds: number,
  timeoutSeconds: number,
  plan: (origin: string) => RequestPlan,
  amount?: number,
): Promise<LoadResult> {
  if (connections % origins.length !== 0 && connections >= origins.length)
    throw new Error(`${connections} connections do not split evenly over ${origins.length} servers`);
  // Fewer connections than servers (one-at-a-time targets): the first server only.
  const used = connections < origins.length ? origins.slice(0, 1) : origins;
  const runs = used.map((origin) =>
    loadOne(origin, connections / used.length, seconds, timeoutSeconds, plan(origin), amount),
  );
  const results = await Promise.all(runs.map((run) => run.instance));
  const statusCodes: Record<string, number> = {};
  for (const result of results)
    for (const [code, { count }] of Object.entries(result.statusCodeStats))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  return {
    durationSeconds: Math.max(...results.map((result) => result.duration)),
    completed: runs.reduce((sum, run) => sum + run.latencies.length, 0),
    sent: results.reduce((sum, result) => sum + result.requests.sent, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
    mismatches: results.reduce((sum, result) => sum + result.mismatches, 0),
    statusCodes,
    bytes: results.reduce((sum, result) => sum + result.throughput.total, 0),
    latencies: runs.flatMap((run) => run.latencies),
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
