// The dashboard's figures, each against the list it links to, with the same filter: the link is
// parsed back by the list's own schema and the list's query (its totals, and its rows through
// the CSV export's stream) must give the same figure. The firm is in Auckland and "now" is 00:30
// on Wednesday 1 April there (still 31 March in UTC), so a figure computed in the wrong zone or
// month puts the invoice of 31 March, the payment of 1 April or the calls around midnight on
// the wrong side.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, contactMessage, job, jobApplication, settings, user } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import { countCallsToDo, findCalls } from "../../src/modules/calls/call-queries";
import { callListQuery } from "../../src/modules/calls/call-schemas";
import {
  findDashboardCounts,
  findMonthFigures,
  findMonthlyChart,
  findReceivables,
  findUnbilledFigures,
  findWeekHours,
  isEmptyFirm,
  links,
  loadDashboard,
} from "../../src/modules/dashboard/dashboard-queries";
import { lastMonths, monthOf } from "../../src/modules/dashboard/dashboard-rules";
import {
  createCreditNote,
  createDraftInvoice,
  deleteDraftInvoice,
  issueInvoice,
  recordPayment,
} from "../../src/modules/invoices/invoice-mutations";
import { streamInvoiceRows } from "../../src/modules/invoices/invoice-csv";
import { getInvoice } from "../../src/modules/invoices/invoice-detail-queries";
import { findInvoices } from "../../src/modules/invoices/invoice-list-queries";
import { findInvoiceTotals } from "../../src/modules/invoices/invoice-totals-queries";
import { invoiceListFilter } from "../../src/modules/invoices/invoice-schemas";
import { countNewApplications, findJobs } from "../../src/modules/jobs/job-queries";
import { countMessagesByStatus, findMessages } from "../../src/modules/messages/message-queries";
import {
  approveTimesheet,
  createTimesheet,
  rejectTimesheet,
  reopenTimesheet,
} from "../../src/modules/timesheets/timesheet-mutations";
import {
  countAwaitingApproval,
  countMyOpenWeeks,
  findTimesheets,
} from "../../src/modules/timesheets/timesheet-queries";
import {
  findUnbilledEntries,
  findUnbilledSummary,
  findUnbilledTime,
  findUnbilledTimeByClient,
} from "../../src/modules/timesheets/unbilled-queries";
import { entryValueMinor } from "../../src/modules/timesheets/timesheet-rules";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, findReceivedTotals, insertClient, insertProject, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

const TZ = "Pacific/Auckland";
/** 00:30 on Wednesday 1 April 2026 in Auckland (NZDT, UTC+13); Tuesday 31 March in UTC. */
const NOW = new Date("2026-03-31T11:30:00Z");
const TODAY = "2026-04-01";
const WEEK = "2026-03-30";

let database: TestDatabase;
let admin: Actor;
let manager: Actor;
let staff: Actor;
const db = () => database.db;

async function insertPerson(name: string, role: "manager" | "staff"): Promise<Actor> {
  const [row] = await db()
    .insert(user)
    .values({ name, email: `${name.toLowerCase().replaceAll(" ", ".")}@example.com`, role, emailVerified: true })
    .returning();
  return { id: row!.id, name: row!.name, role };
}

beforeAll(async () => {
  const setUp = await setUpDatabase();
  database = setUp.database;
  admin = setUp.admin;
  await getSettings(db());
  await db().update(settings).set({ timezone: TZ, currency: "EUR", locale: "en-GB" });
  manager = await insertPerson("Mona Manager", "manager");
  staff = await insertPerson("Stan Staff", "staff");
});
afterAll(() => tearDownDatabase(database));

/** The list behind a dashboard link: its filter parsed from the link, its totals and its rows. */
async function invoiceList(href: string) {
  const url = new URL(href, "http://localhost");
  expect(url.pathname).toBe("/bo/invoices");
  const filter = invoiceListFilter.parse(Object.fromEntries(url.searchParams));
  const list = await findInvoices(db(), filter, TODAY);
  const rows: Awaited<ReturnType<typeof findInvoices>>["rows"] = [];
  for await (const batch of streamInvoiceRows(db(), filter, TODAY, 2)) rows.push(...batch);
  const sum = (currency: string, pick: (row: (typeof rows)[number]) => number) =>
    rows.filter((row) => row.currency === currency).reduce((total, row) => total + pick(row), 0);
  return { filter, list, rows, sum };
}

/** What the invoice list's rows received in its paid range, payment by payment. */
async function receivedByRows(href: string, currency: string) {
  const { filter, rows } = await invoiceList(href);
  let amount = 0;
  for (const row of rows.filter((candidate) => candidate.currency === currency)) {
    const detail = await getInvoice(db(), row.id);
    amount += detail.payments
      .filter((item) => item.date >= filter.paidFrom! && item.date <= filter.paidTo!)
      .reduce((total, item) => total + item.amount, 0);
  }
  return amount;
}

async function issued(clientId: string, currency: string, issueDate: string, dueDate: string, price: string) {
  const draft = await createDraftInvoice(
    db(),
    manager,
    draftInput(clientId, {
      currency,
      issueDate,
      dueDate,
      lines: [line({ unit: "item", unitPrice: price, taxRateBp: 0 })],
    }),
  );
  return issueInvoice(db(), manager, { id: draft.id, version: draft.version }, NOW);
}

async function pay(invoiceId: string, amount: string, date: string) {
  await recordPayment(db(), manager, { invoiceId, amount, date, method: "bank_transfer", reference: null }, NOW);
}

const week = (projectId: string, cells: string[]) => ({
  rows: [{ projectId, description: "Work", billable: true, cells: [...cells, ...Array(7 - cells.length).fill("")] }],
});

describe(`dashboard on ${process.env.TEST_DB}`, () => {
  it("an empty firm has no figures to add up: first steps instead of zeros", async () => {
    expect(await isEmptyFirm(db())).toBe(true);
    const data = await loadDashboard(db(), admin, { today: TODAY, timeZone: TZ, firmCurrency: "EUR" });
    expect(data.isEmptyFirm).toBe(true);
    expect(data.money?.receivables).toEqual([]);
    expect(data.money?.chart).toEqual([]);
    expect(data.unbilled?.clients).toEqual([]);
  });

  it("money figures around the month end, in the firm's timezone, equal the invoice lists they link to", async () => {
    const kiwi = await insertClient(db(), { name: "Kiwi Ltd", currency: "EUR" });
    const yankee = await insertClient(db(), { name: "Yankee Inc", currency: "USD" });
    expect(await isEmptyFirm(db())).toBe(false);
    // In issue-date order: numbers are chronological.
    const a = await issued(kiwi.id, "EUR", "2025-04-20", "2025-05-20", "100");
    const b = await issued(kiwi.id, "EUR", "2026-01-15", "2026-02-14", "1000");
    const c = await issued(yankee.id, "USD", "2026-02-10", "2026-03-12", "500");
    const d = await issued(kiwi.id, "EUR", "2026-03-20", "2026-04-19", "300");
    // Issued and due on the last day of March: overdue on 1 April in Auckland, not yet in UTC.
    const e = await issued(kiwi.id, "EUR", "2026-03-31", "2026-03-31", "250");
    await issued(kiwi.id, "EUR", "2026-04-01", "2026-05-01", "400");
    await createDraftInvoice(
      db(),
      manager,
      draftInput(kiwi.id, {
        currency: "EUR",
        issueDate: TODAY,
        dueDate: TODAY,
        lines: [line({ unitPrice: "999", taxRateBp: 0 })],
      }),
    );
    await pay(a.id, "100", "2025-05-02");
    await pay(b.id, "1000", "2026-03-31");
    await pay(c.id, "200", "2026-03-01");
    // Just after midnight, local time: April's.
    await pay(e.id, "50", TODAY);
    await createCreditNote(db(), manager, { invoiceId: d.id, mode: "full", issueDate: TODAY }, NOW);

    // Receivables and overdue, per currency.
    const receivables = await findReceivables(db(), TODAY);
    expect(receivables).toEqual([
      { currency: "EUR", balance: 60_000, count: 2, overdue: 20_000, overdueCount: 1 },
      { currency: "USD", balance: 30_000, count: 1, overdue: 30_000, overdueCount: 1 },
    ]);
    const unpaid = await invoiceList(links.receivables().href);
    const overdue = await invoiceList(links.overdue().href);
    for (const row of receivables) {
      expect(unpaid.list.totals.find((total) => total.currency === row.currency)).toMatchObject({
        balance: row.balance,
        count: row.count,
      });
      expect(unpaid.sum(row.currency, (invoice) => invoice.balance)).toBe(row.balance);
      expect(overdue.list.totals.find((total) => total.currency === row.currency)).toMatchObject({
        balance: row.overdue,
        count: row.overdueCount,
      });
      expect(overdue.sum(row.currency, (invoice) => invoice.balance)).toBe(row.overdue);
    }
    expect(overdue.rows.map((row) => row.id).sort()).toEqual([c.id, e.id].sort());
    expect(overdue.rows.every((row) => row.displayStatus === "overdue")).toBe(true);
    // The summary tables and the invoices themselves agree.
    for (const href of [links.receivables().href, links.overdue().href]) {
      const { filter, list } = await invoiceList(href);
      expect(await findInvoiceTotals(db(), filter, TODAY, { useSummaries: false })).toEqual(list.totals);
    }

    // This month (April in Auckland): f (400) less the credit note of d (300); e belongs to March.
    const april = monthOf(TODAY);
    expect(april).toEqual({ key: "2026-04", from: "2026-04-01", to: "2026-04-30" });
    expect(await findMonthFigures(db(), april, TODAY)).toEqual([
      { currency: "EUR", invoiced: 10_000, net: 10_000, tax: 0, received: 5_000 },
    ]);
    const march = monthOf("2026-03-15");
    expect(await findMonthFigures(db(), march, TODAY)).toEqual([
      { currency: "EUR", invoiced: 55_000, net: 55_000, tax: 0, received: 100_000 },
      { currency: "USD", invoiced: 0, net: 0, tax: 0, received: 20_000 },
    ]);
    for (const month of [april, march]) {
      for (const figure of await findMonthFigures(db(), month, TODAY)) {
        const invoiced = await invoiceList(links.invoiced(month).href);
        expect(invoiced.list.totals.find((total) => total.currency === figure.currency)?.total ?? 0).toBe(
          figure.invoiced,
        );
        expect(invoiced.sum(figure.currency, (invoice) => invoice.total)).toBe(figure.invoiced);
        expect(await findInvoiceTotals(db(), invoiced.filter, TODAY, { useSummaries: false })).toEqual(
          invoiced.list.totals,
        );
        const paid = await invoiceList(links.paid(month).href);
        expect(paid.list.totals.find((total) => total.currency === figure.currency)?.received ?? 0).toBe(
          figure.received,
        );
        expect(await receivedByRows(links.paid(month).href, figure.currency)).toBe(figure.received);
        const exact = await findReceivedTotals(db(), paid.filter, TODAY, { useSummaries: false });
        expect(exact.find((row) => row.currency === figure.currency)?.amount ?? 0).toBe(figure.received);
      }
    }
    const aprilInvoiced = await invoiceList(links.invoiced(april).href);
    expect(aprilInvoiced.rows.map((row) => row.kind).sort()).toEqual(["credit_note", "invoice"]);

    // The last 12 months: May 2025 to April 2026, the firm's currency first.
    const chart = await findMonthlyChart(db(), TODAY, "EUR");
    expect(chart.map((series) => series.currency)).toEqual(["EUR", "USD"]);
    const eur = chart[0]!.months;
    expect(eur.map((month) => month.key)).toEqual(lastMonths(TODAY).map((month) => month.key));
    expect(eur[0]).toMatchObject({ key: "2025-05", invoiced: 0, received: 10_000 });
    expect(eur.find((month) => month.key === "2026-01")).toMatchObject({ invoiced: 100_000, received: 0 });
    expect(eur.find((month) => month.key === "2026-03")).toMatchObject({ invoiced: 55_000, received: 100_000 });
    expect(eur[11]).toMatchObject({ key: "2026-04", invoiced: 10_000, received: 5_000 });
    // Every month of the chart: the totals of its two lists, computed from the invoices themselves.
    const parse = (href: string) =>
      invoiceListFilter.parse(Object.fromEntries(new URL(href, "http://localhost").searchParams));
    for (const series of chart) {
      for (const month of series.months) {
        const invoiced = await findInvoiceTotals(db(), parse(month.invoicedHref), TODAY, { useSummaries: false });
        expect(invoiced.find((row) => row.currency === series.currency)?.total ?? 0).toBe(month.invoiced);
        const paid = await findReceivedTotals(db(), parse(month.paidHref), TODAY, { useSummaries: false });
        expect(paid.find((row) => row.currency === series.currency)?.amount ?? 0).toBe(month.received);
      }
    }
  });

  it("timesheets, hours of the week and unbilled time equal the lists they link to", async () => {
    const kiwi = await insertClient(db(), { name: "Kiwi Time", currency: "EUR" });
    const kiwiProject = await insertProject(db(), kiwi.id, { name: "Orchard", hourlyRate: 10_000 });
    const yankee = await insertClient(db(), { name: "Yankee Time", currency: "USD", defaultHourlyRate: 12_000 });
    const yankeeProject = await insertProject(db(), yankee.id, { name: "Harbour" });
    const charity = await insertClient(db(), { name: "Charity Time", currency: "EUR" });
    const noRate = await insertProject(db(), charity.id, { name: "Pro bono" });
    await db().update(settings).set({ defaultHourlyRate: null });

    const submitted = async (weekStart: string, projectId: string, cells: string[]) =>
      createTimesheet(db(), staff, { userId: staff.id, weekStart, grid: week(projectId, cells), submit: true });
    // This week (30 March – 5 April, across the month end): staff 2 h on Monday and 3:30 on Wednesday, in draft.
    await createTimesheet(db(), staff, {
      userId: staff.id,
      weekStart: WEEK,
      grid: week(kiwiProject.id, ["2", "", "3:30"]),
      submit: false,
    });
    await createTimesheet(db(), manager, {
      userId: manager.id,
      weekStart: WEEK,
      grid: week(kiwiProject.id, ["1"]),
      submit: true,
    });
    // Last week: 8 h approved and unbilled (Kiwi, 100/h). Sunday 29 March is not this week.
    const lastWeek = await submitted("2026-03-23", kiwiProject.id, ["8", "", "", "", "", "", "1"]);
    await approveTimesheet(db(), manager, { id: lastWeek.id, version: lastWeek.version });
    // 20 + 40 min for Yankee at the client's 120/h, and 30 min on a project with no rate at all; approved.
    const yankeeWeek = await createTimesheet(db(), staff, {
      userId: staff.id,
      weekStart: "2026-03-02",
      grid: { rows: [week(yankeeProject.id, ["0:20", "0:40"]).rows[0]!, { ...week(noRate.id, ["0:30"]).rows[0]! }] },
      submit: true,
    });
    await approveTimesheet(db(), manager, { id: yankeeWeek.id, version: yankeeWeek.version });
    // Approved then reopened: no longer unbilled. Rejected: one of staff's open weeks. Submitted: awaiting.
    const reopened = await submitted("2026-02-23", kiwiProject.id, ["5"]);
    const approved = await approveTimesheet(db(), manager, { id: reopened.id, version: reopened.version });
    await reopenTimesheet(db(), manager, { id: approved.id, version: approved.version });
    const rejected = await submitted("2026-03-16", kiwiProject.id, ["4"]);
    await rejectTimesheet(db(), manager, { id: rejected.id, version: rejected.version, reason: "Wrong project" });
    await submitted("2026-03-09", kiwiProject.id, ["6"]);

    // Bill the 20 minutes on a draft invoice; another draft takes the 40 and is deleted again.
    const [twenty, forty] = (await findUnbilledEntries(db(), { clientId: yankee.id }))
      .filter((entry) => entry.projectId === yankeeProject.id)
      .sort((x, y) => x.minutes - y.minutes);
    expect([twenty?.minutes, forty?.minutes]).toEqual([20, 40]);
    await createDraftInvoice(
      db(),
      manager,
      draftInput(yankee.id, { currency: "USD", lines: [line({ timeEntryIds: [twenty!.id] })] }),
    );
    const temporary = await createDraftInvoice(
      db(),
      manager,
      draftInput(yankee.id, { currency: "USD", lines: [line({ timeEntryIds: [forty!.id] })] }),
    );
    await deleteDraftInvoice(db(), manager, { id: temporary.id, version: temporary.version });

    // Unbilled time per client equals the client page's list (findUnbilledTime) and the entries.
    const unbilled = await findUnbilledFigures(db());
    const byName = Object.fromEntries(unbilled.clients.map((row) => [row.clientName, row]));
    expect(byName["Kiwi Time"]).toMatchObject({
      minutes: 9 * 60,
      valueMinor: 90_000,
      entriesWithoutRate: 0,
      href: `/bo/clients/${kiwi.id}`,
    });
    expect(byName["Yankee Time"]).toMatchObject({
      minutes: 40,
      valueMinor: entryValueMinor(40, 12_000),
      entriesWithoutRate: 0,
    });
    expect(byName["Charity Time"]).toMatchObject({ minutes: 30, valueMinor: 0, entriesWithoutRate: 1 });
    for (const row of unbilled.clients) {
      const page = await findUnbilledTime(db(), { clientId: row.clientId });
      expect(row.minutes).toBe(page.reduce((sum, item) => sum + item.minutes, 0));
      expect(row.valueMinor).toBe(page.reduce((sum, item) => sum + item.valueMinor, 0));
      expect(row.entriesWithoutRate).toBe(page.reduce((sum, item) => sum + item.entriesWithoutRate, 0));
      const entries = await findUnbilledEntries(db(), { clientId: row.clientId });
      expect(row.minutes).toBe(entries.reduce((sum, entry) => sum + entry.minutes, 0));
      expect(row.valueMinor).toBe(
        entries.reduce(
          (sum, entry) => sum + (entry.hourlyRate === null ? 0 : entryValueMinor(entry.minutes, entry.hourlyRate)),
          0,
        ),
      );
    }
    expect(unbilled.totals).toEqual([
      { currency: "EUR", minutes: 570, valueMinor: 90_000, clients: 2 },
      { currency: "USD", minutes: 40, valueMinor: 8_000, clients: 1 },
    ]);
    expect(unbilled.others).toEqual([]);
    // The dashboard lists the clients with the most hours; the sums per currency still cover every client.
    const everyClient = await findUnbilledTimeByClient(db());
    expect(everyClient.map((row) => row.clientName).slice(0, 3)).toEqual(["Kiwi Time", "Yankee Time", "Charity Time"]);
    for (const listed of [1, 2, 3]) {
      const summary = await findUnbilledSummary(db(), listed);
      expect(summary.clients).toEqual(everyClient.slice(0, listed));
      expect(summary.totals).toEqual(unbilled.totals);
    }

    // Hours this week: mine is the "Mine" list for the week; the team, one row per active person.
    // Each person's week is measured against their capacity: the profile's, else the firm's (35 h in France).
    await db()
      .update(user)
      .set({ weeklyCapacityMinutes: 28 * 60 })
      .where(eq(user.id, staff.id));
    const firmWeek = { country: "FR", weeklyCapacityMinutes: null };
    const managerWeek = await findWeekHours(db(), manager, TODAY, firmWeek);
    expect(managerWeek.firmTargetMinutes).toBe(35 * 60);
    expect(managerWeek.mine.targetMinutes).toBe(35 * 60);
    expect(Object.fromEntries(managerWeek.team!.rows.map((row) => [row.name, row.targetMinutes]))).toMatchObject({
      "Stan Staff": 28 * 60,
      "Mona Manager": 35 * 60,
    });
    expect(
      (await findWeekHours(db(), manager, TODAY, { country: "GB", weeklyCapacityMinutes: null })).mine.targetMinutes,
    ).toBe(40 * 60);
    expect(
      (await findWeekHours(db(), manager, TODAY, { country: "FR", weeklyCapacityMinutes: 39 * 60 })).mine.targetMinutes,
    ).toBe(39 * 60);
    expect(managerWeek).toMatchObject({ monday: WEEK, sunday: "2026-04-05" });
    expect(managerWeek.mine.minutes).toBe(60);
    const teamMinutes = Object.fromEntries(managerWeek.team!.rows.map((row) => [row.name, row.minutes]));
    expect(teamMinutes).toMatchObject({ "Stan Staff": 330, "Mona Manager": 60 });
    expect(managerWeek.team!.minutes).toBe(390);
    for (const row of managerWeek.team!.rows) {
      const params = new URL(row.href, "http://localhost").searchParams;
      expect(Object.fromEntries(params)).toEqual({ view: "all", week: WEEK, person: row.userId });
      const list = await findTimesheets(db(), manager, { view: "all", userId: row.userId, week: WEEK });
      expect(list.rows.reduce((sum, sheet) => sum + sheet.totalMinutes, 0)).toBe(row.minutes);
    }
    const staffWeek = await findWeekHours(db(), staff, TODAY, firmWeek);
    expect(staffWeek.mine.targetMinutes).toBe(28 * 60);
    expect(staffWeek.team).toBeNull();
    expect(staffWeek.mine.minutes).toBe(330);
    expect(Object.fromEntries(new URL(staffWeek.mine.href, "http://localhost").searchParams)).toEqual({ week: WEEK });
    const staffList = await findTimesheets(db(), staff, { week: WEEK });
    expect(staffList.rows.reduce((sum, sheet) => sum + sheet.totalMinutes, 0)).toBe(330);

    // Awaiting my approval (the queue, never my own week) and my open weeks (draft or rejected).
    expect(await countAwaitingApproval(db(), manager)).toBe(1);
    expect(await countAwaitingApproval(db(), admin)).toBe(2);
    expect((await findTimesheets(db(), manager, { view: "queue" })).total).toBe(1);
    expect((await findTimesheets(db(), admin, { view: "queue" })).total).toBe(2);
    expect(await countMyOpenWeeks(db(), staff)).toBe(3);
    const open = await findTimesheets(db(), staff, { status: "open" });
    expect(open.total).toBe(3);
    expect(open.rows.map((row) => row.status).sort()).toEqual(["draft", "draft", "rejected"]);
    expect(Object.fromEntries(new URL(links.myOpenWeeks(), "http://localhost").searchParams)).toEqual({
      status: "open",
    });
    // The dashboard asks these counts in one statement: the same figures.
    expect(await findDashboardCounts(db(), manager, { today: TODAY, timeZone: TZ })).toMatchObject({
      awaiting: 1,
      myOpenWeeks: await countMyOpenWeeks(db(), manager),
    });
    expect(await findDashboardCounts(db(), admin, { today: TODAY, timeZone: TZ })).toMatchObject({ awaiting: 2 });
    expect(await findDashboardCounts(db(), staff, { today: TODAY, timeZone: TZ })).toMatchObject({
      awaiting: null,
      myOpenWeeks: 3,
      newMessages: null,
      newApplications: null,
      empty: false,
    });
  });

  it("calls to do today and overdue are the To do list filtered on due, around local midnight", async () => {
    const base = {
      direction: "outbound" as const,
      contactName: "Contact",
      subject: "Follow-up",
      createdById: manager.id,
    };
    await db()
      .insert(call)
      .values([
        { ...base, status: "scheduled", assignedUserId: staff.id, scheduledAt: new Date("2026-03-31T11:00:00Z") }, // 00:00 today: today
        { ...base, status: "scheduled", assignedUserId: staff.id, scheduledAt: new Date("2026-03-31T10:59:00Z") }, // 23:59 yesterday: overdue
        { ...base, status: "requested", phone: "+6495550100", assignedUserId: null, scheduledAt: null }, // not planned yet: today
        { ...base, status: "scheduled", assignedUserId: manager.id, scheduledAt: new Date("2026-04-01T10:59:00Z") }, // 23:59 today
        { ...base, status: "scheduled", assignedUserId: manager.id, scheduledAt: new Date("2026-04-01T11:00:00Z") }, // tomorrow
        {
          ...base,
          status: "completed",
          assignedUserId: staff.id,
          scheduledAt: new Date("2026-03-30T01:00:00Z"),
          startedAt: new Date("2026-03-30T01:00:00Z"),
          durationSeconds: 60,
        },
      ]);
    const firm = await countCallsToDo(db(), { today: TODAY, timeZone: TZ });
    expect(firm).toEqual({ today: 3, overdue: 1 });
    const mine = await countCallsToDo(db(), { userId: staff.id, today: TODAY, timeZone: TZ });
    expect(mine).toEqual({ today: 1, overdue: 1 });
    for (const [viewer, counts, isMine] of [
      [manager, firm, false],
      [staff, mine, true],
    ] as const) {
      for (const due of ["today", "overdue"] as const) {
        const href = new URL(links.calls(due, isMine), "http://localhost");
        const query = callListQuery.parse(Object.fromEntries(href.searchParams));
        const list = await findCalls(db(), { ...query, viewerId: viewer.id, timeZone: TZ, today: TODAY });
        expect(list.total).toBe(counts[due]);
      }
    }
    const dashboard = await loadDashboard(db(), staff, { today: TODAY, timeZone: TZ, firmCurrency: "EUR" });
    expect(dashboard.calls).toMatchObject({ today: 1, overdue: 1, mineOnly: true });
    expect(
      (await loadDashboard(db(), manager, { today: TODAY, timeZone: TZ, firmCurrency: "EUR" })).calls,
    ).toMatchObject({ today: 3, overdue: 1, mineOnly: false });
  });

  it("new messages and new applications equal their lists", async () => {
    await db()
      .insert(contactMessage)
      .values([
        { name: "Ana", email: "ana@example.com", subject: "Hello", body: "A message long enough to be valid." },
        { name: "Bo", email: "bo@example.com", subject: "Quote", body: "A message long enough to be valid." },
        {
          name: "Cy",
          email: "cy@example.com",
          subject: "Old",
          body: "A message long enough to be valid.",
          status: "read",
        },
      ]);
    const [first, second] = await db()
      .insert(job)
      .values([
        { slug: "designer", title: "Designer", workplace: "remote", employmentType: "full_time", status: "published" },
        { slug: "developer", title: "Developer", workplace: "hybrid", employmentType: "contract", status: "published" },
        { slug: "quiet", title: "Quiet job", workplace: "on_site", employmentType: "contract", status: "published" },
      ])
      .returning();
    const application = {
      email: "applicant@example.com",
      consentAt: NOW,
      cvOriginalName: "cv.pdf",
      cvKind: "pdf" as const,
      cvSize: 1000,
    };
    await db()
      .insert(jobApplication)
      .values([
        { ...application, jobId: first!.id, name: "One" },
        { ...application, jobId: first!.id, name: "Two" },
        { ...application, jobId: first!.id, name: "Three", status: "reviewing" },
        { ...application, jobId: second!.id, name: "Four" },
      ]);
    const dashboard = await loadDashboard(db(), manager, { today: TODAY, timeZone: TZ, firmCurrency: "EUR" });
    expect(dashboard.inbox).toMatchObject({
      messages: 2,
      applications: 3,
      messagesHref: "/bo/messages",
      applicationsHref: "/bo/jobs?applications=new",
    });
    expect((await findMessages(db(), "new")).length).toBe(2);
    expect((await countMessagesByStatus(db())).new).toBe(2);
    expect(await findDashboardCounts(db(), manager, { today: TODAY, timeZone: TZ })).toMatchObject({
      newMessages: 2,
      newApplications: 3,
    });
    const jobs = await findJobs(db(), { withNewApplications: true });
    expect(jobs.map((row) => row.title).sort()).toEqual(["Designer", "Developer"]);
    expect(jobs.reduce((sum, row) => sum + row.newApplications, 0)).toBe(await countNewApplications(db()));
  });

  it("staff see their own figures only; managers and admins the firm's", async () => {
    const forStaff = await loadDashboard(db(), staff, { today: TODAY, timeZone: TZ, firmCurrency: "EUR" });
    expect(forStaff).toMatchObject({
      isDecider: false,
      isEmptyFirm: false,
      money: null,
      unbilled: null,
      inbox: null,
      awaiting: null,
    });
    expect(forStaff.week.team).toBeNull();
    expect(forStaff.myOpenWeeks.count).toBe(3);
    expect(forStaff.calls.todayHref).toBe("/bo/calls?person=me&due=today");
    const forManager = await loadDashboard(db(), manager, { today: TODAY, timeZone: TZ, firmCurrency: "EUR" });
    expect(forManager.money?.receivables.map((row) => row.currency)).toEqual(["EUR", "USD"]);
    expect(forManager.money?.invoicedHref).toBe("/bo/invoices?status=not_draft&from=2026-04-01&to=2026-04-30");
    expect(forManager.money?.paidHref).toBe("/bo/invoices?paidFrom=2026-04-01&paidTo=2026-04-30");
    expect(forManager.awaiting?.count).toBe(1);
    expect(forManager.myOpenWeeks.count).toBe(0);
    expect(forManager.week.team?.rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(["Stan Staff", "Mona Manager"]),
    );
  });

  it("the summary tables kept by triggers equal the rows they sum", async () => {
    const rows = (result: unknown) =>
      ((result as { rows?: unknown[] }).rows ?? (result as unknown[])).map((row) => JSON.stringify(row));
    const pairs = [
      [
        sql`select issue_date::text, currency, kind, status, count::int, total::bigint, balance::bigint, net::bigint, tax::bigint from invoice_day_totals where count <> 0 order by 1, 2, 3, 4`,
        sql`select issue_date::text, currency, kind, status, count(*)::int as count, sum(total)::bigint as total, sum(balance)::bigint as balance,
              sum(net_total)::bigint as net, sum(tax_total)::bigint as tax from invoices group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
      ],
      [
        sql`select due_date::text, currency, count::int, total::bigint, balance::bigint from invoice_open_balances where count <> 0 order by 1, 2`,
        sql`select due_date::text, currency, count(*)::int as count, sum(total)::bigint as total, sum(balance)::bigint as balance from invoices where kind = 'invoice' and status in ('issued', 'partially_paid') group by 1, 2 order by 1, 2`,
      ],
      [
        sql`select date::text as date, currency, count::int, amount::bigint from payment_day_totals where count <> 0 order by 1, 2`,
        sql`select p.date::text as date, i.currency, count(*)::int as count, sum(p.amount)::bigint as amount from payments p join invoices i on i.id = p.invoice_id group by 1, 2 order by 1, 2`,
      ],
      [
        sql`select month::text, currency, kind, status, count::int, total::bigint, balance::bigint from invoice_month_totals where count <> 0 order by 1, 2, 3, 4`,
        sql`select date_trunc('month', issue_date::timestamp)::date::text as month, currency, kind, status, count(*)::int as count, sum(total)::bigint as total, sum(balance)::bigint as balance
            from invoices group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
      ],
      [
        sql`select month::text, currency, count::int, amount::bigint from payment_month_totals where count <> 0 order by 1, 2`,
        sql`select date_trunc('month', p.date::timestamp)::date::text as month, i.currency, count(*)::int as count, sum(p.amount)::bigint as amount from payments p join invoices i on i.id = p.invoice_id group by 1, 2 order by 1, 2`,
      ],
      [
        sql`select status, assigned_user_id::text as assigned_user_id, count::int from call_counts where count <> 0 order by 1, 2`,
        sql`select status, assigned_user_id::text as assigned_user_id, count(*)::int as count from calls group by 1, 2 order by 1, 2`,
      ],
      [
        sql`select project_id::text as project_id, client_id::text as client_id, hourly_rate, entries::int, minutes::int from unbilled_time_totals where entries <> 0 order by 1, 3`,
        sql`select e.project_id::text as project_id, p.client_id::text as client_id, e.hourly_rate, count(*)::int as entries, sum(e.minutes)::int as minutes
            from time_entries e join timesheets t on t.id = e.timesheet_id join projects p on p.id = e.project_id
            where t.status = 'approved' and e.billable and e.invoice_line_id is null group by 1, 2, 3 order by 1, 3`,
      ],
      [
        sql`select month::text, project_id::text as project_id, user_id::text as user_id, status, billable, invoiced, hourly_rate, residue, entries::int, minutes::int, value::bigint
            from time_month_totals where entries <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`,
        sql`select date_trunc('month', e.date::timestamp)::date::text as month, e.project_id::text as project_id, e.user_id::text as user_id, t.status, e.billable,
              e.invoice_line_id is not null as invoiced, case when t.status = 'approved' then null else e.hourly_rate end as hourly_rate,
              case when t.status = 'approved' then 0 else e.minutes % 60 end as residue, count(*)::int as entries, sum(e.minutes)::int as minutes,
              sum(case when e.hourly_rate is null then 0 else (e.minutes * e.hourly_rate + 30) / 60 end)::bigint as value
            from time_entries e join timesheets t on t.id = e.timesheet_id group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8`,
      ],
      [
        sql`select issue_date::text, currency, rate_bp, documents::int, net::bigint, tax::bigint from sales_journal_day_totals where documents <> 0 order by 1, 2, 3`,
        sql`select i.issue_date::text, i.currency, coalesce((t.line ->> 'rateBp')::integer, 0) as rate_bp, count(distinct i.id)::int as documents,
              sum(coalesce((t.line ->> 'base')::bigint, i.net_total))::bigint as net, sum(coalesce((t.line ->> 'tax')::bigint, 0))::bigint as tax
            from invoices i left join lateral jsonb_array_elements(i.tax_breakdown) as t(line) on true
            where i.status <> 'draft' group by 1, 2, 3 order by 1, 2, 3`,
      ],
    ] as const;
    for (const [kept, actual] of pairs) {
      const keptRows = rows(await db().execute(kept));
      expect(keptRows.length).toBeGreaterThan(0);
      expect(keptRows).toEqual(rows(await db().execute(actual)));
    }
  });
});
