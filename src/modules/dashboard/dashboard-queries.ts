import "server-only";
import { sql, type SQLWrapper } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { oneRow } from "@/db/one-row";
import { client, invoice, timesheet } from "@/db/schema";
import type { Actor } from "@/modules/audit/audit-log";
import { callsToDoCounts } from "@/modules/calls/call-queries";
import { findInvoiceMonthTotals, findInvoiceTotals, findReceivedTotals } from "@/modules/invoices/invoice-queries";
import { invoiceListFilter, invoiceListQuery } from "@/modules/invoices/invoice-schemas";
import { newApplicationsCount } from "@/modules/jobs/job-queries";
import { newMessagesCount } from "@/modules/messages/message-queries";
import { awaitingApprovalCount, findTimesheetPeople, myOpenWeeksCount, sumTimesheetMinutesByPerson } from "@/modules/timesheets/timesheet-queries";
import { findUnbilledSummary } from "@/modules/timesheets/unbilled-queries";
import { lastMonths, type MonthRange, monthOf, weekOf } from "./dashboard-rules";

// Every figure of /bo is computed by the query function of the list it links to, with the filter
// written once as URL parameters: the link is built from those parameters and the figure from the
// same parameters parsed by the list's own schema, so the two cannot drift apart. The figures are
// for a given `today` (the firm's day, passed in so tests can fix it).

type Params = Record<string, string>;

function href(path: string, params: Params): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}

/** The invoice list with these filters: its address and its parsed filter. */
export function invoiceLink(params: Params) {
  const filter = invoiceListFilter.parse(params);
  return { href: `/bo/invoices${invoiceListQuery(filter)}`, filter };
}

export const links = {
  receivables: () => invoiceLink({ status: "unpaid" }),
  overdue: () => invoiceLink({ status: "overdue" }),
  invoiced: (month: MonthRange) => invoiceLink({ status: "not_draft", from: month.from, to: month.to }),
  paid: (month: MonthRange) => invoiceLink({ paidFrom: month.from, paidTo: month.to }),
  calls: (due: "today" | "overdue", mine: boolean) => href("/bo/calls", { view: "todo", due, ...(mine ? { person: "me" } : {}) }),
  awaitingApproval: () => href("/bo/timesheets", { view: "queue" }),
  myOpenWeeks: () => href("/bo/timesheets", { status: "open" }),
  myWeek: (monday: string) => href("/bo/timesheets", { week: monday }),
  teamWeek: (monday: string, person?: string) => href("/bo/timesheets", { view: "all", week: monday, ...(person ? { person } : {}) }),
  newMessages: () => href("/bo/messages", { status: "new" }),
  newApplications: () => href("/bo/jobs", { applications: "new" }),
  unbilledClient: (clientId: string) => `/bo/clients/${clientId}`,
};

export type Viewer = Pick<Actor, "id" | "role">;
const isDecider = (viewer: Viewer) => viewer.role === "admin" || viewer.role === "manager";

/** No client, no invoice and no timesheet yet: the dashboard shows first steps instead of zeros. */
export async function isEmptyFirm(db: Executor): Promise<boolean> {
  const [row] = await db.select({ empty: emptyFirm(db) }).from(oneRow);
  return row?.empty ?? false;
}

function emptyFirm(db: Executor) {
  const any = (table: typeof client | typeof invoice | typeof timesheet) => sql`exists (${db.select({ one: sql`1` }).from(table).limit(1)})`;
  return sql<boolean>`not (${any(client)} or ${any(invoice)} or ${any(timesheet)})`.mapWith(Boolean);
}

/**
 * The dashboard's counts, each the count of the list it links to (the same query the list's own
 * count function runs), asked together in one statement: an empty firm, calls to do today and
 * overdue (mine only for staff), my open weeks and, for managers, the approval queue, new
 * messages and new applications.
 */
export async function findDashboardCounts(db: Executor, viewer: Viewer, calls: { today: string; timeZone: string }) {
  const scalar = (query: SQLWrapper) => sql<number>`(${query})`.mapWith(Number);
  const decider = isDecider(viewer);
  const none = sql<null>`null`;
  const callsToDo = callsToDoCounts(db, { userId: decider ? undefined : viewer.id, today: calls.today, timeZone: calls.timeZone });
  const [row] = await db
    .select({
      empty: emptyFirm(db),
      callsToday: callsToDo.today,
      callsOverdue: callsToDo.overdue,
      myOpenWeeks: scalar(myOpenWeeksCount(db, viewer)),
      awaiting: decider ? scalar(awaitingApprovalCount(db, viewer)) : none,
      newMessages: decider ? scalar(newMessagesCount(db)) : none,
      newApplications: decider ? scalar(newApplicationsCount(db)) : none,
    })
    .from(oneRow);
  return row!;
}

export type CurrencyAmount = { currency: string; amount: number; count: number };

/** Outstanding receivables and the overdue part, per currency: the totals of the two invoice lists. */
export async function findReceivables(db: Executor, today: string) {
  const [unpaid, overdue] = await Promise.all([findInvoiceTotals(db, links.receivables().filter, today), findInvoiceTotals(db, links.overdue().filter, today)]);
  const overdueBy = new Map(overdue.map((row) => [row.currency, row]));
  return unpaid.map((row) => ({
    currency: row.currency,
    balance: row.balance,
    count: row.count,
    overdue: overdueBy.get(row.currency)?.balance ?? 0,
    overdueCount: overdueBy.get(row.currency)?.count ?? 0,
  }));
}

/** Invoiced (issued documents, credit notes deducted) and received in a month, per currency. */
export async function findMonthFigures(db: Executor, month: MonthRange, today: string) {
  const [issued, received] = await Promise.all([findInvoiceTotals(db, links.invoiced(month).filter, today), findReceivedTotals(db, links.paid(month).filter, today)]);
  const currencies = [...new Set([...issued.map((row) => row.currency), ...received.map((row) => row.currency)])].sort();
  return currencies.map((currency) => ({
    currency,
    invoiced: issued.find((row) => row.currency === currency)?.total ?? 0,
    received: received.find((row) => row.currency === currency)?.amount ?? 0,
  }));
}

export type ChartMonth = MonthRange & { invoiced: number; received: number; invoicedHref: string; paidHref: string };

/** The last 12 months per currency (the firm's currency first), each month linking to its lists. */
export async function findMonthlyChart(db: Executor, today: string, firmCurrency: string) {
  const months = lastMonths(today);
  const totals = await findInvoiceMonthTotals(db, { from: months[0]!.from, to: months[months.length - 1]!.to });
  const currencies = [...new Set(totals.map((row) => row.currency))].sort((a, b) => (a === firmCurrency ? -1 : b === firmCurrency ? 1 : a.localeCompare(b)));
  return currencies.map((currency) => ({
    currency,
    months: months.map((month): ChartMonth => {
      const row = totals.find((candidate) => candidate.currency === currency && candidate.month === month.key);
      return { ...month, invoiced: row?.invoiced ?? 0, received: row?.received ?? 0, invoicedHref: links.invoiced(month).href, paidHref: links.paid(month).href };
    }),
  }));
}

/** How many clients the dashboard lists by name under unbilled time; the others are summed per currency. */
export const UNBILLED_LISTED_CLIENTS = 8;

/**
 * Unbilled approved time: the clients with the most hours (hours, value in the client's currency,
 * each linking to the client page that lists it), the sums per currency, and per currency what the
 * clients not listed add up to.
 */
export async function findUnbilledFigures(db: Executor) {
  const { clients, totals } = await findUnbilledSummary(db, UNBILLED_LISTED_CLIENTS);
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
}

/**
 * Minutes logged in the week containing `today`: the viewer's own (the "Mine" list for that
 * week), and for managers everyone's, one row per active person (the "Everyone" list for that
 * week and person). People no longer active appear only if they logged time that week.
 */
export async function findWeekHours(db: Executor, viewer: Viewer, today: string) {
  const { monday, sunday } = weekOf(today);
  // A manager's "Everyone" for the week holds their own row too: one query instead of two.
  const [byPerson, people] = await Promise.all([
    sumTimesheetMinutesByPerson(db, viewer, { view: isDecider(viewer) ? "all" : "mine", week: monday }),
    isDecider(viewer) ? findTimesheetPeople(db) : Promise.resolve([]),
  ]);
  const team = isDecider(viewer)
    ? people
        .filter((person) => person.active || (byPerson.get(person.id) ?? 0) > 0)
        .map((person) => ({ userId: person.id, name: person.name, minutes: byPerson.get(person.id) ?? 0, href: links.teamWeek(monday, person.id) }))
    : null;
  return {
    monday,
    sunday,
    mine: { minutes: byPerson.get(viewer.id) ?? 0, href: links.myWeek(monday) },
    team: team ? { rows: team, minutes: team.reduce((sum, row) => sum + row.minutes, 0), href: links.teamWeek(monday) } : null,
  };
}

export type DashboardOptions = { today: string; timeZone: string; firmCurrency: string };

/**
 * Everything /bo shows for this person. Staff get their own figures only (their week, their
 * open weeks, their calls); managers and admins also the firm's money, unbilled time, team
 * hours, approvals, messages and applications.
 */
export async function loadDashboard(db: Executor, viewer: Viewer, options: DashboardOptions) {
  const decider = isDecider(viewer);
  const month = monthOf(options.today);
  const mineOnly = !decider;
  const [counts, week, receivables, thisMonth, chart, unbilled] = await Promise.all([
    findDashboardCounts(db, viewer, options),
    findWeekHours(db, viewer, options.today),
    decider ? findReceivables(db, options.today) : null,
    decider ? findMonthFigures(db, month, options.today) : null,
    decider ? findMonthlyChart(db, options.today, options.firmCurrency) : null,
    decider ? findUnbilledFigures(db) : null,
  ]);
  const { empty, myOpenWeeks, awaiting } = counts;
  const calls = { today: counts.callsToday, overdue: counts.callsOverdue };
  const messages = decider ? counts.newMessages : null;
  const applications = decider ? counts.newApplications : null;
  return {
    today: options.today,
    month,
    isEmptyFirm: empty,
    isDecider: decider,
    calls: { ...calls, todayHref: links.calls("today", mineOnly), overdueHref: links.calls("overdue", mineOnly), mineOnly },
    myOpenWeeks: { count: myOpenWeeks, href: links.myOpenWeeks() },
    week,
    awaiting: awaiting === null ? null : { count: awaiting, href: links.awaitingApproval() },
    money:
      receivables && thisMonth && chart
        ? {
            receivables,
            receivablesHref: links.receivables().href,
            overdueHref: links.overdue().href,
            thisMonth,
            invoicedHref: links.invoiced(month).href,
            paidHref: links.paid(month).href,
            chart,
          }
        : null,
    unbilled,
    inbox: messages === null || applications === null ? null : { messages, messagesHref: links.newMessages(), applications, applicationsHref: links.newApplications() },
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
