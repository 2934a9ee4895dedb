import { describe, expect, it } from "vitest";
import { compareScaling, renderMarkdown, type Report, type RunFigures, type TargetResult } from "./report";

const figures = (connections: number, requestsPerSecond: number) => ({ connections, requestsPerSecond }) as RunFigures;
const target = (key: string, connections: number, requestsPerSecond: number) =>
  ({ key, label: key, load: figures(connections, requestsPerSecond), alone: figures(1, 1) }) as TargetResult;
const oneInstance = {
  startedAt: "2026-11-27T10:00:00.000Z",
  options: { processes: 2 },
  build: { buildId: "b1" },
  targets: [target("floor", 10, 1000), target("dashboard", 10, 100), target("issue", 1, 20), target("gone", 10, 5)],
} as unknown as Report;

describe("two instances against one (issue 30)", () => {
  it("compares the throughput of the targets both runs loaded with several connections", () => {
    const scaling = compareScaling(
      {
        targets: [
          target("floor", 10, 1500),
          target("dashboard", 10, 240),
          target("issue", 1, 40),
          target("new", 10, 9),
        ],
      },
      oneInstance,
      "bench/results/bench-1-instance-2-processes.json",
    )!;
    expect(scaling.rows.map((row) => [row.key, row.ratio])).toEqual([
      ["floor", 1.5],
      ["dashboard", 2.4],
    ]);
    // The geometric mean: √(1.5 × 2.4) = 1.897…
    expect(scaling.ratio).toBeCloseTo(Math.sqrt(1.5 * 2.4), 10);
    expect(scaling.against).toEqual({
      file: "bench/results/bench-1-instance-2-processes.json",
      startedAt: "2026-11-27T10:00:00.000Z",
      processes: 2,
      buildId: "b1",
    });
  });

  it("has nothing to say when no target was loaded in both runs", () => {
    expect(compareScaling({ targets: [target("issue", 1, 40)] }, oneInstance, "f.json")).toBeUndefined();
  });
});

describe("the report's markdown", () => {
  it("prints the ratio of two instances to one, or says how to get it", () => {
    const report = {
      startedAt: "s",
      finishedAt: "f",
      command: "npm run bench -- --instances 2",
      options: { duration: 10, warmup: 2, instances: 2, processes: 1, connections: 10, only: null },
      database: { name: "bureau_large", size: {}, vacuum: { autovacuum: "on", seconds: 1 }, fixtures: {} },
      machine: {
        cpu: "c",
        cores: 2,
        memoryGiB: 24,
        node: "v24",
        postgres: "15",
        os: "Linux",
        loadAverage: [1, 1, 1],
        cpuCheckMs: { start: 100, end: 100 },
      },
      build: { action: "reused", buildId: "b1" },
      servers: [],
      worker: "separate",
      floorP50Ms: 1,
      floorAloneP50Ms: 1,
      targets: [],
      budgets: [],
      passed: true,
      problems: [],
    } as unknown as Report;
    expect(renderMarkdown(report)).toContain("No one-instance run of this machine to compare with");
    report.scaling = compareScaling({ targets: [target("dashboard", 10, 150)] }, oneInstance, "one.json");
    const markdown = renderMarkdown(report);
    expect(markdown).toContain("**Geometric mean of the ratios: 1.50×** over 1 targets");
    expect(markdown).toContain("| dashboard | 100.0 | 150.0 | 1.50× |");
  });
});
