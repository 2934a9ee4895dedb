import "server-only";
import { eq, sql, type SQLWrapper } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { oneRow } from "@/db/one-row";
import { client, invoice, timesheet, user } from "@/db/schema";
import { combinedRead, runRead, runReadsTogether } from "@/db/select-together";
import type { Actor } from "@/modules/audit/audit-log";
import { findLatestAuditEvents } from "@/modules/audit/audit-queries";
import { callsToDoCounts } from "@/modules/calls/call-queries";
import { callList } from "@/modules/calls/call-schemas";
import {
  invoiceMonthTotalsOf,
  invoiceMonthTotalsSelects,
  invoiceTotalsOf,
  invoiceTotalsSelects,
  netAndTaxOf,
  netAndTaxSelect,
  receivedTotalsOf,
  receivedTotalsSelect,
} from "@/modules/invoices/invoice-totals-queries";
import { invoiceList } from "@/modules/invoices/invoice-schemas";
import { newApplicationsCount } from "@/modules/jobs/job-queries";
import { jobList } from "@/modules/jobs/job-schemas";
import { newMessagesCount } from "@/modules/messages/message-queries";
import { messageList } from "@/modules/messages/message-schemas";
import {
  awaitingApprovalCount,
  findTimesheetPeople,
  minutesByPersonOf,
  myOpenWeeksCount,
  timesheetMinutesByPersonSelect,
} from "@/modules/timesheets/timesheet-queries";
import { timesheetList } from "@/modules/timesheets/timesheet-schemas";
import { unbilledSummaryOf, unbilledSummarySelect } from "@/modules/timesheets/unbilled-queries";
import { firmWeeklyMinutes, personWeeklyMinutes } from "@/modules/users/capacity";
import { can } from "@/modules/users/permissions";
import { lastMonths, type MonthRange, monthOf, weekOf } from "./dashboard-rules";

// Every figure of /bo is computed by the query function of the list it links to, with the filter
// written once as URL parameters: the link is built from those parameters and the figure from the
// same parameters parsed by the list's own schema, so the two cannot drift apart. The figures are
// for a given `today` (the firm's day, passed in so tests can fix it).

type Params = Record<string, string>;

type InvoiceLink = { href: string; filter: Readonly<ReturnType<typeof invoiceList.parse>> };

/**
 * Links already parsed, by their parameters. A dashboard view builds some thirty (two a month for
 * twelve months, then the receivables): parsing each again took 1.5 ms of a view's CPU. The
 * parameters are dates and statuses, so the map stays small; it is emptied if it ever grows.
 */
const parsedLinks = new Map<string, InvoiceLink>();

/** The invoice list with these filters: its address and its parsed filter (frozen: it is shared). */
export function invoiceLink(params: Params): InvoiceLink {
  const key = JSON.stringify(params);
  const known = parsedLinks.get(key);
  if (known) return known;
  const filter = Object.freeze(invoiceList.parse(params));
  const link = { href: invoiceList.href(filter), filter };
  if (parsedLinks.size >= 500) parsedLinks.clear();
  parsedLinks.set(key, link);
  return link;
}

export const links = {
  receivables: () => invoiceLink({ status: "unpaid" }),
  overdue: () => invoiceLink({ status: "overdue" }),
  invoiced: (month: MonthRange) => invoiceLink({ status: "not_draft", from: month.from, to: month.to }),
  paid: (month: MonthRange) => invoiceLink({ paidFrom: month.from, paidTo: month.to }),
  calls: (due: "today" | "overdue", mine: boolean) =>
    callList.href({ view: "todo", due, person: mine ? "me" : undefined }),
  awaitingApproval: () => timesheetList.href({ view: "queue" }),
  myOpenWeeks: () => timesheetList.href({ status: "open" }),
  myWeek: (monday: string) => timesheetList.href({ week: monday }),
  teamWeek: (monday: string, person?: string) => timesheetList.href({ view: "all", week: monday, person }),
  newMessages: () => messageList.href({ status: "new" }),
  newApplications: () => jobList.href({ applications: "new" }),
  unbilledClient: (clientId: string) => `/bo/clients/${clientId}`,
};

export type Viewer = Pick<Actor, "id" | "role">;
/** Whose calls are this person's to do: everyone's for those who may change any call, else their own. */
const doesEveryonesCalls = (viewer: Viewer) => can(viewer, "call.edit_all");

/** No client, no invoice and no timesheet yet: the dashboard shows first steps instead of zeros. */
export async function isEmptyFirm(db: Executor): Promise<boolean> {
  const [row] = await db.select({ empty: emptyFirm(db) }).from(oneRow);
  return row?.empty ?? false;
}

function emptyFirm(db: Executor) {
  const any = (table: typeof client | typeof invoice | typeof timesheet) =>
    sql`exists (${db
      .select({ one: sql`1` })
      .from(table)
      .limit(1)})`;
  return sql<boolean>`not (${any(client)} or ${any(invoice)} or ${any(timesheet)})`.mapWith(Boolean);
}

/**
 * The dashboard's counts, each the count of the list it links to (the same query the list's own
 * count function runs): an empty firm, calls to do today and overdue (mine only for staff), my
 * open weeks and, for managers, the approval queue, new messages and new applications.
 */
function dashboardCounts(db: Executor, viewer: Viewer, calls: { today: string; timeZone: string }) {
  const scalar = (query: SQLWrapper) => sql<number>`(${query})`.mapWith(Number);
  const none = sql<null>`null`;
  const callsToDo = callsToDoCounts(db, {
    userId: doesEveryonesCalls(viewer) ? undefined : viewer.id,
    today: calls.today,
    timeZone: calls.timeZone,
  });
  return combinedRead(
    {
      empty: emptyFirm(db),
      callsToday: callsToDo.today,
      callsOverdue: callsToDo.overdue,
      myOpenWeeks: scalar(myOpenWeeksCount(db, viewer)),
      awaiting: can(viewer, "timesheet.decide") ? scalar(awaitingApprovalCount(db, viewer)) : none,
      newMessages: can(viewer, "message.read") ? scalar(newMessagesCount(db)) : none,
      newApplications: can(viewer, "job.read") ? scalar(newApplicationsCount(db)) : none,
    },
    (counts) => counts,
  );
}

export function findDashboardCounts(db: Executor, viewer: Viewer, calls: { today: string; timeZone: string }) {
  return runRead(db, dashboardCounts(db, viewer, calls));
}

export type CurrencyAmount = { currency: string; amount: number; count: number };

/** Outstanding receivables and the overdue part, per currency: the totals of the two invoice lists. */
function receivables(db: Executor, today: string) {
  const unpaid = links.receivables().filter;
  const overdue = links.overdue().filter;
  return combinedRead(
    {
      unpaid: invoiceTotalsSelects(db, unpaid, today).totals,
      overdue: invoiceTotalsSelects(db, overdue, today).totals,
    },
    (rows) => {
      const overdueBy = new Map(invoiceTotalsOf(overdue, rows.overdue, []).map((row) => [row.currency, row]));
      return invoiceTotalsOf(unpaid, rows.unpaid, []).map((row) => ({
        currency: row.currency,
        balance: row.balance,
        count: row.count,
        overdue: overdueBy.get(row.currency)?.balance ?? 0,
        overdueCount: overdueBy.get(row.currency)?.count ?? 0,
      }));
    },
  );
}

export function findReceivables(db: Executor, today: string) {
  return runRead(db, receivables(db, today));
}

/**
 * Invoiced (issued documents, credit notes deducted) and received in a month, per currency: the
 * invoiced total with VAT (what the invoice list sums), and apart its revenue excluding VAT and its VAT.
 */
function monthFigures(db: Executor, month: MonthRange, today: string) {
  const invoiced = links.invoiced(month).filter;
  return combinedRead(
    {
      issued: invoiceTotalsSelects(db, invoiced, today).totals,
      netAndTax: netAndTaxSelect(db, invoiced, today),
      received: receivedTotalsSelect(db, links.paid(month).filter, today),
    },
    (rows) => {
      const issued = invoiceTotalsOf(invoiced, rows.issued, []);
      const netAndTax = netAndTaxOf(rows.netAndTax);
      const received = receivedTotalsOf(rows.received);
      const currencies = [
        ...new Set([...issued.map((row) => row.currency), ...received.map((row) => row.currency)]),
      ].sort();
      return currencies.map((currency) => ({
        currency,
        invoiced: issued.find((row) => row.currency === currency)?.total ?? 0,
        net: netAndTax.get(currency)?.net ?? 0,
        tax: netAndTax.get(currency)?.tax ?? 0,
        received: received.find((row) => row.currency === currency)?.amount ?? 0,
      }));
    },
  );
}

export function findMonthFigures(db: Executor, month: MonthRange, today: string) {
  return runRead(db, monthFigures(db, month, today));
}

export type ChartMonth = MonthRange & { invoiced: number; received: number; invoicedHref: string; paidHref: string };

/** The last 12 months per currency (the firm's currency first), each month linking to its lists. */
function monthlyChart(db: Executor, today: string, firmCurrency: string) {
  const months = lastMonths(today);
  return combinedRead(
    invoiceMonthTotalsSelects(db, { from: months[0]!.from, to: months[months.length - 1]!.to }),
    (rows) => {
      const totals = invoiceMonthTotalsOf(rows.issued, rows.paid);
      const currencies = [...new Set(totals.map((row) => row.currency))].sort((a, b) =>
        a === firmCurrency ? -1 : b === firmCurrency ? 1 : a.localeCompare(b),
      );
      return currencies.map((currency) => ({
        currency,
        months: months.map((month): ChartMonth => {
          const row = totals.find((candidate) => candidate.currency === currency && candidate.month === month.key);
          return {
            ...month,
            invoiced: row?.invoiced ?? 0,
            received: row?.received ?? 0,
            invoicedHref: links.invoiced(month).href,
            paidHref: links.paid(month).href,
          };
        }),
      }));
    },
  );
}

export function findMonthlyChart(db: Executor, today: string, firmCurrency: string) {
  return runRead(db, monthlyChart(db, today, firmCurrency));
}

/** How many clients the dashboard lists by name under unbilled time; the others are summed per currency. */
export const UNBILLED_LISTED_CLIENTS = 8;

/**
 * Unbilled approved time: the clients with the most hours (hours, value in the client's currency,
 * each linking to the client page that lists it), the sums per currency, and per currency what the
 * clients not listed add up to.
 */
function unbilledFigures(db: Executor) {
  return combinedRead({ summary: unbilledSummarySelect(db, UNBILLED_LISTED_CLIENTS) }, (rows) => {
    const { clients, totals } = unbilledSummaryOf(rows.summary, UNBILLED_LISTED_CLIENTS);
    const others = totals
      .map((total) => {
        const listed = clients.filter((row) => row.currency === total.currency);
        return {
          currency: total.currency,
          clients: total.clients - listed.length,
          minutes: total.minutes - listed.reduce((sum, row) => sum + row.minutes, 0),
          valueMinor: total.valueMinor - listed.reduce((sum, row) => sum + row.valueMinor, 0),
        };
      })
      .filter((row) => row.clients > 0);
    return { clients: clients.map((row) => ({ ...row, href: links.unbilledClient(row.clientId) })), totals, others };
  });
}

export function findUnbilledFigures(db: Executor) {
  return runRead(db, unbilledFigures(db));
}

/**
 * Minutes logged in the week containing `today`: the viewer's own (the "Mine" list for that
 * week), and for managers everyone's, one row per active person (the "Everyone" list for that
 * week and person). People no longer active appear only if they logged time that week.
 */
function weekHours(db: Executor, viewer: Viewer, today: string, firm: FirmWeek) {
  const { monday, sunday } = weekOf(today);
  const everyone = can(viewer, "timesheet.read_all");
  // A manager's "Everyone" for the week holds their own row too: one select instead of two.
  const minutes = timesheetMinutesByPersonSelect(db, viewer, { view: everyone ? "all" : "mine", week: monday });
  const me = db.select({ weeklyCapacityMinutes: user.weeklyCapacityMinutes }).from(user).where(eq(user.id, viewer.id));
  return combinedRead({ minutes, me, people: everyone ? findTimesheetPeople(db) : sql<null>`null` }, (rows) => {
    const byPerson = minutesByPersonOf(rows.minutes);
    const team = rows.people
      ?.filter((person) => person.active || (byPerson.get(person.id) ?? 0) > 0)
      .map((person) => ({
        userId: person.id,
        name: person.name,
        minutes: byPerson.get(person.id) ?? 0,
        targetMinutes: personWeeklyMinutes(person, firm),
        href: links.teamWeek(monday, person.id),
      }));
    return {
      monday,
      sunday,
      firmTargetMinutes: firmWeeklyMinutes(firm),
      mine: {
        minutes: byPerson.get(viewer.id) ?? 0,
        targetMinutes: personWeeklyMinutes(rows.me[0] ?? null, firm),
        href: links.myWeek(monday),
      },
      team: team
        ? { rows: team, minutes: team.reduce((sum, row) => sum + row.minutes, 0), href: links.teamWeek(monday) }
        : null,
    };
  });
}

/** The firm's working week (Settings), against which each person's week is measured (capacity.ts). */
export type FirmWeek = { country: string; weeklyCapacityMinutes: number | null };

export function findWeekHours(db: Executor, viewer: Viewer, today: string, firm: FirmWeek) {
  return runRead(db, weekHours(db, viewer, today, firm));
}

export type DashboardOptions = {
  today: string;
  timeZone: string;
  firmCurrency: string;
  /** The firm's working week; absent: the default of a French firm (35 h). */
  firmWeek?: FirmWeek;
  /** How many of the latest audit events to read with the figures (the admin's "Recent changes"); none when absent. */
  recentChanges?: number;
};

/**
 * Everything /bo shows for this person. Staff get their own figures only (their week, their
 * open weeks, their calls); managers and admins also the firm's money, unbilled time, team
 * hours, approvals, messages and applications.
 */
export async function loadDashboard(db: Executor, viewer: Viewer, options: DashboardOptions) {
  const month = monthOf(options.today);
  const mineOnly = !doesEveryonesCalls(viewer);
  const money = can(viewer, "invoice.read");
  // Every figure in one statement: a dozen small reads cost more in round trips than in reading.
  const figures = await runReadsTogether(db, {
    counts: dashboardCounts(db, viewer, options),
    week: weekHours(db, viewer, options.today, options.firmWeek ?? { country: "FR", weeklyCapacityMinutes: null }),
    receivables: money ? receivables(db, options.today) : null,
    thisMonth: money ? monthFigures(db, month, options.today) : null,
    chart: money ? monthlyChart(db, options.today, options.firmCurrency) : null,
    unbilled: can(viewer, "billing.read") ? unbilledFigures(db) : null,
    recent: options.recentChanges
      ? combinedRead({ events: findLatestAuditEvents(db, options.recentChanges) }, (rows) => rows.events)
      : null,
  });
  const { counts, week, thisMonth, chart, unbilled } = figures;
  const receivablesFigure = figures.receivables;
  const { empty, myOpenWeeks, awaiting } = counts;
  const calls = { today: counts.callsToday, overdue: counts.callsOverdue };
  const messages = can(viewer, "message.read") ? counts.newMessages : null;
  const applications = can(viewer, "job.read") ? counts.newApplications : null;
  return {
    today: options.today,
    month,
    isEmptyFirm: empty,
    isDecider: can(viewer, "timesheet.decide"),
    calls: {
      ...calls,
      todayHref: links.calls("today", mineOnly),
      overdueHref: links.calls("overdue", mineOnly),
      mineOnly,
    },
    myOpenWeeks: { count: myOpenWeeks, href: links.myOpenWeeks() },
    week,
    awaiting: awaiting === null ? null : { count: awaiting, href: links.awaitingApproval() },
    money:
      receivablesFigure && thisMonth && chart
        ? {
            receivables: receivablesFigure,
            receivablesHref: links.receivables().href,
            overdueHref: links.overdue().href,
            thisMonth,
            invoicedHref: links.invoiced(month).href,
            paidHref: links.paid(month).href,
            chart,
          }
        : null,
    unbilled,
    recent: figures.recent,
    inbox:
      messages === null || applications === null
        ? null
        : { messages, messagesHref: links.newMessages(), applications, applicationsHref: links.newApplications() },
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
