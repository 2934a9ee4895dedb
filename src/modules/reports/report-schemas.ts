// The reports' URL parameters (browser-safe): one definition per report, so a report's filters
// live in its address, every link to it is written from the same definition, and whatever an
// address holds parses to a report that can run (decision 025's list kit).
import { TIMESHEET_STATUSES } from "@/db/schema/timesheets";
import { choiceParam, dateParam, defineList, idParam, pagingParams } from "@/lib/search-params";
import { REPORT_PERIODS } from "./report-rules";

const period = { period: choiceParam(REPORT_PERIODS), from: dateParam, to: dateParam };

export const TIME_GROUPS = ["client", "project", "person", "month", "week", "day", "entry"] as const;
export type TimeGroup = (typeof TIME_GROUPS)[number];
export const TIME_GROUP_LABELS: Record<TimeGroup, string> = {
  client: "Client",
  project: "Project",
  person: "Person",
  month: "Month",
  week: "Week",
  day: "Day",
  entry: "Entries",
};

/** The time report: hours and amounts of time entries, grouped, filtered. */
export const timeReport = defineList("/bo/reports", {
  ...period,
  group: choiceParam(TIME_GROUPS, "client"),
  client: idParam,
  project: idParam,
  person: idParam,
  billable: choiceParam(["yes", "no"]),
  status: choiceParam(TIMESHEET_STATUSES),
  invoiced: choiceParam(["yes", "no"]),
  ...pagingParams,
});
export type TimeReportParams = ReturnType<typeof timeReport.parse>;

/** Drilling into a group: the next grouping down (client → project → person → entries). */
export const TIME_DRILL: Record<TimeGroup, TimeGroup> = {
  client: "project",
  project: "person",
  person: "entry",
  month: "entry",
  week: "entry",
  day: "entry",
  entry: "entry",
};

export const MONEY_GROUPS = ["month", "client"] as const;
export type MoneyGroup = (typeof MONEY_GROUPS)[number];

/** The money report: invoiced (excluding VAT, VAT apart), received and still owed, per currency. */
export const moneyReport = defineList("/bo/reports/money", {
  ...period,
  group: choiceParam(MONEY_GROUPS, "month"),
});
export type MoneyReportParams = ReturnType<typeof moneyReport.parse>;

/** The sales journal: issued invoices and credit notes, one row per document and VAT rate. */
export const salesJournal = defineList("/bo/reports/journal", { ...period });
export type SalesJournalParams = ReturnType<typeof salesJournal.parse>;

/**
 * Receivables ageing: open balances of issued invoices as of a date (today in the firm's timezone
 * when none is given), by client and currency; `client` drills into one client's open invoices.
 */
export const ageingReport = defineList("/bo/reports/ageing", {
  asOf: dateParam,
  client: idParam,
  ...pagingParams,
});
export type AgeingReportParams = ReturnType<typeof ageingReport.parse>;

/**
 * Utilisation: per person, billable hours over capacity for a period; `status` counts only the
 * time of weeks in that status, as the time report's filter does (any status when absent).
 */
export const utilisationReport = defineList("/bo/reports/utilisation", {
  ...period,
  person: idParam,
  status: choiceParam(TIMESHEET_STATUSES),
});
export type UtilisationReportParams = ReturnType<typeof utilisationReport.parse>;

/**
 * Project profitability: per project (under its client), revenue against the cost of its people's
 * time for a period; `client` keeps one client's projects, `project` drills into one project's people.
 */
export const profitabilityReport = defineList("/bo/reports/profitability", {
  ...period,
  client: idParam,
  project: idParam,
  ...pagingParams,
});
export type ProfitabilityReportParams = ReturnType<typeof profitabilityReport.parse>;
