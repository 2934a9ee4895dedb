import { describe, expect, it } from "vitest";
import { budgetsFor, judge, type JudgedFigures, REPORT_EXPORT_RSS_GROWTH_BYTES } from "./budgets";

const figures = (
  p50Ms: number,
  p95Ms: number,
  jsBytes?: number,
  aloneP50Ms = p50Ms,
  aloneP95Ms = p95Ms,
): JudgedFigures => ({
  load: { p50Ms, p95Ms, maxMs: p95Ms, rssGrowthBytes: 0, bytesPerResponse: 0 },
  alone: { p50Ms: aloneP50Ms, p95Ms: aloneP95Ms, maxMs: aloneP95Ms, rssGrowthBytes: 0, bytesPerResponse: 0 },
  js: jsBytes === undefined ? undefined : { gzipBytes: jsBytes },
});

const targets = [
  { key: "floor", label: "floor", route: "/bench-floor", connections: "all" as const },
  { key: "dashboard", label: "/bo", route: "/bo", connections: "all" as const },
  { key: "invoice-pdf", label: "PDF", connections: "all" as const },
  { key: "timesheet-save", label: "save", connections: "all" as const },
  { key: "floor-end", label: "floor again", route: "/bench-floor", connections: "all" as const },
];

describe("the ratio budgets", () => {
  it("give every page three budgets and the floor none", () => {
    const budgets = budgetsFor(targets);
    expect(budgets.filter((budget) => budget.target === "dashboard").map((budget) => budget.metric)).toEqual([
      "p95",
      "p50",
      "js-gzip",
    ]);
    expect(budgets.some((budget) => budget.target.startsWith("floor"))).toBe(false);
    expect(budgets.find((budget) => budget.target === "timesheet-save")?.timesFloor).toBe(15);
  });

  it("hold the API's list and create to the pages' load budget: p95 within 3× the floor's", () => {
    for (const target of ["api-invoices-list", "api-time-entry-create"])
      expect(budgetsFor(targets).filter((budget) => budget.target === target)).toEqual([
        expect.objectContaining({ run: "load", metric: "p95", timesFloor: 3, issue: 26 }),
      ]);
  });

  it("compare with the higher of the two floors of the run", () => {
    const [loadP95] = budgetsFor(targets).filter((budget) => budget.target === "dashboard");
    const floors = [figures(10, 40, 150_000), figures(12, 50, 150_000)];
    // 3 × 50 ms = 150 ms: 150 holds, 151 does not; against the first floor alone (120 ms) 150 would miss.
    expect(judge(loadP95!, figures(60, 150), floors)).toMatchObject({ pass: true, limit: 150, ratio: 3 });
    expect(judge(loadP95!, figures(60, 151), floors).pass).toBe(false);
  });

  it("judge the JavaScript a page sends against the floor's", () => {
    const js = budgetsFor(targets).find((budget) => budget.target === "dashboard" && budget.metric === "js-gzip")!;
    const floors = [figures(10, 40, 100_000), figures(10, 40, 100_000)];
    expect(judge(js, figures(60, 100, 130_000), floors).pass).toBe(true);
    expect(judge(js, figures(60, 100, 131_000), floors).pass).toBe(false);
  });

  it("give no verdict for a target or a floor not run, and keep the absolute budgets absolute", () => {
    const budgets = budgetsFor(targets);
    const loadP95 = budgets.find((budget) => budget.target === "dashboard")!;
    expect(judge(loadP95, undefined, []).pass).toBeUndefined();
    expect(judge(loadP95, figures(60, 100), []).pass).toBeUndefined();
    const pdf = budgets.find((budget) => budget.target === "invoice-pdf")!;
    expect(judge(pdf, figures(49, 80), []).pass).toBe(true);
    expect(judge(pdf, figures(51, 80), []).pass).toBe(false);
  });

  describe("the reports' budgets (issue 24)", () => {
    const reportTargets = [
      ...targets,
      { key: "report-money-year", label: "money", route: "/bo/reports/money", connections: "all" as const },
      { key: "report-time-xlsx-year", label: "time xlsx", connections: 1 as const },
    ];
    const withMemory = (rssGrowthBytes: number, bytesPerResponse: number): JudgedFigures => {
      const base = figures(10, 20);
      return { ...base, load: { ...base.load, rssGrowthBytes, bytesPerResponse } };
    };

    it("judge a report page alone against 8× the floor's p50, besides the pages' 3× p95 under load", () => {
      const budgets = budgetsFor(reportTargets).filter((budget) => budget.target === "report-money-year");
      expect(budgets.map((budget) => [budget.issue, budget.run, budget.metric, budget.timesFloor])).toEqual([
        [30, "load", "p95", 3],
        [30, "alone", "p50", 6],
        [30, "load", "js-gzip", 1.3],
        [24, "alone", "p50", 8],
      ]);
      const alone = budgets.find((budget) => budget.issue === 24)!;
      const floors = [figures(2, 10, undefined, 2.5, 10), figures(2, 10, undefined, 2, 10)];
      // 8 × 2.5 ms (the higher floor) = 20 ms: 20 holds, 20.1 does not.
      expect(judge(alone, figures(50, 90, undefined, 20, 40), floors)).toMatchObject({ pass: true, limit: 20 });
      expect(judge(alone, figures(50, 90, undefined, 20.1, 40), floors).pass).toBe(false);
      const loadP95 = budgets[0]!;
      expect(judge(loadP95, figures(20, 30), floors).pass).toBe(true);
      expect(judge(loadP95, figures(20, 31), floors).pass).toBe(false);
    });

    it("judge a year's export by memory growth under 20 MB, whatever the file's size", () => {
      const budgets = budgetsFor(reportTargets).filter((budget) => budget.target === "report-time-xlsx-year");
      expect(budgets).toHaveLength(1);
      const memory = budgets[0]!;
      expect(memory).toMatchObject({ metric: "rss-growth", issue: 24, limitBytes: REPORT_EXPORT_RSS_GROWTH_BYTES });
      const fileOf100Mb = 100 * 2 ** 20;
      expect(judge(memory, withMemory(19.9 * 2 ** 20, fileOf100Mb), [])).toMatchObject({
        pass: true,
        limit: 20 * 2 ** 20,
      });
      // A file built in memory would grow by its size: refused although one response is larger.
      expect(judge(memory, withMemory(20 * 2 ** 20, fileOf100Mb), []).pass).toBe(false);
      // The other streamed files keep their limit of one response plus 8 MB.
      const invoices = budgetsFor([{ key: "invoices-csv-all", label: "csv", connections: 1 }]).find(
        (budget) => budget.target === "invoices-csv-all" && budget.metric === "rss-growth",
      )!;
      expect(judge(invoices, withMemory(9 * 2 ** 20, 2 ** 20), []).pass).toBe(false);
      expect(judge(invoices, withMemory(8.9 * 2 ** 20, 2 ** 20), []).pass).toBe(true);
    });

    it("give every report page and export of the bench a budget of issue 24", async () => {
      const { buildTargets } = await import("./targets");
      const fixtures = new Proxy({}, { get: () => "2026-01-01" }) as never;
      const all = buildTargets(fixtures, "cookie", {} as never);
      const reports = all.filter((target) => target.key.startsWith("report-"));
      const routes = new Set(reports.flatMap((target) => (target.route ? [target.route] : [])));
      for (const route of [
        "/bo/reports",
        "/bo/reports/money",
        "/bo/reports/journal",
        "/bo/reports/ageing",
        "/bo/reports/utilisation",
        "/bo/reports/profitability",
      ])
        expect(routes, route).toContain(route);
      const exports = reports.filter((target) => !target.route).map((target) => target.key);
      expect(exports).toEqual(
        expect.arrayContaining([
          "report-time-csv-year",
          "report-journal-csv-year",
          "report-money-csv-year",
          "report-ageing-csv",
          "report-utilisation-csv-year",
          "report-profitability-csv-year",
          "report-time-xlsx-year",
          "report-journal-xlsx-year",
        ]),
      );
      const budgets = budgetsFor(all).filter((budget) => budget.issue === 24);
      for (const target of reports)
        expect(
          budgets.some((budget) => budget.target === target.key),
          target.key,
        ).toBe(true);
    });
  });
});
