import { describe, expect, it } from "vitest";
import { computeInvoiceTotals } from "./invoice-amounts";
import { groupUnbilledEntries, type UnbilledEntry } from "./invoice-time-lines";

const entry = (overrides: Partial<UnbilledEntry>): UnbilledEntry => ({
  id: "e1",
  projectId: "p1",
  projectName: "Website",
  userId: "u1",
  userName: "Sofia",
  date: "2026-03-02",
  minutes: 60,
  description: null,
  hourlyRate: 9000,
  ...overrides,
});

const entries: UnbilledEntry[] = [
  entry({ id: "a", minutes: 20, date: "2026-03-03" }),
  entry({ id: "b", minutes: 20, date: "2026-03-02" }),
  entry({ id: "c", minutes: 20, userId: "u2", userName: "Theo", date: "2026-03-04" }),
  entry({ id: "d", minutes: 90, projectId: "p2", projectName: "Audit", date: "2026-03-05", description: "Kick-off" }),
  entry({ id: "e", minutes: 30, hourlyRate: 12000, date: "2026-03-06" }),
];

describe("groupUnbilledEntries", () => {
  it("makes one line per project and rate, summing minutes before rounding", () => {
    const lines = groupUnbilledEntries(entries, "project", "en-GB");
    expect(lines).toHaveLength(3);
    const website = lines.find((line) => line.unitPriceMinor === 9000 && line.timeEntryIds.includes("a"))!;
    expect(website.timeEntryIds.sort()).toEqual(["a", "b", "c"]);
    // 60 minutes = exactly 1 hour, not 3 × 0.333 = 0.999
    expect(website.quantityMilli).toBe(1000);
    expect(website.description).toBe("Website: time 2 March 2026 to 4 March 2026");
    expect(lines.find((line) => line.unitPriceMinor === 12000)?.timeEntryIds).toEqual(["e"]);
  });

  it("makes one line per person and rate", () => {
    const lines = groupUnbilledEntries(entries, "person", "en-GB");
    expect(lines.map((line) => line.timeEntryIds.sort().join(""))).toEqual(["abd", "c", "e"]);
    expect(lines[0]?.description).toBe("Sofia (Audit, Website): time 2 March 2026 to 5 March 2026");
  });

  it("makes one line per entry with its description", () => {
    const lines = groupUnbilledEntries(entries, "entry", "en-GB");
    expect(lines).toHaveLength(5);
    expect(lines[0]?.timeEntryIds).toEqual(["b"]);
    expect(lines.find((line) => line.timeEntryIds[0] === "d")?.description).toBe(
      "Audit, Sofia, 5 March 2026: Kick-off",
    );
    expect(lines.find((line) => line.timeEntryIds[0] === "a")?.quantityMilli).toBe(333);
  });

  it("bills every entry exactly once whatever the grouping", () => {
    for (const grouping of ["project", "person", "entry"] as const) {
      const ids = groupUnbilledEntries(entries, grouping, "en-GB").flatMap((line) => line.timeEntryIds);
      expect(ids.sort()).toEqual(["a", "b", "c", "d", "e"]);
    }
  });

  it("gives lines the totals function accepts", () => {
    const lines = groupUnbilledEntries(entries, "project", "en-GB");
    const totals = computeInvoiceTotals(lines.map((line) => ({ ...line, discountBp: 0, taxRateBp: 2000 })));
    // 1 h × 90 + 1.5 h × 90 + 0.5 h × 120 = 285.00
    expect(totals.net).toBe(28500);
    expect(totals.total).toBe(34200);
  });

  it("prints dates in the invoice's locale, never ISO (issue 20, defect 9)", () => {
    const one = [entry({ id: "x", date: "2026-11-16" }), entry({ id: "y", date: "2026-11-20" })];
    expect(groupUnbilledEntries(one, "project", "fr-FR")[0]?.description).toBe(
      "Website: time 16 novembre 2026 to 20 novembre 2026",
    );
    expect(groupUnbilledEntries(one, "project", "en-US")[0]?.description).toBe(
      "Website: time November 16, 2026 to November 20, 2026",
    );
    expect(groupUnbilledEntries(one.slice(0, 1), "entry", "de-DE")[0]?.description).toBe(
      "Website, Sofia, 16. November 2026",
    );
    for (const grouping of ["project", "person", "entry"] as const)
      for (const line of groupUnbilledEntries(entries, grouping, "en-GB"))
        expect(line.description).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("returns nothing for no entries", () => {
    expect(groupUnbilledEntries([], "project", "en-GB")).toEqual([]);
  });
});
