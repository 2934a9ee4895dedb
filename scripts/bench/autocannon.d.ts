// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module "autocannon" {
  type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type RequestSpec<Context> = RawRequest & {
    setupRequest?: (request: RawRequest, context: Context) => RawRequest;
    onResponse?: (status: number, body: string, context: Context, headers: Record<string, string>) => void;
  };
  type Options<Context> = {
    url: string;
    connections: number;
    /** Seconds to run, unless `amount` is given (then that many requests, however long they take). */
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: RequestSpec<Context>[];
    initialContext?: Context;
    verifyBody?: (body: string) => boolean;
    excludeErrorStats?: boolean;
  };
  type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
    requests: { total: number; sent: number; average: number };
    throughput: { total: number };
  };
  type Instance = Promise<Result> & {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): void;
    stop(): void;
  };
  function autocannon<Context = Record<string, unknown>>(options: Options<Context>): Instance;
  export default autocannon;
}
