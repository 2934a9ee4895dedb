import { describe, expect, it } from "vitest";
import { budgetsFor, judge, type JudgedFigures } from "./budgets";

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
});
