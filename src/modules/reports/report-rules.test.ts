import { describe, expect, it } from "vitest";
import {
  ageingBucket,
  ageingRowsOf,
  capacityMinutes,
  daysPastDue,
  MAX_REPORT_DAYS,
  periodRange,
  reportRange,
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
