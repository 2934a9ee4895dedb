// Pure rules of the reports: the periods a report covers, in the firm's calendar ("today" is the
// firm's timezone's day, a week starts on Monday, a quarter is three calendar months). No database,
// no React: unit-tested in report-rules.test.ts.
import {
  addDaysToDate,
  type DateString,
  differenceInDays,
  isoDayOfWeek,
  isoWeekMonday,
  isValidDateString,
} from "@/lib/dates";
import { roundHalfUp } from "@/lib/money";
import { monthOf } from "@/modules/dashboard/dashboard-rules";

export const REPORT_PERIODS = [
  "this_week",
  "last_week",
  "this_month",
  "last_month",
  "this_quarter",
  "last_quarter",
  "this_year",
  "last_year",
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  this_week: "This week",
  last_week: "Last week",
  this_month: "This month",
  last_month: "Last month",
  this_quarter: "This quarter",
  last_quarter: "Last quarter",
  this_year: "This year",
  last_year: "Last year",
};

export type DateRange = { from: DateString; to: DateString };

function yearOf(date: DateString): number {
  return Number(date.slice(0, 4));
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** The quarter containing `date`: its first and last days. */
function quarterOf(date: DateString): DateRange {
  const year = yearOf(date);
  const firstMonth = Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1;
  const from = `${pad(year, 4)}-${pad(firstMonth)}-01`;
  return { from, to: monthOf(`${pad(year, 4)}-${pad(firstMonth + 2)}-01`).to };
}

/** The last day a date here can be. */
const LAST_DATE = "9999-12-31";

/**
 * Compares texts as `a.localeCompare(b)` does (the process's default locale), with one collator
 * built once: the reports sort a thousand rows or more, and localeCompare looks its collator up on
 * every call (a millisecond of a profitability view of a year on the large data set).
 */
const compareText = new Intl.Collator().compare;

/**
 * A period cut where the summary of whole months can answer (decision 063): the first and last of
 * the whole calendar months inside it (null when none is whole), and the days outside them, at
 * most one run at each end, which the reports read from the entries themselves.
 */
export function splitByWholeMonths(range: DateRange): {
  months: { first: DateString; last: DateString } | null;
  days: DateRange[];
} {
  const fromMonth = monthOf(range.from);
  // A range starting inside the calendar's last month has no whole month after it.
  const firstWhole =
    range.from === fromMonth.from ? range.from : fromMonth.to === LAST_DATE ? null : addDaysToDate(fromMonth.to, 1);
  const lastWholeEnd = monthOf(range.to).to === range.to ? range.to : addDaysToDate(monthOf(range.to).from, -1);
  if (firstWhole === null || firstWhole > lastWholeEnd) return { months: null, days: [range] };
  const days: DateRange[] = [];
  if (range.from < firstWhole) days.push({ from: range.from, to: addDaysToDate(firstWhole, -1) });
  if (lastWholeEnd < range.to) days.push({ from: addDaysToDate(lastWholeEnd, 1), to: range.to });
  return { months: { first: firstWhole, last: monthOf(lastWholeEnd).from }, days };
}

/**
 * How the reports read a period's time (decisions 063 and 070): whole months from the summary,
 * and the days at its ends from the entries. A run of days that is most of its month is read as
 * the whole month less its other days, which are fewer to add up: "the last 365 days" ends today,
 * and the rest of today's month usually holds no time yet. `add` are the runs added from the
 * entries, `subtract` the runs taken away from a month the summary gives whole.
 */
export function planTimeFacts(range: DateRange): {
  months: { first: DateString; last: DateString } | null;
  add: DateRange[];
  subtract: DateRange[];
} {
  const { months, days } = splitByWholeMonths(range);
  const fromMonth = monthOf(range.from);
  const toMonth = monthOf(range.to);
  // No whole month between two months: a run at the end of the first, one at the start of the second.
  const runs =
    months === null && fromMonth.from !== toMonth.from
      ? [
          { from: range.from, to: fromMonth.to },
          { from: toMonth.from, to: range.to },
        ]
      : days;
  let first = months?.first ?? null;
  let last = months?.last ?? null;
  const add: DateRange[] = [];
  const subtract: DateRange[] = [];
  for (const run of runs) {
    const month = monthOf(run.from);
    const inside = differenceInDays(run.to, run.from) + 1;
    const outside = differenceInDays(month.to, month.from) + 1 - inside;
    // A run inside a month, touching neither of its ends, would leave two runs off: read it as it is.
    const prefix = run.from === month.from;
    const suffix = run.to === month.to;
    if (outside >= inside || (!prefix && !suffix)) {
      add.push(run);
      continue;
    }
    subtract.push(
      prefix ? { from: addDaysToDate(run.to, 1), to: month.to } : { from: month.from, to: addDaysToDate(run.from, -1) },
    );
    if (first === null || month.from < first) first = month.from;
    if (last === null || month.from > last) last = month.from;
  }
  return { months: first === null || last === null ? null : { first, last }, add, subtract };
}

/** The days a named period covers, seen from `today` (both ends included). */
export function periodRange(period: ReportPeriod, today: DateString): DateRange {
  if (!isValidDateString(today)) throw new RangeError(`Expected a date written YYYY-MM-DD (got "${today}").`);
  switch (period) {
    case "this_week": {
      const monday = isoWeekMonday(today);
      return { from: monday, to: addDaysToDate(monday, 6) };
    }
    case "last_week": {
      const monday = addDaysToDate(isoWeekMonday(today), -7);
      return { from: monday, to: addDaysToDate(monday, 6) };
    }
    case "this_month": {
      const month = monthOf(today);
      return { from: month.from, to: month.to };
    }
    case "last_month": {
      const month = monthOf(addDaysToDate(monthOf(today).from, -1));
      return { from: month.from, to: month.to };
    }
    case "this_quarter":
      return quarterOf(today);
    case "last_quarter":
      return quarterOf(addDaysToDate(quarterOf(today).from, -1));
    case "this_year":
      return { from: `${pad(yearOf(today), 4)}-01-01`, to: `${pad(yearOf(today), 4)}-12-31` };
    case "last_year":
      return { from: `${pad(yearOf(today) - 1, 4)}-01-01`, to: `${pad(yearOf(today) - 1, 4)}-12-31` };
  }
}

/** The longest range a report reads: ten years (a firm's whole history fits; a typo of 20260 does not run). */
export const MAX_REPORT_DAYS = 3660;

/**
 * The range a report covers: the named period when one is chosen, else `from`/`to` (swapped when
 * reversed, one alone a single day, cut to ten years), else this month.
 */
export function reportRange(
  { period, from, to }: { period?: ReportPeriod; from?: DateString; to?: DateString },
  today: DateString,
): DateRange & { period?: ReportPeriod } {
  if (!period && (from || to)) {
    let start = from ?? to!;
    let end = to ?? from!;
    if (start > end) [start, end] = [end, start];
    // Cut to the longest range by counting days, not by comparing with start + the most days: from a
    // start near 9999-12-31 that sum is a date of year 10010, which no date here can be.
    if (differenceInDays(end, start) >= MAX_REPORT_DAYS) end = addDaysToDate(start, MAX_REPORT_DAYS - 1);
    return { from: start, to: end };
  }
  const chosen = period ?? "this_month";
  return { ...periodRange(chosen, today), period: chosen };
}

/** The most months a report draws as a chart; a longer range shows its table alone. */
export const CHART_MAX_MONTHS = 24;

/**
 * The calendar months a range touches, oldest first, each cut to the range (a range from 15 March
 * gives March as 15–31 March), so a month's figures and its links cover the days the report read.
 */
export function monthsOfRange(range: DateRange): { key: string; from: DateString; to: DateString }[] {
  const months: { key: string; from: DateString; to: DateString }[] = [];
  let month = monthOf(range.from);
  for (;;) {
    months.push({
      key: month.key,
      from: month.from < range.from ? range.from : month.from,
      to: month.to > range.to ? range.to : month.to,
    });
    if (month.to >= range.to) return months;
    month = monthOf(addDaysToDate(month.to, 1));
  }
}

/** One month of the money report's chart in one currency: invoiced VAT included, and received. */
export type MoneyChartMonth = { key: string; from: DateString; to: DateString; invoiced: number; received: number };

/**
 * The money report's month rows as charts, one per currency (never summed across), every month of
 * the range present (0 when nothing happened), invoiced being the total VAT included (what the
 * client is asked to pay, so it compares with what was received). None beyond CHART_MAX_MONTHS.
 */
export function moneyChartMonths(
  rows: readonly { key: string; currency: string; total: number; received: number }[],
  range: DateRange,
): { currency: string; months: MoneyChartMonth[] }[] {
  const months = monthsOfRange(range);
  if (months.length > CHART_MAX_MONTHS) return [];
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  return currencies.map((currency) => ({
    currency,
    months: months.map((month) => {
      const row = rows.find((candidate) => candidate.currency === currency && candidate.key === month.key);
      return { ...month, invoiced: row?.total ?? 0, received: row?.received ?? 0 };
    }),
  }));
}

/** The rows of the page asked for: a report's groups are all read (its totals need them), one page shown. */
export function pageOf<Row>(rows: readonly Row[], { page, size }: { page: number; size: number }): Row[] {
  return rows.slice((page - 1) * size, page * size);
}

// ---- Receivables ageing -------------------------------------------------------------------

/**
 * The ageing buckets by days past due as of a date: not yet due (due that day or later), then
 * 1–30, 31–60, 61–90 and more than 90 days past due. `upTo` is the last day a bucket holds.
 */
export const AGEING_BUCKETS = [
  { key: "current", label: "Current", upTo: 0 },
  { key: "days1to30", label: "1–30 days", upTo: 30 },
  { key: "days31to60", label: "31–60 days", upTo: 60 },
  { key: "days61to90", label: "61–90 days", upTo: 90 },
  { key: "over90", label: "Over 90 days", upTo: null },
] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number]["key"];

/** Whole days an invoice due on `dueDate` is past due on `asOf` (0 or less: not yet due). */
export function daysPastDue(dueDate: DateString, asOf: DateString): number {
  return differenceInDays(asOf, dueDate);
}

/** The bucket of an invoice so many days past due. */
export function ageingBucket(days: number): AgeingBucket {
  for (const bucket of AGEING_BUCKETS) if (bucket.upTo === null || days <= bucket.upTo) return bucket.key;
  return "over90";
}

export type AgeingAmounts = Record<AgeingBucket, number> & { total: number; invoices: number };

export function emptyAgeingAmounts(): AgeingAmounts {
  return { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0, invoices: 0 };
}

/** One client's open balances in one currency, by bucket. */
export type AgeingRow = AgeingAmounts & { clientId: string; clientName: string; currency: string };
export type AgeingTotal = AgeingAmounts & { currency: string };

/**
 * Open balances (client, currency, bucket, amount, count) folded into one row per client and
 * currency, ordered by client name, and a total per currency: never added across currencies.
 */
export function ageingRowsOf(
  parts: readonly {
    clientId: string;
    clientName: string;
    currency: string;
    bucket: AgeingBucket;
    balance: number;
    invoices: number;
  }[],
): { rows: AgeingRow[]; totals: AgeingTotal[] } {
  const rows = new Map<string, AgeingRow>();
  const totals = new Map<string, AgeingTotal>();
  for (const part of parts) {
    const id = `${part.clientId}\u0000${part.currency}`;
    let row = rows.get(id);
    if (!row) {
      row = { clientId: part.clientId, clientName: part.clientName, currency: part.currency, ...emptyAgeingAmounts() };
      rows.set(id, row);
    }
    let total = totals.get(part.currency);
    if (!total) {
      total = { currency: part.currency, ...emptyAgeingAmounts() };
      totals.set(part.currency, total);
    }
    for (const target of [row, total]) {
      target[part.bucket] += part.balance;
      target.total += part.balance;
      target.invoices += part.invoices;
    }
  }
  return {
    rows: [...rows.values()].sort(
      (a, b) =>
        compareText(a.clientName, b.clientName) ||
        compareText(a.clientId, b.clientId) ||
        compareText(a.currency, b.currency),
    ),
    totals: [...totals.values()].sort((a, b) => compareText(a.currency, b.currency)),
  };
}

// ---- Utilisation --------------------------------------------------------------------------

/** A working week: Monday to Friday (no public holidays: the firm has no calendar of them). */
export const WORKING_DAYS_A_WEEK = 5;

/** Monday-to-Friday days of a range, both ends included. */
export function workingDays(range: DateRange): number {
  const days = differenceInDays(range.to, range.from) + 1;
  if (days <= 0) return 0;
  const fullWeeks = Math.floor(days / 7);
  let count = fullWeeks * WORKING_DAYS_A_WEEK;
  for (let offset = fullWeeks * 7; offset < days; offset++)
    if (isoDayOfWeek(addDaysToDate(range.from, offset)) <= WORKING_DAYS_A_WEEK) count++;
  return count;
}

/**
 * A person's capacity over a range: their week spread evenly over its five working days, times
 * the working days of the range, rounded half up to the minute (a week of 37.5 h is 450 min a
 * day; a month of 22 working days at 35 h is 154 h).
 */
export function capacityMinutes(weeklyMinutes: number, range: DateRange): number {
  return Math.round((weeklyMinutes * workingDays(range)) / WORKING_DAYS_A_WEEK);
}

/** Billable minutes over capacity, as a whole percentage (half up); null with no capacity. */
export function utilisationPercent(billableMinutes: number, capacity: number): number | null {
  if (capacity <= 0) return null;
  return Math.round((billableMinutes * 100) / capacity);
}

// ---- Project profitability ----------------------------------------------------------------

/**
 * What minutes of a person cost at their hourly cost rate (minor units), rounded half up on the
 * minor unit once per person and project (not per entry); null when the person has no cost rate.
 */
export function costOf(minutes: number, costRate: number | null): number | null {
  if (costRate === null) return null;
  return Number(roundHalfUp(BigInt(minutes) * BigInt(costRate), 60n));
}

/** Margin as a whole percentage of revenue (half up, away from zero); null when there is no revenue. */
export function marginPercent(revenue: number, cost: number): number | null {
  if (revenue <= 0) return null;
  return Number(roundHalfUp(BigInt(revenue - cost) * 100n, BigInt(revenue)));
}

/** The money of one project (or one person on it), in the client's currency. */
export type ProfitFigures = {
  minutes: number;
  billableMinutes: number;
  /** Billable time on a line of an issued invoice, at the rate frozen at approval. */
  invoiced: number;
  /** Approved billable time on no issued invoice (or on a draft), at the rate frozen at approval. */
  uninvoiced: number;
  /** Billable time of weeks not yet approved, at the rate approval would freeze (an estimate). */
  estimated: number;
  /** Approved billable expenses at the price they are billed at (net plus markup, decision 065). */
  expenseRevenue: number;
  /**
   * The net of the other invoice lines linked to the project (decision 068): on issued invoices
   * and credit notes (which subtract) dated in the period; none of a person's.
   */
  lineRevenue: number;
  /** Approved expenses (net, VAT excluded): what the firm spent on the project. */
  expenseCost: number;
  /** Time, billable expenses and the other invoice lines linked to the project. */
  revenue: number;
  /** The cost of the time of people with a cost rate, and the expenses. */
  cost: number;
  /** Minutes logged by people without a cost rate: their cost is unknown, not 0. */
  uncostedMinutes: number;
  margin: number;
  marginPercent: number | null;
  /** False when some time has no cost rate: the margin is then an upper bound. */
  complete: boolean;
};

export type ProfitPart = {
  projectId: string;
  projectName: string;
  clientId: string;
  clientName: string;
  currency: string;
  userId: string;
  userName: string;
  costRate: number | null;
  minutes: number;
  billableMinutes: number;
  invoiced: number;
  uninvoiced: number;
  estimated: number;
  /** The person's approved expenses on the project in the period, in its currency (0 when none). */
  expenseRevenue?: number;
  expenseCost?: number;
};

/** The net of a project's other invoice lines in the period (decision 068), in its client's currency. */
export type ProfitLinesPart = Pick<ProfitPart, "projectId" | "projectName" | "clientId" | "clientName" | "currency"> & {
  net: number;
};

export type ProfitPerson = ProfitFigures & { userId: string; name: string; costRate: number | null };
export type ProfitRow = ProfitFigures & {
  projectId: string;
  projectName: string;
  clientId: string;
  clientName: string;
  currency: string;
  people: ProfitPerson[];
  /** The other invoice lines linked to the project, when it has some in the period: revenue only. */
  otherLines: ProfitFigures | null;
};
export type ProfitTotal = ProfitFigures & { currency: string };

function emptyFigures(): ProfitFigures {
  return {
    minutes: 0,
    billableMinutes: 0,
    invoiced: 0,
    uninvoiced: 0,
    estimated: 0,
    expenseRevenue: 0,
    lineRevenue: 0,
    expenseCost: 0,
    revenue: 0,
    cost: 0,
    uncostedMinutes: 0,
    margin: 0,
    marginPercent: null,
    complete: true,
  };
}

function addFigures(target: ProfitFigures, part: ProfitFigures): void {
  target.minutes += part.minutes;
  target.billableMinutes += part.billableMinutes;
  target.invoiced += part.invoiced;
  target.uninvoiced += part.uninvoiced;
  target.estimated += part.estimated;
  target.expenseRevenue += part.expenseRevenue;
  target.lineRevenue += part.lineRevenue;
  target.expenseCost += part.expenseCost;
  target.revenue += part.revenue;
  target.cost += part.cost;
  target.uncostedMinutes += part.uncostedMinutes;
  target.margin = target.revenue - target.cost;
  target.marginPercent = marginPercent(target.revenue, target.cost);
  target.complete = target.uncostedMinutes === 0;
}

/**
 * One person's figures on one project: revenue = invoiced + uninvoiced + estimated time + billable
 * expenses at their billed price; cost = time at their cost rate + their expenses.
 */
export function personFigures(part: ProfitPart): ProfitFigures {
  const cost = costOf(part.minutes, part.costRate);
  const expenseRevenue = part.expenseRevenue ?? 0;
  const expenseCost = part.expenseCost ?? 0;
  const revenue = part.invoiced + part.uninvoiced + part.estimated + expenseRevenue;
  const figures = emptyFigures();
  addFigures(figures, {
    ...figures,
    minutes: part.minutes,
    billableMinutes: part.billableMinutes,
    invoiced: part.invoiced,
    uninvoiced: part.uninvoiced,
    estimated: part.estimated,
    expenseRevenue,
    expenseCost,
    revenue,
    cost: (cost ?? 0) + expenseCost,
    uncostedMinutes: cost === null ? part.minutes : 0,
  });
  return figures;
}

/** The figures of a project's other invoice lines: their net is revenue, and the whole margin. */
export function otherLinesFigures(net: number): ProfitFigures {
  const figures = emptyFigures();
  addFigures(figures, { ...figures, lineRevenue: net, revenue: net });
  return figures;
}

/**
 * The (project, person) parts and the projects' other invoice lines folded into one row per
 * project, ordered by client then project, with its people, and a total per currency: a project's
 * figures are its people's and its other lines' added up, so the drill-down always adds up to the
 * row; nothing is added across currencies.
 */
export function profitRowsOf(
  parts: readonly ProfitPart[],
  lineParts: readonly ProfitLinesPart[] = [],
): { rows: ProfitRow[]; totals: ProfitTotal[] } {
  const rows = new Map<string, ProfitRow>();
  const totals = new Map<string, ProfitTotal>();
  const placesOf = (part: ProfitPart | ProfitLinesPart) => {
    let row = rows.get(part.projectId);
    if (!row) {
      row = {
        projectId: part.projectId,
        projectName: part.projectName,
        clientId: part.clientId,
        clientName: part.clientName,
        currency: part.currency,
        people: [],
        otherLines: null,
        ...emptyFigures(),
      };
      rows.set(part.projectId, row);
    }
    let total = totals.get(part.currency);
    if (!total) {
      total = { currency: part.currency, ...emptyFigures() };
      totals.set(part.currency, total);
    }
    return { row, total };
  };
  for (const part of parts) {
    const { row, total } = placesOf(part);
    const figures = personFigures(part);
    row.people.push({ userId: part.userId, name: part.userName, costRate: part.costRate, ...figures });
    addFigures(row, figures);
    addFigures(total, figures);
  }
  for (const part of lineParts) {
    const { row, total } = placesOf(part);
    const figures = otherLinesFigures(part.net);
    if (row.otherLines) addFigures(row.otherLines, figures);
    else row.otherLines = figures;
    addFigures(row, figures);
    addFigures(total, figures);
  }
  for (const row of rows.values())
    row.people.sort((a, b) => compareText(a.name, b.name) || compareText(a.userId, b.userId));
  return {
    rows: [...rows.values()].sort(
      (a, b) =>
        compareText(a.clientName, b.clientName) ||
        compareText(a.clientId, b.clientId) ||
        compareText(a.projectName, b.projectName) ||
        compareText(a.projectId, b.projectId),
    ),
    totals: [...totals.values()].sort((a, b) => compareText(a.currency, b.currency)),
  };
}
