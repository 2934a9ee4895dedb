// Project profitability (issue 24, item 3; decision 053) against an independent computation over
// the raw rows: for each period, every project's and person's hours, invoiced, uninvoiced and
// estimated revenue, cost, margin and margin %, and the totals per currency, equal sums written
// here from plain selects of entries, weeks, invoice lines, invoices, projects, clients and users.
// The data: two people with different cost rates, one without (their margin incomplete, never a
// cost of 0), time on an issued invoice, on a draft invoice and on none, weeks not yet approved,
// non-billable time, two currencies, and a week across the 31 January / 1 February month edge
// (the named period "last month" seen at 23:30 UTC on 31 January is January... in Paris, February).
// Also: only administrators read the report and the cost rates.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, invoice, invoiceLine, project, settings, timeEntry, timesheet, user } from "../../src/db/schema";
import { todayInZone } from "../../src/lib/dates";
import { ForbiddenError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { createDraftInvoice, issueInvoice } from "../../src/modules/invoices/invoice-mutations";
import { findProfitabilityReport } from "../../src/modules/reports/profitability-report-queries";
import { reportRange } from "../../src/modules/reports/report-rules";
import { getSettings } from "../../src/modules/settings/settings-queries";
import { entryValueMinor, resolveHourlyRate } from "../../src/modules/timesheets/timesheet-rules";
import { updateUser } from "../../src/modules/users/user-mutations";
import { findUsers, getUser } from "../../src/modules/users/user-queries";
import { setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { draftInput, insertClient, insertProject, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

const FIRM_RATE = 5000;
const NOW = new Date("2026-03-20T10:00:00Z");

let database: TestDatabase;
let admin: Actor;
let manager: Actor;
let ada: Actor;
let bob: Actor;
let cleo: Actor;
const db = () => database.db;

async function insertPerson(name: string, role: "admin" | "manager" | "staff", costRate: number | null) {
  const [row] = await db()
    .insert(user)
    .values({
      name,
      email: `${name.toLowerCase().replaceAll(" ", ".")}@example.com`,
      role,
      emailVerified: true,
      costRate,
    })
    .returning();
  return { id: row!.id, name: row!.name, role } as Actor;
}

async function week(
  userId: string,
  monday: string,
  status: "draft" | "submitted" | "approved",
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

beforeAll(async () => {
  const setUp = await setUpDatabase();
  database = setUp.database;
  await getSettings(db());
  await db().update(settings).set({ timezone: "Europe/Paris", currency: "EUR", defaultHourlyRate: FIRM_RATE });
  admin = await insertPerson("Alma Admin", "admin", null);
  manager = await insertPerson("Mona Manager", "manager", 9999);
  ada = await insertPerson("Ada Lovelace", "staff", 4000);
  bob = await insertPerson("Bob Babbage", "staff", 3030); // 50.5 minor units a minute: rounding shows
  cleo = await insertPerson("Cleo Nocost", "staff", null);
  const eur = await insertClient(db(), { name: "Euro Client", currency: "EUR", defaultHourlyRate: 8000 });
  const usd = await insertClient(db(), {
    name: "Dollar Client",
    currency: "USD",
    defaultHourlyRate: null,
    country: "US",
    vatNumber: null,
  });
  const design = await insertProject(db(), eur.id, { name: "Design", hourlyRate: 12000, budgetAmount: 50000 });
  const support = await insertProject(db(), eur.id, { name: "Support" });
  const audit = await insertProject(db(), usd.id, { name: "Audit" });

  // The month edge: one approved week holds 30 and 31 January and 1 February.
  const edge = await week(ada.id, "2026-01-26", "approved", [
    { date: "2026-01-30", projectId: design.id, minutes: 61, rate: 10000 }, // frozen below today's 12000
    { date: "2026-01-31", projectId: design.id, minutes: 7, rate: 10000 },
    { date: "2026-02-01", projectId: design.id, minutes: 13, rate: 10000 },
    { date: "2026-01-31", projectId: audit.id, minutes: 45, rate: 7001 },
    { date: "2026-01-30", projectId: support.id, minutes: 30, billable: false, rate: 8000 },
  ]);
  const bobs = await week(bob.id, "2026-01-26", "approved", [
    { date: "2026-01-29", projectId: design.id, minutes: 1, rate: 12000 },
    { date: "2026-01-31", projectId: support.id, minutes: 121, rate: 8000 },
    { date: "2026-02-01", projectId: audit.id, minutes: 17, rate: 6000 },
  ]);
  await week(cleo.id, "2026-01-26", "submitted", [
    { date: "2026-01-28", projectId: design.id, minutes: 50 }, // not yet approved: at 12000 (the project's)
    { date: "2026-01-31", projectId: audit.id, minutes: 25 }, // at the firm's 5000 (no project or client rate)
    { date: "2026-02-02", projectId: support.id, minutes: 40 },
  ]);
  await week(bob.id, "2026-02-02", "draft", [{ date: "2026-02-03", projectId: design.id, minutes: 19 }]);

  // On an issued invoice: Ada's 30 January design time and Bob's support time. On a draft: Ada's 31 January.
  const issuedEntries = [edge[0]!.id, bobs[1]!.id];
  const issuedDraft = await createDraftInvoice(
    db(),
    admin,
    draftInput(eur.id, {
      issueDate: "2026-02-05",
      dueDate: "2026-03-05",
      lines: [line({ unit: "hour", quantity: "3", unitPrice: "90", timeEntryIds: issuedEntries })],
    }),
  );
  await issueInvoice(db(), admin, { id: issuedDraft.id, version: issuedDraft.version }, NOW);
  await createDraftInvoice(
    db(),
    admin,
    draftInput(eur.id, {
      issueDate: "2026-02-06",
      dueDate: "2026-03-06",
      lines: [line({ unit: "hour", quantity: "1", unitPrice: "10", timeEntryIds: [edge[1]!.id] })],
    }),
  );
});
afterAll(() => tearDownDatabase(database));

// ---- The independent computation -------------------------------------------------------------

type Sums = {
  minutes: number;
  billableMinutes: number;
  invoiced: number;
  uninvoiced: number;
  estimated: number;
  cost: number;
  uncostedMinutes: number;
};

async function rawSums(from: string, to: string) {
  const [entries, sheets, lines, invoices, projects, clients, people] = await Promise.all([
    db().select().from(timeEntry),
    db().select().from(timesheet),
    db().select().from(invoiceLine),
    db().select().from(invoice),
    db().select().from(project),
    db().select().from(client),
    db().select().from(user),
  ]);
  const byPair = new Map<string, Sums & { costRate: number | null; currency: string; projectId: string }>();
  for (const entry of entries) {
    if (entry.date < from || entry.date > to) continue;
    const sheet = sheets.find((item) => item.id === entry.timesheetId)!;
    const item = projects.find((candidate) => candidate.id === entry.projectId)!;
    const owner = clients.find((candidate) => candidate.id === item.clientId)!;
    const person = people.find((candidate) => candidate.id === entry.userId)!;
    const key = `${item.id}/${person.id}`;
    const sums = byPair.get(key) ?? {
      minutes: 0,
      billableMinutes: 0,
      invoiced: 0,
      uninvoiced: 0,
      estimated: 0,
      cost: 0,
      uncostedMinutes: 0,
      costRate: person.costRate,
      currency: owner.currency,
      projectId: item.id,
    };
    sums.minutes += entry.minutes;
    if (entry.billable) {
      sums.billableMinutes += entry.minutes;
      const approved = sheet.status === "approved";
      const rate = approved
        ? entry.hourlyRate
        : resolveHourlyRate({ projectRate: item.hourlyRate, clientRate: owner.defaultHourlyRate, firmRate: FIRM_RATE });
      const worth = rate === null ? 0 : entryValueMinor(entry.minutes, rate);
      const onLine = lines.find((candidate) => candidate.id === entry.invoiceLineId);
      const document = onLine ? invoices.find((candidate) => candidate.id === onLine.invoiceId) : undefined;
      if (!approved) sums.estimated += worth;
      else if (document && document.status !== "draft") sums.invoiced += worth;
      else sums.uninvoiced += worth;
    }
    byPair.set(key, sums);
  }
  // Cost: a pair's minutes at the person's rate, half up on the minor unit, in plain integers.
  for (const sums of byPair.values()) {
    if (sums.costRate === null) sums.uncostedMinutes = sums.minutes;
    else sums.cost = Math.floor((2 * sums.minutes * sums.costRate + 60) / 120);
  }
  return byPair;
}

function add(into: Sums, part: Sums) {
  for (const key of Object.keys(into) as (keyof Sums)[]) into[key] += part[key];
}
const zero = (): Sums => ({
  minutes: 0,
  billableMinutes: 0,
  invoiced: 0,
  uninvoiced: 0,
  estimated: 0,
  cost: 0,
  uncostedMinutes: 0,
});
const percentOf = (revenue: number, margin: number) =>
  revenue <= 0 ? null : Math.sign(margin) * Math.floor((Math.abs(margin) * 200 + revenue) / (2 * revenue));

const PERIODS = [
  { from: "2026-01-01", to: "2026-01-31" },
  { from: "2026-02-01", to: "2026-02-28" },
  { from: "2026-01-31", to: "2026-02-01" },
  { from: "2026-01-01", to: "2026-12-31" },
  // Most of a month at an end: the whole month less its other days (decision 070); 30 and 31 January
  // hold most of the time here, some projects' only time.
  { from: "2026-01-01", to: "2026-01-29" },
  { from: "2026-01-03", to: "2026-02-20" },
];

describe("project profitability", () => {
  it.each(PERIODS)("equals the raw rows from $from to $to, per project, person and currency", async (range) => {
    const raw = await rawSums(range.from, range.to);
    const report = await findProfitabilityReport(db(), admin, range, FIRM_RATE);
    const projects = new Map<string, Sums>();
    const currencies = new Map<string, Sums>();
    for (const [key, sums] of raw) {
      const row = report.rows.find((candidate) => candidate.projectId === sums.projectId)!;
      const person = row.people.find((candidate) => `${row.projectId}/${candidate.userId}` === key)!;
      expect(person, key).toBeDefined();
      const revenue = sums.invoiced + sums.uninvoiced + sums.estimated;
      expect(person).toMatchObject({
        minutes: sums.minutes,
        billableMinutes: sums.billableMinutes,
        invoiced: sums.invoiced,
        uninvoiced: sums.uninvoiced,
        estimated: sums.estimated,
        revenue,
        cost: sums.cost,
        uncostedMinutes: sums.uncostedMinutes,
        margin: revenue - sums.cost,
        marginPercent: percentOf(revenue, revenue - sums.cost),
        complete: sums.costRate !== null,
        costRate: sums.costRate,
      });
      const project = projects.get(sums.projectId) ?? zero();
      add(project, sums);
      projects.set(sums.projectId, project);
      const currency = currencies.get(sums.currency) ?? zero();
      add(currency, sums);
      currencies.set(sums.currency, currency);
    }
    expect(report.rows.map((row) => row.projectId).sort()).toEqual([...projects.keys()].sort());
    expect(report.rows.reduce((count, row) => count + row.people.length, 0)).toBe(raw.size);
    const expectFigures = (actual: unknown, sums: Sums) => {
      const revenue = sums.invoiced + sums.uninvoiced + sums.estimated;
      expect(actual).toMatchObject({
        ...sums,
        revenue,
        margin: revenue - sums.cost,
        marginPercent: percentOf(revenue, revenue - sums.cost),
        complete: sums.uncostedMinutes === 0,
      });
    };
    for (const row of report.rows) expectFigures(row, projects.get(row.projectId)!);
    expect(report.totals.map((total) => total.currency)).toEqual([...currencies.keys()].sort());
    for (const total of report.totals) expectFigures(total, currencies.get(total.currency)!);
  });

  it("gives January's figures by hand, the month edge included", async () => {
    const january = await findProfitabilityReport(db(), admin, { from: "2026-01-01", to: "2026-01-31" }, FIRM_RATE);
    const design = january.rows.find((row) => row.projectName === "Design")!;
    const byName = Object.fromEntries(design.people.map((person) => [person.name, person]));
    // Ada: 61 min invoiced at 100.00/h = 101.67; 7 min on a draft invoice = 11.67; cost 68 min at 40.00 = 45.33.
    expect(byName["Ada Lovelace"]).toMatchObject({ minutes: 68, invoiced: 10167, uninvoiced: 1167, cost: 4533 });
    // Bob: 1 min at 120.00/h = 2.00; cost 1 min at 30.30/h = 0.505 → 0.51.
    expect(byName["Bob Babbage"]).toMatchObject({ minutes: 1, uninvoiced: 200, cost: 51 });
    // Cleo: 50 min not yet approved at the project's 120.00/h = 100.00; no cost rate.
    expect(byName["Cleo Nocost"]).toMatchObject({ estimated: 10000, cost: 0, uncostedMinutes: 50, complete: false });
    expect(design).toMatchObject({ revenue: 10167 + 1167 + 200 + 10000, cost: 4584, complete: false });
    // 1 February is February's, not January's.
    expect(design.minutes).toBe(68 + 1 + 50);
    expect(january.totals.map((total) => total.currency)).toEqual(["EUR", "USD"]);
    // "Last month" seen at 23:30 UTC on 31 January is January in UTC, but 1 February in Paris: January.
    const parisToday = todayInZone("Europe/Paris", new Date("2026-01-31T23:30:00Z"));
    expect(reportRange({ period: "last_month" }, parisToday)).toMatchObject({ from: "2026-01-01", to: "2026-01-31" });
  });

  it("drills into a project and into a client", async () => {
    const range = { from: "2026-01-01", to: "2026-02-28" };
    const all = await findProfitabilityReport(db(), admin, range, FIRM_RATE);
    const audit = all.rows.find((row) => row.projectName === "Audit")!;
    const one = await findProfitabilityReport(db(), admin, { ...range, project: audit.projectId }, FIRM_RATE);
    expect(one.rows).toEqual([audit]);
    const euro = await findProfitabilityReport(db(), admin, { ...range, client: all.rows[0]!.clientId }, FIRM_RATE);
    expect(euro.rows.every((row) => row.clientId === all.rows[0]!.clientId)).toBe(true);
    expect(euro.totals).toHaveLength(1);
  });

  it("is refused to managers and staff, and a cost rate is set only by someone who may see it", async () => {
    const range = { from: "2026-01-01", to: "2026-01-31" };
    await expect(findProfitabilityReport(db(), manager, range, FIRM_RATE)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(findProfitabilityReport(db(), ada, range, FIRM_RATE)).rejects.toBeInstanceOf(ForbiddenError);

    const before = await getUser(db(), bob.id);
    expect(before.costRate).toBe(3030);
    // An edit without the field keeps the rate; with it, sets it.
    const kept = await updateUser(db(), admin, {
      id: bob.id,
      version: before.version,
      name: before.name,
      role: before.role,
      defaultHourlyRate: "",
    });
    expect(kept.costRate).toBe(3030);
    const set = await updateUser(db(), admin, {
      id: bob.id,
      version: kept.version,
      name: before.name,
      role: before.role,
      defaultHourlyRate: "",
      costRate: "31,50",
    });
    expect(set.costRate).toBe(3150);
    expect((await findUsers(db())).find((row) => row.id === bob.id)?.costRate).toBe(3150);
    // Back to 30.30, as the other tests of this file expect.
    await updateUser(db(), admin, {
      id: bob.id,
      version: set.version,
      name: before.name,
      role: before.role,
      costRate: "30.30",
    });
  });
});
