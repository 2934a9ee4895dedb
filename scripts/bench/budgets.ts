// The performance budgets of the domain issues, in one table. `npm run bench` exits non-zero when
// one is missed. Each names the issue that set it and the target (scripts/bench/targets.ts) it judges.
//
// Issues 6 (mail drain rate), 7 (Lighthouse scores) and 8 (Sentry SDK cost) ask for figures, not
// limits: they have their own scripts (bench:mail, bench:mail-pages, lighthouse, bench:sentry).

/**
 * Latencies in ms; `rss-growth`: the highest resident memory of the server during the target minus
 * the memory before it, which must stay below the size of one response plus 8 MB of noise (a file
 * built in memory would need more than its own size).
 */
export type BudgetMetric = "p50" | "p95" | "max" | "rss-growth";

export type Budget = {
  target: string;
  /** "load": the run with the target's connections (10, or 1 for one-at-a-time targets); "alone": the run with one connection. */
  run: "load" | "alone";
  metric: BudgetMetric;
  /** Milliseconds for latencies; unused for rss-growth (the limit is the response size). */
  limitMs?: number;
  issue: number;
  /** The budget as the issue words it. */
  text: string;
};

export const BUDGETS: readonly Budget[] = [
  {
    target: "timesheets-list",
    run: "load",
    metric: "p95",
    limitMs: 150,
    issue: 3,
    text: "/bo/timesheets for a manager answers in under 150 ms at the 95th percentile with 10 concurrent clients",
  },
  {
    target: "timesheet-detail",
    run: "load",
    metric: "p95",
    limitMs: 150,
    issue: 3,
    text: "/bo/timesheets/{id} answers in under 150 ms at the 95th percentile with 10 concurrent clients",
  },
  {
    target: "timesheet-save",
    run: "alone",
    metric: "p95",
    limitMs: 100,
    issue: 3,
    text: "saving a full week grid (20 rows × 7 days) takes under 100 ms (judged one save at a time)",
  },
  {
    target: "invoices-first-page",
    run: "load",
    metric: "p95",
    limitMs: 150,
    issue: 4,
    text: "the first page of /bo/invoices answers in under 150 ms at the 95th percentile with 10 concurrent clients",
  },
  {
    target: "invoices-by-client",
    run: "load",
    metric: "p95",
    limitMs: 150,
    issue: 4,
    text: "/bo/invoices filtered by client answers in under 150 ms at the 95th percentile",
  },
  {
    target: "invoices-search-number",
    run: "load",
    metric: "p95",
    limitMs: 150,
    issue: 4,
    text: "/bo/invoices searched by number answers in under 150 ms at the 95th percentile",
  },
  {
    target: "invoices-csv-all",
    run: "load",
    metric: "max",
    limitMs: 10_000,
    issue: 4,
    text: "the CSV export of all 100,000 invoices streams in under 10 s",
  },
  {
    target: "invoices-csv-all",
    run: "load",
    metric: "rss-growth",
    issue: 4,
    text: "while the CSV export streams, the server's memory does not grow with the row count",
  },
  {
    target: "invoice-pdf",
    run: "alone",
    metric: "p50",
    limitMs: 50,
    issue: 4,
    text: "a warm PDF renders in under 50 ms (judged on the median, one request at a time)",
  },
  {
    target: "calls-todo",
    run: "load",
    metric: "p95",
    limitMs: 150,
    issue: 5,
    text: "/bo/calls To do, first page, under 150 ms at the 95th percentile with 10 concurrent clients",
  },
  {
    target: "calls-todo-person",
    run: "load",
    metric: "p95",
    limitMs: 150,
    issue: 5,
    text: "/bo/calls To do filtered by person, under 150 ms p95",
  },
  {
    target: "calls-todo-search",
    run: "load",
    metric: "p95",
    limitMs: 150,
    issue: 5,
    text: "/bo/calls To do with a search, under 150 ms p95",
  },
  {
    target: "calls-history",
    run: "load",
    metric: "p95",
    limitMs: 150,
    issue: 5,
    text: "/bo/calls History, first page, under 150 ms p95",
  },
  {
    target: "calls-history-person",
    run: "load",
    metric: "p95",
    limitMs: 150,
    issue: 5,
    text: "/bo/calls History filtered by person, under 150 ms p95",
  },
  {
    target: "calls-history-search",
    run: "load",
    metric: "p95",
    limitMs: 150,
    issue: 5,
    text: "/bo/calls History with a search, under 150 ms p95",
  },
  {
    target: "dashboard",
    run: "load",
    metric: "p95",
    limitMs: 200,
    issue: 9,
    text: "/bo answers in under 200 ms at the 95th percentile with 10 concurrent clients",
  },
];
