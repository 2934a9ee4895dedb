// The reports against an independent computation over the raw rows: every figure of the time
// report (per group, per currency, with each filter), the money report (per month and per client)
// and the sales journal (per document and VAT rate) must equal a sum written here in TypeScript
// from plain selects of the tables. The data straddles month and year edges (31 December, 1
// January, 31 January, 1 February), holds frozen rates that differ from today's rates, weeks not
// yet approved (priced at the rate approval would freeze), non-billable time, time on an invoice,
// a credit note and two currencies, which are never added together.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  client,
  invoice,
  invoiceLine,
  payment,
  project,
  settings,
  timeEntry,
  timesheet,
  user,
} from "../../src/db/schema";
import { addDaysToDate, isoWeekMonday } from "../../src/lib/dates";
import type { Actor } from "../../src/modules/audit/audit-log";
import {
  createCreditNote,
  createDraftInvoice,
  issueInvoice,
  recordPayment,
} from "../../src/modules/invoices/invoice-mutations";
import { findMoneyReport } from "../../src/modules/reports/money-report-queries";
import { TIME_GROUPS } from "../../src/modules/reports/report-schemas";
import {
  findSalesJournalRows,
  findSalesJournalTotals,
  streamSalesJournal,
} from "../../src/modules/reports/sales-journal-queries";
import {
  findTimeReport,
  findTimeReportEntries,
  streamTimeReportEntries,
  type TimeReportFilter,
} from "../../src/modules/reports/time-report-queries";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { entryValueMinor, resolveHourlyRate } from "../../src/modules/timesheets/timesheet-rules";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, insertProject, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

const FIRM_RATE = 5000;
const NOW = new Date("2026-03-20T10:00:00Z");

let database: TestDatabase;
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

/** A week of `userId` in this status, with these entries (date, project, minutes, billable, frozen rate). */
async function week(
  userId: string,
  monday: string,
  status: "draft" | "submitted" | "approved" | "rejected",
  entries: { date: string; projectId: string; minutes: number; billable?: boolean; rate?: number | null }[],
) {
  const [sheet] = await db().insert(timesheet).values({ userId, weekStart: monday, status }).returning();
  return db()
    .insert(timeEntry)
    .values(
      entries.map((entry, index) => ({
        timesheetId: sheet!.id,
        userId,
        projectId: entry.projectId,
        date: entry.date,
        minutes: entry.minutes,
        billable: entry.billable ?? true,
        hourlyRate: status === "approved" ? (entry.rate ?? null) : null,
        description: `Entry ${index + 1}`,
        position: index,
      })),
    )
    .returning();
}

let eur: { id: string };
let usd: { id: string };
let eurDesign: { id: string };
let eurSupport: { id: string };
let usdAudit: { id: string };

beforeAll(async () => {
  const setUp = await setUpDatabase();
  database = setUp.database;
  await getSettings(db());
  await db().update(settings).set({ timezone: "Europe/Paris", currency: "EUR", defaultHourlyRate: FIRM_RATE });
  manager = await insertPerson("Mona Manager", "manager");
  staff = await insertPerson("Stan Staff", "staff");
  eur = await insertClient(db(), { name: "Euro Client", currency: "EUR", defaultHourlyRate: 8000 });
  usd = await insertClient(db(), {
    name: "Dollar Client",
    currency: "USD",
    defaultHourlyRate: null,
    country: "US",
    vatNumber: null,
  });
  eurDesign = await insertProject(db(), eur.id, { name: "Design", hourlyRate: 12000 });
  eurSupport = await insertProject(db(), eur.id, { name: "Support" });
  usdAudit = await insertProject(db(), usd.id, { name: "Audit" });

  // Year edge: the week of Monday 29 December 2025 holds 31 December and 1 January.
  await week(staff.id, "2025-12-29", "approved", [
    { date: "2025-12-31", projectId: eurDesign.id, minutes: 20, rate: 10000 }, // frozen below today's 12000
    { date: "2026-01-01", projectId: eurDesign.id, minutes: 40, rate: 10000 },
    { date: "2026-01-02", projectId: usdAudit.id, minutes: 61, rate: 7001 },
    { date: "2026-01-02", projectId: eurSupport.id, minutes: 30, billable: false, rate: 8000 },
  ]);
  // Month edge: the week of Monday 26 January holds 31 January and 1 February.
  await week(manager.id, "2026-01-26", "approved", [
    { date: "2026-01-31", projectId: eurSupport.id, minutes: 7, rate: 8000 },
    { date: "2026-02-01", projectId: eurSupport.id, minutes: 13, rate: null }, // approved without any rate
    { date: "2026-02-01", projectId: usdAudit.id, minutes: 1, rate: 30 },
  ]);
  // Not yet approved: priced at the rate approval would freeze (project, else client, else firm).
  await week(staff.id, "2026-02-02", "submitted", [
    { date: "2026-02-02", projectId: eurDesign.id, minutes: 45 },
    { date: "2026-02-03", projectId: eurSupport.id, minutes: 50 },
    { date: "2026-02-04", projectId: usdAudit.id, minutes: 25 },
  ]);
  await week(manager.id, "2026-02-02", "draft", [
    { date: "2026-02-08", projectId: usdAudit.id, minutes: 1440 },
    { date: "2026-02-05", projectId: eurDesign.id, minutes: 5, billable: false },
  ]);
  await week(staff.id, "2026-02-09", "rejected", [{ date: "2026-02-10", projectId: eurSupport.id, minutes: 90 }]);

  // Some approved time on an invoice: the billed column.
  const billable = await db().select().from(timeEntry);
  const onInvoice = billable.filter((entry) => entry.date === "2025-12-31" || entry.date === "2026-01-31");
  const draft = await createDraftInvoice(
    db(),
    manager,
    draftInput(eur.id, {
      issueDate: "2026-01-31",
      dueDate: "2026-02-28",
      lines: [line({ unit: "hour", quantity: "0.45", unitPrice: "100", timeEntryIds: onInvoice.map((e) => e.id) })],
    }),
  );
  const first = await issueInvoice(db(), manager, { id: draft.id, version: draft.version }, NOW);

  // Money: invoices at month edges, two rates on one document, two currencies, payments, a credit note.
  const issue = async (clientId: string, currency: string, issueDate: string, lines: ReturnType<typeof line>[]) => {
    const created = await createDraftInvoice(
      db(),
      manager,
      draftInput(clientId, { currency, issueDate, dueDate: addDaysToDate(issueDate, 30), lines }),
    );
    return issueInvoice(db(), manager, { id: created.id, version: created.version }, NOW);
  };
  const feb1 = await issue(eur.id, "EUR", "2026-02-01", [
    line({ unitPrice: "333.33", taxRateBp: 2000 }),
    line({ unitPrice: "99.99", quantity: "3", taxRateBp: 550 }),
  ]);
  const feb28 = await issue(usd.id, "USD", "2026-02-28", [line({ unitPrice: "1000.01", taxRateBp: 0 })]);
  const mar1 = await issue(eur.id, "EUR", "2026-03-01", [line({ unitPrice: "50", taxRateBp: 1000 })]);
  await createDraftInvoice(db(), manager, draftInput(eur.id, { issueDate: "2026-03-02" })); // a draft: in no report
  const pay = (invoiceId: string, amount: string, date: string) =>
    recordPayment(db(), manager, { invoiceId, amount, date, method: "bank_transfer", reference: null }, NOW);
  await pay(first.id, "10", "2026-01-31");
  await pay(feb1.id, "100", "2026-02-28");
  await pay(feb1.id, "1.01", "2026-03-01");
  await pay(feb28.id, "1000.01", "2026-03-01");
  await createCreditNote(db(), manager, { invoiceId: mar1.id, mode: "full", issueDate: "2026-03-02" }, NOW);
});
afterAll(() => tearDownDatabase(database));

// ---- The independent computation -------------------------------------------------------------

type RawEntry = {
  id: string;
  date: string;
  minutes: number;
  billable: boolean;
  frozen: number | null;
  onInvoice: boolean;
  status: string;
  userId: string;
  userName: string;
  projectId: string;
  projectName: string;
  projectRate: number | null;
  clientId: string;
  clientName: string;
  clientRate: number | null;
  currency: string;
};

async function rawEntries(): Promise<RawEntry[]> {
  const [entries, sheets, projects, clients, people] = await Promise.all([
    db().select().from(timeEntry),
    db().select().from(timesheet),
    db().select().from(project),
    db().select().from(client),
    db().select().from(user),
  ]);
  return entries.map((entry) => {
    const sheet = sheets.find((item) => item.id === entry.timesheetId)!;
    const item = projects.find((candidate) => candidate.id === entry.projectId)!;
    const owner = clients.find((candidate) => candidate.id === item.clientId)!;
    return {
      id: entry.id,
      date: entry.date,
      minutes: entry.minutes,
      billable: entry.billable,
      frozen: entry.hourlyRate,
      onInvoice: entry.invoiceLineId !== null,
      status: sheet.status,
      userId: entry.userId,
      userName: people.find((person) => person.id === entry.userId)!.name,
      projectId: item.id,
      projectName: item.name,
      projectRate: item.hourlyRate,
      clientId: owner.id,
      clientName: owner.name,
      clientRate: owner.defaultHourlyRate,
      currency: owner.currency,
    };
  });
}

function worth(entry: RawEntry): number {
  const rate =
    entry.status === "approved"
      ? entry.frozen
      : resolveHourlyRate({ projectRate: entry.projectRate, clientRate: entry.clientRate, firmRate: FIRM_RATE });
  return entry.billable && rate !== null ? entryValueMinor(entry.minutes, rate) : 0;
}

function keyOf(group: string, entry: RawEntry): string {
  switch (group) {
    case "client":
      return entry.clientId;
    case "project":
      return entry.projectId;
    case "person":
      return entry.userId;
    case "month":
      return `${entry.date.slice(0, 7)}-01`;
    case "week":
      return isoWeekMonday(entry.date);
    default:
      return entry.date;
  }
}

function expectedGroups(entries: RawEntry[], group: string, filter: TimeReportFilter) {
  const kept = entries.filter(
    (entry) =>
      entry.date >= filter.from &&
      entry.date <= filter.to &&
      (!filter.client || entry.clientId === filter.client) &&
      (!filter.project || entry.projectId === filter.project) &&
      (!filter.person || entry.userId === filter.person) &&
      (!filter.billable || entry.billable === (filter.billable === "yes")) &&
      (!filter.status || entry.status === filter.status) &&
      (!filter.invoiced || entry.onInvoice === (filter.invoiced === "yes")),
  );
  const rows = new Map<string, Record<string, number | string>>();
  for (const entry of kept) {
    const id = `${keyOf(group, entry)}|${entry.currency}`;
    const row = rows.get(id) ?? {
      key: keyOf(group, entry),
      currency: entry.currency,
      entries: 0,
      minutes: 0,
      billableMinutes: 0,
      billed: 0,
      unbilled: 0,
      estimated: 0,
    };
    const value = worth(entry);
    row.entries = Number(row.entries) + 1;
    row.minutes = Number(row.minutes) + entry.minutes;
    if (entry.billable) row.billableMinutes = Number(row.billableMinutes) + entry.minutes;
    if (entry.status !== "approved") row.estimated = Number(row.estimated) + value;
    else if (entry.onInvoice) row.billed = Number(row.billed) + value;
    else row.unbilled = Number(row.unbilled) + value;
    rows.set(id, row);
  }
  return [...rows.values()].sort((a, b) => `${a.key}|${a.currency}`.localeCompare(`${b.key}|${b.currency}`));
}

const figures = (row: { key: string; currency: string } & Record<string, unknown>) => ({
  key: row.key,
  currency: row.currency,
  entries: row.entries,
  minutes: row.minutes,
  billableMinutes: row.billableMinutes,
  billed: row.billed,
  unbilled: row.unbilled,
  estimated: row.estimated,
});

const WHOLE: TimeReportFilter = { from: "2025-12-01", to: "2026-03-31" };

describe("the time report", () => {
  it("equals the sums over the raw entries, for every grouping and filter", async () => {
    const entries = await rawEntries();
    const filters: TimeReportFilter[] = [
      WHOLE,
      { from: "2026-01-01", to: "2026-01-31" }, // a month: 31 Dec and 1 Feb stay out
      { from: "2025-12-31", to: "2025-12-31" },
      // Most of a month at an end: the whole month less its other days (decision 070). 31 January
      // (the manager's only time before February) comes off January; 1 and 2 January come off too.
      { from: "2025-12-01", to: "2026-01-30" },
      { from: "2026-01-03", to: "2026-02-07" },
      { from: "2025-12-15", to: "2026-01-30" },
      { from: "2026-01-03", to: "2026-02-27", status: "submitted" },
      { from: "2026-01-02", to: "2026-02-26", person: manager.id },
      { from: "2026-01-02", to: "2026-02-26", project: usdAudit.id, billable: "yes" },
      { ...WHOLE, client: eur.id },
      { ...WHOLE, project: usdAudit.id },
      { ...WHOLE, person: staff.id },
      { ...WHOLE, billable: "no" },
      { ...WHOLE, billable: "yes", status: "approved" },
      { ...WHOLE, status: "submitted" },
      { ...WHOLE, invoiced: "yes" },
      { ...WHOLE, invoiced: "no" },
    ];
    for (const filter of filters) {
      for (const group of TIME_GROUPS.filter((item) => item !== "entry")) {
        const report = await findTimeReport(db(), manager, group, filter, FIRM_RATE);
        const sorted = report.rows
          .map(figures)
          .sort((a, b) => `${a.key}|${a.currency}`.localeCompare(`${b.key}|${b.currency}`));
        expect(sorted, `${group} ${JSON.stringify(filter)}`).toEqual(expectedGroups(entries, group, filter));
      }
    }
  });

  it("prices frozen time at the frozen rate and open weeks at today's rate, and never adds currencies", async () => {
    const report = await findTimeReport(db(), manager, "client", WHOLE, FIRM_RATE);
    const euro = report.totals.find((total) => total.currency === "EUR")!;
    const dollar = report.totals.find((total) => total.currency === "USD")!;
    // Billed: 20 min at the frozen 100.00 (not today's 120.00) and 7 min at 80.00.
    expect(euro.billed).toBe(entryValueMinor(20, 10000) + entryValueMinor(7, 8000));
    // Unbilled: 40 min at 100.00; 13 min approved without a rate are worth 0.
    expect(euro.unbilled).toBe(entryValueMinor(40, 10000));
    // Estimate: 45 min at the project's 120.00, 50 + 90 min at the client's 80.00.
    expect(euro.estimated).toBe(entryValueMinor(45, 12000) + entryValueMinor(50, 8000) + entryValueMinor(90, 8000));
    // Dollars: 61 min at 70.01 and 1 min at 0.30 (0.005 rounds up) approved; 25 + 1440 min at the firm's 50.00.
    expect(dollar.unbilled).toBe(entryValueMinor(61, 7001) + 1);
    expect(dollar.estimated).toBe(entryValueMinor(25, FIRM_RATE) + entryValueMinor(1440, FIRM_RATE));
    expect(report.minutes).toBe(report.totals.reduce((sum, total) => sum + total.minutes, 0));
  });

  it("lists and streams the same entries, with their values", async () => {
    const entries = (await rawEntries()).filter((entry) => entry.date >= WHOLE.from && entry.date <= WHOLE.to);
    const page = await findTimeReportEntries(db(), manager, WHOLE, FIRM_RATE, { page: 1, pageSize: 200 });
    expect(page.total).toBe(entries.length);
    const streamed = [];
    for await (const batch of streamTimeReportEntries(db(), manager, WHOLE, FIRM_RATE, 3)) streamed.push(...batch);
    expect(streamed.map((row) => row.id).sort()).toEqual(entries.map((entry) => entry.id).sort());
    for (const row of streamed) expect(row.value, row.id).toBe(worth(entries.find((entry) => entry.id === row.id)!));
    expect(page.rows.map((row) => row.id).sort()).toEqual(streamed.map((row) => row.id).sort());
  });

  it("shows staff their own time only, without amounts, whatever the filter asks", async () => {
    const entries = await rawEntries();
    const report = await findTimeReport(db(), staff, "person", { ...WHOLE, person: manager.id }, FIRM_RATE);
    expect(report.rows.map((row) => row.key)).toEqual([staff.id]);
    const own = entries.filter((entry) => entry.userId === staff.id);
    expect(report.minutes).toBe(own.reduce((sum, entry) => sum + entry.minutes, 0));
    expect(report.rows.every((row) => row.billed === 0 && row.unbilled === 0 && row.estimated === 0)).toBe(true);
    const streamed = [];
    for await (const batch of streamTimeReportEntries(db(), staff, WHOLE, FIRM_RATE)) streamed.push(...batch);
    expect(streamed.length).toBe(own.length);
    expect(streamed.every((row) => row.value === 0 && row.rate === null)).toBe(true);
  });
});

/** A row's figures, without the name it shows. */
function withoutLabel(row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => key !== "label"));
}

describe("the money report", () => {
  async function raw() {
    const [invoices, payments] = await Promise.all([db().select().from(invoice), db().select().from(payment)]);
    return { invoices: invoices.filter((item) => item.status !== "draft"), payments, all: invoices };
  }

  it("equals the sums over the invoices and payments, per month and per client, currencies apart", async () => {
    const { invoices, payments, all } = await raw();
    for (const range of [
      { from: "2026-01-01", to: "2026-12-31" },
      { from: "2026-02-01", to: "2026-02-28" },
      { from: "2026-01-31", to: "2026-03-01" },
    ]) {
      for (const group of ["month", "client"] as const) {
        const report = await findMoneyReport(db(), group, range);
        const expected = new Map<string, Record<string, number | string>>();
        const rowOf = (key: string, currency: string) => {
          const id = `${key}|${currency}`;
          const row = expected.get(id) ?? {
            key,
            currency,
            documents: 0,
            net: 0,
            tax: 0,
            total: 0,
            received: 0,
            outstanding: 0,
          };
          expected.set(id, row);
          return row;
        };
        for (const item of invoices.filter((doc) => doc.issueDate >= range.from && doc.issueDate <= range.to)) {
          const row = rowOf(group === "month" ? item.issueDate.slice(0, 7) : item.clientId, item.currency);
          row.documents = Number(row.documents) + 1;
          row.net = Number(row.net) + item.netTotal;
          row.tax = Number(row.tax) + item.taxTotal;
          row.total = Number(row.total) + item.total;
          if (item.kind === "invoice" && (item.status === "issued" || item.status === "partially_paid"))
            row.outstanding = Number(row.outstanding) + item.balance;
        }
        for (const item of payments.filter((paid) => paid.date >= range.from && paid.date <= range.to)) {
          const owner = all.find((doc) => doc.id === item.invoiceId)!;
          const row = rowOf(group === "month" ? item.date.slice(0, 7) : owner.clientId, owner.currency);
          row.received = Number(row.received) + item.amount;
        }
        const actual = report.rows
          .map((row) => withoutLabel(row))
          .sort((a, b) => `${a.key}|${a.currency}`.localeCompare(`${b.key}|${b.currency}`));
        const wanted = [...expected.values()]
          .map((row) => withoutLabel(row))
          .sort((a, b) => `${a.key}|${a.currency}`.localeCompare(`${b.key}|${b.currency}`));
        expect(actual, `${group} ${range.from}`).toEqual(wanted);
      }
    }
  });

  it("deducts the credit note from what was invoiced in its month", async () => {
    const report = await findMoneyReport(db(), "month", { from: "2026-03-01", to: "2026-03-31" });
    const march = report.rows.find((row) => row.currency === "EUR")!;
    // The invoice of 1 March and its full credit note of 2 March: nothing invoiced, two documents.
    expect(march).toMatchObject({ key: "2026-03", documents: 2, net: 0, tax: 0, total: 0, outstanding: 0 });
  });
});

describe("the sales journal", () => {
  it("has one row per document and VAT rate, each the sum of the document's lines at that rate", async () => {
    const range = { from: "2026-01-01", to: "2026-12-31" };
    const [documents, lines] = await Promise.all([db().select().from(invoice), db().select().from(invoiceLine)]);
    const issued = documents.filter((doc) => doc.status !== "draft");
    const expected = issued.flatMap((doc) => {
      const rates = [...new Set(lines.filter((item) => item.invoiceId === doc.id).map((item) => item.taxRateBp))];
      return rates.map((rateBp) => ({
        number: doc.number,
        rateBp,
        net: lines
          .filter((item) => item.invoiceId === doc.id && item.taxRateBp === rateBp)
          .reduce((sum, item) => sum + item.net, 0),
      }));
    });
    const streamed = [];
    for await (const batch of streamSalesJournal(db(), range, 2)) streamed.push(...batch);
    const byKey = (a: { number: string | null; rateBp: number }, b: { number: string | null; rateBp: number }) =>
      `${a.number}|${a.rateBp}`.localeCompare(`${b.number}|${b.rateBp}`);
    expect(streamed.map((row) => ({ number: row.number, rateBp: row.rateBp, net: row.net })).sort(byKey)).toEqual(
      expected.sort(byKey),
    );
    // Each document's rows add up to its stored totals (net and VAT), credit notes negative.
    for (const doc of issued) {
      const rows = streamed.filter((row) => row.id === doc.id);
      expect(rows.reduce((sum, row) => sum + row.net, 0)).toBe(doc.netTotal);
      expect(rows.reduce((sum, row) => sum + row.tax, 0)).toBe(doc.taxTotal);
    }
    expect(streamed.find((row) => row.kind === "credit_note")!.net).toBeLessThan(0);
    // The preview is the stream's start; the totals per currency and rate are the rows' sums.
    expect(await findSalesJournalRows(db(), range, 3)).toEqual(streamed.slice(0, 3));
    const totals = await findSalesJournalTotals(db(), range);
    for (const total of totals) {
      const rows = streamed.filter((row) => row.currency === total.currency && row.rateBp === total.rateBp);
      expect(total).toEqual({
        currency: total.currency,
        rateBp: total.rateBp,
        documents: new Set(rows.map((row) => row.id)).size,
        net: rows.reduce((sum, row) => sum + row.net, 0),
        tax: rows.reduce((sum, row) => sum + row.tax, 0),
      });
    }
    // The client's VAT number is the one printed on the document.
    const euroRow = streamed.find((row) => row.currency === "EUR")!;
    expect(euroRow.clientVatNumber).toBe("FR15901234567");
  });
});
