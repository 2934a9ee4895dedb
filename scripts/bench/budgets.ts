// The performance budgets, in one table. `npm run bench` exits non-zero when one is missed.
//
// Latency budgets are ratios to the framework floor measured in the same run (issue 30): absolute
// milliseconds tuned on one machine did not hold on another of the same kind, ratios do. The floor
// is `/bench-floor`, a page of the same build that renders `ok` through the same proxy and root
// layout, without database or session; it is measured first and last, and the higher of the two
// is the reference (a machine that slows down during the run does not make the pages look cheap).
//
// Every page target (a target with an app route) gets the same three budgets, so a page added to
// scripts/bench/targets.ts is judged without writing its budget here. The CSV and PDF budgets stay
// absolute: they are about streaming a large file and rendering a document, not the framework.
//
// Issues 6 (mail drain rate), 7 (Lighthouse scores) and 8 (Sentry SDK cost) ask for figures, not
// limits: they have their own scripts (bench:mail, bench:mail-pages, lighthouse, bench:sentry).
import type { Target } from "./targets";

/**
 * Latencies in ms; `js-gzip`: the gzip size of the JavaScript the page's route sends; `rss-growth`:
 * the highest resident memory of the server during the target minus the memory before it, which
 * must stay below the size of one response plus 8 MB of noise (a file built in memory would need
 * more than its own size).
 */
export type BudgetMetric = "p50" | "p95" | "max" | "rss-growth" | "js-gzip";

export type Budget = {
  target: string;
  /** "load": the run with the target's connections (10, or 1 for one-at-a-time targets); "alone": the run with one connection. */
  run: "load" | "alone";
  metric: BudgetMetric;
  /** An absolute limit in milliseconds (the CSV and PDF budgets). */
  limitMs?: number;
  /** For rss-growth: an absolute limit in bytes (the reports' exports), instead of one response plus 8 MB. */
  limitBytes?: number;
  /** Or a ratio: the same metric of the floor in the same run, times this. */
  timesFloor?: number;
  issue: number;
  /** The budget as the issue words it. */
  text: string;
};

/** Pages: p95 under load within 3× the floor's, p50 alone within 6× the floor's, JavaScript within 1.3× the floor's. */
export const PAGE_LOAD_P95_TIMES_FLOOR = 3;
export const PAGE_ALONE_P50_TIMES_FLOOR = 6;
export const PAGE_JS_TIMES_FLOOR = 1.3;

/**
 * Issue 24, the reports: each report page alone within 8× the floor's alone p50 (its p95 under load
 * is the pages' 3×, above), and each export of a year streams with the server's memory growing by
 * less than 20 MB. A report export target is one whose key starts with `report-` and has no route.
 */
export const REPORT_ALONE_P50_TIMES_FLOOR = 8;
export const REPORT_EXPORT_RSS_GROWTH_BYTES = 20 * 2 ** 20;

const FIXED_BUDGETS: readonly Budget[] = [
  {
    target: "api-invoices-list",
    run: "load",
    metric: "p95",
    timesFloor: PAGE_LOAD_P95_TIMES_FLOOR,
    issue: 26,
    text: `GET /api/v1/invoices (first page): p95 with 10 connections within ${PAGE_LOAD_P95_TIMES_FLOOR}× the floor's p95, as a page`,
  },
  {
    target: "api-time-entry-create",
    run: "load",
    metric: "p95",
    timesFloor: PAGE_LOAD_P95_TIMES_FLOOR,
    issue: 26,
    text: `POST /api/v1/time-entries (one entry): p95 with 10 connections within ${PAGE_LOAD_P95_TIMES_FLOOR}× the floor's p95, as a page`,
  },
  {
    target: "timesheet-save",
    run: "alone",
    metric: "p95",
    timesFloor: 15,
    issue: 30,
    text: "saving a full week grid (20 rows × 7 days), one save at a time: p95 within 15× the floor's p95 alone",
  },
  {
    target: "invoice-issue",
    run: "alone",
    metric: "p95",
    timesFloor: 10,
    issue: 30,
    text: "issuing a draft invoice (5 lines), one at a time: p95 within 10× the floor's p95 alone",
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
];

/**
 * The budgets of a run's targets: three per page (every target with a route, the floor aside), the
 * reports' (issue 24: pages alone within 8×, exports' memory under 20 MB), then the fixed ones.
 */
export function budgetsFor(targets: readonly Pick<Target, "key" | "label" | "route" | "connections">[]): Budget[] {
  const pages = targets.filter(
    (target) => target.route && !target.key.startsWith("floor") && target.connections === "all",
  );
  return [
    ...pages.flatMap((target): Budget[] => [
      {
        target: target.key,
        run: "load",
        metric: "p95",
        timesFloor: PAGE_LOAD_P95_TIMES_FLOOR,
        issue: 30,
        text: `${target.label}: p95 with 10 connections within ${PAGE_LOAD_P95_TIMES_FLOOR}× the floor's p95`,
      },
      {
        target: target.key,
        run: "alone",
        metric: "p50",
        timesFloor: PAGE_ALONE_P50_TIMES_FLOOR,
        issue: 30,
        text: `${target.label}: p50 alone within ${PAGE_ALONE_P50_TIMES_FLOOR}× the floor's p50 alone`,
      },
      {
        target: target.key,
        run: "load",
        metric: "js-gzip",
        timesFloor: PAGE_JS_TIMES_FLOOR,
        issue: 30,
        text: `${target.label}: JavaScript sent (gzip) within ${PAGE_JS_TIMES_FLOOR}× the floor's`,
      },
    ]),
    ...targets
      .filter((target) => target.route?.startsWith("/bo/reports"))
      .map((target): Budget => ({
        target: target.key,
        run: "alone",
        metric: "p50",
        timesFloor: REPORT_ALONE_P50_TIMES_FLOOR,
        issue: 24,
        text: `${target.label}: p50 alone within ${REPORT_ALONE_P50_TIMES_FLOOR}× the floor's p50 alone`,
      })),
    ...targets
      .filter((target) => target.key.startsWith("report-") && !target.route)
      .map((target): Budget => ({
        target: target.key,
        run: "load",
        metric: "rss-growth",
        limitBytes: REPORT_EXPORT_RSS_GROWTH_BYTES,
        issue: 24,
        text: `${target.label}: the server's memory grows by less than 20 MB while it streams`,
      })),
    ...FIXED_BUDGETS,
  ];
}

/** What a budget is judged on, for a target's figures. */
export type JudgedFigures = {
  load: { p50Ms: number; p95Ms: number; maxMs: number; rssGrowthBytes: number; bytesPerResponse: number };
  alone: { p50Ms: number; p95Ms: number; maxMs: number; rssGrowthBytes: number; bytesPerResponse: number };
  js?: { gzipBytes: number } | undefined;
};

export type Verdict = {
  measured: number | undefined;
  /** The limit in the metric's unit (ms, bytes). */
  limit: number | undefined;
  /** measured / the floor's figure, for ratio budgets. */
  ratio?: number;
  pass: boolean | undefined;
};

function figureOf(result: JudgedFigures, run: Budget["run"], metric: BudgetMetric): number | undefined {
  if (metric === "js-gzip") return result.js?.gzipBytes;
  const figures = run === "alone" ? result.alone : result.load;
  if (metric === "rss-growth") return figures.rssGrowthBytes;
  return metric === "p50" ? figures.p50Ms : metric === "p95" ? figures.p95Ms : figures.maxMs;
}

/**
 * Judges one budget. `floors` are the floor's results of the run (first and last); a ratio budget
 * compares with the higher of their figures. A target or floor not run gives no verdict.
 */
export function judge(budget: Budget, result: JudgedFigures | undefined, floors: readonly JudgedFigures[]): Verdict {
  const measured = result ? figureOf(result, budget.run, budget.metric) : undefined;
  if (measured === undefined) return { measured: undefined, limit: undefined, pass: undefined };
  if (budget.metric === "rss-growth") {
    const figures = budget.run === "alone" ? result!.alone : result!.load;
    const limit = budget.limitBytes ?? figures.bytesPerResponse + 8 * 2 ** 20;
    return { measured, limit, pass: measured < limit };
  }
  if (budget.timesFloor !== undefined) {
    const floorFigures = floors
      .map((floor) => figureOf(floor, budget.run, budget.metric))
      .filter((value) => value !== undefined);
    if (floorFigures.length === 0) return { measured, limit: undefined, pass: undefined };
    const floor = Math.max(...floorFigures);
    const limit = floor * budget.timesFloor;
    return { measured, limit, ratio: measured / floor, pass: measured <= limit };
  }
  return { measured, limit: budget.limitMs, pass: measured < budget.limitMs! };
}
