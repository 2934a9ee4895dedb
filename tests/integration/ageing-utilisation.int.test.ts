// Receivables ageing and utilisation (issue 24, items 2 and 4) against an independent computation
// over the raw rows. Ageing: every (client, currency, bucket) figure equals a sum written here from
// plain selects of invoices and payments (an invoice's total less its payments and issued credit
// notes dated on or before the as-of date), for as-of dates before and after payments and credit
// notes, with a part-paid invoice, a partial and a full credit note, two currencies and a draft;
// a few figures are also written out by hand. Utilisation: every person's billable and
// non-billable minutes equal a sum over the raw entries, per status filter, and staff see only
// themselves whatever the filter asks.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, invoice, payment, settings, timeEntry, timesheet, user } from "../../src/db/schema";
import type { Actor } from "../../src/modules/audit/audit-log";
import {
  createCreditNote,
  createDraftInvoice,
  deletePayment,
  issueInvoice,
  recordPayment,
  updateDraftInvoice,
} from "../../src/modules/invoices/invoice-mutations";
import { findAgeingInvoices, findAgeingReport } from "../../src/modules/reports/ageing-report-queries";
import {
  AGEING_BUCKETS,
  ageingBucket,
  capacityMinutes,
  daysPastDue,
  utilisationPercent,
} from "../../src/modules/reports/report-rules";
import { findUtilisationReport } from "../../src/modules/reports/utilisation-report-queries";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, insertProject, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

const NOW = new Date("2026-03-20T10:00:00Z");
const TODAY = "2026-03-20";

let database: TestDatabase;
let manager: Actor;
let staff: Actor;
const db = () => database.db;
const ids: Record<string, string> = {};

async function insertPerson(
  name: string,
  role: "manager" | "staff",
  extra: { weeklyCapacityMinutes?: number | null; active?: boolean } = {},
): Promise<Actor> {
  const [row] = await db()
    .insert(user)
    .values({
      name,
      email: `${name.toLowerCase().replaceAll(" ", ".")}@example.com`,
      role,
      emailVerified: true,
      ...extra,
    })
    .returning();
  return { id: row!.id, name: row!.name, role };
}

beforeAll(async () => {
  const setUp = await setUpDatabase();
  database = setUp.database;
  await getSettings(db());
  await db().update(settings).set({ timezone: "Europe/Paris", currency: "EUR", weeklyCapacityMinutes: 2400 });
  manager = await insertPerson("Mona Manager", "manager");
  staff = await insertPerson("Stan Staff", "staff", { weeklyCapacityMinutes: 30 * 60 });
  const alpha = await insertClient(db(), { name: "Alpha", currency: "EUR" });
  const beta = await insertClient(db(), { name: "Beta", currency: "USD", country: "US", vatNumber: null });
  const gamma = await insertClient(db(), { name: "Gamma", currency: "EUR" });

  // Issued in date order (numbers follow dates); due dates chosen to sit on the buckets' edges.
  const issue = async (
    key: string,
    clientId: string,
    currency: string,
    issueDate: string,
    dueDate: string,
    unitPrice: string,
    taxRateBp = 0,
  ) => {
    const created = await createDraftInvoice(
      db(),
      manager,
      draftInput(clientId, { currency, issueDate, dueDate, lines: [line({ unitPrice, taxRateBp })] }),
    );
    const issued = await issueInvoice(db(), manager, { id: created.id, version: created.version }, NOW);
    ids[key] = issued.id;
    return issued;
  };
  await issue("a1", alpha.id, "EUR", "2025-11-01", "2025-12-01", "1000", 2000); // 1,200.00
  await issue("a2", alpha.id, "EUR", "2025-12-15", "2025-12-19", "100"); // 90 days past due on 19 March
  await issue("b1", beta.id, "USD", "2026-01-05", "2026-02-04", "500");
  await issue("g1", gamma.id, "EUR", "2026-02-01", "2026-03-03", "300");
  await issue("g2", gamma.id, "EUR", "2026-02-10", "2026-03-19", "80");
  await issue("a3", alpha.id, "EUR", "2026-02-15", "2026-03-17", "400");
  await issue("g3", gamma.id, "EUR", "2026-03-01", "2026-03-31", "70");
  await issue("a4", alpha.id, "EUR", "2026-03-12", "2026-04-11", "10");
  await createDraftInvoice(db(), manager, draftInput(alpha.id, { issueDate: "2026-03-02" })); // a draft: owes nothing

  const pay = (key: string, amount: string, date: string) =>
    recordPayment(db(), manager, { invoiceId: ids[key], amount, date, method: "bank_transfer", reference: null }, NOW);
  await pay("a1", "200", "2026-01-10");
  await pay("a1", "100", "2026-03-05");
  await pay("a3", "400", "2026-03-18");
  await pay("b1", "0.01", "2026-03-20");

  // A partial credit note of 50.00 on g1 (10 March), a full one on g3 (15 March).
  const partial = await createCreditNote(db(), manager, { invoiceId: ids.g1, mode: "partial" }, NOW);
  const edited = await updateDraftInvoice(
    db(),
    manager,
    draftInput(gamma.id, {
      id: partial.id,
      version: partial.version,
      issueDate: "2026-03-10",
      dueDate: "2026-03-10",
      lines: [line({ unitPrice: "50", taxRateBp: 0 })],
    }),
  );
  await issueInvoice(db(), manager, { id: edited.id, version: edited.version }, NOW);
  await createCreditNote(db(), manager, { invoiceId: ids.g3, mode: "full", issueDate: "2026-03-15" }, NOW);
});
afterAll(() => tearDownDatabase(database));

// ---- Ageing: the independent computation ---------------------------------------------------------

type Figure = { client: string; currency: string; bucket: string; balance: number; invoices: number };

async function rawAgeing(asOf: string): Promise<{ figures: Figure[]; open: Map<string, number> }> {
  const [invoices, payments, clients] = await Promise.all([
    db().select().from(invoice),
    db().select().from(payment),
    db().select().from(client),
  ]);
  const byKey = new Map<string, Figure>();
  const open = new Map<string, number>();
  for (const item of invoices) {
    if (item.kind !== "invoice" || item.status === "draft" || item.issueDate > asOf) continue;
    const paid = payments
      .filter((row) => row.invoiceId === item.id && row.date <= asOf)
      .reduce((sum, row) => sum + row.amount, 0);
    const credited = invoices
      .filter(
        (note) =>
          note.kind === "credit_note" &&
          note.status !== "draft" &&
          note.creditedInvoiceId === item.id &&
          note.issueDate <= asOf,
      )
      .reduce((sum, note) => sum - note.total, 0);
    const balance = item.total - paid - credited;
    if (balance <= 0) continue;
    open.set(item.id, balance);
    const bucket = ageingBucket(daysPastDue(item.dueDate, asOf));
    const name = clients.find((row) => row.id === item.clientId)!.name;
    const key = `${name}|${item.currency}|${bucket}`;
    const figure = byKey.get(key) ?? { client: name, currency: item.currency, bucket, balance: 0, invoices: 0 };
    figure.balance += balance;
    figure.invoices += 1;
    byKey.set(key, figure);
  }
  const figures = [...byKey.values()].sort((a, b) =>
    `${a.client}|${a.currency}|${a.bucket}`.localeCompare(`${b.client}|${b.currency}|${b.bucket}`),
  );
  return { figures, open };
}

const amounts = (items: Figure[]) => items.map((item) => [item.client, item.currency, item.bucket, item.balance]);

async function reportedAgeing(asOf: string) {
  const report = await findAgeingReport(db(), { asOf });
  const figures: Figure[] = [];
  for (const row of report.rows)
    for (const bucket of AGEING_BUCKETS)
      if (row[bucket.key] !== 0)
        figures.push({
          client: row.clientName,
          currency: row.currency,
          bucket: bucket.key,
          balance: row[bucket.key],
          invoices: NaN,
        });
  return {
    report,
    figures: figures.sort((a, b) =>
      `${a.client}|${a.currency}|${a.bucket}`.localeCompare(`${b.client}|${b.currency}|${b.bucket}`),
    ),
  };
}

describe("receivables ageing", () => {
  const AS_OF = [
    "2025-11-30",
    "2025-12-31",
    "2026-01-10",
    "2026-03-04",
    "2026-03-10",
    "2026-03-14",
    "2026-03-19",
    TODAY,
  ];

  it.each(AS_OF)("every balance by client, currency and bucket equals the raw rows' sum as of %s", async (asOf) => {
    const raw = await rawAgeing(asOf);
    const { report, figures } = await reportedAgeing(asOf);
    expect(amounts(figures)).toEqual(amounts(raw.figures));
    // Each row's total and count, and the totals per currency (never one across currencies).
    for (const row of report.rows) {
      const mine = raw.figures.filter((item) => item.client === row.clientName && item.currency === row.currency);
      expect(row.total).toBe(mine.reduce((sum, item) => sum + item.balance, 0));
      expect(row.invoices).toBe(mine.reduce((sum, item) => sum + item.invoices, 0));
    }
    const currencies = [...new Set(raw.figures.map((item) => item.currency))].sort();
    expect(report.totals.map((total) => total.currency)).toEqual(currencies);
    for (const total of report.totals) {
      const mine = raw.figures.filter((item) => item.currency === total.currency);
      expect(total.total).toBe(mine.reduce((sum, item) => sum + item.balance, 0));
      for (const bucket of AGEING_BUCKETS)
        expect(total[bucket.key]).toBe(
          mine.filter((item) => item.bucket === bucket.key).reduce((sum, item) => sum + item.balance, 0),
        );
    }
    // The drill-down lists the same invoices with the same balances.
    for (const row of report.rows) {
      const { invoices } = await findAgeingInvoices(db(), { asOf, client: row.clientId });
      const listed = invoices.filter((item) => item.currency === row.currency);
      expect(listed.reduce((sum, item) => sum + item.balance, 0)).toBe(row.total);
      for (const item of listed) expect(item.balance).toBe(raw.open.get(item.id));
    }
  });

  it("uses only the payments and credit notes dated on or before the as-of date (figures by hand)", async () => {
    // 10 March: a1 owes 1,200 − 200 (the 5 March payment came after 4 March, before 10 March: −100 too).
    const march10 = await findAgeingReport(db(), { asOf: "2026-03-10" });
    const alpha = march10.rows.find((row) => row.clientName === "Alpha")!;
    // a1 1,200 − 300 = 900, 99 days past due; a2 100, 81 days; a3 400, not yet due (17 March).
    expect(alpha).toMatchObject({ over90: 90000, days61to90: 10000, current: 40000, total: 140000, invoices: 3 });
    // Gamma: g1 300 − 50 credited on 10 March (on the day counts), 7 days past due; g2 80 and g3 70 current.
    const gamma = march10.rows.find((row) => row.clientName === "Gamma")!;
    expect(gamma).toMatchObject({ days1to30: 25000, current: 15000, total: 40000, invoices: 3 });
    const beta = march10.rows.find((row) => row.clientName === "Beta")!;
    expect(beta).toMatchObject({ currency: "USD", days31to60: 50000, total: 50000 });
    expect(march10.totals).toEqual([
      expect.objectContaining({ currency: "EUR", total: 180000 }),
      expect.objectContaining({ currency: "USD", total: 50000 }),
    ]);

    // 9 March: the credit note of 10 March not yet counted.
    const march9 = await findAgeingReport(db(), { asOf: "2026-03-09" });
    expect(march9.rows.find((row) => row.clientName === "Gamma")).toMatchObject({ days1to30: 30000 });

    // Today: a3 paid, g3 fully credited, a4 issued; 0.01 paid on b1 today.
    const today = await findAgeingReport(db(), { asOf: TODAY });
    expect(today.rows.find((row) => row.clientName === "Alpha")).toMatchObject({
      over90: 90000 + 10000, // a1 now 110 days; a2 91 days past due
      current: 1000, // a4
      invoices: 3,
    });
    expect(today.rows.find((row) => row.clientName === "Beta")).toMatchObject({ days31to60: 49999 });
    const gammaToday = await findAgeingInvoices(db(), { asOf: TODAY, client: gamma.clientId });
    expect(gammaToday.invoices.map((item) => [item.balance, item.daysPastDue])).toEqual([
      [25000, 17],
      [8000, 1],
    ]);

    // 19 March: a2 is exactly 90 days past due (61–90), g2 due that day (current).
    const march19 = await findAgeingReport(db(), { asOf: "2026-03-19" });
    expect(march19.rows.find((row) => row.clientName === "Alpha")).toMatchObject({ days61to90: 10000 });
    const gammaMarch19 = await findAgeingInvoices(db(), { asOf: "2026-03-19", client: gamma.clientId });
    expect(gammaMarch19.invoices.find((item) => item.balance === 8000)?.daysPastDue).toBe(0);

    // Before anything was issued: nothing.
    expect(await findAgeingReport(db(), { asOf: "2025-10-31" })).toEqual({ rows: [], totals: [] });
  });

  it("keeps each invoice's settled day (drizzle/0040) through payments recorded, back-dated and deleted", async () => {
    const settledOn = async (key: string) =>
      (await db().select({ settledOn: invoice.settledOn }).from(invoice).where(eq(invoice.id, ids[key]!)))[0]!
        .settledOn;
    const everyStoredDayIsComputed = async () => {
      const [row] = await db()
        .select({ differences: sql<string>`count(*)` })
        .from(invoice)
        .where(
          sql`kind = 'invoice' and status <> 'draft' and settled_on is distinct from bureau_invoice_settled_on(id, total, issue_date)`,
        );
      expect(Number(row!.differences)).toBe(0);
    };
    // Paid in full on 18 March; fully credited on 15 March; still owed.
    expect(await settledOn("a3")).toBe("2026-03-18");
    expect(await settledOn("g3")).toBe("2026-03-15");
    expect(await settledOn("a1")).toBeNull();
    await everyStoredDayIsComputed();

    // a2 (100.00) paid in two parts, the second back-dated before the first: settled on the later day.
    const admin: Actor = { id: manager.id, name: manager.name, role: "admin" };
    const pay = (amount: string, date: string) =>
      recordPayment(db(), manager, { invoiceId: ids.a2, amount, date, method: "bank_transfer", reference: null }, NOW);
    const first = await pay("60", "2026-03-16");
    expect(await settledOn("a2")).toBeNull();
    const second = await pay("40", "2026-01-02");
    expect(await settledOn("a2")).toBe("2026-03-16");
    await everyStoredDayIsComputed();
    for (const asOf of ["2026-01-01", "2026-01-02", "2026-03-15", "2026-03-16", TODAY])
      expect(amounts((await reportedAgeing(asOf)).figures), asOf).toEqual(amounts((await rawAgeing(asOf)).figures));
    expect((await findAgeingInvoices(db(), { asOf: "2026-03-15", client: (await clientOf("a2"))! })).invoices).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: ids.a2, balance: 6000 })]),
    );

    // Deleting the payment of 16 March reopens it: open again today, with 60.00 owed.
    await deletePayment(db(), admin, { paymentId: first.payment.id });
    expect(await settledOn("a2")).toBeNull();
    const today = await findAgeingInvoices(db(), { asOf: TODAY, client: (await clientOf("a2"))! });
    expect(today.invoices.find((item) => item.id === ids.a2)?.balance).toBe(6000);
    await deletePayment(db(), admin, { paymentId: second.payment.id });
    expect(await settledOn("a2")).toBeNull();
    await everyStoredDayIsComputed();
    for (const asOf of AS_OF)
      expect(amounts((await reportedAgeing(asOf)).figures), asOf).toEqual(amounts((await rawAgeing(asOf)).figures));
  });
});

async function clientOf(key: string) {
  return (await db().select({ clientId: invoice.clientId }).from(invoice).where(eq(invoice.id, ids[key]!)))[0]
    ?.clientId;
}

// ---- Utilisation ---------------------------------------------------------------------------------

describe("utilisation", () => {
  let retired: Actor;
  let gone: Actor;

  beforeAll(async () => {
    retired = await insertPerson("Rita Retired", "staff", { active: false, weeklyCapacityMinutes: 20 * 60 });
    gone = await insertPerson("Gus Gone", "staff", { active: false }); // no time: not listed
    const owner = await insertClient(db(), { name: "Time client" });
    const work = await insertProject(db(), owner.id, { name: "Work" });
    const sheet = async (
      userId: string,
      weekStart: string,
      status: "draft" | "submitted" | "approved" | "rejected",
      entries: { date: string; minutes: number; billable?: boolean }[],
    ) => {
      const [row] = await db().insert(timesheet).values({ userId, weekStart, status }).returning();
      await db()
        .insert(timeEntry)
        .values(
          entries.map((entry, position) => ({
            timesheetId: row!.id,
            userId,
            projectId: work.id,
            date: entry.date,
            minutes: entry.minutes,
            billable: entry.billable ?? true,
            position,
          })),
        );
    };
    // March 2026 holds 22 working days; the week of 23 February straddles 1 March (a Sunday).
    await sheet(staff.id, "2026-02-23", "approved", [
      { date: "2026-02-27", minutes: 480 },
      { date: "2026-03-01", minutes: 60 },
    ]);
    await sheet(staff.id, "2026-03-02", "submitted", [
      { date: "2026-03-02", minutes: 420 },
      { date: "2026-03-03", minutes: 90, billable: false },
    ]);
    await sheet(manager.id, "2026-03-09", "draft", [
      { date: "2026-03-10", minutes: 300 },
      { date: "2026-03-11", minutes: 45, billable: false },
    ]);
    await sheet(manager.id, "2026-03-30", "approved", [
      { date: "2026-03-31", minutes: 100 },
      { date: "2026-04-01", minutes: 1000 },
    ]);
    await sheet(retired.id, "2026-03-16", "rejected", [{ date: "2026-03-16", minutes: 240 }]);
  });

  async function rawMinutes(range: { from: string; to: string }, status?: string) {
    const [entries, sheets] = await Promise.all([db().select().from(timeEntry), db().select().from(timesheet)]);
    const byPerson = new Map<string, { billable: number; nonBillable: number }>();
    for (const entry of entries) {
      if (entry.date < range.from || entry.date > range.to) continue;
      if (status && sheets.find((row) => row.id === entry.timesheetId)!.status !== status) continue;
      const sums = byPerson.get(entry.userId) ?? { billable: 0, nonBillable: 0 };
      if (entry.billable) sums.billable += entry.minutes;
      else sums.nonBillable += entry.minutes;
      byPerson.set(entry.userId, sums);
    }
    return byPerson;
  }

  const firm = { country: "FR", weeklyCapacityMinutes: 2400 };
  const march = { from: "2026-03-01", to: "2026-03-31" };

  it.each([undefined, "draft", "submitted", "approved", "rejected"] as const)(
    "every person's hours equal the raw entries' sums (status %s), against their capacity",
    async (status) => {
      const people = await db().select().from(user);
      const raw = await rawMinutes(march, status);
      const report = await findUtilisationReport(db(), manager, { ...march, status }, firm);
      const expected = people
        .filter((person) => person.active || raw.has(person.id))
        .map((person) => {
          const sums = raw.get(person.id) ?? { billable: 0, nonBillable: 0 };
          const weekly = person.weeklyCapacityMinutes ?? 2400;
          return {
            userId: person.id,
            name: person.name,
            weeklyMinutes: weekly,
            capacityMinutes: (weekly * 22) / 5,
            billableMinutes: sums.billable,
            nonBillableMinutes: sums.nonBillable,
            percent: Math.round((sums.billable * 100 * 5) / (weekly * 22)),
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name));
      expect(report.rows).toEqual(expected);
      expect(report.workingDays).toBe(22);
      expect(report.rows.map((row) => row.name)).not.toContain(gone.name);
      const billable = expected.reduce((sum, row) => sum + row.billableMinutes, 0);
      const capacity = expected.reduce((sum, row) => sum + row.capacityMinutes, 0);
      expect(report.totals).toEqual({
        billableMinutes: billable,
        nonBillableMinutes: expected.reduce((sum, row) => sum + row.nonBillableMinutes, 0),
        capacityMinutes: capacity,
        percent: utilisationPercent(billable, capacity),
      });
    },
  );

  // Most of a month at an end is read as the whole month less its other days (decision 070):
  // 31 March (100 min) comes off March, 1 and 2 February off February.
  it.each([
    { from: "2026-03-01", to: "2026-03-30" },
    { from: "2026-02-03", to: "2026-03-30" },
    { from: "2026-02-28", to: "2026-03-30" },
  ])("every person's hours from $from to $to equal the raw entries' sums", async (range) => {
    const raw = await rawMinutes(range, undefined);
    const report = await findUtilisationReport(db(), manager, range, firm);
    const people = await db().select().from(user);
    const shown = people.filter((person) => person.active || raw.has(person.id)).map((person) => person.id);
    expect(report.rows.map((row) => row.userId).sort()).toEqual(shown.sort());
    for (const row of report.rows) {
      const sums = raw.get(row.userId) ?? { billable: 0, nonBillable: 0 };
      expect([row.billableMinutes, row.nonBillableMinutes], row.name).toEqual([sums.billable, sums.nonBillable]);
    }
  });

  it("writes the figures of a month by hand: staff's 30 h week over March's 22 working days", async () => {
    const report = await findUtilisationReport(db(), manager, march, firm);
    expect(report.rows.find((row) => row.userId === staff.id)).toEqual({
      userId: staff.id,
      name: "Stan Staff",
      weeklyMinutes: 1800,
      capacityMinutes: 7920, // 132 h
      billableMinutes: 480, // 60 on Sunday 1 March + 420
      nonBillableMinutes: 90,
      percent: 6, // 480 / 7920 = 6.06 %
    });
    expect(report.rows.find((row) => row.userId === manager.id)).toMatchObject({
      capacityMinutes: capacityMinutes(2400, march),
      billableMinutes: 400,
      nonBillableMinutes: 45,
    });
  });

  it("shows staff only themselves, even with another person's id asked for", async () => {
    for (const person of [undefined, manager.id, retired.id]) {
      const report = await findUtilisationReport(db(), staff, { ...march, person }, firm);
      expect(report.rows.map((row) => row.userId)).toEqual([staff.id]);
      expect(report.totals.billableMinutes).toBe(480);
    }
    // A manager asking for one person gets that person alone.
    const one = await findUtilisationReport(db(), manager, { ...march, person: retired.id }, firm);
    expect(one.rows).toEqual([
      expect.objectContaining({ userId: retired.id, billableMinutes: 240, capacityMinutes: 5280 }),
    ]);
  });

  it("has no capacity in a weekend: no percentage", async () => {
    const report = await findUtilisationReport(db(), manager, { from: "2026-02-28", to: "2026-03-01" }, firm);
    expect(report.workingDays).toBe(0);
    expect(report.rows.find((row) => row.userId === staff.id)).toMatchObject({
      billableMinutes: 60,
      capacityMinutes: 0,
      percent: null,
    });
  });
});
