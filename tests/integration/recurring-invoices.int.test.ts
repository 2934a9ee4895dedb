// Recurring invoices (decision 060), on both databases: the worker's pass makes one invoice per
// period and template, exactly once (two workers at once; a run that dies after issuing, then
// runs again); pause, end date and count stop it; the invoice's totals are the template's through
// the one totals function; it is issued with the next gapless number, fires invoice.issued, is mailed
// through the outbox when asked, and its e-invoice passes the official rules.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvent,
  email,
  invoice,
  invoiceLine,
  recurringInvoice,
  recurringInvoiceRun,
  webhookDelivery,
} from "../../src/db/schema";
import { ConflictError, ForbiddenError, InvalidError } from "../../src/lib/errors";
import type { Actor } from "../../src/modules/audit/audit-log";
import { einvoiceFormatStatuses, getInvoiceEinvoice } from "../../src/modules/einvoicing/einvoice-queries";
import { einvoiceSyntax, writeEinvoiceXml } from "../../src/modules/einvoicing/einvoice-write";
import { computeInvoiceTotals } from "../../src/modules/invoices/invoice-amounts";
import {
  changeRecurringInvoiceState,
  createRecurringInvoice,
  updateRecurringInvoice,
} from "../../src/modules/recurring/recurring-mutations";
import { runRecurringInvoice, runRecurringInvoices } from "../../src/modules/recurring/recurring-runs";
import { seedDemoFirm } from "../../src/modules/settings/settings-seed";
import { createWebhookEndpoint, updateWebhookSettings } from "../../src/modules/webhooks/webhook-mutations";
import { describeFindings, fatal, validateSchematron } from "../einvoicing/support/validate";
import { createNamedUser, setUpDatabase, tearDownDatabase } from "../support/fixtures";
import { insertClient, line } from "../support/invoice-fixtures";
import type { TestDatabase } from "../support/test-db";

let database: TestDatabase;
let admin: Actor;

beforeAll(async () => {
  ({ database, admin } = await setUpDatabase());
  await seedDemoFirm(database.db);
  await updateWebhookSettings(database.db, admin, { allowPrivate: true });
  await createWebhookEndpoint(database.db, admin, { url: "http://127.0.0.1:9/hooks", events: ["invoice.issued"] });
}, 60_000);
afterAll(() => tearDownDatabase(database));

// Issue dates of a series never go back: the tests share one database, so each moves the clock on.
let clock = new Date("2031-01-01T09:00:00Z");
/** An instant `days` after the current test clock (in the morning in Paris). */
function later(days: number): Date {
  clock = new Date(clock.getTime() + days * 86_400_000);
  return clock;
}
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

function templateInput(clientId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Monthly retainer",
    clientId,
    currency: "EUR",
    notes: "",
    footer: "",
    lines: [
      line({ description: "Retainer", quantity: "1", unit: "item", unitPrice: "1500.00" }),
      line({ description: "Support hours", quantity: "2.5", unit: "hour", unitPrice: "90.10", discount: "5" }),
    ],
    frequency: "monthly",
    dayOfPeriod: 1,
    startDate: dayOf(clock),
    ending: "never",
    issueMode: "issue",
    sendAutomatically: false,
    ...overrides,
  };
}

async function invoicesOf(clientId: string) {
  return database.db
    .select()
    .from(invoice)
    .where(eq(invoice.clientId, clientId))
    .orderBy(asc(invoice.createdAt), asc(invoice.number));
}

async function runsOf(templateId: string) {
  return database.db
    .select()
    .from(recurringInvoiceRun)
    .where(eq(recurringInvoiceRun.templateId, templateId))
    .orderBy(asc(recurringInvoiceRun.periodDate));
}

/** The sequence part of a number such as 2031-0007. */
const sequenceOf = (number: string | null) => Number(number?.split("-").pop());

describe(`recurring invoices on ${process.env.TEST_DB}`, () => {
  it("makes one issued invoice per period, with the template's totals, invoice.issued and the next number", async () => {
    const customer = await insertClient(database.db, { billingEmail: null });
    // Created on 1 January 2031 with day 1: the first invoice is today's.
    const created = await createRecurringInvoice(database.db, admin, templateInput(customer.id), clock);
    expect(created.billsFrom).toBe("2031-01-01");

    const first = await runRecurringInvoices(database.db, clock);
    expect(first.filter((run) => run.templateId === created.id)).toHaveLength(1);
    // The same day again, and a later day of the same month: nothing more.
    expect(await runRecurringInvoice(database.db, created.id, clock)).toEqual([]);
    expect(await runRecurringInvoice(database.db, created.id, later(10))).toEqual([]);
    // Next month: one more.
    const february = await runRecurringInvoice(database.db, created.id, later(21)); // 1 February
    expect(february.map((run) => run.periodDate)).toEqual(["2031-02-01"]);

    const made = await invoicesOf(customer.id);
    expect(made).toHaveLength(2);
    expect(made.map((row) => row.status)).toEqual(["issued", "issued"]);
    expect(sequenceOf(made[1]!.number)).toBe(sequenceOf(made[0]!.number) + 1);
    expect(made[0]!.issueDate).toBe("2031-01-01");
    expect([made[0]!.servicePeriodStart, made[0]!.servicePeriodEnd]).toEqual(["2031-01-01", "2031-01-31"]);
    expect(made[1]!.dueDate).toBe("2031-03-03"); // 1 February + the client's 30 days

    // The totals are the template's through the one totals function, to the cent.
    const expected = computeInvoiceTotals(
      created.lines.map((stored) => ({
        quantityMilli: stored.quantityMilli,
        unitPriceMinor: stored.unitPrice,
        discountBp: stored.discountBp,
        taxRateBp: stored.taxRateBp,
        vatCategory: stored.vatCategory ?? undefined,
      })),
    );
    for (const row of made) {
      expect({ net: row.netTotal, tax: row.taxTotal, total: row.total }).toEqual({
        net: expected.net,
        tax: expected.tax,
        total: expected.total,
      });
      expect(row.balance).toBe(expected.total);
      const lines = await database.db.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, row.id));
      expect(lines.map((stored) => stored.description).sort()).toEqual(["Retainer", "Support hours"]);
    }
    expect(expected.net).toBe(150_000 + 21_399); // 2.5 × 90.10 = 225.25, less 5 % = 213.9875 → 213.99

    // The log links each period to its invoice; invoice.issued went out as for a manual issue.
    const runs = await runsOf(created.id);
    expect(runs.map((run) => [run.periodDate, run.invoiceId, run.issued])).toEqual([
      ["2031-01-01", made[0]!.id, true],
      ["2031-02-01", made[1]!.id, true],
    ]);
    const hooks = await database.db
      .select()
      .from(webhookDelivery)
      .where(eq(webhookDelivery.eventType, "invoice.issued"));
    const announced = hooks.map((row) => (JSON.parse(row.body) as { data: { id: string } }).data.id);
    expect(announced).toEqual(expect.arrayContaining(made.map((row) => row.id)));
    const history = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, "invoice"), eq(auditEvent.entityId, made[0]!.id)));
    expect(history.map((event) => event.action).sort()).toEqual(["create", "issue"]);
    expect(history[0]!.actorName).toBe("Bureau (recurring invoices)");
  });

  it("makes one invoice per period when several workers run the pass at the same moment", async () => {
    const start = later(30);
    const customer = await insertClient(database.db);
    const template = await createRecurringInvoice(
      database.db,
      admin,
      templateInput(customer.id, { frequency: "weekly", intervalWeeks: 1, dayOfPeriod: 1, startDate: dayOf(start) }),
      start,
    );
    // The worker was down for three weeks: each pass catches up, but only one makes each period.
    const when = later(21);
    const outcomes = await Promise.all([
      runRecurringInvoices(database.db, when),
      runRecurringInvoices(database.db, when),
      runRecurringInvoices(database.db, when),
    ]);
    const mine = outcomes.flat().filter((run) => run.templateId === template.id);
    const made = await invoicesOf(customer.id);
    expect(mine).toHaveLength(made.length);
    expect(made.length).toBeGreaterThanOrEqual(3);
    const runs = await runsOf(template.id);
    expect(new Set(runs.map((run) => run.periodDate)).size).toBe(runs.length);
    expect(runs.map((run) => run.invoiceId).sort()).toEqual(made.map((row) => row.id).sort());
    // Gapless numbers, each catch-up invoice dated the day of the run.
    const sequences = made.map((row) => sequenceOf(row.number)).sort((a, b) => a - b);
    expect(sequences).toEqual(sequences.map((_, index) => sequences[0]! + index));
    expect(new Set(made.map((row) => row.issueDate))).toEqual(new Set([dayOf(when)]));
    expect(new Set(made.map((row) => row.servicePeriodStart)).size).toBe(made.length);
  });

  it("a run killed after issuing but before recording its run leaves nothing, and the re-run makes one invoice", async () => {
    const start = later(1);
    const customer = await insertClient(database.db);
    const template = await createRecurringInvoice(
      database.db,
      admin,
      templateInput(customer.id, { dayOfPeriod: Number(dayOf(start).slice(8)), startDate: dayOf(start) }),
      start,
    );
    const before = await database.db
      .select({ number: invoice.number })
      .from(invoice)
      .where(eq(invoice.kind, "invoice"));
    const highest = Math.max(...before.map((row) => sequenceOf(row.number)).filter(Number.isFinite));
    await expect(
      runRecurringInvoice(database.db, template.id, start, {
        afterIssue: () => {
          throw new Error("worker killed between issuing and recording the run");
        },
      }),
    ).rejects.toThrow("worker killed");
    expect(await invoicesOf(customer.id)).toEqual([]);
    expect(await runsOf(template.id)).toEqual([]);

    const again = await runRecurringInvoice(database.db, template.id, start);
    expect(again).toHaveLength(1);
    const made = await invoicesOf(customer.id);
    expect(made).toHaveLength(1);
    // The number the dead run took went back to the counter: no gap.
    expect(sequenceOf(made[0]!.number)).toBe(highest + 1);
    expect(await runRecurringInvoice(database.db, template.id, start)).toEqual([]);
  });

  it("pause stops the runs, and resume skips the paused periods", async () => {
    const start = later(40);
    const day = Number(dayOf(start).slice(8));
    const customer = await insertClient(database.db);
    let template = await createRecurringInvoice(
      database.db,
      admin,
      templateInput(customer.id, { dayOfPeriod: Math.min(day, 28), startDate: dayOf(start) }),
      start,
    );
    template = await changeRecurringInvoiceState(database.db, admin, {
      id: template.id,
      version: template.version,
      to: "pause",
    });
    const whilePaused = await runRecurringInvoices(database.db, later(70));
    expect(whilePaused.filter((run) => run.templateId === template.id)).toEqual([]);
    expect(await invoicesOf(customer.id)).toEqual([]);
    // A paused template cannot be paused again; a stale version is refused.
    await expect(
      changeRecurringInvoiceState(database.db, admin, { id: template.id, version: template.version, to: "pause" }),
    ).rejects.toBeInstanceOf(InvalidError);
    await expect(
      changeRecurringInvoiceState(database.db, admin, { id: template.id, version: 1, to: "resume" }),
    ).rejects.toBeInstanceOf(ConflictError);
    const resumedAt = clock;
    template = await changeRecurringInvoiceState(
      database.db,
      admin,
      { id: template.id, version: template.version, to: "resume" },
      resumedAt,
    );
    expect(template.billsFrom).toBe(dayOf(resumedAt));
    // Nothing for the paused months; the next period after the resume is made when it comes.
    expect(await runRecurringInvoice(database.db, template.id, resumedAt)).toEqual([]);
    const next = await runRecurringInvoice(database.db, template.id, later(31));
    expect(next).toHaveLength(1);
    expect(next[0]!.periodDate >= dayOf(resumedAt)).toBe(true);
  });

  it("stops after the count of invoices, and after the end date", async () => {
    const start = later(40);
    const counted = await insertClient(database.db);
    const byCount = await createRecurringInvoice(
      database.db,
      admin,
      templateInput(counted.id, {
        frequency: "weekly",
        dayOfPeriod: 1,
        intervalWeeks: 1,
        startDate: dayOf(start),
        ending: "after_count",
        occurrenceCount: 2,
      }),
      start,
    );
    const ended = await insertClient(database.db);
    const endDate = dayOf(new Date(start.getTime() + 15 * 86_400_000));
    const byDate = await createRecurringInvoice(
      database.db,
      admin,
      templateInput(ended.id, {
        frequency: "weekly",
        dayOfPeriod: 1,
        intervalWeeks: 1,
        startDate: dayOf(start),
        ending: "on_date",
        endDate,
      }),
      start,
    );
    const when = later(60);
    await runRecurringInvoices(database.db, when);
    await runRecurringInvoices(database.db, later(30));
    expect(await invoicesOf(counted.id)).toHaveLength(2);
    const byDateRuns = await runsOf(byDate.id);
    expect(byDateRuns.length).toBeGreaterThanOrEqual(2);
    expect(byDateRuns.every((run) => run.periodDate <= endDate)).toBe(true);
    expect(await invoicesOf(ended.id)).toHaveLength(byDateRuns.length);
    expect(await runsOf(byCount.id)).toHaveLength(2);
  });

  it("leaves a draft when asked, and mails the issued invoice through the outbox when asked", async () => {
    const start = later(40);
    const startDay = dayOf(start);
    const day = Number(startDay.slice(8));
    const drafted = await insertClient(database.db);
    await createRecurringInvoice(
      database.db,
      admin,
      templateInput(drafted.id, { issueMode: "draft", dayOfPeriod: day, startDate: startDay }),
      start,
    );
    const mailed = await insertClient(database.db, { billingEmail: "accounts@client.example" });
    const sending = await createRecurringInvoice(
      database.db,
      admin,
      templateInput(mailed.id, { sendAutomatically: true, dayOfPeriod: day, startDate: startDay }),
      start,
    );
    const silent = await insertClient(database.db, { billingEmail: null });
    const noAddress = await createRecurringInvoice(
      database.db,
      admin,
      templateInput(silent.id, { sendAutomatically: true, dayOfPeriod: day, startDate: startDay }),
      start,
    );
    await runRecurringInvoices(database.db, start);

    const [draft] = await invoicesOf(drafted.id);
    expect(draft).toMatchObject({ status: "draft", number: null });
    const [sent] = await invoicesOf(mailed.id);
    expect(sent!.status).toBe("issued");
    expect(sent!.sentAt).not.toBeNull();
    const mails = await database.db.select().from(email).where(eq(email.aboutId, sent!.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain("accounts@client.example");
    const [run] = await runsOf(sending.id);
    expect(run!.emailId).toBe(mails[0]!.id);
    const [unsent] = await runsOf(noAddress.id);
    expect(unsent!.emailId).toBeNull();
    expect(unsent!.note).toMatch(/no billing email/);
    expect((await invoicesOf(silent.id))[0]!.status).toBe("issued");
  });

  it("its e-invoice passes the EN 16931 rules like a manual invoice's", async () => {
    const start = later(40);
    const customer = await insertClient(database.db, { buyerReference: "PO-RECURRING" });
    await createRecurringInvoice(
      database.db,
      admin,
      templateInput(customer.id, { dayOfPeriod: Number(dayOf(start).slice(8)), startDate: dayOf(start) }),
      start,
    );
    await runRecurringInvoices(database.db, start);
    const [made] = await invoicesOf(customer.id);
    const { einvoice } = await getInvoiceEinvoice(database.db, made!.id);
    const status = einvoiceFormatStatuses(einvoice, false).find((entry) => entry.format === "factur-x")!;
    expect(status.problems).toEqual([]);
    const xml = writeEinvoiceXml(einvoice, "factur-x");
    const findings = validateSchematron(xml, einvoiceSyntax("factur-x"), ["en16931"]);
    expect(fatal(findings), describeFindings(findings)).toEqual([]);
  }, 120_000);

  it("edits act on future occurrences; bad input and staff are refused, and nothing changes", async () => {
    const start = later(40);
    const customer = await insertClient(database.db);
    const template = await createRecurringInvoice(
      database.db,
      admin,
      templateInput(customer.id, { dayOfPeriod: Number(dayOf(start).slice(8)), startDate: dayOf(start) }),
      start,
    );
    await runRecurringInvoice(database.db, template.id, start);
    const [made] = await invoicesOf(customer.id);
    const edited = await updateRecurringInvoice(
      database.db,
      admin,
      {
        ...templateInput(customer.id, {
          startDate: dayOf(start),
          dayOfPeriod: 28,
          lines: [line({ description: "New retainer", unitPrice: "2000" })],
        }),
        id: template.id,
        version: template.version,
      },
      later(2),
    );
    expect(edited.billsFrom).toBe(dayOf(clock));
    // The invoice already made is untouched.
    const [again] = await invoicesOf(customer.id);
    expect(again!.total).toBe(made!.total);

    const staff = await createNamedUser(database.db, admin, "staff", "Stella Staff");
    await expect(createRecurringInvoice(database.db, staff, templateInput(customer.id))).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    const count = async () => (await database.db.select().from(recurringInvoice)).length;
    const before = await count();
    for (const bad of [
      { name: "" },
      { lines: [] },
      { dayOfPeriod: 32 },
      { frequency: "weekly", dayOfPeriod: 8 },
      { ending: "on_date", endDate: "2000-01-01" },
      { ending: "after_count", occurrenceCount: "" },
      { issueMode: "draft", sendAutomatically: true },
      { lines: [line({ taxRateBp: 1234 })] },
      { currency: "USD" },
      { name: "Retainer\u0000" },
    ])
      await expect(
        createRecurringInvoice(database.db, admin, templateInput(customer.id, bad)),
        JSON.stringify(bad),
      ).rejects.toBeInstanceOf(InvalidError);
    expect(await count()).toBe(before);
    await expect(
      updateRecurringInvoice(database.db, admin, { ...templateInput(customer.id), id: template.id, version: 1 }),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it("says on the template why a period could not be made, and makes it once the cause is fixed", async () => {
    const start = later(40);
    const customer = await insertClient(database.db);
    const template = await createRecurringInvoice(
      database.db,
      admin,
      templateInput(customer.id, { dayOfPeriod: Number(dayOf(start).slice(8)), startDate: dayOf(start) }),
      start,
    );
    const { client } = await import("../../src/db/schema");
    await database.db.update(client).set({ archivedAt: start }).where(eq(client.id, customer.id));
    expect(await runRecurringInvoice(database.db, template.id, start)).toEqual([]);
    const [failed] = await database.db.select().from(recurringInvoice).where(eq(recurringInvoice.id, template.id));
    expect(failed!.lastError).toMatch(/archived/);
    expect(await runsOf(template.id)).toEqual([]);
    await database.db.update(client).set({ archivedAt: null }).where(eq(client.id, customer.id));
    expect(await runRecurringInvoice(database.db, template.id, start)).toHaveLength(1);
    const [fixed] = await database.db.select().from(recurringInvoice).where(eq(recurringInvoice.id, template.id));
    expect(fixed!.lastError).toBeNull();
  });
});
