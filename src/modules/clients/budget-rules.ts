// Project budgets, the pure part: which period a budget covers now, how much of it is used, and
// which alert thresholds that crosses. No database, no React (decision 045).
import { type DateString, wallClockInZone } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { formatDuration } from "@/modules/timesheets/timesheet-rules";
import { dateTimeFormat } from "@/lib/intl-cache";

export type BudgetPeriod = "total" | "month";
export type BudgetUnit = "hours" | "money";

/** The alert thresholds, in per cent of the budget, lowest first. */
export const BUDGET_THRESHOLDS = [80, 100] as const;
export type BudgetThreshold = (typeof BUDGET_THRESHOLDS)[number];

/** A project's budget as stored: minutes for hours, minor units for money; null: no budget. */
export type ProjectBudget = { unit: BudgetUnit; amount: number; period: BudgetPeriod };

/** The budget a project's columns describe (at most one of the two is set; zero or less is none). */
export function budgetOf(columns: {
  budgetMinutes: number | null;
  budgetAmount: number | null;
  budgetPeriod: BudgetPeriod;
}): ProjectBudget | null {
  if (columns.budgetMinutes !== null && columns.budgetMinutes > 0)
    return { unit: "hours", amount: columns.budgetMinutes, period: columns.budgetPeriod };
  if (columns.budgetAmount !== null && columns.budgetAmount > 0)
    return { unit: "money", amount: columns.budgetAmount, period: columns.budgetPeriod };
  return null;
}

/**
 * The period a budget covers at `now`: all time, or the calendar month `now` falls in in the
 * firm's timezone (23:30 UTC on 30 November is already December in Paris). `key` names the period
 * in the alerts table ("total", "2026-12"); `from`/`to` bound the entries' days (null: unbounded).
 */
export function budgetPeriodAt(
  period: BudgetPeriod,
  now: Date,
  timeZone: string,
): { key: string; from: DateString | null; to: DateString | null } {
  if (period === "total") return { key: "total", from: null, to: null };
  const { year, month } = wallClockInZone(now, timeZone);
  const lastDay = daysIn(year, month);
  const mm = String(month).padStart(2, "0");
  const yyyy = String(year).padStart(4, "0");
  return { key: `${yyyy}-${mm}`, from: `${yyyy}-${mm}-01`, to: `${yyyy}-${mm}-${String(lastDay).padStart(2, "0")}` };
}

function daysInFebruary(year: number): number {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

function daysIn(year: number, month: number): number {
  return month === 2 ? daysInFebruary(year) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** Whole per cent of the budget used, rounded down (79.9 % is not yet 80 %); 0 without a budget. */
export function budgetPercent(spent: number, budget: number): number {
  if (budget <= 0) return 0;
  return Math.floor((Math.max(spent, 0) * 100) / budget);
}

/** The thresholds `spent` has reached, lowest first (exact arithmetic: 80 % of 7 minutes is 5.6). */
export function thresholdsReached(spent: number, budget: number): BudgetThreshold[] {
  if (budget <= 0) return [];
  return BUDGET_THRESHOLDS.filter((threshold) => spent * 100 >= threshold * budget);
}

export type BudgetState = "under" | "near" | "over";

/** under 80 %, near (80 % up to the budget), over (the budget reached or passed). */
export function budgetState(spent: number, budget: number): BudgetState {
  const reached = thresholdsReached(spent, budget);
  if (reached.includes(100)) return "over";
  return reached.includes(80) ? "near" : "under";
}

/** A budget figure in its unit: "37.5 h" or "€5,000.00". */
export function formatBudgetFigure(value: number, unit: BudgetUnit, currency: string, locale: string): string {
  return unit === "hours" ? formatDuration(value, "decimal", locale) : formatMoney(value, currency, locale);
}

/** The period's name: "All time", or the month ("November 2026"). */
export function budgetPeriodLabel(key: string, locale: string, allTime = "All time"): string {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  if (!match) return allTime;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return dateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}

/**
 * The figures a bar and a mail show: "16 h of 20 h" (`used`, in English; `spent` and `budget` for
 * another language's sentence), and the estimated part of a money budget.
 */
export function budgetFigures(
  usage: { budget: ProjectBudget; spent: number; estimated: number; currency: string },
  locale: string,
): { used: string; spent: string; budget: string; estimated: string | null } {
  const figure = (value: number) => formatBudgetFigure(value, usage.budget.unit, usage.currency, locale);
  const spent = figure(usage.spent);
  const budget = figure(usage.budget.amount);
  return {
    used: `${spent} of ${budget}`,
    spent,
    budget,
    estimated: usage.estimated > 0 ? figure(usage.estimated) : null,
  };
}
