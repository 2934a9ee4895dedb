import { describe, expect, it } from "vitest";
import {
  ageingBucket,
  CHART_MAX_MONTHS,
  ageingRowsOf,
  capacityMinutes,
  costOf,
  daysPastDue,
  marginPercent,
  moneyChartMonths,
  monthsOfRange,
  MAX_REPORT_DAYS,
  periodRange,
  personFigures,
  type ProfitPart,
  profitRowsOf,
  reportRange,
  planTimeFacts,
  splitByWholeMonths,
  utilisationPercent,
  workingDays,
} from "./report-rules";

describe("periodRange", () => {
  it("gives each named period in the firm's calendar", () => {
    const today = "2026-01-01"; // a Thursday
    expect(periodRange("this_week", today)).toEqual({ from: "2025-12-29", to: "2026-01-04" });
    expect(periodRange("last_week", today)).toEqual({ from: "2025-12-22", to: "2025-12-28" });
    expect(periodRange("this_month", today)).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(periodRange("last_month", today)).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(periodRange("this_quarter", today)).toEqual({ from: "2026-01-01", to: "2026-03-31" });
    expect(periodRange("last_quarter", today)).toEqual({ from: "2025-10-01", to: "2025-12-31" });
    expect(periodRange("this_year", today)).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    expect(periodRange("last_year", today)).toEqual({ from: "2025-01-01", to: "2025-12-31" });
  });

  it("knows February in leap years and the quarters' last days", () => {
    expect(periodRange("last_month", "2024-03-31")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(periodRange("this_quarter", "2026-05-15")).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(periodRange("this_quarter", "2026-09-30")).toEqual({ from: "2026-07-01", to: "2026-09-30" });
    expect(periodRange("this_quarter", "2026-12-31")).toEqual({ from: "2026-10-01", to: "2026-12-31" });
  });
});

describe("reportRange", () => {
  it("takes a named period over dates, swaps reversed dates and completes a single one", () => {
    expect(reportRange({ period: "this_year", from: "2026-02-01", to: "2026-02-10" }, "2026-05-05")).toEqual({
      from: "2026-01-01",
      to: "2026-12-31",
      period: "this_year",
    });
    expect(reportRange({ from: "2026-02-01", to: "2026-02-10" }, "2026-05-05")).toEqual({
      from: "2026-02-01",
      to: "2026-02-10",
    });
    expect(reportRange({ from: "2026-03-10", to: "2026-03-01" }, "2026-05-05")).toEqual({
      from: "2026-03-01",
      to: "2026-03-10",
    });
    expect(reportRange({ to: "2026-03-10" }, "2026-05-05")).toEqual({ from: "2026-03-10", to: "2026-03-10" });
  });

  it("is this month by default, and never longer than ten years", () => {
    expect(reportRange({}, "2026-05-05")).toEqual({ from: "2026-05-01", to: "2026-05-31", period: "this_month" });
    const long = reportRange({ from: "1900-01-01", to: "9999-12-31" }, "2026-05-05");
    expect(long.from).toBe("1900-01-01");
    expect(long.to).toBe("1910-01-08");
    expect((Date.parse(long.to) - Date.parse(long.from)) / 86_400_000 + 1).toBe(MAX_REPORT_DAYS);
    // Found by the list fuzz: a single date at the calendar's end gave a range to "10010-01-06".
    expect(reportRange({ to: "9999-12-31" }, "2026-05-05")).toEqual({ from: "9999-12-31", to: "9999-12-31" });
    expect(reportRange({ from: "9999-01-01", to: "9999-12-31" }, "2026-05-05")).toEqual({
      from: "9999-01-01",
      to: "9999-12-31",
    });
  });
});

describe("the money report's chart", () => {
  it("cuts the months to the range, across a year's end", () => {
    expect(monthsOfRange({ from: "2025-11-15", to: "2026-01-10" })).toEqual([
      { key: "2025-11", from: "2025-11-15", to: "2025-11-30" },
      { key: "2025-12", from: "2025-12-01", to: "2025-12-31" },
      { key: "2026-01", from: "2026-01-01", to: "2026-01-10" },
    ]);
    expect(monthsOfRange({ from: "2024-02-01", to: "2024-02-29" })).toEqual([
      { key: "2024-02", from: "2024-02-01", to: "2024-02-29" },
    ]);
  });

  it("gives every month per currency, zeros included, never summing currencies", () => {
    const rows = [
      { key: "2026-01", currency: "EUR", total: 12_000, received: 5_000 },
      { key: "2026-03", currency: "EUR", total: -2_400, received: 0 },
      { key: "2026-01", currency: "USD", total: 700, received: 700 },
    ];
    const charts = moneyChartMonths(rows, { from: "2026-01-01", to: "2026-03-31" });
    expect(charts.map((chart) => chart.currency)).toEqual(["EUR", "USD"]);
    expect(charts[0]!.months.map((month) => [month.key, month.invoiced, month.received])).toEqual([
      ["2026-01", 12_000, 5_000],
      ["2026-02", 0, 0],
      ["2026-03", -2_400, 0],
    ]);
    expect(charts[1]!.months.map((month) => month.invoiced)).toEqual([700, 0, 0]);
  });

  it("draws no chart beyond CHART_MAX_MONTHS months", () => {
    const rows = [{ key: "2020-01", currency: "EUR", total: 1, received: 1 }];
    expect(moneyChartMonths(rows, { from: "2020-01-01", to: "2021-12-31" })).toHaveLength(1);
    expect(CHART_MAX_MONTHS).toBe(24);
    expect(moneyChartMonths(rows, { from: "2020-01-01", to: "2022-01-01" })).toEqual([]);
  });
});

describe("ageing buckets", () => {
  const asOf = "2026-03-31";
  const bucketDue = (dueDate: string) => ageingBucket(daysPastDue(dueDate, asOf));

  it("counts whole days past the due date", () => {
    expect(daysPastDue("2026-03-31", asOf)).toBe(0);
    expect(daysPastDue("2026-03-30", asOf)).toBe(1);
    expect(daysPastDue("2026-04-05", asOf)).toBe(-5);
    expect(daysPastDue("2025-12-31", asOf)).toBe(90);
    // Over the spring's daylight-saving change (29 March in Europe): still whole days.
    expect(daysPastDue("2026-03-28", "2026-03-30")).toBe(2);
  });

  it("puts an invoice due today or later in current, the next day in 1–30", () => {
    expect(bucketDue("2026-04-30")).toBe("current");
    expect(bucketDue("2026-03-31")).toBe("current");
    expect(bucketDue("2026-03-30")).toBe("days1to30");
  });

  it("keeps each bucket's last day in it and moves the next day on", () => {
    expect(ageingBucket(1)).toBe("days1to30");
    expect(ageingBucket(30)).toBe("days1to30");
    expect(ageingBucket(31)).toBe("days31to60");
    expect(ageingBucket(60)).toBe("days31to60");
    expect(ageingBucket(61)).toBe("days61to90");
    expect(ageingBucket(90)).toBe("days61to90");
    expect(ageingBucket(91)).toBe("over90");
    expect(ageingBucket(4000)).toBe("over90");
    expect(ageingBucket(-400)).toBe("current");
  });

  it("folds balances into a row per client and currency, and totals per currency only", () => {
    const { rows, totals } = ageingRowsOf([
      { clientId: "b", clientName: "Beta", currency: "EUR", bucket: "current", balance: 100, invoices: 1 },
      { clientId: "b", clientName: "Beta", currency: "EUR", bucket: "over90", balance: 50, invoices: 2 },
      { clientId: "b", clientName: "Beta", currency: "USD", bucket: "days1to30", balance: 7, invoices: 1 },
      { clientId: "a", clientName: "Alpha", currency: "EUR", bucket: "days61to90", balance: 3, invoices: 1 },
    ]);
    expect(rows.map((row) => `${row.clientName} ${row.currency} ${row.total} ${row.invoices}`)).toEqual([
      "Alpha EUR 3 1",
      "Beta EUR 150 3",
      "Beta USD 7 1",
    ]);
    expect(rows[1]).toMatchObject({ current: 100, days1to30: 0, over90: 50 });
    expect(totals).toEqual([
      {
        currency: "EUR",
        current: 100,
        days1to30: 0,
        days31to60: 0,
        days61to90: 3,
        over90: 50,
        total: 153,
        invoices: 4,
      },
      { currency: "USD", current: 0, days1to30: 7, days31to60: 0, days61to90: 0, over90: 0, total: 7, invoices: 1 },
    ]);
  });
});

describe("capacity over a period", () => {
  it("counts Monday to Friday, both ends included", () => {
    expect(workingDays({ from: "2026-03-02", to: "2026-03-08" })).toBe(5); // a whole week
    expect(workingDays({ from: "2026-03-07", to: "2026-03-08" })).toBe(0); // a weekend
    expect(workingDays({ from: "2026-03-06", to: "2026-03-09" })).toBe(2); // Friday to Monday
    expect(workingDays({ from: "2026-03-04", to: "2026-03-04" })).toBe(1);
    expect(workingDays({ from: "2026-03-01", to: "2026-03-31" })).toBe(22);
    expect(workingDays({ from: "2026-02-01", to: "2026-02-28" })).toBe(20);
    expect(workingDays({ from: "2026-01-01", to: "2026-12-31" })).toBe(261);
    expect(workingDays({ from: "2026-03-09", to: "2026-03-08" })).toBe(0);
  });

  it("spreads the week over five days and multiplies by the working days, to the minute", () => {
    const week = { from: "2026-03-02", to: "2026-03-08" };
    expect(capacityMinutes(35 * 60, week)).toBe(35 * 60);
    expect(capacityMinutes(40 * 60, { from: "2026-03-01", to: "2026-03-31" })).toBe(22 * 8 * 60);
    expect(capacityMinutes(35 * 60, { from: "2026-03-01", to: "2026-03-31" })).toBe(154 * 60);
    // 37:37 a week is 451.4 min a day: three days are 1354.2, rounded to 1354.
    expect(capacityMinutes(2257, { from: "2026-03-02", to: "2026-03-04" })).toBe(1354);
    // 37:38 a week: 451.6 a day, three days 1354.8, rounded to 1355.
    expect(capacityMinutes(2258, { from: "2026-03-02", to: "2026-03-04" })).toBe(1355);
    expect(capacityMinutes(35 * 60, { from: "2026-03-07", to: "2026-03-08" })).toBe(0);
  });

  it("gives billable over capacity as a whole percentage, none without capacity", () => {
    expect(utilisationPercent(0, 2100)).toBe(0);
    expect(utilisationPercent(1050, 2100)).toBe(50);
    expect(utilisationPercent(2520, 2100)).toBe(120);
    expect(utilisationPercent(1, 200)).toBe(1); // 0.5 % rounds half up
    expect(utilisationPercent(100, 0)).toBeNull();
  });
});

describe("project profitability", () => {
  const part = (over: Partial<ProfitPart>): ProfitPart => ({
    projectId: "p1",
    projectName: "Audit",
    clientId: "c1",
    clientName: "Acme",
    currency: "EUR",
    userId: "u1",
    userName: "Ada",
    costRate: 4000,
    minutes: 60,
    billableMinutes: 60,
    invoiced: 0,
    uninvoiced: 0,
    estimated: 0,
    ...over,
  });

  it("costs minutes at the hourly rate, half up on the minor unit", () => {
    expect(costOf(60, 4000)).toBe(4000);
    expect(costOf(1, 3000)).toBe(50); // 50.0
    expect(costOf(1, 3030)).toBe(51); // 50.5 → 51
    expect(costOf(1, 3029)).toBe(50); // 50.48…
    expect(costOf(7, 1)).toBe(0); // 0.1166…
    expect(costOf(30, 1)).toBe(1); // 0.5 → 1
    expect(costOf(0, 5000)).toBe(0);
    expect(costOf(90, null)).toBeNull();
    // Large figures stay exact (integer arithmetic, no float).
    expect(costOf(6_000_000, 2_000_000_000)).toBe(200_000_000_000_000);
  });

  it("rounds the margin percentage half up (away from zero) and has none without revenue", () => {
    expect(marginPercent(10000, 7500)).toBe(25);
    expect(marginPercent(200, 199)).toBe(1); // 0.5 % → 1
    expect(marginPercent(200, 201)).toBe(-1); // −0.5 % → −1
    expect(marginPercent(300, 200)).toBe(33); // 33.33…
    expect(marginPercent(300, 100)).toBe(67); // 66.66…
    expect(marginPercent(100, 300)).toBe(-200);
    expect(marginPercent(0, 100)).toBeNull();
    expect(marginPercent(-100, 0)).toBeNull();
  });

  it("adds revenue from its three parts and takes the cost off", () => {
    const figures = personFigures(part({ minutes: 90, invoiced: 10000, uninvoiced: 2000, estimated: 500 }));
    expect(figures.revenue).toBe(12500);
    expect(figures.cost).toBe(6000);
    expect(figures.margin).toBe(6500);
    expect(figures.marginPercent).toBe(52);
    expect(figures.complete).toBe(true);
  });

  it("counts billable expenses as revenue at their billed price and every expense as cost", () => {
    const figures = personFigures(part({ minutes: 60, invoiced: 10000, expenseRevenue: 2300, expenseCost: 2000 }));
    expect(figures).toMatchObject({
      revenue: 12300,
      cost: 6000,
      margin: 6300,
      expenseRevenue: 2300,
      expenseCost: 2000,
    });
    // Someone with expenses and no time: a part of their own, margin complete.
    const { rows } = profitRowsOf([part({ minutes: 0, billableMinutes: 0, costRate: null, expenseCost: 500 })]);
    expect(rows[0]).toMatchObject({ revenue: 0, cost: 500, margin: -500, marginPercent: null, complete: true });
  });

  it("adds a project's other invoice lines as revenue of no person, and the drill-down still adds up", () => {
    const { rows, totals } = profitRowsOf(
      [part({ userId: "u1", userName: "Ada", minutes: 60, invoiced: 10000 })],
      [
        { projectId: "p1", projectName: "Design", clientId: "c1", clientName: "Acme", currency: "EUR", net: 50000 },
        { projectId: "p1", projectName: "Design", clientId: "c1", clientName: "Acme", currency: "EUR", net: -20000 },
        { projectId: "p9", projectName: "Fixed", clientId: "c1", clientName: "Acme", currency: "EUR", net: 700 },
      ],
    );
    const design = rows.find((row) => row.projectId === "p1")!;
    expect(design.otherLines).toMatchObject({ lineRevenue: 30000, revenue: 30000, cost: 0, margin: 30000, minutes: 0 });
    expect(design).toMatchObject({ invoiced: 10000, lineRevenue: 30000, revenue: 40000, cost: 4000, margin: 36000 });
    expect(design.people.reduce((sum, person) => sum + person.revenue, 0) + design.otherLines!.revenue).toBe(
      design.revenue,
    );
    // A project with lines and no time in the period still has its row, with no people.
    expect(rows.find((row) => row.projectId === "p9")).toMatchObject({ people: [], revenue: 700, marginPercent: 100 });
    expect(totals).toEqual([expect.objectContaining({ currency: "EUR", lineRevenue: 30700, revenue: 40700 })]);
  });

  it("marks a margin incomplete when someone has no cost rate, never costing their time at 0 silently", () => {
    const { rows, totals } = profitRowsOf([
      part({ userId: "u1", userName: "Ada", minutes: 60, invoiced: 10000 }),
      part({ userId: "u2", userName: "Bob", costRate: null, minutes: 30, uninvoiced: 5000 }),
    ]);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.people.map((person) => [person.name, person.cost, person.uncostedMinutes, person.complete])).toEqual([
      ["Ada", 4000, 0, true],
      ["Bob", 0, 30, false],
    ]);
    expect(row).toMatchObject({ revenue: 15000, cost: 4000, uncostedMinutes: 30, margin: 11000, complete: false });
    expect(totals).toEqual([expect.objectContaining({ currency: "EUR", complete: false, uncostedMinutes: 30 })]);
  });

  it("rounds each person's cost on a project once, and the project adds its people's costs", () => {
    // 1 minute at 30.30/h = 0.505 → 0.51 each; the project is 1.02, not round(2 min × 30.30/h) = 1.01.
    const { rows } = profitRowsOf([
      part({ userId: "u1", userName: "Ada", costRate: 3030, minutes: 1 }),
      part({ userId: "u2", userName: "Bob", costRate: 3030, minutes: 1 }),
    ]);
    expect(rows[0]!.cost).toBe(102);
    expect(rows[0]!.people.map((person) => person.cost)).toEqual([51, 51]);
  });

  it("keeps currencies apart and orders projects under their client", () => {
    const { rows, totals } = profitRowsOf([
      part({
        projectId: "p2",
        projectName: "Zeta",
        clientId: "c2",
        clientName: "Beta",
        currency: "USD",
        invoiced: 300,
      }),
      part({
        projectId: "p3",
        projectName: "Alpha",
        clientId: "c2",
        clientName: "Beta",
        currency: "USD",
        invoiced: 200,
      }),
      part({ projectId: "p1", projectName: "Audit", invoiced: 100 }),
    ]);
    expect(rows.map((row) => `${row.clientName}/${row.projectName}`)).toEqual([
      "Acme/Audit",
      "Beta/Alpha",
      "Beta/Zeta",
    ]);
    expect(totals.map((total) => [total.currency, total.revenue, total.cost])).toEqual([
      ["EUR", 100, 4000],
      ["USD", 500, 8000],
    ]);
    expect(totals[0]!.margin).toBe(-3900);
  });
});

describe("planTimeFacts", () => {
  it("takes the rest of the last month off its whole month when the period holds most of it", () => {
    // The bench's "last 365 days": 4 days of November 2025 from the entries, 26 of November 2026 as
    // the whole month less its 4 later days.
    expect(planTimeFacts({ from: "2025-11-27", to: "2026-11-26" })).toEqual({
      months: { first: "2025-12-01", last: "2026-11-01" },
      add: [{ from: "2025-11-27", to: "2025-11-30" }],
      subtract: [{ from: "2026-11-27", to: "2026-11-30" }],
    });
  });

  it("takes the start of the first month off its whole month when the period holds most of it", () => {
    expect(planTimeFacts({ from: "2026-01-03", to: "2026-02-07" })).toEqual({
      months: { first: "2026-01-01", last: "2026-01-01" },
      add: [{ from: "2026-02-01", to: "2026-02-07" }],
      subtract: [{ from: "2026-01-01", to: "2026-01-02" }],
    });
    // Exactly half of a 30-day month: read from the entries (no fewer days the other way).
    expect(planTimeFacts({ from: "2026-05-01", to: "2026-06-15" }).add).toEqual([
      { from: "2026-06-01", to: "2026-06-15" },
    ]);
  });

  it("reads a month to date as the whole month less its later days", () => {
    expect(planTimeFacts({ from: "2026-11-01", to: "2026-11-26" })).toEqual({
      months: { first: "2026-11-01", last: "2026-11-01" },
      add: [],
      subtract: [{ from: "2026-11-27", to: "2026-11-30" }],
    });
    expect(planTimeFacts({ from: "2026-03-02", to: "2026-03-31" })).toEqual({
      months: { first: "2026-03-01", last: "2026-03-01" },
      add: [],
      subtract: [{ from: "2026-03-01", to: "2026-03-01" }],
    });
  });

  it("changes nothing for whole months, short runs, or days inside a month", () => {
    expect(planTimeFacts({ from: "2024-01-01", to: "2024-02-29" })).toEqual({
      months: { first: "2024-01-01", last: "2024-02-01" },
      add: [],
      subtract: [],
    });
    expect(planTimeFacts({ from: "2026-03-10", to: "2026-03-30" })).toEqual({
      months: null,
      add: [{ from: "2026-03-10", to: "2026-03-30" }],
      subtract: [],
    });
    expect(planTimeFacts({ from: "2026-03-25", to: "2026-04-05" })).toEqual({
      months: null,
      add: [
        { from: "2026-03-25", to: "2026-03-31" },
        { from: "2026-04-01", to: "2026-04-05" },
      ],
      subtract: [],
    });
  });

  it("works to the calendar's last day", () => {
    expect(planTimeFacts({ from: "9999-10-01", to: "9999-12-30" })).toEqual({
      months: { first: "9999-10-01", last: "9999-12-01" },
      add: [],
      subtract: [{ from: "9999-12-31", to: "9999-12-31" }],
    });
  });
});

describe("splitByWholeMonths", () => {
  it("works to the calendar's last day, 9999-12-31, with no date of year 10000", () => {
    // Found by the list fuzz: /bo/reports?to=9999-12-31 failed with a RangeError.
    expect(splitByWholeMonths({ from: "2026-11-26", to: "9999-12-31" })).toEqual({
      months: { first: "2026-12-01", last: "9999-12-01" },
      days: [{ from: "2026-11-26", to: "2026-11-30" }],
    });
    expect(splitByWholeMonths({ from: "9999-12-15", to: "9999-12-31" })).toEqual({
      months: null,
      days: [{ from: "9999-12-15", to: "9999-12-31" }],
    });
    expect(monthsOfRange({ from: "9999-11-15", to: "9999-12-31" }).map((month) => month.to)).toEqual([
      "9999-11-30",
      "9999-12-31",
    ]);
  });

  it("reads whole months from the summary and the days at each end from the entries", () => {
    expect(splitByWholeMonths({ from: "2025-11-26", to: "2026-11-25" })).toEqual({
      months: { first: "2025-12-01", last: "2026-10-01" },
      days: [
        { from: "2025-11-26", to: "2025-11-30" },
        { from: "2026-11-01", to: "2026-11-25" },
      ],
    });
  });

  it("needs no day when the period is whole months, including a February of a leap year", () => {
    expect(splitByWholeMonths({ from: "2024-01-01", to: "2024-02-29" })).toEqual({
      months: { first: "2024-01-01", last: "2024-02-01" },
      days: [],
    });
  });

  it("reads every day from the entries when no month is whole", () => {
    expect(splitByWholeMonths({ from: "2026-03-02", to: "2026-03-31" })).toEqual({
      months: null,
      days: [{ from: "2026-03-02", to: "2026-03-31" }],
    });
    expect(splitByWholeMonths({ from: "2026-03-15", to: "2026-04-14" })).toEqual({
      months: null,
      days: [{ from: "2026-03-15", to: "2026-04-14" }],
    });
  });

  it("cuts at the turn of a year", () => {
    expect(splitByWholeMonths({ from: "2025-12-31", to: "2026-02-01" })).toEqual({
      months: { first: "2026-01-01", last: "2026-01-01" },
      days: [
        { from: "2025-12-31", to: "2025-12-31" },
        { from: "2026-02-01", to: "2026-02-01" },
      ],
    });
  });
});
